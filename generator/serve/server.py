"""The preview's HTTP server, on worker threads while the main thread rebuilds: the last good
build (regular files from inside its folder only), the error page, and a script that
long-polls for the next build. Requests must name this machine in their Host header: a page
elsewhere pointing its name at 127.0.0.1 (DNS rebinding) would otherwise read the preview.
"""

from __future__ import annotations

import html
import ipaddress
import logging
import mimetypes
import queue
import re
import socket
import socketserver
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

from generator.confined import NotRegular, open_inside

log = logging.getLogger("cvsite")

SCRIPT_PATH = "/livereload.js"
POLL_PREFIX = "/livereload/"
POLL_SECONDS = 30  # a poll with no rebuild is answered after this; the script asks again
IDLE_SECONDS = 5  # a kept-alive connection that sends nothing more is closed after this

# Asks only while the page is visible: a browser opens at most six connections to a host,
# and every open tab's waiting request holds one.
RELOAD_SCRIPT = b"""// cvsite serve: reload this page when the site is rebuilt (the preview only).
(function () {
  "use strict";
  var epoch = document.currentScript.getAttribute("data-epoch");
  var request = null;

  function swapStylesheet(path) {
    var swapped = false;
    document.querySelectorAll('link[rel~="stylesheet"]').forEach(function (link) {
      var url = new URL(link.href, location.href);
      if (url.origin === location.origin && url.pathname === "/" + path) {
        url.searchParams.set("cvsite-build", epoch);
        link.href = url.href;
        swapped = true;
      }
    });
    return swapped;
  }

  function poll() {
    if (request !== null || document.visibilityState === "hidden") {
      return;
    }
    request = new XMLHttpRequest();
    request.onloadend = function () {
      var answer = this.status === 200 ? this.responseText.split("\\n") : null;
      request = null;
      if (answer === null) {
        setTimeout(poll, 1000);
        return;
      }
      if (answer[0] !== epoch) {
        epoch = answer[0];
        if (!(answer[1] && swapStylesheet(answer[1]))) {
          location.reload();
          return;
        }
      }
      poll();
    };
    request.open("GET", "/livereload/" + epoch);
    request.send();
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden" && request !== null) {
      request.abort();
    } else {
      poll();
    }
  });
  poll();
})();
"""

_HOST_HEADER = re.compile(r"^(?:\[(?P<ipv6>[0-9A-Fa-f:.]+)\]|(?P<name>[^:\[\]]+))(?::\d{1,5})?$")
_WILDCARDS = ("0.0.0.0", "::", "")


# --- who may ask -----------------------------------------------------------------------------


def host_allowed(header: str | None, bound: str) -> bool:
    """Whether a request's Host header names this machine: localhost (RFC 6761), the name
    the server was started with, or an address (which cannot be rebound) it answers on."""
    found = _HOST_HEADER.match((header or "").strip())
    if found is None:
        return False
    host = (found["ipv6"] or found["name"]).lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return found["name"] is not None and host == bound.lower()
    if address.is_loopback or bound in _WILDCARDS:
        return True
    try:
        return address == ipaddress.ip_address(bound)
    except ValueError:
        return False


# --- what browsers are told ------------------------------------------------------------------


class Reloads:
    """The number of the build on show, moved on by each rebuild, and who waits for it."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        # Unique to this server: a page served by an earlier one reloads at its first poll.
        self.epoch = time.time_ns() // 1_000_000
        self._stylesheet: str | None = None  # what alone changed in the last rebuild
        self._closed = False

    def announce(self, stylesheet: str | None = None) -> None:
        """A rebuild was written: browsers reload (or swap `stylesheet`, if that alone changed)."""
        with self._changed:
            self.epoch += 1
            self._stylesheet = stylesheet
            self._changed.notify_all()

    def wait(self, seen: str, seconds: float) -> tuple[int, str | None]:
        """Wait until the build on show is not `seen`: (its number, a stylesheet to swap)."""
        with self._changed:
            self._changed.wait_for(lambda: str(self.epoch) != seen or self._closed, seconds)
            # A stylesheet is swapped only by a page that saw the build before this one.
            swap = self._stylesheet if seen == str(self.epoch - 1) else None
            return self.epoch, swap

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._changed.notify_all()


# --- the pool of worker threads --------------------------------------------------------------


WORKERS = 32
WAITING = 4 * WORKERS  # connections accepted and waiting for a worker
STOP_SECONDS = 0.5


class WorkerPoolMixIn:
    """Mixed into a socketserver.TCPServer: its connections answered by WORKERS threads, not
    ThreadingMixIn's thread each without limit; beyond WAITING more, they wait unaccepted in
    the system's listen queue, holding no descriptor and no thread."""

    def __init__(self, *args: Any, **kwargs: Any):
        # Before the server's own: a port that cannot be had closes the server at once.
        self._waiting: queue.SimpleQueue[tuple[socket.socket, Any] | None] = queue.SimpleQueue()
        self._slots = threading.BoundedSemaphore(WORKERS + WAITING)
        self._closing = threading.Event()
        self._workers: list[threading.Thread] = []
        super().__init__(*args, **kwargs)
        for number in range(WORKERS):  # daemons: a connection must not keep the process alive
            name = f"{type(self).__name__}-{number}"
            self._workers.append(threading.Thread(target=self._work, name=name, daemon=True))
            self._workers[-1].start()

    def process_request(self, request: socket.socket, client_address: Any) -> None:
        """Hand the connection to the workers; while WAITING wait already, wait too."""
        while not self._slots.acquire(timeout=STOP_SECONDS):
            if self._closing.is_set():
                self.shutdown_request(request)  # type: ignore[attr-defined]
                return
        self._waiting.put((request, client_address))

    def crowded(self) -> bool:
        """Whether connections wait for a worker."""
        return not self._waiting.empty()

    def closing(self) -> None:
        """The server stops: the accepting thread waits for a worker no longer."""
        self._closing.set()

    def server_close(self) -> None:
        super().server_close()  # type: ignore[misc]
        self.closing()
        for _ in self._workers:  # each worker ends once the connection it answers is done
            self._waiting.put(None)

    def _work(self) -> None:
        while (taken := self._waiting.get()) is not None:
            request, client_address = taken
            try:
                self.finish_request(request, client_address)  # type: ignore[attr-defined]
            except Exception:
                self.handle_error(request, client_address)  # type: ignore[attr-defined]
            finally:
                self.shutdown_request(request)  # type: ignore[attr-defined]
                self._slots.release()


# --- the server ------------------------------------------------------------------------------


class PreviewServer(WorkerPoolMixIn, socketserver.TCPServer):
    """Serves the preview built in `root`; `error`, when set, is shown instead of every page."""

    allow_reuse_address = True
    # As long as the system allows: socketserver's 5 left a burst of requests unanswered.
    request_queue_size = socket.SOMAXCONN

    def __init__(self, host: str, port: int, root: Path):
        self.address_family = _family(host)
        self.host = host
        self.root = root
        self.error: str | None = None
        self.reloads = Reloads()
        super().__init__((host, port), _Handler)

    def show(self, error: str | None, stylesheet: str | None = None) -> None:
        """The preview was (re)built, or failed with `error`: browsers load it again."""
        self.error = error
        self.reloads.announce(None if error else stylesheet)

    def stop(self) -> None:
        self.closing()
        self.reloads.close()
        self.shutdown()

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001 - socketserver's
        # A browser that leaves a page drops its waiting poll: not worth a word.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            log.exception("cvsite serve: internal error answering a request")


def _family(host: str) -> socket.AddressFamily:
    """IPv6 for an IPv6 address (or a name that has only one), IPv4 otherwise."""
    try:
        return socket.AF_INET6 if ipaddress.ip_address(host).version == 6 else socket.AF_INET
    except ValueError:
        pass
    try:
        families = {info[0] for info in socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)}
    except socket.gaierror:
        return socket.AF_INET  # binding then says the address is not on this machine
    return socket.AF_INET if socket.AF_INET in families or not families else socket.AF_INET6


class _Handler(BaseHTTPRequestHandler):
    server: PreviewServer
    protocol_version = "HTTP/1.1"  # keep-alive: a reload fetches a page and its assets
    server_version = "cvsite-serve"
    sys_version = ""
    timeout = IDLE_SECONDS  # of each read or write: a poll waits on the server, not on this
    # Headers and body go out in two writes: with Nagle's algorithm the body would wait for
    # the browser's delayed acknowledgement of the headers, for every file.
    disable_nagle_algorithm = True

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._answer(body=True)

    def do_HEAD(self) -> None:  # noqa: N802 - http.server's name
        self._answer(body=False)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - http.server's
        pass  # the terminal is for rebuilds and errors

    def _answer(self, body: bool) -> None:
        hosts = self.headers.get_all("Host") or []
        if len(hosts) != 1 or not host_allowed(hosts[0], self.server.host):
            return self._plain(
                HTTPStatus.FORBIDDEN,
                "cvsite serve answers only requests for this machine (localhost).\n",
                body,
            )
        target = urlsplit(self.path)
        if not self.path.startswith("/") or target.scheme or target.netloc:
            return self._plain(HTTPStatus.BAD_REQUEST, "Bad request.\n", body)
        path = target.path
        if path == SCRIPT_PATH:
            return self._send(HTTPStatus.OK, "text/javascript", RELOAD_SCRIPT, body)
        if path.startswith(POLL_PREFIX):
            return self._poll(path.removeprefix(POLL_PREFIX), body)
        self._file(path, body)

    def _poll(self, seen: str, body: bool) -> None:
        epoch, stylesheet = self.server.reloads.wait(seen, POLL_SECONDS)
        answer = f"{epoch}\n{stylesheet or ''}".encode()
        self._send(HTTPStatus.OK, "text/plain", answer, body)

    def _file(self, path: str, body: bool) -> None:
        relative = _relative_path(path)
        if relative is None:
            return self._plain(HTTPStatus.BAD_REQUEST, "Bad request.\n", body)
        epoch = self.server.reloads.epoch  # before the file: a newer file only reloads again
        if self.server.error is not None and _is_page(relative):
            page = error_page(self.server.error)
            return self._send(HTTPStatus.INTERNAL_SERVER_ERROR, "text/html", page, body, epoch)
        folder = relative.endswith("/") or relative == ""
        name = relative + "index.html" if folder else relative
        try:
            data = self._read(name)
        except IsADirectoryError:
            if folder:
                return self._not_found(body, epoch)
            # Built from the folder's name: `//host` must not redirect off.
            return self._redirect(quote(f"/{relative}/"), body)
        except OSError:  # not there; a name longer than the system takes (ENAMETOOLONG)
            return self._not_found(body, epoch)
        self._send(HTTPStatus.OK, _content_type(name), data, body, epoch)

    def _read(self, name: str) -> bytes:
        """A file of the preview, from inside its folder (a link out, a pipe: logged, not there)."""
        try:
            with open_inside(self.server.root, name) as file:
                return file.read()
        except NotRegular as exc:
            log.warning("cvsite serve: %s", exc)
            raise FileNotFoundError(name) from None

    def _not_found(self, body: bool, epoch: int) -> None:
        try:
            data = self._read("404.html")
        except OSError:
            return self._plain(HTTPStatus.NOT_FOUND, "Not found.\n", body)
        self._send(HTTPStatus.NOT_FOUND, "text/html", data, body, epoch)

    def _redirect(self, location: str, body: bool) -> None:
        self.send_response(HTTPStatus.MOVED_PERMANENTLY)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self._let_others_in()
        self.end_headers()

    def _let_others_in(self) -> None:
        """Close a kept-alive connection when others wait: it would hold its worker idle."""
        if self.server.crowded():
            self.send_header("Connection", "close")

    def _plain(self, status: HTTPStatus, text: str, body: bool) -> None:
        self._send(status, "text/plain", text.encode(), body)

    def _send(
        self, status: int, kind: str, data: bytes, body: bool, epoch: int | None = None
    ) -> None:
        if kind == "text/html" and epoch is not None:
            data = _with_script(data, epoch)
        if kind.startswith("text/"):
            kind += "; charset=utf-8"
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self._let_others_in()
        self.end_headers()
        if body:
            self.wfile.write(data)


def _relative_path(path: str) -> str | None:
    """The file a URL path names inside the preview, or None (`..`, `\\`, NUL…)."""
    try:
        decoded = unquote(path, errors="strict")
    except UnicodeDecodeError:
        return None
    parts = decoded.split("/")
    if any(part in (".", "..") or "\\" in part or "\x00" in part for part in parts):
        return None
    relative = "/".join(part for part in parts if part)
    return relative + "/" if relative and decoded.endswith("/") else relative


def _is_page(path: str) -> bool:
    last = path.rsplit("/", 1)[-1]
    return not last or last.endswith((".html", ".htm")) or "." not in last


def _content_type(name: str) -> str:
    if name.endswith(".js"):
        return "text/javascript"
    return mimetypes.guess_type(name)[0] or "application/octet-stream"


def _with_script(page: bytes, epoch: int) -> bytes:
    tag = f'<script src="{SCRIPT_PATH}" data-epoch="{epoch}" defer></script>\n'.encode()
    end = page.rfind(b"</body>")
    return page + tag if end < 0 else page[:end] + tag + page[end:]


def error_page(message: str) -> bytes:
    """The page every HTML address shows while the build is broken. The message is escaped."""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Build error · cvsite</title>
<style>
body{{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;
color:#1a1a1a;background:#fff}}
h1{{color:#a4000f}}
pre{{background:#f6f6f6;border-left:4px solid #a4000f;padding:1rem;white-space:pre-wrap;
overflow-wrap:anywhere}}
</style>
</head>
<body>
<main>
<h1>The site could not be built</h1>
<pre id="cvsite-error">{html.escape(message)}</pre>
<p>Fix the file and save it: this page reloads by itself.</p>
</main>
</body>
</html>
""".encode()
