"""``euchre serve [--host H] [--port P]``: the browser table (:mod:`engine.web`).

It listens on the loopback interface unless ``--host`` says otherwise, so that nobody else on
the network reaches it by default. It needs the ``web`` extra (Starlette, uvicorn, Jinja2); without
it the command says how to install it and exits 1. A port that cannot be listened on (taken,
or privileged) is reported on one line, exit 1.
"""

from __future__ import annotations

import argparse
import importlib.util
import socket
import sys

from engine.core.errors import EuchreError

__all__ = ["register"]


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 to 65535)")
    return int(text)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the ``euchre`` parser."""
    p = sub.add_parser(
        "serve", help="play in a browser: start the local web app",
        description="Start the browser table: open the address it prints, choose a variant "
        "(or paste your own file) and play against bots, or make a table for friends (each "
        "gets a link to a seat; --host 0.0.0.0 lets other machines of the network reach it). "
        "Games are kept in memory. Ctrl-C stops the server.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=_port, default=8000, help="port (default 8000; 0: any free)")
    p.set_defaults(run=_serve)


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``; a :class:`EuchreError` says why not."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise EuchreError(f"cannot listen on {host!r}: {getattr(exc, 'strerror', None) or exc}"
                          ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise EuchreError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def _serve(args: argparse.Namespace) -> int:
    missing = [m for m in ("starlette", "uvicorn", "jinja2")
               if importlib.util.find_spec(m) is None]
    if missing:
        raise EuchreError(f"`euchre serve` needs {' and '.join(missing)}: install the web "
                          "extra (pip install 'euchrekit[web]')")
    # The web extra, imported only here: the other commands need none of it.
    import uvicorn  # noqa: PLC0415 - optional dependency

    from engine.web.app import create_app  # noqa: PLC0415 - imports Starlette

    sock = listen(args.host, args.port)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"euchrekit: the browser table is at http://{shown}:{port}/ (Ctrl-C stops it)",
          file=sys.stdout, flush=True)
    # Pages of a shared table keep an event stream open: Ctrl-C ends them after 2 s.
    config = uvicorn.Config(create_app(), log_level="warning", access_log=False,
                            timeout_graceful_shutdown=2)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
