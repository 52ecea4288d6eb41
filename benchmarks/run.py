"""T-Square benchmarks: speed as ratios against references measured in the
same run (see benchmarks/README.md).

    python benchmarks/run.py [--json FILE] [--quick]
    python benchmarks/run.py --search [--json FILE]   (the search bot alone)
    python benchmarks/run.py --cli-only [--json FILE] (the CLI start-up alone)
    python benchmarks/run.py --moves [--json FILE]    (the cost of checking moves alone)

Prints a table and, with --json, writes every figure. Not part of pytest.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ROUNDS = 8
"""Alternating rounds of python-chess and each game's random play."""

TARGETS = {
    "games.grid-square.ratio_vs_python_chess": ("<=", 1.0),
    "games.grid-square.bot_ms.greedy": ("<", 100.0),
    "games.squire.determinize_us": ("<", 1000.0),
    "games.square-masons.determinize_us": ("<", 1000.0),
    "cli_help_ratio": ("<=", 1.2),
    "cli_show_ratio": ("<=", 1.3),
    "tui_first_frame_ratio": ("<=", 1.3),
    "tui_rss_ratio": ("<=", 1.5),
    "key_latency_p95_ms": ("<", 16.0),
    "key_latency_ratio": ("<=", 1.2),
}

MINIMAL_TYPER = """
import typer
app = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)

@app.command()
def hello(name: str = typer.Option("world", help="Who to greet.")) -> None:
    '''Say hello.'''
    print(f"hello {name}")

@app.command()
def bye() -> None:
    '''Say goodbye.'''
    print("bye")

app()
"""

TSQUARE_CLI = "from tui.cli import main; main()"

# A TUI probe run in a fresh process, so that start-up (imports included) and
# peak memory are the app's own. argv: mode [saves_dir [game_file [keys]]]
TUI_PROBE = r"""
import sys, time
t0 = time.perf_counter()
import asyncio, json, resource
from pathlib import Path
mode = sys.argv[1]
if mode == "minimal":
    from textual.app import App, ComposeResult
    from textual.widgets import Footer, Header, Static

    class Minimal(App):
        def compose(self) -> ComposeResult:
            yield Header()
            yield Static("hello")
            yield Footer()

    app = Minimal()
elif mode == "minimal-keys":
    # the key-latency floor: a minimal app that repaints a screen-sized
    # widget on every key (a grid of dots with a cursor the keys move)
    from rich.text import Text
    from textual.app import App, ComposeResult
    from textual.binding import Binding
    from textual.widgets import Footer, Static

    from benchmarks.floor_picture import floor_picture

    class Picture(Static, can_focus=True):
        DEFAULT_CSS = "Picture { width: 1fr; height: 1fr; }"
        BINDINGS = [Binding(k, f"move({dx}, {dy})") for k, dx, dy in
                    (("right", 1, 0), ("left", -1, 0), ("up", 0, -1), ("down", 0, 1), ("tab", 7, 0), ("o", 0, 3))]
        cx = cy = 0

        def on_mount(self) -> None:
            self.update(self.picture())

        def picture(self) -> Text:
            return floor_picture(self.size.width, self.size.height, self.cx, self.cy)

        def action_move(self, dx: int, dy: int) -> None:
            self.cx += dx
            self.cy += dy
            self.update(self.picture())

    class MinimalKeys(App):
        def compose(self) -> ComposeResult:
            yield Picture()
            yield Footer()

    app = MinimalKeys()
else:
    from tui.app import create_app
    game = Path(sys.argv[3]) if mode == "keys" else None
    app = create_app(Path(sys.argv[2]), game=game, bot_delay=0)

async def main():
    out = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        out["first_frame_s"] = time.perf_counter() - t0
        if mode.endswith("keys"):
            keys = sys.argv[4].split(",")
            from textual import events
            lat = []
            for i in range(int(sys.argv[5])):
                k = keys[i % len(keys)]
                event = events.Key(k, k if len(k) == 1 else None)
                event.set_sender(app)
                # from the key reaching the app to every widget of the screen
                # having handled it and what it queued (Pilot.press itself
                # adds idle waits of ~40 ms, so it is not timed as a whole)
                t = time.perf_counter()
                app._driver.send_message(event)
                await pilot._wait_for_screen()
                await pilot._wait_for_screen()
                lat.append(time.perf_counter() - t)
            out["latencies_s"] = lat
            out["screen"] = type(app.screen).__name__
    out["maxrss_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print("PROBE " + json.dumps(out))

asyncio.run(main())
"""


# ----------------------------------------------------------------- helpers
def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("TEXTUAL", None)
    # Measure as installed: pip writes bytecode at install time, so a user's
    # tsquare never compiles its sources at start-up. With bytecode writing
    # off, every run would recompile our (large) modules but not the minimal
    # app's (tiny) ones. The warm-up run of each command writes the cache.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def timed_run(cmd: list[str], cwd: Path = ROOT) -> float:
    """Wall time of one subprocess, which must exit 0."""
    t = time.perf_counter()
    r = subprocess.run(cmd, cwd=cwd, env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    dt = time.perf_counter() - t
    if r.returncode != 0:
        raise RuntimeError(f"{cmd[:4]} exited {r.returncode}: {r.stderr.decode()[-300:]}")
    return dt


def median_pair(a: list[str], b: list[str], runs: int) -> tuple[float, float]:
    """Medians of `runs` interleaved runs of two commands (after a warm-up)."""
    timed_run(a)
    timed_run(b)
    ta, tb = [], []
    for _ in range(runs):
        ta.append(timed_run(a))
        tb.append(timed_run(b))
    return statistics.median(ta), statistics.median(tb)


def probe(*args: str) -> dict[str, Any]:
    r = subprocess.run([sys.executable, "-c", TUI_PROBE, *args], cwd=ROOT, env=_env(),
                       capture_output=True, text=True, timeout=120)
    for line in r.stdout.splitlines():
        if line.startswith("PROBE "):
            return json.loads(line[6:])
    raise RuntimeError(f"TUI probe {args[:1]} failed (exit {r.returncode}): {r.stderr.strip()[-400:]}")


# --------------------------------------------------------------- engines
def chess_ply_us(budget: float, seed: int = 12345) -> tuple[float, int]:
    """Microseconds per ply of python-chess random games (legal moves, a
    choice, push, and the game-over test), over at least `budget` seconds."""
    import chess

    from engine.rng import Rng

    rng = Rng(seed)
    plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        board = chess.Board()
        n = 0
        while not board.is_game_over() and n < 400:
            board.push(rng.choice(list(board.legal_moves)))
            n += 1
        plies += n
    return 1e6 * (time.perf_counter() - start) / plies, plies


def random_play_us(ruleset: Any, budget: float, min_games: int = 1, seed: int = 777) -> tuple[float, int, int]:
    """Microseconds per decision of random play (legal + choice + apply, and
    the game-over test), over at least `budget` seconds and `min_games` games."""
    from engine.rng import Rng

    rng = Rng(seed)
    n_players = ruleset.min_players
    decisions = games = 0
    start = time.perf_counter()
    while games < min_games or time.perf_counter() - start < budget:
        state = ruleset.new_game(n_players, games, ruleset.default_options())
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal(seat)))
            decisions += 1
        games += 1
    return 1e6 * (time.perf_counter() - start) / decisions, decisions, games


def determinize_us(ruleset: Any, positions: int = 200, seed: int = 99) -> tuple[float, float]:
    """Median and 95th percentile µs of `determinize(observer, rng)` on the
    observer's own view, over positions sampled from random games."""
    from engine.rng import Rng

    rng = Rng(seed)
    times: list[float] = []
    game = 0
    while len(times) < positions:
        n = ruleset.min_players + game % (ruleset.max_players - ruleset.min_players + 1)
        state = ruleset.new_game(n, game, ruleset.default_options())
        ply = 0
        while not state.is_over() and len(times) < positions:
            if ply % 9 == 0:
                observer = ply % n
                view = state.view(observer)
                t0 = time.perf_counter()
                view.determinize(observer, Rng(ply))
                times.append(1e6 * (time.perf_counter() - t0))
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal(seat)))
            ply += 1
        game += 1
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def bot_ms(ruleset: Any, level: str, games: int, budget: float) -> tuple[float, int]:
    """Mean ms per move of `level` playing every seat, over up to `games`
    games (stops early once `budget` seconds of thinking are spent)."""
    from engine.record import GameRecord, Player

    n = ruleset.min_players
    think = 0.0
    moves = 0
    for g in range(games):
        rec = GameRecord.new(ruleset, [Player(f"B{i}", f"bot:{level}") for i in range(n)], 100 + g,
                             ruleset.default_options())
        while not rec.state.is_over() and think < budget:
            seat = rec.state.to_act()[0]
            t = time.perf_counter()
            mv = rec.bot_move(seat)
            think += time.perf_counter() - t
            moves += 1
            rec.play_move(seat, mv)
        if think >= budget:
            break
    return 1000 * think / max(1, moves), moves


def replay_ms_per_ply(ruleset: Any, folder: Path) -> tuple[float, int]:
    """Loading (replay + checks) the longest of a few random games, in ms per ply."""
    from engine.record import GameRecord, Player
    from engine.rng import Rng
    from engine.saves import load, save

    best = None
    for seed in range(3):
        rng = Rng(seed)
        rec = GameRecord.new(ruleset, [Player(f"P{i}") for i in range(ruleset.min_players)], seed,
                             ruleset.default_options())
        while not rec.state.is_over():
            seat = rec.state.to_act()[0]
            rec.play_move(seat, rng.choice(rec.state.legal(seat)))
        if best is None or rec.ply > best.ply:
            best = rec
    assert best is not None
    path = folder / f"{ruleset.id}-long.json"
    save(best, path)
    load(path)
    times = []
    for _ in range(5):
        t = time.perf_counter()
        load(path)
        times.append(time.perf_counter() - t)
    return 1000 * statistics.median(times) / max(1, best.ply), best.ply


def move_figures(rounds: int = 9) -> dict[str, Any]:
    """What checking moves costs, per example save (saves/examples/): loading
    it (its moves replayed and checked, ms) and its moves typed again through
    a session kept in memory (µs a move: seat check, parsing, legality,
    applying; no file written). The best of `rounds`: the least disturbed by
    other work on the machine."""
    from engine.record import GameRecord
    from engine.saves import load
    from engine.session import GameSession

    out: dict[str, Any] = {}
    for path in sorted((ROOT / "saves" / "examples").glob("*.json")):
        rec = load(path)
        loads, per_move = [], []
        for _ in range(rounds):
            t = time.perf_counter()
            load(path)
            loads.append(time.perf_counter() - t)
            fresh = GameRecord.new(rec.ruleset, rec.players, rec.seed, rec.options, rec.hints, rec.rules_version)
            session = GameSession(fresh)
            t = time.perf_counter()
            for seat, text in rec.moves:
                session.play(seat, text)
            per_move.append((time.perf_counter() - t) / max(1, rec.ply))
        out[path.stem] = {"plies": rec.ply, "example_load_ms": round(1000 * min(loads), 2),
                          "session_move_us": round(1e6 * min(per_move), 1)}
    return out


KEYS = "right,up,right,up,left,down,left,down,tab,o"
"""The keys pressed on the Grid Square screen and on the floor app."""


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank below)."""
    ordered = sorted(values)
    return ordered[int(0.95 * (len(ordered) - 1))]


KEY_ROUNDS = 3
"""Alternating runs of the Grid Square screen and the floor, pooled: a busy
machine's load drifts over seconds, and alternating puts both sides under
the same drift."""


def key_latency(tmp: Path, res: dict[str, Any], presses: int = 200, rounds: int = KEY_ROUNDS) -> None:
    """Key to repaint on a Grid Square game screen against the floor, a
    minimal Textual app repainting a screen-sized widget on each key; each
    run after 20 warm-up presses, `rounds` runs of each side alternating,
    the latencies of a side pooled. Adds `key_latency_p95_ms`,
    `key_latency_ratio` and details under `tui`."""
    saves = tmp / "saves"
    saves.mkdir(exist_ok=True)
    game = tmp / "keys.json"
    subprocess.run([sys.executable, "-c", TSQUARE_CLI, "new", "grid-square", "-o", str(game), "--seed", "1",
                    "--bot", "2=greedy"], cwd=ROOT, env=_env(), check=True, capture_output=True)
    lat: list[float] = []
    flat: list[float] = []
    rounds_ratio = []
    screen = None
    for _ in range(rounds):
        keys = probe("keys", str(saves), str(game), KEYS, str(presses))
        floor = probe("minimal-keys", "-", "-", KEYS, str(presses))
        screen = keys.get("screen")
        a, b = keys["latencies_s"][20:], floor["latencies_s"][20:]  # the first presses warm up
        rounds_ratio.append(round(p95(a) / p95(b), 3))
        lat += a
        flat += b
    tui = res.setdefault("tui", {})
    tui.update(
        key_screen=screen,
        key_presses=len(lat),
        key_rounds=rounds,
        key_latency_median_ms=round(1000 * statistics.median(lat), 2),
        minimal_textual_key_p95_ms=round(1000 * p95(flat), 2),
        minimal_textual_key_median_ms=round(1000 * statistics.median(flat), 2),
        key_latency_ratio_per_round=rounds_ratio,
    )
    res["key_latency_p95_ms"] = round(1000 * p95(lat), 2)
    res["key_latency_ratio"] = round(p95(lat) / p95(flat), 3)


# ------------------------------------------------------------------ main
def measure(quick: bool) -> dict[str, Any]:
    from engine.registry import REGISTRY

    budget = 1.0 if quick else 4.0
    runs = 3 if quick else 11
    res: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "quick": quick,
        "notes": [],
        "games": {},
    }
    chess_us, chess_plies = chess_ply_us(budget)
    res["python_chess_ply_us"] = round(chess_us, 2)
    res["python_chess_plies"] = chess_plies
    tmp = Path(tempfile.mkdtemp(prefix="tsquare-bench-"))
    for entry in REGISTRY.entries():
        if not REGISTRY.is_playable(entry.id):
            res["notes"].append(f"{entry.id}: not playable yet, skipped")
            continue
        rs = REGISTRY.get(entry.id)
        g: dict[str, Any] = {}
        try:
            # rounds alternate python-chess and the game, so that load from
            # other processes hits both alike; the ratio is the median of the
            # rounds' ratios
            ratios, per_game, decisions, games = [], [], 0, 0
            for r in range(ROUNDS):
                c_us, _ = chess_ply_us(budget / ROUNDS, seed=r)
                us, d, n = random_play_us(rs, budget / ROUNDS, seed=r)
                ratios.append(us / c_us)
                per_game.append(us)
                decisions += d
                games += n
            g.update(random_us_per_decision=round(statistics.median(per_game), 2), random_decisions=decisions,
                     random_games=games, ratio_vs_python_chess=round(statistics.median(ratios), 3))
            if rs.hidden_information:
                med, p95 = determinize_us(rs, 60 if quick else 200)
                g.update(determinize_us=round(med, 1), determinize_p95_us=round(p95, 1))
            g["bot_ms"] = {}
            for level in rs.own_bot_levels:
                if level == "random":
                    continue
                ms, moves = bot_ms(rs, level, 2 if quick else 3, 5.0 if quick else 15.0)
                g["bot_ms"][level] = round(ms, 2)
                g.setdefault("bot_moves", {})[level] = moves
            ms, plies = replay_ms_per_ply(rs, tmp)
            g.update(replay_ms_per_ply=round(ms, 4), replay_plies=plies)
        except Exception as exc:  # another game's bug must not stop the run
            g["error"] = f"{type(exc).__name__}: {exc}"
            res["notes"].append(f"{entry.id}: {g['error']}")
        res["games"][entry.id] = g

    res["moves"] = move_figures(3 if quick else 7)
    res.update(measure_cli(tmp, runs))

    # TUI: first frame and peak memory against a minimal Textual app, keys under Pilot
    if not (ROOT / "tui" / "app.py").exists():
        res["notes"].append("tui/app.py does not exist yet: TUI measures skipped")
    else:
        try:
            saves = tmp / "saves"
            saves.mkdir()
            ff_ts, ff_min, rss_ts, rss_min = [], [], [], []
            probe("minimal")
            probe("menu", str(saves))
            for _ in range(max(3, runs - 2)):
                a = probe("menu", str(saves))
                b = probe("minimal")
                ff_ts.append(a["first_frame_s"])
                ff_min.append(b["first_frame_s"])
                rss_ts.append(a["maxrss_kb"])
                rss_min.append(b["maxrss_kb"])
            res["tui"] = {
                "first_frame_ms": round(1000 * statistics.median(ff_ts), 1),
                "minimal_textual_first_frame_ms": round(1000 * statistics.median(ff_min), 1),
                "peak_rss_mb": round(statistics.median(rss_ts) / 1024, 1),
                "minimal_textual_peak_rss_mb": round(statistics.median(rss_min) / 1024, 1),
            }
            key_latency(tmp, res)
            res["tui_first_frame_ratio"] = round(statistics.median(ff_ts) / statistics.median(ff_min), 3)
            res["tui_rss_ratio"] = round(statistics.median(rss_ts) / statistics.median(rss_min), 3)
        except Exception as exc:
            res["notes"].append(f"TUI measures failed: {type(exc).__name__}: {exc}")
    res["targets"] = {k: f"{op} {v}" for k, (op, v) in TARGETS.items()}
    res["met"] = {k: _met(res, k) for k in TARGETS}
    return res


def measure_cli(tmp: Path, runs: int) -> dict[str, Any]:
    """CLI start-up against a minimal Typer app, both as fresh processes (the
    median of `runs` interleaved runs each): `tsquare --help` against its
    --help, and a headless `tsquare show` of the example Grid Square save
    (read, replayed, checked, drawn) against a command printing one line."""
    minimal = tmp / "minimal_typer.py"
    minimal.write_text(MINIMAL_TYPER, encoding="utf-8")
    example = ROOT / "saves" / "examples" / "grid-square.json"
    ts_help, min_help = median_pair([sys.executable, "-c", TSQUARE_CLI, "--help"],
                                    [sys.executable, str(minimal), "--help"], runs)
    ts_show, min_hello = median_pair([sys.executable, "-c", TSQUARE_CLI, "show", str(example)],
                                     [sys.executable, str(minimal), "hello"], runs)
    return {
        "cli": {
            "tsquare_help_ms": round(1000 * ts_help, 1),
            "minimal_typer_help_ms": round(1000 * min_help, 1),
            "tsquare_show_ms": round(1000 * ts_show, 1),
            "minimal_typer_command_ms": round(1000 * min_hello, 1),
        },
        "cli_help_ratio": round(ts_help / min_help, 3),
        "cli_show_ratio": round(ts_show / min_hello, 3),
    }


CLI_ONLY_RUNS = 21
"""Interleaved runs of each command with --cli-only (a busy machine needs many)."""


def measure_cli_only() -> dict[str, Any]:
    """Only the CLI start-up figures."""
    res: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(),
                           "quick": False, "notes": [], "games": {}}
    res.update(measure_cli(Path(tempfile.mkdtemp(prefix="tsquare-bench-")), CLI_ONLY_RUNS))
    res["targets"] = {k: f"{op} {v}" for k, (op, v) in TARGETS.items()}
    res["met"] = {k: _met(res, k) for k in TARGETS}
    return res


def measure_keys() -> dict[str, Any]:
    """Only the key latency and its floor."""
    res: dict[str, Any] = {"python": platform.python_version(), "machine": platform.machine(),
                           "quick": True, "notes": [], "games": {}}
    key_latency(Path(tempfile.mkdtemp(prefix="tsquare-bench-")), res)
    res["targets"] = {k: f"{op} {v}" for k, (op, v) in TARGETS.items()}
    res["met"] = {k: _met(res, k) for k in TARGETS}
    return res


def _get(res: dict[str, Any], key: str) -> Any:
    if key.startswith("games."):
        _, game, rest = key.split(".", 2)
        cur: Any = res["games"].get(game, {})
        for part in rest.split("."):
            cur = cur.get(part) if isinstance(cur, dict) else None
        return cur
    return res.get(key)


def _met(res: dict[str, Any], key: str) -> bool | None:
    value = _get(res, key)
    if value is None:
        return None
    op, limit = TARGETS[key]
    return value <= limit if op == "<=" else value < limit


def table(res: dict[str, Any]) -> str:
    rows: list[tuple[str, str, str, str]] = []

    def add(key: str, value: Any, unit: str = "") -> None:
        target = " ".join(str(x) for x in TARGETS[key]) if key in TARGETS else ""
        met = _met(res, key) if key in TARGETS else None
        mark = "" if met is None else ("ok" if met else "MISSED")
        rows.append((key, f"{value}{unit}" if value is not None else "—", target, mark))

    add("python_chess_ply_us", res.get("python_chess_ply_us"), " µs")
    for gid, g in res["games"].items():
        if "error" in g:
            rows.append((f"games.{gid}", "error", "", g["error"][:40]))
        add(f"games.{gid}.random_us_per_decision", g.get("random_us_per_decision"), " µs")
        add(f"games.{gid}.ratio_vs_python_chess", g.get("ratio_vs_python_chess"))
        for level, ms in g.get("bot_ms", {}).items():
            add(f"games.{gid}.bot_ms.{level}", ms, " ms")
        add(f"games.{gid}.replay_ms_per_ply", g.get("replay_ms_per_ply"), " ms")
    for gid, m in res.get("moves", {}).items():
        add(f"moves.{gid}.example_load_ms", m["example_load_ms"], " ms")
        add(f"moves.{gid}.session_move_us", m["session_move_us"], " µs")
    add("cli_help_ratio", res.get("cli_help_ratio"))
    add("cli_show_ratio", res.get("cli_show_ratio"))
    for k in ("tui_first_frame_ratio", "tui_rss_ratio", "key_latency_p95_ms", "key_latency_ratio"):
        add(k, res.get(k), " ms" if k.endswith("_ms") else "")
    w = [max(len(r[i]) for r in rows + [("key", "value", "target", "")]) for i in range(4)]
    lines = [f"{'key':<{w[0]}}  {'value':>{w[1]}}  {'target':<{w[2]}}  ", "-" * (sum(w) + 6)]
    lines += [f"{a:<{w[0]}}  {b:>{w[1]}}  {c:<{w[2]}}  {d}" for a, b, c, d in rows]
    for key in ("cli", "tui"):
        if key in res:
            lines.append(f"{key}: " + ", ".join(f"{k} {v}" for k, v in res[key].items()))
    for note in res["notes"]:
        lines.append(f"note: {note}")
    return "\n".join(lines)


def search_figures(decisions: int = 4) -> dict[str, Any]:
    """Per game: the search style, the search bot's iterations a second
    (playouts in the "rollouts" style; half a second from a
    position ten default-bot moves in), the seconds a decision of the
    `search` and `deep` levels take (p95 over `decisions` and one decision)
    and the iterations they reach in that time (median)."""
    from engine.bots.search import Budget
    from engine.registry import REGISTRY

    out: dict[str, Any] = {}
    for entry in REGISTRY.entries():
        if not REGISTRY.is_playable(entry.id):
            continue
        rs = REGISTRY.get(entry.id)
        n = rs.min_players
        state = rs.new_game(n, 5, rs.default_options())
        bots = [rs.make_bot(rs.default_bot_level, 9 + s) for s in range(n)]
        for _ in range(10):
            if state.is_over():
                break
            s = state.to_act()[0]
            state.apply(s, bots[s].choose(state.view(s), s))
        s = state.to_act()[0]
        probe_bot = rs.make_bot("search", 1)
        probe_bot.budget = Budget(iterations=None, seconds=0.5)
        probe_bot.analyse(state.view(s), s)
        row: dict[str, Any] = {"players": n, "style": rs.search_style,
                               "iterations_per_s": round(probe_bot.last_iterations / 0.5)}
        for level, count in (("search", decisions), ("deep", 1)):
            times = []
            iters = []
            st = state.clone()
            for k in range(count):
                if st.is_over():
                    break
                seat = st.to_act()[0]
                while len(st.legal(seat)) < 2 and not st.is_over():  # no decision: the default bot moves
                    st.apply(seat, bots[seat].choose(st.view(seat), seat))
                    seat = st.to_act()[0] if not st.is_over() else seat
                if st.is_over():
                    break
                t = time.perf_counter()
                bot = rs.make_bot(level, k)
                mv = bot.choose(st.view(seat), seat)
                times.append(time.perf_counter() - t)
                iters.append(bot.last_iterations)
                st.apply(seat, mv)
            times.sort()
            if not times:
                continue
            row[f"{level}_p95_s"] = round(times[min(len(times) - 1, int(0.95 * len(times)))], 3)
            row[f"{level}_iterations"] = sorted(iters)[len(iters) // 2]
        out[entry.id] = row
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", metavar="FILE", help="write the results as JSON to FILE")
    ap.add_argument("--quick", action="store_true", help="shorter budgets (a rough figure in ~1 minute)")
    ap.add_argument("--keys-only", action="store_true", help="only the key latency and its floor (~20 s)")
    ap.add_argument("--cli-only", action="store_true", help="only the CLI start-up ratios (~10 s)")
    ap.add_argument("--moves", action="store_true",
                    help="only the cost of checking moves: each example save loaded, its moves played through a session (~20 s)")
    ap.add_argument("--search", action="store_true",
                    help="only the search bot: iterations/s and search/deep p95 s a decision (~1 minute)")
    args = ap.parse_args(argv)
    t = time.perf_counter()
    if args.search:
        figures = search_figures()
        for game, row in figures.items():
            print(f"{game:<20} " + "  ".join(f"{k}={v}" for k, v in row.items()))
        if args.json:
            Path(args.json).write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
        return 0
    if args.moves:
        moves = move_figures()
        for game, row in moves.items():
            print(f"{game:<20} " + "  ".join(f"{k}={v}" for k, v in row.items()))
        if args.json:
            Path(args.json).write_text(json.dumps(moves, indent=1) + "\n", encoding="utf-8")
        return 0
    res = measure_keys() if args.keys_only else measure_cli_only() if args.cli_only else measure(args.quick)
    res["seconds"] = round(time.perf_counter() - t, 1)
    print(table(res))
    print(f"({res['seconds']} s)")
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
