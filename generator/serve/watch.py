"""What the preview watches, with `watchfiles`: the site's folder for its own entries only
(site.yaml however an editor saves it, not output/ or .git), and content/, themes/ and the
theme chain with all they hold. A watcher's first report (empty) says it is watching."""

from __future__ import annotations

import logging
import os
import queue
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from watchfiles import Change, DefaultFilter, watch

from generator.render.theme import Theme
from generator.site.changes import under

log = logging.getLogger("cvsite")

STEP_MS = 20  # a change is reported once no other came for this long (editors save in steps)
DEBOUNCE_MS = 1_600  # changes that keep coming (a git checkout) are reported at least this often
READY_MS = 50  # after this much quiet, watchfiles reports nothing: it is watching


@dataclass(frozen=True)
class Places:
    """What a preview of `site` watches: site.yaml, and `folders` with everything in them."""

    site: Path
    folders: tuple[Path, ...]  # content/, themes/, the theme chain outside them; maybe absent

    def existing(self) -> tuple[Path, ...]:
        return tuple(folder for folder in self.folders if folder.is_dir())

    def covers(self, path: Path) -> bool:
        """Whether a change of `path` may change the site (hidden files do not)."""
        if path == self.site / "site.yaml" or path in self.folders:
            return True
        for folder in self.folders:
            inside = under(path, folder)
            if inside is not None:
                return not any(part.startswith(".") for part in inside.parts)
        return False


def places(site: Path, theme: Theme | None) -> Places:
    """The places of `site` built with `theme` (None: no build has worked yet)."""
    folders = [site / "content", site / "themes"]
    if theme is not None:
        folders += [t.path for t in theme.chain if under(t.path, site / "themes") is None]
    return Places(site, tuple(folders))


class SiteFilter(DefaultFilter):
    """Changes to what `places` covers, but for editors' files and what builds write."""

    ignore_entity_patterns = (
        *DefaultFilter.ignore_entity_patterns,
        r"^\.",  # hidden: .#name (emacs' lock), .name.swp (vim), .goutputstream-* (gedit)
        r"^#.*#$",  # emacs' auto-save
        r"\.(tmp|swx|bak)$",
        r"___jb_(tmp|old)___$",  # JetBrains' safe write
        r"^4913$",  # vim checks it may write in the folder with this name
    )

    def __init__(self, watched: Places, ignored: Iterable[Path]):
        super().__init__(ignore_paths=[str(path) + os.sep for path in ignored])
        self.watched = watched

    def __call__(self, change: Change, path: str) -> bool:
        return super().__call__(change, path) and self.watched.covers(Path(path))


@dataclass
class _Stop:
    """Stops a watcher when it is replaced (`own`) or when the preview stops (`shared`)."""

    own: threading.Event
    shared: threading.Event

    def is_set(self) -> bool:
        return self.own.is_set() or self.shared.is_set()


class Watcher:
    """Watches one folder (`deep`: with all it holds) from a thread, for the `sink`."""

    def __init__(self, folder: Path, deep: bool, sink: Sink):
        self.folder = folder
        self.deep = deep
        self.sink = sink
        self.stop = _Stop(threading.Event(), sink.stopping)
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="cvsite-watch", daemon=True)

    def start(self) -> Watcher:
        self.thread.start()
        return self

    def close(self) -> None:
        self.stop.own.set()
        self.thread.join(timeout=5)

    def _run(self) -> None:
        try:
            for batch in watch(
                self.folder,
                watch_filter=self.sink.filter,
                debounce=DEBOUNCE_MS,
                step=STEP_MS,
                stop_event=self.stop,
                rust_timeout=READY_MS,
                yield_on_timeout=True,
                recursive=self.deep,
                ignore_permission_denied=True,
            ):
                self.ready.set()
                if batch:
                    self.sink.changes.put({Path(path) for _, path in batch})
        except (OSError, RuntimeError) as exc:  # a folder removed as the watch began, say
            log.warning("cvsite serve cannot watch %s: %s", self.folder, exc)
        finally:
            self.ready.set()


@dataclass
class Sink:
    """Where every watcher of a preview reports, and what they share."""

    filter: SiteFilter
    stopping: threading.Event  # set on Ctrl-C: every watcher stops within STEP_MS
    changes: queue.SimpleQueue[set[Path]]


class Watching:
    """The watchers of a preview, one a folder: for its theme now, changed with the theme."""

    def __init__(self, site: Path, ignored: Iterable[Path], stopping: threading.Event):
        self.site = site
        self.sink = Sink(SiteFilter(places(site, None), ignored), stopping, queue.SimpleQueue())
        self.watchers: dict[tuple[Path, bool], Watcher] = {}

    def follow(self, theme: Theme | None, changed: Iterable[Path] = ()) -> None:
        """Watch what a site built with `theme` reads; returns once all of it is watched. A
        folder `changed` names gets a new watcher: it may have been replaced."""
        watched, changed = places(self.site, theme), set(changed)
        self.sink.filter.watched = watched
        wanted = {(self.site, False), *((folder, True) for folder in watched.existing())}
        for key in [key for key in self.watchers if key not in wanted or key[0] in changed]:
            self.watchers.pop(key).close()
        for key in wanted - self.watchers.keys():
            self.watchers[key] = Watcher(*key, self.sink).start()
        for watcher in self.watchers.values():
            watcher.ready.wait()

    def next(self, seconds: float | None) -> set[Path] | None:
        """The paths changed since the last call, waiting up to `seconds`; None if none."""
        try:
            changed = self.sink.changes.get(timeout=seconds)
        except queue.Empty:
            return None
        while not self.sink.changes.empty():
            changed |= self.sink.changes.get_nowait()
        return changed

    def close(self) -> None:
        self.sink.stopping.set()
        for watcher in self.watchers.values():
            watcher.close()
