"""Rated play in the database (`tui.server.db.rated`), on both back ends:
a rated game is rated once at its end, rooms' terms are checked, the
clocks give a person's seat to a stand-in bot (and back) or score a loss
on time, and the lobby's and operator's views of them."""
from __future__ import annotations

import json

import pytest

from engine.errors import SaveError
from engine.session import StaleGameError, UndoRefusedError
from tui.server.db import rated
from tui.server.db.bot_job import bot_turn_in_room
from tui.server.db.rated import RoomTerms
from tui.server.db.room_words import room_notes
from tui.server.db.standin import StandInSession
from tui.server.db.store import DbStore, room_number
from tui.server.records import RoomError


def store_of(tmp_path, url) -> DbStore:
    store = DbStore(tmp_path / "data", url)
    store.make()
    return store


def play_out(store: DbStore, room_id: str) -> None:
    """Every move of a bots-only room, by the server's bot job."""
    for _ in range(2000):
        result = bot_turn_in_room(store.bot_target(room_id))
        if result.over or result.seat is None:
            return
    raise AssertionError("the bots never finished")


def first_legal(session) -> tuple[int, str]:
    seat = session.to_act()[0]
    view = session.view(seat)
    return seat, view.format_move(view.legal(seat)[0])


def test_a_rated_bots_room_is_rated_once_at_its_end(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["bot:greedy", "bot:random"], seed=3, terms=RoomTerms(rated=True))
    unrated = store.create_room("grid-square", ["bot:greedy", "bot:random"], seed=4)
    play_out(store, room.id)
    play_out(store, unrated.id)
    ladder = {r.player: r for r in rated.ladder(store, "grid-square")}
    assert set(ladder) == {"bot:greedy", "bot:random"}
    assert ladder["bot:greedy"].games == 1 and ladder["bot:greedy"].rd < 350
    winner = store.open_game(room.id).record.state.outcome().winners
    best = max(ladder.values(), key=lambda r: r.rating)
    assert best.player == ["bot:greedy", "bot:random"][winner[0]]
    # a second door committing the same end (or anything calling rate again) rates nothing more
    with store._tx() as tx:
        assert not rated.rate(tx, room_number(room.id), "grid-square", ["bot:greedy", "bot:random"], [1, 2])
    assert {r.player: r.games for r in rated.ladder(store)} == {"bot:greedy": 1, "bot:random": 1}
    (results,) = store._q("SELECT results FROM rated_games")[0]
    assert [r[0] for r in json.loads(results)] == ["bot:greedy", "bot:random"]


def test_terms_are_checked_when_a_room_is_made(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    with pytest.raises(RoomError, match="hints is never rated"):
        store.create_room("grid-square", ["alice", "bob"], hints=True, terms=RoomTerms(rated=True))
    with pytest.raises(RoomError, match="different players"):
        store.create_room("grid-square", ["bot:random", "bot:random"], terms=RoomTerms(rated=True))
    with pytest.raises(RoomError, match="a bot level"):
        store.create_room("grid-square", ["alice", None], terms=RoomTerms(move_seconds=60, policy="bot:nope"))
    assert store.room_count() == 0
    room = store.create_room("grid-square", ["alice", None], terms=RoomTerms(True, 600, "bot:random"))
    assert room_notes(store, [room.id])[room.id] == "rated · waits for alice's first visit"
    store.claim_seat(room.id, 0)  # her clock starts as she first opens the room
    assert room_notes(store, [room.id])[room.id] in ("rated · 10m left", "rated · 9m left")
    assert RoomTerms(move_seconds=600, turn_since=100.0).clock_words(now=100.5) == "10m left"
    assert RoomTerms(move_seconds=3 * 86400, turn_since=0.0).clock_words(now=86400.0) == "2d left"
    assert rated.parse_limit("3d") == 3 * 86400 and rated.parse_limit("10") == 600
    with pytest.raises(ValueError, match="like 90s"):
        rated.parse_limit("soon")


def test_a_person_out_of_time_gets_a_stand_in_until_they_return(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bot:random"], {"sliding": False}, seed=5,
                             terms=RoomTerms(move_seconds=60, policy="bot:random"))
    session = store.open_game(room.id)
    assert tuple(session.to_act()) == (0,)
    assert rated.run_clocks(store) == []  # time left: nothing
    token = store.claim_seat(room.id, 0)
    assert rated.run_clocks(store, now=1e12) == []  # alice is in the room: her seat stays hers
    store.release_seat(room.id, 0, token)  # she leaves
    assert rated.run_clocks(store, now=1e12) == [f"room {room.id}: bot:random plays seat 1 (out of time)"]
    assert room.id in {r.id for r in store.bot_rooms()}
    result = bot_turn_in_room(store.bot_target(room.id))
    assert result.seat == 0  # the stand-in moved for alice
    assert store.open_game(room.id).record.players[0].name == "alice"  # her seat is still hers
    # she comes back while the stand-in thinks: its move is refused, the seat is hers
    while tuple(store.open_game(room.id).to_act()) != (0,):
        bot_turn_in_room(store.bot_target(room.id))
    bots = StandInSession.open(store, room.id)
    assert bots.bots_to_act() == [0] and bots.stand_in_level(0) == "random"
    from engine.bot_turn import think

    choice = think(bots.record, 0, "random")
    ply = bots.ply
    store.claim_seat(room.id, 0)
    with pytest.raises(StaleGameError):
        bots.play_choice(choice)
    assert store.open_game(room.id).ply == ply
    assert rated.stand_ins(store, room.id) == {}
    assert bot_turn_in_room(store.bot_target(room.id)).seat is None  # nobody plays for her now
    alice = store.open_game(room.id)
    alice.play(0, first_legal(alice)[1])
    assert alice.ply == ply + 1


def test_a_loss_on_time_ends_a_rated_game(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bob"], seed=6,
                             terms=RoomTerms(rated=True, move_seconds=30, policy="loss"))
    session = store.open_game(room.id)
    session.play(0, first_legal(session)[1])
    store.claim_seat(room.id, 1)  # present or not, the clock scores the loss
    assert rated.run_clocks(store, now=1e12) == [f"room {room.id}: seat 2 (bob) lost on time"]
    st = store.status(store.room(room.id), "bob")
    assert st.over and not st.your_turn
    assert room_notes(store, [room.id]) == {room.id: "rated · bob lost on time"}
    ladder = {r.player: r for r in rated.ladder(store, "grid-square")}
    assert ladder["alice"].rating > 1500 > ladder["bob"].rating
    with pytest.raises(StaleGameError):  # the clock's change: the session reloads
        session.play(1, first_legal(session)[1])
    with pytest.raises(SaveError, match="this game is over: seat 2 lost on time"):
        session.play(1, first_legal(session)[1])
    assert store.open_game(room.id).ply == 1
    assert rated.run_clocks(store, now=2e12) == []  # over: never again
    games = rated.recent_games(store, "bob")
    assert [g.result_for("bob")[:4] for g in games] == ["lost"]


def test_status_says_each_waiting_rooms_clock(tmp_path, db_url):
    from tui.server.ssh import status_lines

    store = store_of(tmp_path, db_url)
    timed = store.create_room("grid-square", ["alice", "bob"], seed=1, terms=RoomTerms(move_seconds=2 * 86400))
    plain = store.create_room("grid-square", ["alice", "bob"], seed=2)
    store.claim_seat(timed.id, 0)  # her clock runs from her first visit
    lines = status_lines(store, "alice")
    assert [line.split()[0] for line in lines[1:]] == [timed.id, plain.id]
    assert lines[1].endswith(("(2d left)", "(1d left)")) and "left" not in lines[2]


def test_a_rated_games_moves_cannot_be_taken_back(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    rated_room = store.create_room("grid-square", ["alice", "bob"], seed=1, terms=RoomTerms(rated=True))
    friendly = store.create_room("grid-square", ["alice", "bob"], seed=1, terms=RoomTerms(move_seconds=60))
    for room, refused in ((rated_room, True), (friendly, False)):
        session = store.open_game(room.id)
        session.play(0, first_legal(session)[1])
        if refused:
            with pytest.raises(UndoRefusedError, match="no undo in a rated game"):  # never offered
                session.undo(0)
            session.rated = False  # a session that did not know: its commit is refused all the same
            with pytest.raises(SaveError, match="cannot be taken back"):
                session.undo(0)
            assert store.open_game(room.id).ply == 1 and session.ply == 1
        else:
            assert session.undo(0) == 0 and store.open_game(room.id).ply == 0


def test_two_doors_committing_the_last_move_rate_the_game_once(tmp_path, db_url):
    from engine.bot_turn import think

    a = store_of(tmp_path, db_url)
    b = DbStore(tmp_path / "data", a.db.url, door="door-b")
    seats = ["bot:greedy", "bot:random"]
    probe = a.create_room("grid-square", seats, seed=11)  # unrated: how long this seed's game is
    play_out(a, probe.id)
    plies = a.open_game(probe.id).ply
    room = a.create_room("grid-square", seats, seed=11, terms=RoomTerms(rated=True))
    for _ in range(plies - 1):
        bot_turn_in_room(a.bot_target(room.id))
    sa, sb = StandInSession.open(a, room.id), StandInSession.open(b, room.id)
    assert sa.ply == plies - 1 and not sa.is_over()
    seat = sa.bots_to_act()[0]
    sa.play_choice(think(sa.record, seat))
    with pytest.raises(StaleGameError):
        sb._commit(lambda: sb.record.play_move(seat, sb.record.bot_move(seat)), check_disk=False)
    assert a.open_game(room.id).is_over()
    assert {r.player: r.games for r in rated.ladder(a)} == {"bot:greedy": 1, "bot:random": 1}
    assert len(b._q("SELECT room FROM rated_games")) == 1
