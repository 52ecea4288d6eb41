"""`tsquare web`: the local suite (menu, games, saves) in a browser on this
machine, through textual-serve: each browser tab gets its own `tsquare`
process running the ordinary app on Textual's web driver, with the same
saves folder as the terminal's."""
from __future__ import annotations

import asyncio
import ipaddress
import shlex
import sys
from pathlib import Path
from typing import Any, Callable


def is_loopback(host: str) -> bool:
    """True for localhost and the loopback addresses (127.0.0.0/8, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def app_command(saves: Path) -> str:
    """The shell command each browser tab runs: this interpreter's tsquare on `saves`."""
    return shlex.join([sys.executable, "-c", "from tui.cli import main; main()", "--saves", str(saves)])


def address(host: str, port: int) -> str:
    """The page's address as a browser types it."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def serve_local(saves: Path, host: str, port: int, public_url: str = "", say: Callable[[str], None] = print) -> None:
    """Serve the suite until interrupted (Ctrl+C)."""
    from textual_serve.server import Server

    url = public_url or address(host, port)

    tabs: set[asyncio.Task[Any]] = set()

    class _Quiet(Server):
        """textual-serve's server, announcing itself in T-Square's words, and
        stopping at once with tabs open (each tab's app told to quit)."""

        async def on_startup(self, app: Any) -> None:
            say(f"tsquare: the suite is at {url} (saves in {saves}); Ctrl+C stops it")

        async def handle_websocket(self, request: Any) -> Any:
            task = asyncio.current_task()
            if task is not None:
                tabs.add(task)
                task.add_done_callback(tabs.discard)
            return await super().handle_websocket(request)

        async def on_shutdown(self, app: Any) -> None:
            for task in list(tabs):
                task.cancel()
            if tabs:
                await asyncio.wait(list(tabs), timeout=5)

    _check_free(host, port)  # before the address is announced
    _Quiet(app_command(saves), host=host, port=port, title="T-Square", public_url=url).serve()


def _check_free(host: str, port: int) -> None:
    """OSError if nothing can listen on (host, port) now."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((host.strip("[]"), port))
