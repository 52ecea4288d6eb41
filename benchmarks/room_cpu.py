"""CPU a server connection's room screen spends per move (not a pytest test):
one Grid Square room, headless, seen from seat 2 (as a connection's TUI
runs it: the lobby app, the server's collector thresholds), played to its
end; seat 1 moves through the save as another connection would, and the
screen is told at once (as the server's SIGUSR1 does).

    python benchmarks/room_cpu.py [--picker] [--games 1] [--profile]

Reports CPU time (not wall time, so a busy machine changes it less) per
round: another's moves arriving (a look at the save, the reload, the redraw)
and the screen's own moves (played directly, or with `--picker` by keys
through the move list: `a`, then Enter, as benchmarks/ssh_load.py plays),
the frames drawn and the collector's share. `--profile` adds the top of a
cProfile of the same. It isolates one connection's part of ssh_load's
"TUI CPU a move" from the load, the SSH client and the other processes.
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import pstats
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


async def one_game(seed: int, picker: bool, profile: cProfile.Profile | None) -> tuple[int, int, float, float, int]:
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
    room = store.create_room("grid-square", ["alice", "bob"], seed=seed)
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
                with GameSession.editing(path) as s:  # alice, on her own connection
                    while not s.is_over() and 0 in s.to_act():
                        v = s.view(0)
                        s.play(0, v.format_move(v.legal(0)[0]))
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
            plies = screen.record.ply
    finally:
        Compositor.render_update = real
    return rounds, plies, other, own, frames[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--picker", action="store_true", help="play by the move list (a, Enter) instead of directly")
    ap.add_argument("--games", type=int, default=1, help="games played (1-10), seeds 3, 4, ...")
    ap.add_argument("--profile", action="store_true")
    a = ap.parse_args()
    if not 1 <= a.games <= 10:
        ap.error("--games takes 1-10")
    gc.set_threshold(*GC_THRESHOLDS)
    collector = Collector()
    profile = cProfile.Profile() if a.profile else None
    totals = [0, 0, 0.0, 0.0, 0]
    for g in range(a.games):
        for i, v in enumerate(asyncio.run(one_game(3 + g, a.picker, profile))):
            totals[i] += v
    rounds, plies, other, own, frames = totals
    spent = other + own
    print(
        f"{a.games} Grid Square game(s), {rounds} rounds, {plies} moves, "
        f"{'by the move list' if a.picker else 'played directly'}; collector thresholds {gc.get_threshold()}\n"
        f"CPU a round: others' moves arriving {1000 * other / rounds:.1f} ms, own moves {1000 * own / rounds:.1f} ms; "
        f"a move, both seats' screens (twice this one's, which moved half the moves and saw the other half "
        f"arrive, a round's at once): {2000 * spent / plies:.1f} ms; "
        f"{frames / plies:.1f} frames a move\n"
        f"the collector: {1000 * sum(collector.seconds):.0f} ms in all ({100 * sum(collector.seconds) / spent:.0f}% of it; "
        f"collections by generation {collector.runs}); load average {__import__('os').getloadavg()[0]:.1f}"
    )
    if profile:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
