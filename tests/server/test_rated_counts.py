"""When a rated game counts (`tui.server.db.rated`), on both back ends: a
person's clock starts at their first time in the room, a stand-in never
plays a seat whose person never came, a game whose people left it to the
bots is void (and says so), each stand-in move is marked (the moves table,
the record's log, its replay and its save), and the lobby tells a person
when a bot plays their seat."""
from __future__ import annotations

import pytest

from engine.saves import parse
from tui.server.db import rated, room_words
from tui.server.db.bot_job import bot_turn_in_room
from tui.server.db.rated import RoomTerms
from tui.server.db.room_words import room_notes
from tui.server.db.store import DbStore, room_number

LATER = 1e12
"""A time when every clock has run out."""


def store_of(tmp_path, url) -> DbStore:
    store = DbStore(tmp_path / "data", url)
    store.make()
    return store


def play_own(store: DbStore, room_id: str) -> tuple[int, str]:
    """The person to act plays their first legal move themselves."""
    session = store.open_game(room_id)
    seat = session.to_act()[0]
    view = session.view(seat)
    move = view.format_move(view.legal(seat)[0])
    session.play(seat, move)
    return seat, move


def stand_in_moves(store: DbStore, room_id: str) -> list[tuple[int, int, str]]:
    rows = store._q("SELECT ply, seat, stand_in FROM moves WHERE room = ? AND stand_in IS NOT NULL ORDER BY ply",
                    (room_number(room_id),))
    return [(int(p), int(s), str(b)) for p, s, b in rows]


def finish_with_stand_ins(store: DbStore, room_id: str) -> None:
    """The clocks and the bot job, until the game is over."""
    for _ in range(3000):
        if store.open_game(room_id).is_over():
            return
        rated.run_clocks(store, now=LATER)
        bot_turn_in_room(store.bot_target(room_id))
    raise AssertionError("the stand-ins never finished")


def test_nobody_came_so_no_stand_in_plays_and_nothing_is_rated(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bob"], seed=1,
                             terms=RoomTerms(rated=True, move_seconds=10, policy="bot:greedy"))
    assert rated.run_clocks(store, now=LATER) == []  # her clock has not started: she never came
    assert bot_turn_in_room(store.bot_target(room.id)).seat is None
    assert store.open_game(room.id).ply == 0 and rated.ladder(store) == []
    assert room_notes(store, [room.id]) == {room.id: "rated · waits for alice's first visit"}


def test_the_clock_starts_at_a_persons_first_visit(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bob"], seed=2,
                             terms=RoomTerms(rated=True, move_seconds=5, policy="loss"))
    assert rated.run_clocks(store, now=LATER) == []  # alice has never opened the room: no loss on time
    store.claim_seat(room.id, 0)
    (t,) = rated.terms(store, [room.id]).values()
    assert t.clock_words() == "5s left"  # her five seconds start now
    assert rated.run_clocks(store, now=LATER) == [f"room {room.id}: seat 1 (alice) lost on time"]
    assert rated.ladder(store) == []  # bob never came: the game is void
    assert room_notes(store, [room.id]) == {room.id: "void: bob never came · alice lost on time"}


def test_a_game_both_people_left_to_the_bots_is_void(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=3,
                             terms=RoomTerms(rated=True, move_seconds=10, policy="bot:greedy"))
    for seat in (0, 1):
        store.release_seat(room.id, seat, store.claim_seat(room.id, seat))  # came once, then left
    for _ in range(4):
        play_own(store, room.id)
    finish_with_stand_ins(store, room.id)
    assert rated.ladder(store) == [] and store._q("SELECT room FROM rated_games") == []
    marked = stand_in_moves(store, room.id)
    assert len(marked) == store.open_game(room.id).ply - 4 and {b for _, _, b in marked} == {"greedy"}
    note = room_notes(store, [room.id])[room.id]
    assert note.startswith("void: a bot made most of alice's moves · ")
    # every stand-in move is marked in the log, the replay and the exported save
    record = store.open_game(room.id).record
    assert sorted(record.stand_ins) == [p for p, _, _ in marked]
    first = marked[0][0]
    mover = record.names[marked[0][1]]
    said = [text for ply, text in record.event_lines() if ply == first + 1]
    assert said[0] == f"{mover} was away: a stand-in bot (greedy) made this move"
    step = list(record.replay(first, first + 1))[0]
    assert step.stand_in == "greedy" and step.events[0] == said[0]
    doc = parse(store.export(room.id).encode())
    assert doc["stand_ins"][0] == [first + 1, "greedy"]


def test_a_game_the_people_played_counts_despite_a_stand_in_move(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bob"], {"sliding": False}, seed=4,
                             terms=RoomTerms(rated=True, move_seconds=60, policy="bot:random"))
    tokens = [store.claim_seat(room.id, seat) for seat in (0, 1)]
    play_own(store, room.id)
    seat = store.open_game(room.id).to_act()[0]
    store.release_seat(room.id, seat, tokens[seat])  # one of them steps out on their turn
    assert rated.run_clocks(store, now=LATER) == [f"room {room.id}: bot:random plays seat {seat + 1} (out of time)"]
    notes = room_notes(store, [room.id], user=["alice", "bob"][seat])
    assert notes == {room.id: "rated · a bot is playing your seat"}
    assert bot_turn_in_room(store.bot_target(room.id)).seat == seat
    tokens[seat] = store.claim_seat(room.id, seat)  # back
    for _ in range(500):
        if store.open_game(room.id).is_over():
            break
        play_own(store, room.id)
    assert stand_in_moves(store, room.id) == [(1, seat, "random")]
    ladder = rated.ladder(store, "grid-square")
    assert sorted(r.player for r in ladder) == ["alice", "bob"] and all(r.games == 1 for r in ladder)
    note = room_notes(store, [room.id])[room.id]
    assert note.startswith("rated · ") and "left" not in note  # the result, not '0s left'


def test_a_finished_timed_room_shows_its_result_not_its_clock(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["bot:greedy", "bot:random"], seed=5, terms=RoomTerms(move_seconds=30))
    for _ in range(2000):
        if bot_turn_in_room(store.bot_target(room.id)).over:
            break
    outcome = store.open_game(room.id).record.state.outcome()
    winner = ["bot:greedy", "bot:random"][outcome.winners[0]]
    words = {"bot:greedy": "bot greedy", "bot:random": "bot random"}[winner]
    assert room_words.clocks(store, [room.id]) == {room.id: f"{words} won"}
    assert room_notes(store, [room.id]) == {room.id: f"{words} won"}


def test_a_rated_room_offers_no_undo(tmp_path, db_url):
    store = store_of(tmp_path, db_url)
    room = store.create_room("grid-square", ["alice", "bob"], seed=6, terms=RoomTerms(rated=True))
    friendly = store.create_room("grid-square", ["alice", "bob"], seed=6)
    for rid in (room.id, friendly.id):
        play_own(store, rid)
    from engine.session import UndoRefusedError

    with pytest.raises(UndoRefusedError, match="no undo in a rated game"):
        store.open_game(room.id).undo_point(0)
    assert store.open_game(friendly.id).undo_point(0) == 0



def test_rooms_made_before_the_stand_in_schema_keep_their_clocks(tmp_path, db_url, monkeypatch):
    """A database of schema 2 brought to 3: its rooms' people count as come
    (their clocks go on as before) and their moves as their own."""
    from tui.server.db import migrations

    every = migrations.migrations()
    monkeypatch.setattr(migrations, "migrations", lambda: [m for m in every if m[0] <= 2])
    (tmp_path / "data").mkdir()
    store = DbStore(tmp_path / "data", db_url)
    migrations.migrate(store.db)  # a database as a schema-2 program left it
    room = store.create_room("grid-square", ["alice", "bob"], seed=7)
    store._q("INSERT INTO room_terms (room, rated, move_seconds, policy, turn_since, stand_ins, lost_on_time) "
             "VALUES (?, 1, 30, 'loss', 1000.0, '[]', -1)", (room_number(room.id),))
    monkeypatch.undo()
    assert store.make()[0] == "schema: applied 0003_stand_ins.sql"
    assert store._q("SELECT COUNT(*) FROM moves WHERE stand_in IS NOT NULL") == [(0,)]
    assert rated.run_clocks(store, now=LATER) == [f"room {room.id}: seat 1 (alice) lost on time"]
    assert sorted(r.player for r in rated.ladder(store)) == ["alice", "bob"]
