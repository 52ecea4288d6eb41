"""The lobby and the room index, without the network."""
from __future__ import annotations

import json
import os

import pytest

from engine.session import GameSession
from tui.server.screens.lobby import sections
from tui.server.store import PAGE, RoomError, Store


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path)
    s.make()
    return s


def test_your_turn_comes_first_then_open_rooms_then_the_rest(store):
    waiting = store.create_room("grid-square", ["bob", "alice"], seed=1)  # bob moves first
    mine = store.create_room("grid-square", ["alice", "bob"], seed=1)
    free = store.create_room("squire", ["bob", None], seed=1)
    other = store.create_room("grid-square", ["bob", "carol"], seed=1)
    groups = dict(sections(list(store.statuses("alice")), "alice"))
    assert [s.room.id for s in groups["Your rooms"]] == [mine.id, waiting.id]
    assert groups["Your rooms"][0].your_turn and not groups["Your rooms"][1].your_turn
    assert [s.room.id for s in groups["Open rooms (Enter takes a free seat)"]] == [free.id]
    assert [s.room.id for s in groups["Other games (Enter watches)"]] == [other.id]


def test_joining_renames_the_seat_in_the_save_and_refuses_a_taken_seat(store):
    room = store.create_room("squire", ["alice", None, "bot:random"], seed=2)
    assert GameSession.open(store.room_path(room.id)).names[1] == "open seat 2"
    store.join(room.id, 1, "bob")
    assert GameSession.open(store.room_path(room.id)).names[1] == "bob"
    with pytest.raises(RoomError, match="not free"):
        store.join(room.id, 1, "carol")
    with pytest.raises(RoomError, match="already sit"):
        store.join(room.id, 2, "bob")


def test_bad_rooms_are_refused_with_a_reason(store):
    with pytest.raises(RoomError, match="no bot level"):
        store.create_room("grid-square", ["alice", "bot:genius"])
    with pytest.raises(RoomError, match="2–16 letters"):
        store.create_room("grid-square", ["alice", "\x1b[2J"])
    with pytest.raises(RoomError):
        store.room_path("../users")
    assert store.rooms() == []


async def test_an_empty_lobby_says_how_to_make_a_room(store):
    from tui.server.player import LobbyApp
    from tui.server.screens.lobby import EMPTY_LOBBY

    app = LobbyApp(store.root, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rooms = app.screen.query_one("#rooms")
        assert rooms.option_count == 1 and EMPTY_LOBBY in str(rooms.get_option_at_index(0).prompt)
        assert rooms.highlighted is None  # nothing to open
        await pilot.press("enter")  # and Enter on it does nothing
        await pilot.pause()
        store.create_room("grid-square", ["bob", None], seed=1)
        app.screen.action_refresh()
        await pilot.pause()
        shown = [str(rooms.get_option_at_index(i).prompt) for i in range(rooms.option_count)]
        assert not any(EMPTY_LOBBY in line for line in shown) and any("Open rooms" in line for line in shown)


async def test_a_room_is_made_from_the_lobby_by_keys(store):
    from tui.server.player import LobbyApp
    from tui.server.screens.lobby_room import RoomScreen

    app = LobbyApp(store.root, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("enter")  # Grid Square, the first game
        await pilot.pause()
        from tui.screens.setup import SetupForm

        form = app.screen.query_one(SetupForm)
        assert not any(k.startswith("name:") for k in form.row_keys())  # names are user names here
        assert "alice (you)" in form.render().plain  # seat 1 is the maker's, by name
        form.choices.row = form.row_keys().index("seat:0")
        form.action_change(1)
        assert form.choices.kinds[0] == "human"  # and it does not change
        form.choices.row = 0
        while form.row_keys()[form.choices.row] != "seat:1":
            await pilot.press("down")
        for _ in range(len(form.kind_cycle())):  # seat 2: from the default bot round to an open seat
            if form.choices.kinds[1] == "human":
                break
            await pilot.press("right")
        assert form.choices.kinds[1] == "human"
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, RoomScreen) and app.screen.seat == 0
        (room,) = store.rooms()
        assert room.game == "grid-square" and room.seats == ["alice", None]


def test_a_room_whose_players_agreed_to_hints_says_so_and_keeps_it_when_joined(store):
    from tui.server.screens.lobby import room_label

    agreed = store.create_room("squire", ["alice", None], seed=3, hints=True)
    plain = store.create_room("squire", ["alice", None], seed=3)
    store.join(agreed.id, 1, "bob")
    record = GameSession.open(store.room_path(agreed.id)).record
    assert record.hints and record.hints_allowed() and record.names[1] == "bob"
    assert not GameSession.open(store.room_path(plain.id)).record.hints_allowed()
    labels = {s.room.id: str(room_label(s, "bob")) for s in store.statuses("bob")}
    assert labels[agreed.id].endswith("hints on") and "hints" not in labels[plain.id]


def test_the_old_layout_is_migrated_with_nothing_lost(tmp_path):
    """users.json and rooms/index.json (one file each for everyone) become a
    file per user and per room; the old files are kept aside."""
    old = Store(tmp_path)
    (tmp_path / "rooms").mkdir(parents=True)
    made = Store(tmp_path / "scratch")
    made.make()
    saves = {}
    for i, seats in enumerate((["alice", "bob"], ["bob", None], ["carol", "bot:random"])):
        room = made.create_room("grid-square", seats, seed=i)
        saves[f"r{i + 1:04d}"] = (seats, made.room_path(room.id).read_text())
    index = {"next": 4, "rooms": {}}
    for rid, (seats, text) in saves.items():
        (tmp_path / "rooms" / f"{rid}.json").write_text(text)
        index["rooms"][rid] = {"game": "grid-square", "seats": seats, "created": "", "watchers": ["dave"]}
    (tmp_path / "rooms" / "index.json").write_text(json.dumps(index))
    (tmp_path / "users.json").write_text(json.dumps({"keys": {"SHA256:a/b": "alice", "SHA256:c": "bob"}}))
    old.make()
    assert old.user_for("SHA256:a/b") == "alice" and old.user_for("SHA256:c") == "bob"
    assert [r.seats for r in old.rooms()] == [s for s, _ in saves.values()]
    assert {r.id for r in old.rooms_for("dave")} == set(saves)  # watchers kept
    assert [r.id for r in old.open_rooms()] == ["r0002"]
    assert old.create_room("squire", ["alice", None], seed=1).id == "r0004"
    with pytest.raises(RoomError, match="taken"):
        old.bind("SHA256:new", "ALICE")
    assert (tmp_path / "users.json.migrated").exists() and (tmp_path / "rooms" / "index.json.migrated").exists()


def test_a_damaged_index_is_rebuilt_from_the_saves(tmp_path):
    made = Store(tmp_path)
    made.make()
    made.create_room("grid-square", ["alice", None], seed=1)
    made.create_room("grid-square", ["bob", "bot:random"], seed=1)
    for entry in (tmp_path / "rooms").glob("*.room"):
        entry.unlink()  # as if the index had been lost
    (tmp_path / "rooms" / "index.json").write_text('{"rooms": {"r0001": ')
    logged = []
    again = Store(tmp_path, log=logged.append)
    again.make()
    assert [(r.id, r.seats) for r in again.rooms()] == [("r0001", ["alice", None]), ("r0002", ["bob", "bot:random"])]
    assert any("index.json: damaged" in line for line in logged)


def test_the_lobby_lists_a_page_and_its_idle_look_reads_nothing(store, monkeypatch):
    """Many rooms: the lobby lists the person's, a page of open ones and a
    page of the newest; looking again with nothing changed reads no file
    (only stats), however many rooms there are."""
    from engine.saves import dumps
    from tui.server import store as store_module

    mine = store.create_room("grid-square", ["alice", "bob"], seed=1)
    text = dumps(GameSession.open(store.room_path(mine.id)).record)
    store.seed_copies([(["carol", None] if i % 2 else ["carol", "dave"], text) for i in range(300)])
    listed = {r.id for r in store.lobby_rooms("alice")}
    assert mine.id in listed and len(listed) <= 1 + 2 * PAGE
    assert {r.id for r in store.open_rooms()} <= listed and len(store.open_rooms()) == PAGE
    assert len(store.open_rooms(page=-(-150 // PAGE) - 1)) == 150 - PAGE * (-(-150 // PAGE) - 1)  # the last page
    assert len(store.open_rooms(page=150 // PAGE - 1)) == PAGE
    assert store.room_count() == 301 and store.open_count() == 150

    reads = []
    real_open = open

    def counting_open(path, *a, **k):
        if str(store.root) in str(path):
            reads.append(str(path))
        return real_open(path, *a, **k)

    statuses = [store.status(r, "alice") for r in store.lobby_rooms("alice")]
    monkeypatch.setattr("builtins.open", counting_open)
    monkeypatch.setattr(store_module.os, "listdir", lambda *a: reads.append("listdir") or [])
    mark = store.change_mark()
    again = [store.status(r, "alice") for r in (st.room for st in statuses)]
    assert again == statuses and store.change_mark() == mark
    assert reads == []  # the idle look: a stat per shown room and of the change mark, no read


async def test_the_idle_lobby_screen_reads_no_file_and_draws_nothing(store, monkeypatch):
    from engine.saves import dumps
    from tui.server.player import LobbyApp

    mine = store.create_room("grid-square", ["alice", "bob"], seed=1)
    text = dumps(GameSession.open(store.room_path(mine.id)).record)
    store.seed_copies([(["carol", None], text)] * 100)
    app = LobbyApp(store.root, "alice")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert mine.id in screen.statuses and len(screen.statuses) <= 1 + 2 * PAGE
        reads, drawn = [], []
        real_open = open
        monkeypatch.setattr("builtins.open", lambda path, *a, **k: (
            reads.append(str(path)) if str(store.root) in str(path) else None) or real_open(path, *a, **k))
        monkeypatch.setattr(screen, "_draw", drawn.append)
        screen.action_refresh()
        assert reads == [] and drawn == []  # nothing changed: nothing read, nothing drawn
        session = GameSession.open(store.room_path(mine.id))
        view = session.view(0)
        session.play(0, view.format_move(view.legal(0)[0]))
        screen.action_refresh()
        assert len(drawn) == 1 and drawn[0][0].ply == 1  # a move in a shown room: drawn again


def test_the_rooms_with_bots_are_listed_without_reading_the_others(store):
    store.create_room("grid-square", ["alice", "bob"], seed=1)
    bots = store.create_room("grid-square", ["alice", "bot:random"], seed=1)
    assert [r.id for r in store.bot_rooms()] == [bots.id]


def test_a_damaged_room_entry_costs_that_room_only_and_is_logged(tmp_path):
    logged = []
    store = Store(tmp_path, log=logged.append)
    store.make()
    a = store.create_room("grid-square", ["alice", "bob"], seed=1)
    b = store.create_room("grid-square", ["alice", "carol"], seed=1)
    (tmp_path / "rooms" / f"{a.id}.room").write_text('{"game": "grid-square", "seats": ')
    assert [r.id for r in Store(tmp_path, log=logged.append).rooms_for("alice")] == [b.id]
    assert any(f"{a.id}.room" in line for line in logged)
    with pytest.raises(RoomError, match="no room"):
        Store(tmp_path).room(a.id)


def test_a_seat_claim_goes_when_its_room_is_left_or_its_process_ends(store):
    room = store.create_room("grid-square", ["alice", "bob"], seed=1)
    token = store.claim_seat(room.id, 0)
    assert store.claims() == {room.id: [os.getpid()]}
    store.release_seat(room.id, 0, token)
    assert store.claims() == {}
    store.claim_seat(room.id, 1)
    store.drop_claims(os.getpid())
    assert store.claims() == {}


def test_a_rooms_watchers_are_bounded(store):
    from tui.server.store import MAX_WATCHERS

    room = store.create_room("grid-square", ["alice", "bob"], seed=1)
    for i in range(MAX_WATCHERS + 5):
        store.watch(room.id, f"w{i}")
    watchers = store.room(room.id).watchers
    assert len(watchers) == MAX_WATCHERS and watchers[-1] == f"w{MAX_WATCHERS + 4}"


def test_a_data_folder_that_cannot_be_changed_at_start_is_served_as_it_is(tmp_path, monkeypatch):
    made = Store(tmp_path)
    made.make()
    room = made.create_room("grid-square", ["alice", "bob"], seed=1)
    (tmp_path / "users.json").write_text('{"keys": {"SHA256:x": "xavier"}}')  # to convert, but it cannot be
    logged = []

    def refuse(*a, **k):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr("os.chmod", refuse)
    again = Store(tmp_path, log=logged.append)
    again.make()
    assert [r.id for r in again.rooms()] == [room.id]
    assert any("cannot finish opening" in line for line in logged)


def test_after_a_move_the_lobbies_read_the_summary_not_the_save(store, monkeypatch):
    room = store.create_room("grid-square", ["alice", "bob"], seed=1)
    session = GameSession.open(store.room_path(room.id))
    view = session.view(0)
    session.play(0, view.format_move(view.legal(0)[0]))
    store.record_change(room.id, session.record)  # what the mover's room screen does
    monkeypatch.setattr("engine.saves.load", lambda path: pytest.fail("a save was read"))
    st = Store(store.root).status(store.room(room.id), "bob")
    assert st.ply == 1 and st.your_turn
    session.play(1, session.view(1).format_move(session.view(1).legal(1)[0]))  # no summary written this time
    monkeypatch.undo()
    assert Store(store.root).status(store.room(room.id), "alice").ply == 2  # an old summary is never believed


def test_a_lobby_row_keeps_the_seats_and_the_clock_within_80_columns(store):
    from tui.server.screens.lobby import LINE, room_label

    room = store.create_room("square-masons", ["bob", None, "carol", "bot:heuristic"], seed=3)
    (st,) = [s for s in store.statuses("bob") if s.room.id == room.id]
    for note in ("rated · 12m left", "rated · seat 2 lost on time"):
        label = str(room_label(st, "bob", note))
        assert all(len(line) <= LINE for line in label.splitlines()) and "…" not in label, label
        assert label.startswith(f"▶ your turn {room.id}  Square Masons"), label
        assert note in label and "(open)" in label and "carol" in label and "bot heuristic" in label, label
    short = str(room_label(st, "bob"))
    assert "Square Masons      move" in short  # a row that fits keeps its columns
