"""asyncssh, imported once without the library's own warnings.

asyncssh names the DSA key classes that cryptography (from 47 on) marks
deprecated, so importing it prints `CryptographyDeprecationWarning: DSA is
deprecated` up to ten times on stderr: lines that are not the server's and
that an operator cannot act on. The server and the plain relay import
asyncssh from here, which drops exactly that warning (its category, raised
from asyncssh's own modules) while the import runs, and nothing else.
"""

from __future__ import annotations

import warnings

with warnings.catch_warnings():
    try:
        from cryptography.utils import CryptographyDeprecationWarning
    except ImportError:  # pragma: no cover - asyncssh always brings cryptography
        pass
    else:
        warnings.filterwarnings("ignore", category=CryptographyDeprecationWarning, module=r"asyncssh(\.|$)")
    import asyncssh

__all__ = ["asyncssh"]
