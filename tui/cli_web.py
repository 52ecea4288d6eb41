"""`tsquare web`: the suite in a browser on this machine (tui/web_local.py)."""

import typer

from tui.cli_base import _saves_dir, app, fail


@app.command()
def web(
    port: int = typer.Option(8000, "--port", help="TCP port for the browser page."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (loopback unless --open-to-network)."),
    open_to_network: bool = typer.Option(
        False, "--open-to-network", help="Allow a --host other than loopback: anyone who reaches it plays "
        "as you, with your saves (no sign-in)."
    ),
    public_url: str = typer.Option("", "--public-url", help="The page's address if not http://HOST:PORT (a proxy)."),
) -> None:
    """Play in a browser: the same menu, games and saves as the terminal, at http://127.0.0.1:8000."""
    from tui.web_local import is_loopback, serve_local

    if not 1 <= port <= 65535:
        fail("--port takes 1 to 65535")
    if not is_loopback(host) and not open_to_network:
        fail(f"--host {host} is not loopback: anyone who reaches it would play with your saves; "
             "add --open-to-network if you mean it")
    if public_url and not public_url.startswith(("http://", "https://")):
        fail("--public-url takes an http:// or https:// address")
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        fail("tsquare web needs textual-serve: pip install textual-serve")
    if not is_loopback(host):
        print(f"tsquare: warning: listening on {host}: anyone who can reach port {port} plays as you, "
              "with your saves (there is no sign-in)")
    try:
        serve_local(_saves_dir(), host, port, public_url.rstrip("/"))
    except OSError as exc:
        fail(f"cannot serve on {host}:{port}: {exc.strerror or exc}")
