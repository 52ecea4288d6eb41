"""The web door's few pages of its own (besides textual-serve's terminal
page): sign in by a link, a refused link, signed out. Every value shown is
escaped; no page names a server path or shows a traceback."""
from __future__ import annotations

from html import escape

STYLE = """<style>
body { background: #0c181f; color: #e8e8e8; font: 18px/1.5 "Roboto Mono", Menlo, monospace; margin: 0; }
main { max-width: 40em; margin: 12vh auto; padding: 2em; background: #12232d; }
h1 { font-size: 1.4em; margin-top: 0; }
button { font: inherit; padding: .6em 1.6em; background: #5e0ba7; color: #fff; border: 0; cursor: pointer; }
button:hover { background: #ac5af4; }
code { background: #0c181f; padding: .1em .4em; }
a { color: #9fd3ff; }
</style>"""


def page(title: str, body: str) -> str:
    """A whole page; `body` is HTML already escaped."""
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{STYLE}</head>'
            f"<body><main><h1>{escape(title)}</h1>{body}</main></body></html>")


def how_to_sign_in(ssh_command: str) -> str:
    """What a browser without a session is told."""
    return page("T-Square: sign in", (
        "<p>This is the web door of a T-Square server. Your name here is your SSH key's.</p>"
        f"<p>Make a sign-in link in a terminal:</p><p><code>{escape(ssh_command)} link</code></p>"
        "<p>and open it in this browser (it works once, for 10 minutes).</p>"
    ))


def sign_in(name: str, action: str) -> str:
    """The page of a good link: one button, so that a link previewer that
    fetches the address does not use it up."""
    return page("T-Square: sign in", (
        f"<p>This link signs this browser in as <b>{escape(name)}</b>.</p>"
        f'<form method="post" action="{escape(action)}"><button id="sign-in" type="submit">'
        f"Sign in as {escape(name)}</button></form>"
    ))


def refused_link(ssh_command: str) -> str:
    """A used, expired or unknown link."""
    return page("T-Square: this link does not work", (
        "<p id=\"refused\">This sign-in link was already used or has expired (links work once, for 10 minutes).</p>"
        f"<p>Make a new one: <code>{escape(ssh_command)} link</code></p>"
    ))


def signed_in(name: str) -> str:
    """After the link: on to the lobby (a navigation of this site's own, so
    the SameSite=Strict cookie goes with it)."""
    return page("T-Square: signed in", (
        f'<meta http-equiv="refresh" content="0; url=/"><p>Signed in as {escape(name)}. '
        '<a href="/">Open the lobby</a>.</p>'
    ))


def sign_out(name: str) -> str:
    """The page that signs out every browser of the name's key."""
    return page("T-Square: sign out", (
        f"<p>Signed in as <b>{escape(name)}</b>.</p>"
        '<form method="post" action="/signout"><button id="sign-out-everywhere" type="submit">'
        "Sign out everywhere</button></form>"
        "<p>This signs out every browser signed in with your key (as <code>links revoke all</code> over SSH).</p>"
    ))


def signed_out(count: int) -> str:
    """After signing out."""
    return page("T-Square: signed out", f"<p>Signed out ({count} browser{'s' if count != 1 else ''}).</p>")


def refused(line: str) -> str:
    """A refusal in one line (the server full, too many sessions, not allowed)."""
    return page("T-Square", f"<p>{escape(line)}</p>")
