"""Crash reports: capped in number and size, and a person connected to a
server is told a reference, never a path on the server."""
from __future__ import annotations

import re

import pytest

from engine import crash
from engine.crash import KEEP_REPORTS, REPORT_BYTES, report_folder, report_ref, write_report


def boom(message: str = "kaboom") -> RuntimeError:
    try:
        raise RuntimeError(message)
    except RuntimeError as exc:
        return exc


def test_a_folder_keeps_the_newest_reports_only(tmp_path, monkeypatch):
    stamps = iter(f"20260101-{i:06d}" for i in range(KEEP_REPORTS + 7))
    monkeypatch.setattr(crash.time, "strftime", lambda fmt, *_: next(stamps) if "%Y%m%d" in fmt else "T")
    written = [write_report(boom(), tmp_path) for _ in range(KEEP_REPORTS + 7)]
    left = sorted(p.name for p in report_folder(tmp_path).iterdir())
    assert len(left) == KEEP_REPORTS
    assert left == sorted(p.name for p in written[7:])  # the seven oldest went


def test_a_huge_error_makes_a_report_of_at_most_the_cap_with_its_end(tmp_path):
    report = write_report(boom("x" * 1_000_000 + " THE END"), tmp_path)
    assert report is not None and report.stat().st_size <= REPORT_BYTES
    text = report.read_text(encoding="utf-8")
    assert text.startswith("tsquare crash report") and "THE END" in text and "bytes left out" in text


def test_a_report_is_named_by_its_reference(tmp_path):
    report = write_report(boom(), tmp_path)
    assert report is not None and re.fullmatch(r"[0-9a-f]{6}", report_ref(report))
    assert report.stat().st_mode & 0o077 == 0  # its owner's only


async def test_a_remote_crash_names_a_reference_and_no_path(tmp_path, monkeypatch):
    from tui.server.player import LobbyApp
    from tui.server.screens.lobby import LobbyScreen
    from tui.server.store import Store

    store = Store(tmp_path / "data")
    store.make()

    def _boom(self):
        raise RuntimeError("kaboom in " + str(tmp_path))

    monkeypatch.setattr(LobbyScreen, "action_create", _boom)
    app = LobbyApp(store.root, "alice")
    with pytest.raises(RuntimeError):
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("c")
            await pilot.pause()
    assert app.crash is not None
    ref = re.search(r"reference ([0-9a-f]{6})", app.crash)
    assert ref and "operator" in app.crash
    assert "/" not in app.crash and str(tmp_path) not in app.crash and "RuntimeError" not in app.crash
    (report,) = report_folder(store.root / "reports").iterdir()
    assert report_ref(report) == ref.group(1) and "kaboom" in report.read_text()


def test_outside_the_app_a_remote_failure_is_a_reference_too(tmp_path):
    from tui.server.player import outside_crash_line

    line = outside_crash_line(boom("no such file " + str(tmp_path)), tmp_path)
    assert "reference" in line and str(tmp_path) not in line
    assert outside_crash_line(KeyboardInterrupt(), tmp_path) == "tsquare: KeyboardInterrupt"
