"""The `tsquare` command line: every headless command, and every bad input
(exit 2, one `tsquare:` line on stderr, the file left byte for byte)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.saves import MAX_BYTES, state_hash
from tui.cli import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


def ok(*args: str):
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result


def assert_bad(result, *fragments: str) -> str:
    """Exit 2 with exactly one line on stderr, starting 'tsquare:'."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("tsquare: "), lines[0]
    for f in fragments:
        assert f in lines[0], (f, lines[0])
    return lines[0]


def doc_of(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ commands
def test_games():
    out = ok("games").stdout
    line = next(l for l in out.splitlines() if l.startswith("grid-square"))
    assert "Grid Square" in line and "2 players" in line and "bots: random, greedy" in line
    assert "option sliding=yes" in out
    from engine.registry import REGISTRY

    for entry in REGISTRY.entries():
        assert entry.id in out and entry.title in out


def test_rules():
    out = ok("rules", "grid-square").stdout
    assert "Grid Square" in out
    assert_bad(run("rules", "chess"), "unknown game 'chess'")


def _rules_in_a_terminal(tmp_path: Path, *extra: str) -> tuple[str, str]:
    """`tsquare rules squire` with a terminal for its output and a pager that
    keeps what it is given: (what reached the terminal, what the pager got)."""
    import pty

    paged = tmp_path / "paged.txt"
    main, sub = pty.openpty()
    env = {**os.environ, "PAGER": f"cat > {paged}", "TERM": "xterm", "COLUMNS": "80", "LINES": "24"}
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "rules", "squire", *extra], stdin=sub, stdout=sub, stderr=sub,
                            env=env, cwd=ROOT)
    os.close(sub)
    shown = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the terminal's last writer is gone
            break
        if not chunk:
            break
        shown += chunk
    os.close(main)
    assert proc.wait(30) == 0, shown[-500:]
    return shown.decode("utf-8", "replace"), paged.read_text() if paged.exists() else ""


def test_rules_in_a_terminal_open_in_the_pager(tmp_path):
    shown, paged = _rules_in_a_terminal(tmp_path)
    assert "Squire" in paged and len(paged.splitlines()) > 100  # the whole text went to the pager
    assert "Squire" not in shown  # and nothing scrolled past on the terminal
    shown, paged = _rules_in_a_terminal(tmp_path / "no", "--no-pager")
    assert "Squire" in shown and paged == ""


def test_new(tmp_path):
    f = tmp_path / "g.json"
    out = ok("new", "grid-square", "-o", f, "--seed", "7", "--bot", "2=random", "--name", "1=Ana",
             "--option", "sliding=no").stdout
    assert str(f) in out and "seed 7" in out
    doc = doc_of(f)
    assert doc["game"] == "grid-square" and doc["seed"] == 7 and doc["moves"] == []
    assert doc["players"][0] == {"name": "Ana", "kind": "human"}
    assert doc["players"][1]["kind"] == "bot:random" and doc["players"][1]["name"].startswith("Bot 2")
    assert doc["options"] == {"sliding": False}
    assert doc["snapshot"]["ply"] == 0 and doc["snapshot"]["state"]["slides_allowed"] is False
    # no overwriting without --force
    before = f.read_bytes()
    assert_bad(run("new", "grid-square", "-o", f), "already exists")
    assert f.read_bytes() == before
    ok("new", "grid-square", "-o", f, "--seed", "8", "--force")
    assert doc_of(f)["seed"] == 8


def test_moves(gs_file):
    lines = ok("moves", gs_file).stdout.splitlines()
    assert lines == sorted(lines)
    assert "Sa4h" in lines and "Sd4h" not in lines and "Sa3h" not in lines
    fresh = gs_file.parent / "fresh.json"
    ok("new", "grid-square", "-o", fresh, "--seed", "1")
    assert len(ok("moves", fresh).stdout.splitlines()) == 378
    assert len(ok("moves", fresh, "--as", "1").stdout.splitlines()) == 378
    assert_bad(run("moves", fresh, "--as", "2"), "seat 2 has no move to make now")


def test_move_one(gs_file):
    out = ok("move", gs_file, "Sh1h").stdout
    assert "placed a small building on h1–i1" in out  # the log speaks words, not notation
    doc = doc_of(gs_file)
    assert doc["moves"][-1] == [2, "Sh1h"]
    assert doc["snapshot"]["ply"] == 6 and doc["snapshot"]["state"]["phase"] == "slide"


def test_move_several(gs_file):
    ok("move", gs_file, "Sh1h", "pass", "Sg1h", "Sh1h-n1")
    doc = doc_of(gs_file)
    assert doc["moves"][-4:] == [[2, "Sh1h"], [2, "pass"], [1, "Sg1h"], [1, "Sh1h-n1"]]
    assert doc["snapshot"]["ply"] == 9
    ok("verify", gs_file)


@pytest.mark.parametrize(
    "moves, fragment",
    [
        (["Sh1h", "pass", "Sa4h", "Zz9"], "move 4 'Zz9'"),  # garbled at the end
        (["Sh1h", "pass", "Sd4h"], "move 3 'Sd4h'"),  # overlaps: illegal here
        (["@a1"], "'@a1'"),
        (["Sh1h", "@a1"], "move 2"),
    ],
)
def test_move_is_all_or_nothing(gs_file, moves, fragment):
    before = gs_file.read_bytes()
    line = assert_bad(run("move", gs_file, *moves), fragment, "nothing saved")
    assert gs_file.read_bytes() == before, line


def test_move_for_a_seat_not_to_act(gs_file):
    before = gs_file.read_bytes()
    assert_bad(run("move", gs_file, "Sh1h", "--as", "1"), "not Seat 1's turn")
    assert_bad(run("move", gs_file, "Sh1h", "--as", "3"), "--as 3")
    assert gs_file.read_bytes() == before


def test_bot_one_move(gs_file):
    out = ok("bot", gs_file).stdout
    assert out.startswith("Ben: ")
    doc = doc_of(gs_file)
    assert len(doc["moves"]) == 6 and doc["moves"][-1][0] == 2
    ok("bot", gs_file, "--level", "random")
    assert len(doc_of(gs_file)["moves"]) == 7


def test_bot_all(tmp_path):
    f = tmp_path / "g.json"
    ok("new", "grid-square", "-o", f, "--seed", "3", "--bot", "1=random", "--bot", "2=random")
    ok("bot", f, "--all")
    doc = doc_of(f)
    assert doc["result"] is not None and doc["snapshot"]["state"]["phase"] == "over"
    assert doc["result"]["termination"]
    assert "finished" in ok("verify", f).stdout
    before = f.read_bytes()
    assert_bad(run("bot", f), "the game is over")
    assert_bad(run("move", f, "Sa1h"), "over")
    assert_bad(run("moves", f), "the game is over")
    assert f.read_bytes() == before


def test_bot_bad_level_and_seat(gs_file):
    before = gs_file.read_bytes()
    assert_bad(run("bot", gs_file, "--level", "smart"), "unknown bot level 'smart'")
    assert_bad(run("bot", gs_file, "--as", "1"), "--as 1")  # seat 2 is to act
    assert_bad(run("bot", gs_file, "--as", "5"), "--as 5")
    assert gs_file.read_bytes() == before


def test_show(gs_file):
    out = ok("show", gs_file).stdout
    assert "after 5 of 5 moves · rules v2" in out and "Ana" in out and "Ben" in out
    assert "a   b   c" in out
    empty = ok("show", gs_file, "--at", "0").stdout
    assert "after 0 of 5 moves" in empty and "───" not in empty and "│" not in empty
    assert ok("show", gs_file, "--as", "2").stdout == out  # nothing is hidden in Grid Square


def test_show_json(gs_file):
    data = json.loads(ok("show", gs_file, "--json").stdout)
    assert data["game"] == "grid-square" and data["ply"] == 5 and data["as"] is None
    assert data["to_act"] == [2] and data["result"] is None
    assert [b[0] for b in data["state"]["buildings"]] == ["Sa3h", "Sd4h", "Mc6v"]
    at2 = json.loads(ok("show", gs_file, "--json", "--at", "2", "--as", "1").stdout)
    assert at2["ply"] == 2 and at2["as"] == 1
    assert [b[0] for b in at2["state"]["buildings"]] == ["Sa1h", "Sd4h"]
    assert at2["state"]["phase"] == "slide"


@pytest.mark.parametrize("args, fragment", [
    (["--at", "6"], "--at 6"), (["--at", "-1"], "--at -1"), (["--as", "0"], "--as 0"), (["--as", "3"], "--as 3"),
])
def test_show_bad_at_as(gs_file, args, fragment):
    before = gs_file.read_bytes()
    assert_bad(run("show", gs_file, *args), fragment)
    assert gs_file.read_bytes() == before


def test_replay(gs_file):
    out = ok("replay", gs_file).stdout
    assert out.startswith("Ply 0")
    heads = [l.split(" · ")[1] for l in out.splitlines() if l.startswith("Ply ") and " · " in l]
    assert [h.split(" — ")[0] for h in heads] == ["Ana: Sa1h", "Ben: Sd4h", "Ben: pass", "Ana: Mc6v", "Ana: Sa1h-n2"]
    assert all(len(h.split(" — ")) == 2 and h.split(" — ")[1] for h in heads)  # each move described
    assert "place a small building" in heads[0]
    part = ok("replay", gs_file, "--from", "1", "--to", "3").stdout
    heads = [l.split(" — ")[0] for l in part.splitlines() if l.startswith("Ply ")]
    assert heads == ["Ply 1", "Ply 2 · Ben: Sd4h", "Ply 3 · Ben: pass"]
    assert_bad(run("replay", gs_file, "--from", "4", "--to", "2"), "--from/--to")
    assert_bad(run("replay", gs_file, "--to", "9"), "--from/--to")


def test_verify(gs_file):
    out = ok("verify", gs_file).stdout
    assert out.startswith("ok: ") and "5 moves" in out and "in progress" in out


def test_list(tmp_path, gs_file):
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    out = ok("--saves", tmp_path, "list").stdout
    lines = out.splitlines()
    game = next(l for l in lines if l.startswith("game.json"))
    assert "Grid Square" in game and "Ana, Ben" in game and "move 6" in game and "rules v2" in game
    assert any(l.startswith("broken.json") and "unreadable" in l for l in lines)
    # a longer title and longer names: every column still starts in one place
    from engine.record import GameRecord, Player
    from engine.saves import save
    from rulesets import REGISTRY

    rs = REGISTRY.get("square-and-compass")
    save(GameRecord.new(rs, [Player("Cassiopeia"), Player("Dorothea")], 3, rs.default_options()),
         tmp_path / "other.json")
    lines = ok("--saves", tmp_path, "list").stdout.splitlines()
    rows = [next(l for l in lines if l.startswith(n)) for n in ("game.json", "other.json")]
    assert "Square and Compass" in rows[1] and "Cassiopeia, Dorothea" in rows[1]
    assert rows[0].index("move 6") == rows[1].index("move 1")
    assert rows[0].index("rules v") == rows[1].index("rules v")
    empty = tmp_path / "none"
    assert "no saved games" in ok("--saves", empty, "list").stdout


def test_list_tells_two_games_of_the_same_players_apart_and_names_old_rules(tmp_path):
    import shutil

    golden = ROOT / "tests" / "golden"
    shutil.copyfile(golden / "squire-v1-in-progress.json", tmp_path / "a.json")
    shutil.copyfile(golden / "squire-v3-finished.json", tmp_path / "b.json")
    lines = ok("--saves", tmp_path, "list").stdout.splitlines()
    a, b = (next(l for l in lines if l.startswith(n)) for n in ("a.json", "b.json"))
    assert "rules v1 (newest v3)" in a and "to play" in a and "move 13" in a
    assert "rules v3" in b and "newest" not in b and (" won" in b or "draw" in b)
    rows = json.loads(ok("--saves", tmp_path, "list", "--json").stdout)
    by_file = {Path(r["file"]).name: r for r in rows}
    assert by_file["a.json"]["rules_version"] == 1 and by_file["a.json"]["newest_rules_version"] == 3
    assert by_file["a.json"]["ply"] == 12 and not by_file["a.json"]["over"] and by_file["b.json"]["over"]
    assert by_file["a.json"]["updated"].startswith("20")


def test_selfplay_json():
    data = json.loads(ok("selfplay", "grid-square", "--games", "3", "--json", "--bot", "1=random",
                         "--bot", "2=random").stdout)
    assert data["game"] == "grid-square" and data["games"] == 3 and data["players"] == 2
    w1, w2 = (s["wins"] for s in data["seats"])
    d1, d2 = (s["draws"] for s in data["seats"])
    assert d1 == d2 and w1 + w2 + d1 == 3
    assert [s["level"] for s in data["seats"]] == ["random", "random"]
    assert data["avg_length"] > 20


def test_selfplay_bad_input():
    assert_bad(run("selfplay", "grid-square", "--games", "0"), "--games")
    assert_bad(run("selfplay", "grid-square", "--games", "1", "--bot", "1=smart"), "--bot '1=smart'")
    assert_bad(run("selfplay", "chess", "--games", "1"), "unknown game")


# ---------------------------------------------------------- bad setup options
@pytest.mark.parametrize("args, fragment", [
    (["--option", "foo=1"], "no option 'foo'"),
    (["--option", "sliding=maybe"], "sliding takes yes or no"),
    (["--option", "sliding"], "NAME=VALUE"),
    (["--bot", "3=greedy"], "--bot '3=greedy'"),
    (["--bot", "x"], "--bot 'x'"),
    (["--bot", "2=smart"], "unknown level"),
    (["--name", "5=Zed"], "--name '5=Zed'"),
    (["--players", "3"], "not 3"),
    (["--seed", "-4"], "--seed"),
])
def test_new_bad_options(tmp_path, args, fragment):
    f = tmp_path / "g.json"
    assert_bad(run("new", "grid-square", "-o", f, *args), fragment)
    assert not f.exists()


def test_new_unknown_game(tmp_path):
    assert_bad(run("new", "chess", "-o", tmp_path / "g.json"), "unknown game 'chess'")
    assert not (tmp_path / "g.json").exists()


# ------------------------------------------------------------ bad save files
def _mutate(doc, path, value):
    *head, last = path
    for k in head:
        doc = doc[k]
    doc[last] = value


def _tamper_field(doc):
    doc["snapshot"]["state"]["turns"] += 1
    doc["snapshot"]["hash"] = state_hash(doc["snapshot"]["state"])


BAD_DOCS = {
    "seed as text": (lambda d: _mutate(d, ["seed"], "7"), "'seed' has the wrong type"),
    "moves not a list": (lambda d: _mutate(d, ["moves"], "Sa1h"), "'moves' has the wrong type"),
    "a move not a pair": (lambda d: _mutate(d, ["moves", 0], "Sa1h"), "move 1 must be"),
    "seat as text": (lambda d: _mutate(d, ["moves", 0, 0], "1"), "move 1 must be"),
    "seat out of range": (lambda d: _mutate(d, ["moves", 0, 0], 3), "seat 3"),
    "players not a list": (lambda d: _mutate(d, ["players"], {}), "'players' has the wrong type"),
    "player without a name": (lambda d: _mutate(d, ["players", 0], {"kind": "human"}), "player 1"),
    "unknown player kind": (lambda d: _mutate(d, ["players", 1, "kind"], "bot:genius"), "unknown kind"),
    "option of a wrong type": (lambda d: _mutate(d, ["options", "sliding"], "yes"), "option sliding"),
    "unknown option": (lambda d: _mutate(d, ["options", "gravity"], True), "no option 'gravity'"),
    "not an object": (lambda d: [d], "not an object"),
    "not a T-Square save": (lambda d: _mutate(d, ["format"], "pgn"), "not a T-Square save"),
    "unknown game": (lambda d: _mutate(d, ["game"], "chess"), "unknown game 'chess'"),
    "format version": (lambda d: _mutate(d, ["format_version"], 99), "format version 99"),
    "ruleset version": (lambda d: _mutate(d, ["ruleset_version"], 99), "rules version 99"),
    "illegal move in the list": (lambda d: _mutate(d, ["moves", 1], [2, "Sa1h"]), "move 2"),
    "garbled move in the list": (lambda d: _mutate(d, ["moves", 1], [2, "Q!"]), "move 2"),
    "move of the wrong seat": (lambda d: _mutate(d, ["moves", 1, 0], 1), "move 2"),
    "snapshot field changed": (_tamper_field, "differs at turns"),
    "snapshot hash mismatch": (lambda d: _mutate(d, ["snapshot", "state", "turns"], 99), "hash does not match"),
    "snapshot ply": (lambda d: _mutate(d, ["snapshot", "ply"], 4), "ply 4"),
    "snapshot missing": (lambda d: d.pop("snapshot") and None, "missing field 'snapshot'"),
}


def _bad_doc(gs_file, case):
    mutate, fragment = BAD_DOCS[case]
    doc = doc_of(gs_file)
    replaced = mutate(doc)  # None: changed in place; else the new document
    gs_file.write_text(json.dumps(doc if replaced is None else replaced, indent=1), encoding="utf-8")
    return fragment


COMMANDS = [["show"], ["show", "--json"], ["moves"], ["move", "Sh1h"], ["bot"], ["verify"], ["replay"]]


@pytest.mark.parametrize("case", sorted(BAD_DOCS))
def test_bad_save_document(gs_file, case):
    fragment = _bad_doc(gs_file, case)
    before = gs_file.read_bytes()
    for cmd in COMMANDS:
        line = assert_bad(run(cmd[0], gs_file, *cmd[1:]), str(gs_file), fragment)
        assert gs_file.read_bytes() == before, (cmd, line)


@pytest.mark.parametrize("content, fragment", [
    (b"{not json", "not valid JSON"),
    (b"", "not valid JSON"),
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b"[1, 2]", "not an object"),
])
def test_bad_save_bytes(tmp_path, content, fragment):
    f = tmp_path / "bad.json"
    f.write_bytes(content)
    for cmd in COMMANDS:
        assert_bad(run(cmd[0], f, *cmd[1:]), str(f), fragment)
        assert f.read_bytes() == content


def test_missing_file_and_folder(tmp_path):
    missing = tmp_path / "nope.json"
    for cmd in COMMANDS:
        assert_bad(run(cmd[0], missing, *cmd[1:]), "no such file")
        assert_bad(run(cmd[0], tmp_path, *cmd[1:]), "is a folder")
    assert not missing.exists()


def test_too_large_file(tmp_path):
    f = tmp_path / "big.json"
    with open(f, "wb") as fh:
        fh.write(b"{" + b" " * MAX_BYTES + b"}")
    size = f.stat().st_size
    for cmd in (["show"], ["move", "Sa1h"], ["verify"]):
        assert_bad(run(cmd[0], f, *cmd[1:]), "too large")
    assert f.stat().st_size == size


def test_resolve_by_name_in_the_saves_folder(tmp_path, gs_file):
    out = ok("--saves", tmp_path, "verify", "game").stdout
    assert "5 moves" in out


def test_a_failing_write_keeps_the_old_file(gs_file, monkeypatch):
    before = gs_file.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    result = run("move", gs_file, "Sh1h")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tsquare: ") and "cannot write" in lines[0]
    assert gs_file.read_bytes() == before
    # the lock file beside the save stays (it is never the save); no temp file does
    assert sorted(p.name for p in gs_file.parent.iterdir()) == [".game.json.lock", "game.json"]


# ------------------------------------------------------- real processes
def _proc(*args: str, code: str | None = None):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cmd = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "tui.cli", *args]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)


def test_real_exit_codes_and_one_line_errors(gs_file, tmp_path):
    before = gs_file.read_bytes()
    good = _proc("verify", str(gs_file))
    assert good.returncode == 0 and good.stderr == ""
    for args in (
        ["show", str(tmp_path / "nope.json")],
        ["move", str(gs_file), "Zz9"],
        ["show", str(gs_file), "--at", "abc"],  # a usage error, from the option parser
        ["show", str(gs_file), "--bogus"],
        ["move", str(gs_file)],  # missing argument
        ["frobnicate"],
    ):
        r = _proc(*args)
        assert r.returncode == 2, (args, r.stderr)
        lines = r.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("tsquare: "), (args, r.stderr)
    assert gs_file.read_bytes() == before


def test_show_does_not_import_textual(gs_file):
    code = (
        "import sys\n"
        "from tui.cli import main\n"
        "sys.argv = ['tsquare'] + sys.argv[1:]\n"
        "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\n"
        "heavy = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'))\n"
        "print('HEAVY', heavy, code, file=sys.stderr)\n"
    )
    for args in (["show", str(gs_file)], ["show", str(gs_file), "--json"], ["moves", str(gs_file)],
                 ["verify", str(gs_file)], ["--help"]):
        r = _proc(*args, code=code)
        assert "HEAVY [] 0" in r.stderr, (args, r.stderr)


@pytest.mark.parametrize("case", ["snapshot field changed", "snapshot hash mismatch", "illegal move in the list"])
def test_show_of_a_tampered_save_fails_in_a_real_process(gs_file, case):
    fragment = _bad_doc(gs_file, case)
    r = _proc("show", str(gs_file))
    assert r.returncode == 2 and r.stdout == "", (case, r.stdout, r.stderr)
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tsquare: ") and fragment in lines[0], (case, r.stderr)


def test_a_command_is_built_only_when_used_and_help_lists_them_all(gs_file, monkeypatch):
    import tui.cli
    import tui.cli_base

    built = []
    real = tui.cli_base.get_command

    def counting(sub):
        command = real(sub)
        built.append(command.name)
        return command

    monkeypatch.setattr(tui.cli_base, "get_command", counting)
    ok("show", gs_file)
    assert built == ["show"]
    built.clear()
    out = ok("--help").stdout
    declared = list(tui.cli.app.on_demand)
    assert built == declared and len(declared) >= 16
    listed = [line.split()[0] for line in out.split("Commands:")[1].splitlines() if line.strip()]
    assert listed == declared  # every command, in the order declared
    typo = run("shw", gs_file)  # a typo still gets the nearest command's name
    assert typo.exit_code == 2 and "No such command 'shw'. Did you mean 'show'?" in typo.stderr
