"""Where saves live: --saves DIR, else $TSQUARE_SAVES, else the user's data folder."""
from __future__ import annotations

import os
import shlex
from datetime import datetime
from pathlib import Path
from typing import Callable


def saves_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The folder new games are saved in (not created here)."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get("TSQUARE_SAVES")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("tsquare", appauthor=False)) / "saves"


def new_save_path(folder: Path, game_id: str) -> Path:
    """A fresh file name in `folder` for a new game of `game_id`."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_id}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"{game_id}-{stamp}-{n}.json"
        n += 1
    return path


def _exists(path: Path) -> bool:
    """Whether anything (even a dangling link) is at `path`; an unreadable
    folder counts as yes, so that reading it reports why."""
    try:
        os.lstat(path)
        return True
    except FileNotFoundError:
        return False
    except OSError:
        return True


def resolve_save(name: str, folder: Path | Callable[[], Path]) -> Path:
    """`name` as given if it exists (or has a folder part), else in `folder`
    (which may be a function giving it, called only then: finding the user's
    data folder costs more than the rest of `tsquare show`)."""
    path = Path(name).expanduser()
    if _exists(path) or path.parent != Path("."):
        return path
    if callable(folder):
        folder = folder()
    for candidate in (folder / name, folder / f"{name}.json"):
        if _exists(candidate):
            return candidate
    return path


def command_name(path: Path) -> str:
    """How a command the player types names the save at `path`: its file
    name alone where `resolve_save` finds it by that name (in the saves
    folder, from here), else the whole path; quoted for a shell. A short
    name keeps the command on one line of a reader's 80 columns."""
    try:
        if resolve_save(path.name, saves_dir).resolve() == path.resolve():
            return shlex.quote(path.name)
    except OSError:  # a folder that cannot be read: say the whole path
        pass
    return shlex.quote(str(path))


def make_folder(path: Path) -> Path | None:
    """Create the folder a new file at `path` goes in, if missing; the folder
    if it was created now, else None. OSError if it cannot be made."""
    folder = Path(os.path.realpath(path)).parent
    if folder.is_dir():
        return None
    folder.mkdir(parents=True, exist_ok=True)
    return folder
