"""Comparing two snapshots: the fields both write, and where they first differ.

Loading a save checks its stored snapshot against the replayed one, and an
upgrade checks every ply under the old and the new rules: both compare
snapshots the same way, here.
"""
from __future__ import annotations

from typing import Any


def shared_fields(a: Any, b: Any) -> Any:
    """`a` without the object keys `b` lacks at the same place (lists walked
    item by item): two snapshots are compared on the fields both write."""
    if isinstance(a, dict) and isinstance(b, dict):
        return {k: shared_fields(v, b[k]) for k, v in a.items() if k in b}
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [shared_fields(x, y) for x, y in zip(a, b)]
    return a


def first_difference(a: Any, b: Any, where: str = "") -> str:
    """A short path to the first place two JSON values differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{where}.{key}".lstrip(".")
            found = first_difference(a[key], b[key], f"{where}.{key}")
            if found:
                return found
        return ""
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"{where} (length {len(a)} vs {len(b)})".lstrip(".")
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{where}[{i}]")
            if found:
                return found
        return ""
    return "" if a == b else (where.lstrip(".") or "(root)")
