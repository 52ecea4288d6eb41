"""Errors a player or a script can act on; each message is one plain line."""


class MoveError(ValueError):
    """A move text that cannot be played; the message says why."""


class InvalidMoveError(MoveError):
    """The text is not a move in this game's notation."""


class IllegalMoveError(MoveError):
    """The text is a move, but not one allowed in this position."""


class AmbiguousMoveError(MoveError):
    """The text matches more than one legal move."""


class SaveError(ValueError):
    """A save file that cannot be read, trusted or written."""


NOT_PLAYED = "Not played, the game could not be saved"
"""How every screen and plain mode begin the line for a move its save (or
a server's database) refused."""


class NotPlayedError(SaveError):
    """A move the storage could not take, nothing played; the message is the
    whole sentence a player reads (screens show it as it is)."""
