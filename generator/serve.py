"""`cvsite serve`: a live preview on the livereload package.

The site is built into a temporary folder (never output/), with base_url pointing at the
local server. The watched files (site.yaml, content/, the themes) are polled; a change is
sorted by kind and rebuilt through `SiteBuilder`, which re-renders only the pages that depend
on it, and only files whose bytes changed are written. Browsers connected through
livereload's script then reload. A build error keeps the server running: every page shows
the error, escaped, until a save fixes it.
"""

from __future__ import annotations

import contextlib
import errno
import gc
import html
import ipaddress
import logging
import shutil
import signal
import tempfile
import time
import webbrowser
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.build import BuildOptions, SiteBuilder, Update, fallback_counts
from generator.changes import Changes, Signature, classify, differences, scan, watched_folders
from generator.errors import CvsiteError, UsageError, error_text
from generator.stamp import cache_dir, describe_fallbacks
from generator.writer import update_files, write_site

log = logging.getLogger("cvsite")

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
PORT_TRIES = 10
POLL_MS = 250
SETTLE_SECONDS = 0.05  # editors save in steps (truncate, write): look again after a moment


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
        the watcher spends after the browsers were told to reload, not before.
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


def _listen(server, options: ServeOptions) -> int:  # noqa: ANN001 - livereload's Server
    """Bind the first free port we may use; a busy port asked for by name is an error."""
    for port in _ports(options):
        try:
            server.application(port, options.host, live_css=True)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                if options.port is None:
                    log.info("port %d is in use; trying %d", port, port + 1)
                    continue
                raise UsageError(
                    f"port {port} on {options.host} is already in use (another cvsite serve?); "
                    "choose another with --port"
                ) from None
            if exc.errno == errno.EADDRNOTAVAIL:
                raise UsageError(
                    f"--host {options.host}: no such address on this machine"
                ) from None
            raise UsageError(f"cannot listen on {options.host}:{port}: {exc.strerror}") from None
        if options.port is None and port != DEFAULT_PORT:
            log.warning("port %d is in use; serving on port %d instead", DEFAULT_PORT, port)
        return port
    first, last = DEFAULT_PORT, DEFAULT_PORT + PORT_TRIES - 1
    raise UsageError(f"ports {first}-{last} are all in use; choose one with --port")


def _make_server(output: Path, preview_ref: list[Preview]):  # noqa: ANN202 - livereload's
    """livereload's server, serving `output`, or the error page while the build is broken.

    The server binds before the first build (whose base_url names the port), so the handlers
    find the preview through `preview_ref`, filled in once it exists.
    """
    from livereload import Server
    from livereload.handlers import StaticFileHandler
    from tornado.web import HTTPError

    class PreviewHandler(StaticFileHandler):
        def get(self, path: str, include_body: bool = True):  # noqa: ANN202 - tornado's
            if "\x00" in path:  # tornado's file lookup fails on it: a 500 and a traceback
                raise HTTPError(400)
            preview = preview_ref[0] if preview_ref else None
            if preview is not None and preview.error is not None and _is_page(path):
                self.set_status(500)
                self.set_header("Content-Type", "text/html; charset=utf-8")
                self.set_header("Cache-Control", "no-store")
                return self.finish(error_page(preview.error))
            return super().get(path, include_body)

        def set_extra_headers(self, path: str) -> None:
            self.set_header("Cache-Control", "no-store")

        def write_error(self, status_code: int, **kwargs) -> None:  # noqa: ANN003 - tornado's
            missing = output / "404.html"
            if status_code == 404 and missing.is_file():
                self.set_header("Content-Type", "text/html; charset=utf-8")
                return self.finish(missing.read_bytes())
            return super().write_error(status_code, **kwargs)

    class PreviewServer(Server):
        def get_web_handlers(self, script):  # noqa: ANN001, ANN202 - livereload's
            root = str(output)
            return [(r"/(.*)", PreviewHandler, {"path": root, "default_filename": "index.html"})]

    return PreviewServer()


def _is_page(path: str) -> bool:
    last = path.rsplit("/", 1)[-1]
    return not last or last.endswith((".html", ".htm")) or "." not in last


class _Watcher:
    """Polls the watched files; hands what changed to the preview and reloads browsers."""

    def __init__(self, preview: Preview):
        self.preview = preview
        self.places = self._places()
        self.known: dict[Path, Signature] = scan(self.places)

    def _places(self) -> list[Path]:
        last = self.preview.builder.last
        return watched_folders(self.preview.site, last.theme if last else None)

    def poll(self) -> None:
        now = scan(self.places)
        changed = differences(self.known, now)
        if not changed:
            return
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
            _reload_browsers(_reload_path(update))
        self.preview.collect()  # the last model's garbage, now that nobody waits


def _reload_path(update: Update | None) -> str:
    """A stylesheet alone can be swapped without reloading the page; anything else reloads."""
    if update and not update.removed and update.written:
        names = [p.as_posix() for p in update.written]
        if all(name.endswith(".css") for name in names) and len(names) == 1:
            return names[0]
    return "*"


def _reload_browsers(path: str) -> None:
    from livereload.handlers import LiveReloadHandler

    LiveReloadHandler.reload_waiters(path)


@contextlib.contextmanager
def _scratch_folder() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="cvsite-serve-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def _noting_ctrl_c(preview: Preview) -> Iterator[None]:
    """Ctrl-C during the first build stops it at once, as ever, and is also noted on the
    preview, so that it stops the preview even when the KeyboardInterrupt is lost: pydantic,
    building a validator when it comes, turns it into a SchemaError (which the preview
    would show as an internal error), and Python drops one raised in a finalizer."""
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield  # ignored (started in the background), or handled by someone else
        return

    def interrupted(number: int, frame: object) -> None:
        preview.interrupted = True
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if preview.interrupted:  # the build went on: its KeyboardInterrupt was lost
        raise KeyboardInterrupt


def serve(options: ServeOptions) -> None:
    """Build, serve and rebuild until Ctrl-C (or SIGTERM); leaves no temporary files."""
    from tornado.ioloop import IOLoop, PeriodicCallback

    if not (options.site / "site.yaml").is_file():
        raise UsageError(f"{options.site} has no site.yaml (is it a cvsite site folder?)")
    if not is_loopback(options.host):
        log.warning(
            "Warning: --host %s makes the preview reachable from other machines on your "
            "network; it has no access control. Use the default 127.0.0.1 to keep it private.",
            options.host,
        )
    preview_ref: list[Preview] = []
    with _scratch_folder() as scratch:
        output = scratch / "site"
        port = _listen(_make_server(output, preview_ref), options)
        url = _base_url(options.host, port)
        preview = Preview(options.site, output, url, options.drafts)
        preview_ref.append(preview)
        with _noting_ctrl_c(preview):
            preview.start()
        watcher = _Watcher(preview)
        loop = IOLoop.current()
        PeriodicCallback(watcher.poll, POLL_MS).start()
        # Ctrl-C, and a polite kill, stop the loop the same way; a shell may have started
        # us with SIGINT ignored (in the background), so both are set here. The loop runs
        # the stop between callbacks: a KeyboardInterrupt raised by a handler could land in
        # a weakref callback or a finalizer, where Python prints and drops it, and the
        # preview went on serving.
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.asyncio_loop.add_signal_handler(number, loop.stop)
        logging.getLogger("tornado.access").setLevel(logging.CRITICAL)
        log.info("Serving %s at %s (Ctrl-C to stop)", options.site, url)
        if options.open_browser:
            loop.call_later(0.2, webbrowser.open, url)
        try:
            loop.start()
        except KeyboardInterrupt:
            pass
        finally:
            log.info("Stopped; the preview folder is removed.")
