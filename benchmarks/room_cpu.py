"""CPU a server connection's room screen spends per move (not a pytest test):
one Grid Square room (`--game` another game's), headless, seen from seat 2 (as a connection's TUI
runs it: the lobby app, the server's collector thresholds), played to its
end; seat 1 moves through the save as another connection would, and the
screen is told at once (as the server's SIGUSR1 does).

    python benchmarks/room_cpu.py [--game ID] [--picker] [--games 1] [--profile] [--json FILE]

Reports CPU time (not wall time, so a busy machine changes it less) per
round: another's moves arriving (a look at the save, the reload, the redraw)
and the screen's own moves (played directly, or with `--picker` by keys
through the move list: `a`, then Enter, as benchmarks/ssh_load.py plays),
the frames drawn and the collector's share, against the floor: a minimal
Textual app repainting one screen-sized widget once (`floor_frame_cpu_ms`,
measured in the same run and the same process setup). `--json FILE` writes
`move_cpu_ms` (a move, every seat's screen), `floor_frame_cpu_ms` and
`move_cpu_ratio` (target <= 2.0: each screen about one floor frame a move).
`--profile` adds the top of a cProfile of the same (the moves only). It isolates one connection's part of ssh_load's
"TUI CPU a move" from the load, the SSH client and the other processes.
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.session import GameSession  # noqa: E402
from tui.server.player import GC_THRESHOLDS, LobbyApp  # noqa: E402
from tui.server.screens.lobby_room import RoomScreen  # noqa: E402
from tui.server.store import Store  # noqa: E402


class Collector:
    """The cyclic collector's CPU time and collections, by generation."""

    def __init__(self) -> None:
        self.seconds = [0.0, 0.0, 0.0]
        self.runs = [0, 0, 0]
        self._began = 0.0
        gc.callbacks.append(self._seen)

    def _seen(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._began = time.process_time()
        else:
            self.seconds[info["generation"]] += time.process_time() - self._began
            self.runs[info["generation"]] += 1


SEATS = {"square-masons": 3}
"""Players in the measured room where the game needs more than two."""


async def one_game(seed: int, picker: bool, profile: cProfile.Profile | None,
                   game: str = "grid-square") -> tuple[int, int, float, float, int]:
    """Rounds, plies, CPU seconds of others' moves and of own moves, frames."""
    from textual._compositor import Compositor

    frames = [0]
    real = Compositor.render_update

    def counted(self, *args, **kwargs):
        frames[0] += 1
        return real(self, *args, **kwargs)

    Compositor.render_update = counted
    data = Path(tempfile.mkdtemp(prefix="tsq-roomcpu-"))
    store = Store(data)
    store.make()
    room = store.create_room(game, ["alice", "bob", "carol"][:SEATS.get(game, 2)], seed=seed)
    path = store.room_path(room.id)
    app = LobbyApp(store.root, "bob")
    other = own = 0.0
    rounds = 0
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            screen = RoomScreen(path, 1, room.id)
            app.push_screen(screen)
            await pilot.pause(0.3)
            frames[0] = 0
            while not screen.record.state.is_over():
                ply = screen.record.ply
                with GameSession.editing(path) as s:  # the others, on their own connections
                    while not s.is_over() and 1 not in s.to_act():
                        seat = s.to_act()[0]
                        v = s.view(seat)
                        s.play(seat, v.format_move(v.legal(seat)[0]))
                began = time.process_time()
                if profile:
                    profile.enable()
                screen.check_disk()
                await pilot.pause()
                if profile:
                    profile.disable()
                other += time.process_time() - began
                began = time.process_time()
                if profile:
                    profile.enable()
                while screen.acting_human() == 1:
                    if picker:
                        await pilot.press("a")
                        await pilot.pause()
                        await pilot.press("enter")
                    else:
                        st = screen.record.state
                        screen.play(1, st.format_move(st.legal(1)[0]))
                    await pilot.pause()
                if profile:
                    profile.disable()
                own += time.process_time() - began
                rounds += 1
                if screen.record.ply == ply:
                    raise SystemExit(f"room_cpu: no move in a round of {game} (seat 2 cannot move on its screen)")
            plies = screen.record.ply
    finally:
        Compositor.render_update = real
    return rounds, plies, other, own, frames[0]


FLOOR_FRAMES = 60
"""Repaints of the floor app measured (after as many to warm up)."""


async def floor_frames(frames: int = FLOOR_FRAMES) -> list[float]:
    """CPU seconds of each repaint of the floor: a minimal Textual app whose
    one screen-sized widget (a grid of dots with a cursor, as
    benchmarks/run.py's key-latency floor) is updated and drawn once, waited
    for as a move is (`pilot.pause()`)."""
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Static

    from benchmarks.floor_picture import floor_picture

    class Picture(Static):
        DEFAULT_CSS = "Picture { width: 1fr; height: 1fr; }"
        cx = cy = 0

        def step(self) -> None:
            self.cx += 7
            self.cy += 1
            self.update(floor_picture(self.size.width, self.size.height, self.cx, self.cy))

    class Floor(App[None]):
        def compose(self) -> ComposeResult:
            yield Picture()
            yield Footer()

    spent: list[float] = []
    app = Floor()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        picture = app.query_one(Picture)
        for i in range(2 * frames):
            began = time.process_time()
            picture.step()
            await pilot.pause()
            if i >= frames:
                spent.append(time.process_time() - began)
    return spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="grid-square", help="the room's game (a registry id)")
    ap.add_argument("--picker", action="store_true", help="play by the move list (a, Enter) instead of directly")
    ap.add_argument("--games", type=int, default=1, help="games played (1-10), seeds 3, 4, ...")
    ap.add_argument("--profile", action="store_true", help="the top of a cProfile of the moves")
    ap.add_argument("--json", metavar="FILE", help="write move_cpu_ms, floor_frame_cpu_ms, move_cpu_ratio and the rest to FILE")
    a = ap.parse_args()
    if not 1 <= a.games <= 10:
        ap.error("--games takes 1-10")
    gc.set_threshold(*GC_THRESHOLDS)
    collector = Collector()
    profile = cProfile.Profile() if a.profile else None
    totals = [0, 0, 0.0, 0.0, 0]
    floor: list[float] = asyncio.run(floor_frames())
    for g in range(a.games):
        for i, v in enumerate(asyncio.run(one_game(3 + g, a.picker, profile, a.game))):
            totals[i] += v
    floor += asyncio.run(floor_frames())  # before and after: a busy machine drifts
    rounds, plies, other, own, frames = totals
    spent = other + own
    seats = SEATS.get(a.game, 2)
    move_ms = 1000 * seats * spent / plies
    floor_ms = 1000 * statistics.mean(floor)
    print(
        f"move_cpu_ms {move_ms:.1f}, floor_frame_cpu_ms {floor_ms:.2f}, move_cpu_ratio {move_ms / floor_ms:.2f} "
        f"(target <= 2.0)\n"
        f"{a.games} {a.game} game(s), {rounds} rounds, {plies} moves, "
        f"{'by the move list' if a.picker else 'played directly'}; collector thresholds {gc.get_threshold()}\n"
        f"CPU a round: others' moves arriving {1000 * other / rounds:.1f} ms, own moves {1000 * own / rounds:.1f} ms; "
        f"a move, every seat's screen ({seats} times this one's, which moved its share of the moves and saw the rest "
        f"arrive, a round's at once): {move_ms:.1f} ms; "
        f"{frames / plies:.1f} frames a move\n"
        f"the collector: {1000 * sum(collector.seconds):.0f} ms in all ({100 * sum(collector.seconds) / spent:.0f}% of it; "
        f"collections by generation {collector.runs}); load average {os.getloadavg()[0]:.1f}"
    )
    if a.json:
        figures = {
            "move_cpu_ms": round(move_ms, 2),
            "floor_frame_cpu_ms": round(floor_ms, 3),
            "move_cpu_ratio": round(move_ms / floor_ms, 2),
            "target_move_cpu_ratio": 2.0,
            "met": move_ms / floor_ms <= 2.0,
            "others_moves_ms_a_round": round(1000 * other / rounds, 2),
            "own_moves_ms_a_round": round(1000 * own / rounds, 2),
            "frames_a_move": round(frames / plies, 2),
            "floor_frame_cpu_ms_median": round(1000 * statistics.median(floor), 3),
            "game": a.game, "seats": seats, "games": a.games, "rounds": rounds, "plies": plies, "picker": a.picker,
            "collector_ms": round(1000 * sum(collector.seconds), 1),
            "load_average": round(os.getloadavg()[0], 2),
        }
        Path(a.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    if profile:
        stats = pstats.Stats(profile)
        stats.sort_stats("cumulative").print_stats(30)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
