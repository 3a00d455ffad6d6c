"""``euchre serve [--host H] [--port P]``: the browser table (:mod:`engine.web`).

It listens on the loopback interface unless ``--host`` says otherwise, so that nobody else on
the network reaches it by default. Beyond loopback it makes a host key and prints it in its
link: only a browser that opened that link makes tables (:mod:`engine.web.host_key`). It needs
the ``web`` extra (Starlette, uvicorn, Jinja2); without it the command says how to install it
and exits 1. A port that cannot be listened on (taken, or privileged) is reported on one line,
exit 1.
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
        "gets a link to a seat; --host 0.0.0.0 lets other machines of the network reach it, "
        "and prints a link with a host key: only its holder makes tables). "
        "Games are kept in memory. Ctrl-C stops the server.")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; any "
                   "other needs the host key printed at start to make tables)")
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


def address(host: str, port: int, key: str | None) -> str:
    """The link ``serve`` prints: an address other machines reach when it listens on every
    interface (this machine's address on its network), with the host key when it has one.

    >>> address("127.0.0.1", 8000, None), address("::1", 80, "k")
    ('http://127.0.0.1:8000/', 'http://[::1]:80/?key=k')
    """
    if host in ("0.0.0.0", "::"):  # every interface: the one the network reaches
        host = _network_address(socket.AF_INET6 if host == "::" else socket.AF_INET)
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + (f"?key={key}" if key else "")


def _network_address(family: socket.AddressFamily) -> str:
    """This machine's address on its network (a UDP socket's own address after ``connect``,
    which sends nothing), else its host name."""
    target = ("2001:db8::1", 9) if family == socket.AF_INET6 else ("192.0.2.1", 9)
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect(target)
            return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostname()


def _serve(args: argparse.Namespace) -> int:
    missing = [m for m in ("starlette", "uvicorn", "jinja2")
               if importlib.util.find_spec(m) is None]
    if missing:
        raise EuchreError(f"`euchre serve` needs {' and '.join(missing)}: install the web "
                          "extra (pip install 'euchrekit[web]')")
    # The web extra, imported only here: the other commands need none of it.
    import uvicorn  # noqa: PLC0415 - optional dependency

    from engine.web.app import create_app  # noqa: PLC0415 - imports Starlette
    from engine.web.host_key import needs_key, new_key  # noqa: PLC0415 - imports Starlette

    sock = listen(args.host, args.port)
    host, port = sock.getsockname()[:2]
    key = new_key() if needs_key(host) else None
    print(f"euchrekit: the browser table is at {address(host, port, key)} (Ctrl-C stops it)",
          file=sys.stdout, flush=True)
    if key is not None:
        print("It listens beyond this machine, so only the holder of the host key in that "
              "link makes tables: open it in your own browser and keep it to yourself; "
              "friends join by the invite link of their seat. Nothing is encrypted (no "
              "TLS): play on a network you trust.", file=sys.stdout, flush=True)
    # Pages of a shared table keep an event stream open: Ctrl-C ends them after 2 s.
    config = uvicorn.Config(create_app(host_key=key), log_level="warning", access_log=False,
                            timeout_graceful_shutdown=2)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
