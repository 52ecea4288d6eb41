"""One browser tab's connection to its TUI process: the browser's websocket
(textual-serve's page: JSON messages `["stdin", text]`, `["resize", {...}]`,
`["ping", x]`, `["focus"]`, `["blur"]`; the screen comes back as binary
frames) to the process's socket (Textual's web driver: packets of a type
byte, a 4-byte length and the payload; `D` data, `M` meta).

The same limits as an SSH session's input hold (tui/server/relay_io.py's
token bucket and tui/server/wire.py's paste handling), output waits for
this browser alone, and a message too big ends the connection.
"""
from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass

from aiohttp import WSMsgType, web

from tui.server.relay_io import InputBucket
from tui.server.wire import PASTE_BYTES, InputCleaner

PRELUDE = b"__GANGLION__\n"
"""What Textual's web driver writes before its first packet."""
MAX_SIDE = 500
"""A browser's terminal is at most this many cells wide and high."""


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet to the web driver."""
    return kind + len(payload).to_bytes(4, "big") + payload


@dataclass(frozen=True)
class RelayLimits:
    """What one browser may send (as `ssh.Limits` for a terminal)."""

    idle_seconds: float
    input_rate: float
    input_burst: float
    flood_bytes: int


async def relay(ws: web.WebSocketResponse, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                limits: RelayLimits) -> str | None:
    """Carry both ways until either side ends; the last line for the
    browser (idle, too much input), or None."""
    tasks = [asyncio.create_task(_out(ws, reader)), asyncio.create_task(_in(ws, writer, limits))]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    said = [t.result() for t in done if not t.cancelled() and t.exception() is None]
    return next((s for s in said if s), None)


async def _out(ws: web.WebSocketResponse, reader: asyncio.StreamReader) -> None:
    """The process's screen to the browser, at the browser's pace."""
    try:
        for _ in range(10):  # anything before the prelude is not the driver's
            line = await reader.readline()
            if not line or line == PRELUDE:
                break
        while True:
            head = await reader.readexactly(5)
            payload = await reader.readexactly(int.from_bytes(head[1:], "big"))
            if head[:1] == b"D":
                await ws.send_bytes(payload)
            elif head[:1] == b"M" and _meta_type(payload) == "exit":
                return
    except (asyncio.IncompleteReadError, ConnectionError):
        return


def _meta_type(payload: bytes) -> str | None:
    try:
        meta = json.loads(payload)
    except ValueError:
        return None
    return meta.get("type") if isinstance(meta, dict) else None


async def _in(ws: web.WebSocketResponse, writer: asyncio.StreamWriter, limits: RelayLimits) -> str | None:
    """The browser's keys and size to the process; the reason it stopped, if one is said."""
    bucket = InputBucket(limits.input_rate, limits.input_burst)
    cleaner = InputCleaner()
    last_key = time.monotonic()
    while True:
        left = limits.idle_seconds - (time.monotonic() - last_key)
        if left <= 0:
            return "idle for too long; your games wait for you"
        try:
            msg = await ws.receive(timeout=left)
        except asyncio.TimeoutError:
            continue
        if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
            return None
        if msg.type != WSMsgType.TEXT:
            continue
        try:
            envelope = json.loads(msg.data)
        except ValueError:
            continue
        if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
            continue
        kind, args = envelope[0], envelope[1:]
        if kind == "stdin" and args and isinstance(args[0], str):
            last_key = time.monotonic()
            data = cleaner.skip(args[0].encode("utf-8", "replace"))
            said: list[bytes] = []
            allowed = bucket.admit_with(data, limits.flood_bytes, said.append, said.append)
            for words in said:
                if words != b"\a":
                    return words.decode().strip().removeprefix("tsquare: ")
                await ws.send_bytes(words)
            if allowed is None:
                return None
            burst = len(data) >= PASTE_BYTES
            fed = cleaner.feed(allowed, cut=len(allowed) < len(data), burst=burst)
            if fed:
                writer.write(packet(b"D", fed))
        elif kind == "resize" and args and isinstance(args[0], dict):
            size = _size(args[0])
            if size is not None:
                writer.write(packet(b"M", json.dumps({"type": "resize", "width": size[0], "height": size[1]}).encode()))
        elif kind == "ping" and args and isinstance(args[0], str) and len(args[0]) <= 32:
            await ws.send_json(["pong", args[0]])
        elif kind in ("focus", "blur"):
            writer.write(packet(b"M", json.dumps({"type": kind}).encode()))
        else:
            continue
        await writer.drain()


def _size(asked: dict[str, object]) -> tuple[int, int] | None:
    """A browser's terminal size, bounded; None if it is not one."""
    width, height = asked.get("width"), asked.get("height")
    if not isinstance(width, int) or not isinstance(height, int):
        return None
    return max(1, min(width, MAX_SIDE)), max(1, min(height, MAX_SIDE))
