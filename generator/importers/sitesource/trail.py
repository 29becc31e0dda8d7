"""The trail of an import from another site generator's folder: the fields of each source
mapping taken one by one into the one report (report.py), by file and line, so that no key
is left unreported."""

from __future__ import annotations

from typing import Any

from generator.importers.report import Placed, Report


class Taking:
    """The fields of one source mapping, taken one by one. Each take names where the value
    went; `finish` reports every key nobody took, so that nothing is dropped silently."""

    def __init__(
        self, report: Report, source: str, data: Any, lines: Any, prefix: str = ""
    ) -> None:
        self.report = report
        self.source = source
        self.data = data if isinstance(data, dict) else {}
        self.lines = lines  # (path tuple) -> line, from the document's marks
        self.prefix = prefix
        self.done: set[str] = set()

    def get(self, key: str) -> Any:
        """The value of `key`; empty text and empty lists read as None."""
        value = self.data.get(key)
        return None if value in ("", [], {}) else value

    def text(self, key: str) -> str | None:
        value = self.get(key)
        return str(value).strip() or None if isinstance(value, str | int | float) else None

    def put(self, key: str, where: str) -> Any:
        """Take `key`, which went to `where`; its value (None when empty, noted so)."""
        if key in self.data and key not in self.done and self.get(key) is not None:
            self.done.add(key)
            self._record(key, where, kept=True)
        self.left(key, "")  # an empty value: nothing to import
        return self.get(key)

    def move(
        self, key: str, into: dict[str, Any], target: str, where: str, read: Any = str
    ) -> None:
        """`key`'s text, `read`, as `into[target]` when there is any; taken as gone `where`."""
        value = self.text(key)
        if value and (made := read(value)):
            into[target] = made
        self.put(key, where)

    def left(self, key: str, why: str) -> None:
        if key in self.data and key not in self.done:
            self.done.add(key)
            empty = self.get(key) is None
            self._record(key, "empty: nothing to import" if empty else why, kept=False)

    def child(self, key: str | int, data: Any) -> Taking:
        return Taking(self.report, self.source, data, self.lines, self._path(key))

    def finish(self, reasons: dict[str, str], default: str) -> None:
        for key in self.data:
            if key not in self.done:
                self.left(key, reasons.get(key, default))

    def _path(self, key: str | int) -> str:
        if isinstance(key, int):
            return f"{self.prefix}[{key}]"
        return f"{self.prefix}.{key}" if self.prefix else key

    def _record(self, key: str, where: str, kept: bool) -> None:
        line = self.lines(self._path(key)) if callable(self.lines) else 0
        where, note = (where, "") if kept else ("", where)
        self.report.fields.append(Placed(self.source, line, self._path(key), where, note))


def line_finder(document: Any) -> Any:
    """A function from a field path ("education[0].degree") to its line in `document`."""

    def line(path: str) -> int:
        keys: list[str | int] = []
        for part in path.replace("]", "").split("."):
            name, *indices = part.split("[")
            keys += [name, *(int(i) for i in indices if i.isdigit())]
        try:
            return document.mark(tuple(keys)).line
        except (AttributeError, KeyError):
            return 0

    return line
