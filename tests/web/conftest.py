"""Browser tests' fixtures: Debian's Chromium driven by Playwright (the
`chromium` fixture puts a test in the slow `browser` group)."""
from __future__ import annotations

from contextlib import asynccontextmanager

import pytest

from tests.web.browser import VIEWPORT, BrowserTerm, chromium_path
from tui.server.ssh import Front, Limits, WebSettings


@asynccontextmanager
async def web_front(tmp_path, web: WebSettings | None = None, db: str = "files", **limits):
    """A server with a web door on free loopback ports (by default the files
    store: links and sessions in memory), closed at the end."""
    front = Front(tmp_path / "data", Limits(**{"per_key": 2, "idle_seconds": 60, "login_seconds": 20, **limits}),
                  web=web or WebSettings(0), db=db)
    await front.start("127.0.0.1", 0)
    try:
        yield front
    finally:
        await front.close()


@pytest.fixture
async def chromium():
    """A fresh Chromium (headless, Debian's): missing under CI=true fails, elsewhere skips."""
    path = chromium_path()
    playwright = pytest.importorskip("playwright.async_api")
    async with playwright.async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=path, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            await browser.close()


@pytest.fixture
async def page(chromium):
    """A 1280x800 tab with its terminal (`page.term`); nothing leaves loopback."""
    context = await chromium.new_context(viewport=VIEWPORT)
    await context.route("**/*", _loopback_only)
    tab = await context.new_page()
    tab.term = BrowserTerm(tab)
    yield tab
    await context.close()


async def _loopback_only(route) -> None:
    """The page's fonts from the internet (textual-serve's template) are not fetched."""
    host = route.request.url.split("/")[2].rsplit(":", 1)[0]
    if host in ("127.0.0.1", "localhost", "[::1]"):
        await route.continue_()
    else:
        await route.abort()
