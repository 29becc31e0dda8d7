"""`cvsite serve`: a live preview.

The site is built into a temporary folder (never output/), with base_url pointing at the
local server. The watched files (site.yaml, content/, the themes) are polled; a change is
sorted by kind and rebuilt through `SiteBuilder`, which re-renders only the pages that depend
on it, and only files whose bytes changed are written. The server (generator/serve/server.py)
answers from threads of its own meanwhile, and then tells open pages to reload. A build
error keeps the server running: every page shows the error, escaped, until a save fixes it.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import ipaddress
import logging
import signal
import socket
import threading
import time
import webbrowser
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.errors import CvsiteError, UsageError, error_text
from generator.serve.scratch import owned_folder
from generator.serve.server import PreviewServer
from generator.site.build import BuildOptions, SiteBuilder, Update, fallback_counts
from generator.site.changes import Changes, Signature, classify, differences, scan, watched_folders
from generator.site.stamp import cache_dir, describe_fallbacks
from generator.site.writer import update_files, write_site

log = logging.getLogger("cvsite")

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
PORT_TRIES = 10
POLL_MS = 100
SETTLE_SECONDS = 0.05  # editors save in steps (truncate, write): look again after a moment
COLLECT_AFTER_SECONDS = 1.0  # after a rebuild, when browsers have loaded the pages again


@dataclass(frozen=True)
class ServeOptions:
    site: Path
    host: str = DEFAULT_HOST
    port: int | None = None  # None: 8000, or the next free port
    drafts: bool = False
    open_browser: bool = False


# --- the preview: building and rebuilding ----------------------------------------------------


class Preview:
    """The site as the preview keeps it: built into `output`, rebuilt on changes."""

    def __init__(self, site: Path, output: Path, base_url: str, drafts: bool = False):
        self.site = site
        self.output = output
        options = BuildOptions(
            site, output, base_url=base_url, drafts=drafts, cache_dir=cache_dir(site)
        )
        self.builder = SiteBuilder(options)
        self.error: str | None = None
        self.fallbacks: dict[str, int] = {}  # missing translations the log last reported
        self._collection_paused = False  # by this preview, until `collect`
        self.interrupted = False  # Ctrl-C was pressed during the first build (`serve`)

    def start(self) -> None:
        """The first build. An error here is shown like any later one."""
        self._run(None, "Built")
        self.collect()

    def rebuild(self, paths: Iterable[Path]) -> Update | None:
        """Rebuild after `paths` changed; None when nothing that matters changed.

        Automatic garbage collection stays paused when it returns, until `collect`: with a
        big site in memory, collecting what a rebuild made takes tens of milliseconds, which
        the watcher spends after the browsers have loaded the pages again, not before.
        """
        last = self.builder.last
        changes = classify(paths, self.site, last.theme if last else None)
        if not changes and self.error is None:
            return None
        return self._run(changes if last else None, f"Rebuilt ({changes.describe()})")

    def _run(self, changes: Changes | None, verb: str) -> Update | None:
        started = time.perf_counter()
        first = self.builder.last is None
        self._pause_collection()
        try:
            update = self.builder.build(changes)
        except CvsiteError as exc:
            return self._failed(error_text(exc))
        except Exception as exc:  # a bug must not stop the preview; say what it was
            if self.interrupted:  # a library turned the KeyboardInterrupt into its own error
                raise KeyboardInterrupt from None
            log.exception("internal error while building")
            return self._failed(f"cvsite: internal error: {type(exc).__name__}: {exc}")
        files = update.site.files
        try:
            if first:
                write_site(self.output, files)
                self.builder.cache.markdown.save()  # a later preview or build starts warm
            else:
                update_files(self.output, update.written, update.removed, total=len(files) + 1)
        except CvsiteError as exc:  # a full disk, say: shown as any error, until the next save
            return self._failed(error_text(exc))
        seconds = time.perf_counter() - started
        self.error = None
        log.info(
            "%s: %d pages rendered, %d files written, %d removed in %.0f ms",
            verb,
            update.rendered,
            len(update.written),
            len(update.removed),
            seconds * 1000,
        )
        self._report_fallbacks(update)
        return update

    def _report_fallbacks(self, update: Update) -> None:
        """Say how many values each language shows untranslated, when that number changes."""
        loaded = update.site.loaded
        counts = fallback_counts(loaded)
        if counts != self.fallbacks:
            for line in describe_fallbacks(counts, loaded.resume.language):
                log.info("%s", line)
            self.fallbacks = counts

    def _pause_collection(self) -> None:
        """No cyclic garbage collection during a rebuild: with a big site in memory even
        collecting the youngest objects, all the rebuild made, takes a noticeable pause."""
        if gc.isenabled():
            gc.disable()
            self._collection_paused = True

    def collect(self) -> None:
        """Collect the garbage of the last rebuilds and resume automatic collection."""
        gc.collect()
        if self._collection_paused:
            gc.enable()
            self._collection_paused = False

    def _failed(self, text: str) -> None:
        changed = text != self.error
        self.error = text
        if changed:
            log.error("%s\nThe preview shows this error until the file is fixed.", text)
        return None


# --- the server ------------------------------------------------------------------------------


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _base_url(host: str, port: int) -> str:
    shown = "localhost" if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def _ports(options: ServeOptions) -> list[int]:
    if options.port is not None:
        return [options.port]
    return list(range(DEFAULT_PORT, DEFAULT_PORT + PORT_TRIES))


def _listen(options: ServeOptions, output: Path) -> PreviewServer:
    """Bind the first free port we may use; a busy port asked for by name is an error."""
    for port in _ports(options):
        try:
            server = PreviewServer(options.host, port, output)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                if options.port is None:
                    log.info("port %d is in use; trying %d", port, port + 1)
                    continue
                raise UsageError(
                    f"port {port} on {options.host} is already in use (another cvsite serve?); "
                    "choose another with --port"
                ) from None
            if exc.errno == errno.EADDRNOTAVAIL or isinstance(exc, socket.gaierror):
                raise UsageError(
                    f"--host {options.host}: no such address on this machine"
                ) from None
            raise UsageError(f"cannot listen on {options.host}:{port}: {exc.strerror}") from None
        if options.port is None and port != DEFAULT_PORT:
            log.warning("port %d is in use; serving on port %d instead", DEFAULT_PORT, port)
        return server
    first, last = DEFAULT_PORT, DEFAULT_PORT + PORT_TRIES - 1
    raise UsageError(f"ports {first}-{last} are all in use; choose one with --port")


class _Watcher:
    """Polls the watched files; hands what changed to the preview, then tells browsers."""

    def __init__(self, preview: Preview, show: Callable[[str | None, str | None], None]):
        self.preview = preview
        self.show = show  # (the error on show or None, a stylesheet that alone changed)
        self.places = self._places()
        self.known: dict[Path, Signature] = scan(self.places)

    def _places(self) -> list[Path]:
        last = self.preview.builder.last
        return watched_folders(self.preview.site, last.theme if last else None)

    def poll(self) -> bool:
        """Rebuild if something changed; whether it did."""
        now = scan(self.places)
        changed = differences(self.known, now)
        if not changed:
            return False
        time.sleep(SETTLE_SECONDS)
        settled = scan(self.places)
        changed |= differences(now, settled)
        self.known = settled
        was_broken = self.preview.error is not None
        update = self.preview.rebuild(changed)
        places = self._places()  # the theme may be another one now
        if places != self.places:
            self.places = places
            self.known = scan(places)
        if update or (was_broken and self.preview.error is None) or self.preview.error:
            self.show(self.preview.error, _lone_stylesheet(update))
        return True


def _lone_stylesheet(update: Update | None) -> str | None:
    """A stylesheet alone can be swapped without reloading the page; anything else reloads."""
    if update and not update.removed and len(update.written) == 1:
        name = next(iter(update.written)).as_posix()
        if name.endswith(".css"):
            return name
    return None


@contextlib.contextmanager
def _noting_ctrl_c(preview: Preview) -> Iterator[None]:
    """Ctrl-C (or a polite kill) stops a build at once, and is also noted on the preview,
    so that it stops the preview even when the KeyboardInterrupt is lost: pydantic, building
    a validator when it comes, turns it into a SchemaError (which the preview would show as
    an internal error), and Python drops one raised in a finalizer. A shell may have started
    us with SIGINT ignored (in the background): it is set here all the same."""

    def interrupted(number: int, frame: object) -> None:
        preview.interrupted = True
        raise KeyboardInterrupt

    before = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    for number in before:
        signal.signal(number, interrupted)
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)
    if preview.interrupted:  # the build went on: its KeyboardInterrupt was lost
        raise KeyboardInterrupt


def serve(options: ServeOptions) -> None:
    """Build, serve and rebuild until Ctrl-C (or SIGTERM); leaves no temporary files.

    The server answers from threads of its own; this thread builds, then watches and
    rebuilds, so a rebuild never holds up a request.
    """
    if not (options.site / "site.yaml").is_file():
        raise UsageError(f"{options.site} has no site.yaml (is it a cvsite site folder?)")
    if not is_loopback(options.host):
        log.warning(
            "Warning: --host %s makes the preview reachable from other machines on your "
            "network; it has no access control. Use the default 127.0.0.1 to keep it private.",
            options.host,
        )
    with owned_folder("cvsite-serve-") as scratch:
        output = scratch / "site"
        server = _listen(options, output)
        url = _base_url(options.host, server.server_address[1])
        preview = Preview(options.site, output, url, options.drafts)
        serving = threading.Thread(target=server.serve_forever, name="cvsite-serve", daemon=True)
        try:
            with _noting_ctrl_c(preview):
                preview.start()
                # The files are known before anyone is told the address: an edit made
                # just after it is shown is then seen as an edit.
                watcher = _Watcher(preview, server.show)
                server.show(preview.error)
                serving.start()
                log.info("Serving %s at %s (Ctrl-C to stop)", options.site, url)
                if options.open_browser:
                    webbrowser.open(url)
                _watch(preview, watcher)
        except KeyboardInterrupt:
            pass
        finally:
            if serving.is_alive():
                server.stop()
            server.server_close()
            log.info("Stopped; the preview folder is removed.")


def _watch(preview: Preview, watcher: _Watcher) -> None:
    collect_at: float | None = None
    while not preview.interrupted:
        if watcher.poll():
            collect_at = time.monotonic() + COLLECT_AFTER_SECONDS
        elif collect_at is not None and time.monotonic() >= collect_at:
            # The rebuilds' garbage. Collecting holds every thread up for tens of
            # milliseconds on a big site: not while browsers load the pages again.
            preview.collect()
            collect_at = None
        time.sleep(POLL_MS / 1000)
