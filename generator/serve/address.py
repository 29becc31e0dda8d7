"""Where the preview listens: the port it may take, the address it shows, loopback or not."""

from __future__ import annotations

import errno
import ipaddress
import logging
import socket
from pathlib import Path

from generator.errors import UsageError
from generator.serve.server import PreviewServer

log = logging.getLogger("cvsite")

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
PORT_TRIES = 10


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def base_url(host: str, port: int) -> str:
    """The address shown to the user (and the site's base_url while previewing)."""
    shown = "localhost" if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def listen(host: str, port: int | None, output: Path) -> PreviewServer:
    """Bind `port` on `host` (None: the first free one from 8000)."""
    ports = [port] if port is not None else range(DEFAULT_PORT, DEFAULT_PORT + PORT_TRIES)
    for number in ports:
        try:
            server = PreviewServer(host, number, output)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE and port is None:
                log.info("port %d is in use; trying %d", number, number + 1)
                continue
            raise _refusal(exc, host, number, port is not None) from None
        if port is None and number != DEFAULT_PORT:
            log.warning("port %d is in use; serving on port %d instead", DEFAULT_PORT, number)
        return server
    first, last = DEFAULT_PORT, DEFAULT_PORT + PORT_TRIES - 1
    raise UsageError(f"ports {first}-{last} are all in use; choose one with --port")


def _refusal(exc: OSError, host: str, port: int, named: bool) -> UsageError:
    """What the user is told when `port` on `host` cannot be had."""
    if exc.errno == errno.EADDRINUSE and named:
        return UsageError(
            f"port {port} on {host} is already in use (another cvsite serve?); "
            "choose another with --port"
        )
    if exc.errno == errno.EADDRNOTAVAIL or isinstance(exc, socket.gaierror):
        return UsageError(f"--host {host}: no such address on this machine")
    return UsageError(f"cannot listen on {host}:{port}: {exc.strerror}")
