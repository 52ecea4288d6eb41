"""The lobby and the room index, without the network."""
from __future__ import annotations

import pytest

from engine.session import GameSession
from tui.server.store import RoomError, Store
from tui.screens.lobby import sections


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


async def test_a_room_is_made_from_the_lobby_by_keys(store):
    from tui.screens.lobby_room import RoomScreen
    from tui.server.player import LobbyApp

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
    from tui.screens.lobby import room_label

    agreed = store.create_room("squire", ["alice", None], seed=3, hints=True)
    plain = store.create_room("squire", ["alice", None], seed=3)
    store.join(agreed.id, 1, "bob")
    record = GameSession.open(store.room_path(agreed.id)).record
    assert record.hints and record.hints_allowed() and record.names[1] == "bob"
    assert not GameSession.open(store.room_path(plain.id)).record.hints_allowed()
    labels = {s.room.id: str(room_label(s, "bob")) for s in store.statuses("bob")}
    assert labels[agreed.id].endswith("hints on") and "hints" not in labels[plain.id]
