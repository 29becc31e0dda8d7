"""`cvsite serve`: a live preview, built into a temporary folder (never output/) for the
address it listens on, rebuilt on every change (only the files whose bytes changed are
written), open pages then told to reload. A build error is shown on every page until a save
fixes it.
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
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.errors import CvsiteError, UsageError, error_text
from generator.render.theme import Theme
from generator.serve.scratch import owned_folder
from generator.serve.server import PreviewServer
from generator.serve.watch import Watching
from generator.site.build import BuildOptions, SiteBuilder, Update, fallback_counts
from generator.site.changes import Changes, classify
from generator.site.stamp import cache_dir, describe_fallbacks
from generator.site.writer import update_files, write_site

log = logging.getLogger("cvsite")

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
PORT_TRIES = 10

# The main thread waits for the watchers at most this long at a time: a Ctrl-C the kernel
# hands to another thread runs its handler only once this thread is back in Python.
WAKE_SECONDS = 0.5


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
        self.builder.make_later = True  # pages first; the PDFs, feed... after them (`make_late`)
        self.error: str | None = None
        self.fallbacks: dict[str, int] = {}  # missing translations the log last reported
        self.interrupted = False  # Ctrl-C was pressed during the first build (`serve`)

    def start(self, *, late: bool = False) -> None:
        """The first build (`late`: the generated files, the PDFs among them, left for
        `make_late`). An error here is shown like any later one."""
        update = self._run(None, "Built")
        if not late and update is not None:
            self.make_late()

    def rebuild(self, paths: Iterable[Path], *, late: bool = False) -> Update | None:
        """Rebuild after `paths` changed (`late`: the generated files, the PDFs among them,
        left as they were for `make_late`), or None."""
        last = self.builder.last
        changes = classify(paths, self.site, last.theme if last else None)
        if not changes and self.error is None:
            return None
        update = self._run(changes if last else None, f"Rebuilt ({changes.describe()})")
        if not late and update is not None:
            self.make_late()
        return update

    def make_late(self) -> None:
        """The files the last rebuild left as they were (PDFs, feed...): made and written now."""
        started = time.perf_counter()
        made = []
        try:
            for path, data in self.builder.make_late():  # each written as soon as it is made
                update_files(self.output, {path: data}, frozenset())
                made.append(path.as_posix())
        except CvsiteError as exc:  # a mistake in the theme's Typst template, say
            self._failed(error_text(exc))
        if made:
            names = ", ".join(sorted(made))
            log.info("Made %s in %.0f ms", names, (time.perf_counter() - started) * 1000)

    def collect_garbage(self) -> None:
        """Collect what the builds so far left in reference cycles, then freeze every object
        still alive (`gc.freeze`) until the next call. The site in memory is then out of the
        collector's reach during a rebuild: a rebuild makes enough new objects to set off a
        full collection, which would walk a long list's whole model before the browsers are
        told to reload. Called when the preview is idle."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()

    def _run(self, changes: Changes | None, verb: str) -> Update | None:
        started = time.perf_counter()
        try:
            update = self._build_and_write(changes)
        except CvsiteError as exc:  # a mistake in the site, or a full disk: until the next save
            return self._failed(error_text(exc))
        except Exception as exc:  # a bug must not stop the preview; say what it was
            if self.interrupted:  # a library turned the KeyboardInterrupt into its own error
                raise KeyboardInterrupt from None
            log.exception("internal error while building")
            return self._failed(f"cvsite: internal error: {type(exc).__name__}: {exc}")
        self.error = None
        milliseconds = (time.perf_counter() - started) * 1000
        written, removed = len(update.written), len(update.removed)
        log.info(
            "%s: %d pages rendered, %d files written, %d removed in %.0f ms",
            *(verb, update.rendered, written, removed, milliseconds),
        )
        self._report_fallbacks(update)
        return update

    def _build_and_write(self, changes: Changes | None) -> Update:
        """Build; write the whole site the first time, then only the files that changed."""
        first = self.builder.last is None
        update = self.builder.build(changes)
        if first:
            write_site(self.output, update.site.files)
            self.builder.cache.markdown.save()  # a later preview or build starts warm
        else:
            update_files(self.output, update.written, update.removed)
        return update

    def _report_fallbacks(self, update: Update) -> None:
        """Say how many values each language shows untranslated, when that number changes."""
        loaded = update.site.loaded
        counts = fallback_counts(loaded)
        if counts != self.fallbacks:
            for line in describe_fallbacks(counts, loaded.resume.language):
                log.info("%s", line)
            self.fallbacks = counts

    def _failed(self, text: str) -> None:
        changed = text != self.error
        self.error = text
        if changed:
            log.error("%s\nThe preview shows this error until the file is fixed.", text)
        return None


# --- watching and serving --------------------------------------------------------------------


def _lone_stylesheet(update: Update | None) -> str | None:
    """A stylesheet alone can be swapped without reloading the page; anything else reloads."""
    if update and not update.removed and len(update.written) == 1:
        name = next(iter(update.written)).as_posix()
        if name.endswith(".css"):
            return name
    return None


@contextlib.contextmanager
def _noting_ctrl_c(preview: Preview, stopping: threading.Event | None = None) -> Iterator[None]:
    """Ctrl-C (or SIGTERM) stops a build at once, and is noted on the preview and `stopping`,
    so that it stops the preview even when the KeyboardInterrupt is lost (pydantic turns it
    into a SchemaError; Python drops one raised in a finalizer)."""

    def interrupted(number: int, frame: object) -> None:
        preview.interrupted = True
        if stopping is not None:
            stopping.set()
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
    """Build, serve and rebuild until Ctrl-C (or SIGTERM); leaves no temporary files."""
    if not (options.site / "site.yaml").is_file():
        raise UsageError(f"{options.site} has no site.yaml (is it a cvsite site folder?)")
    if not is_loopback(options.host):
        log.warning(
            "Warning: --host %s makes the preview reachable from other machines on your "
            "network; it has no access control. Use the default 127.0.0.1 to keep it private.",
            options.host,
        )
    with owned_folder("cvsite-serve-") as scratch:
        server = listen(options.host, options.port, scratch / "site")
        try:
            _preview(options, server)
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
            log.info("Stopped; the preview folder is removed.")


def _preview(options: ServeOptions, server: PreviewServer) -> None:
    """Watch, build, then serve and rebuild on changes until Ctrl-C."""
    url = base_url(options.host, server.server_address[1])
    preview = Preview(options.site, server.root, url, options.drafts)
    stopping = threading.Event()
    ignored = [options.site / "output", cache_dir(options.site)]  # what builds write
    watching = Watching(options.site, ignored, stopping)
    serving = threading.Thread(target=server.serve_forever, name="cvsite-serve", daemon=True)
    try:
        with _noting_ctrl_c(preview, stopping):
            watching.follow(None)  # an edit made during the first build is seen
            preview.start(late=True)
            # Watched before anyone is told the address: an edit made just after is seen.
            watching.follow(_theme(preview))
            server.show(preview.error)
            serving.start()
            log.info("Serving %s at %s (Ctrl-C to stop)", options.site, url)
            preview.make_late()  # the pages are served; the PDFs, the feed... follow
            if options.open_browser:
                webbrowser.open(url)
            _watch(preview, watching, server)
    finally:
        watching.close()
        if serving.is_alive():
            server.stop()


def _theme(preview: Preview) -> Theme | None:
    last = preview.builder.last
    return last.theme if last else None


def _watch(preview: Preview, watching: Watching, server: PreviewServer) -> None:
    """Rebuild on every batch of changes; collect the garbage once none came for a while."""
    untidy = True  # the first build's garbage
    while not preview.interrupted:
        changed = watching.next(WAKE_SECONDS)
        if changed is None:
            if untidy:  # not while browsers load the pages again: the collection holds them up
                preview.collect_garbage()
                untidy = False
            continue
        watching.follow(_theme(preview), changed)  # a watched folder replaced: watch the new
        _rebuild(preview, changed, server)
        watching.follow(_theme(preview))  # the theme may be another one now
        untidy = True


def _rebuild(preview: Preview, changed: set[Path], server: PreviewServer) -> None:
    """Rebuild, and tell the browsers if what they show is another thing now."""
    was_broken = preview.error is not None
    update = preview.rebuild(changed, late=True)
    if update or (was_broken and preview.error is None) or preview.error:
        server.show(preview.error, _lone_stylesheet(update))
    if update is not None:  # the pages are shown; the PDFs, the feed... follow
        preview.make_late()
        if preview.error:
            server.show(preview.error)


# --- where the preview listens ---------------------------------------------------------------


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
