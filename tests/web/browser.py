"""A real Chromium (Debian's, through Playwright's `executable_path`) on a
T-Square web page, and the terminal screen it was sent, redrawn by pyte
from the websocket's frames (xterm.js draws on a canvas: no text to read)."""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import time
from urllib.parse import parse_qs, urlsplit

import pytest

pyte = pytest.importorskip("pyte")

CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
VIEWPORT = {"width": 1280, "height": 800}


def chromium_path() -> str:
    """Debian's Chromium; under CI=true its absence fails the test, elsewhere skips it."""
    for path in (os.environ.get("TSQUARE_CHROMIUM"), *CHROMIUM_PATHS, shutil.which("chromium")):
        if path and os.path.exists(path):
            return path
    if os.environ.get("CI"):
        pytest.fail("Chromium is missing (apt-get install chromium; .ci/run installs it)")
    pytest.skip("Chromium is missing (apt-get install chromium)")


class BrowserTerm:
    """The terminal a page's websocket drew, as pyte sees it."""

    def __init__(self, page) -> None:
        self.page = page
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.sockets = 0
        self.closed = False
        page.on("websocket", self._opened)

    def _opened(self, ws) -> None:
        query = parse_qs(urlsplit(ws.url).query)
        self.sockets += 1
        self.screen.resize(int(query.get("height", ["24"])[0]), int(query.get("width", ["80"])[0]))
        ws.on("framereceived", self._received)
        ws.on("framesent", self._sent)
        ws.on("close", lambda _ws: setattr(self, "closed", True))

    def _received(self, payload) -> None:
        if isinstance(payload, bytes):
            self.stream.feed(payload)

    def _sent(self, payload) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = json.loads(payload)[1]
            self.screen.resize(size["height"], size["width"])

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, needle: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if needle in self.text():
                return self.text()
            await asyncio.sleep(0.05)
        raise AssertionError(f"{needle!r} never appeared in the browser; its screen:\n{self.text()}")

    async def press(self, *keys: str) -> None:
        for key in keys:
            await self.page.keyboard.press(key)
