"""Discover a site's files: site.yaml, the profile, section files, .bib files and assets.

`content/` holds `profile.yaml`, sections as `<name>.yaml` (a list of entries) or
`<name>/*.md` (front matter + body), free pages as `<name>.md`, and assets (any other file);
`content/<language>/` a language's own version of any of those. Names that cannot be a
section, and links out of content/, are reported; a link to a folder inside is read as it.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path

from generator.confined import NOT_REGULAR
from generator.content.schema import LANGUAGE_PATTERN
from generator.errors import ErrorCollector, shown

SECTION_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
SKIPPED_NAMES = {".DS_Store", "Thumbs.db", "desktop.ini"}


@dataclass
class SiteInputs:
    """Where a site's inputs are. `display` names files relative to the site folder."""

    root: Path
    config: Path
    content: Path
    profile: Path | None = None
    people: Path | None = None  # content/people.yaml: co-authors, linked from author lists
    section_files: dict[str, list[Path]] = field(default_factory=dict)
    bibtex: list[Path] = field(default_factory=list)
    pages: list[Path] = field(default_factory=list)  # free pages: content/<name>.md
    assets: list[Path] = field(default_factory=list)
    # content/<code>/ of each language other than the default: that language's own files.
    languages: dict[str, SiteInputs] = field(default_factory=dict)
    # Each link to a folder in content/ that is read as if the folder were there: the folder
    # it leads to (under `content`, as the link is). Its files are found under both names.
    linked: dict[Path, Path] = field(default_factory=dict)

    def display(self, path: Path) -> str:
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return path.as_posix()

    def all_sources(self) -> list[Path]:
        files = [self.config, *([self.profile] if self.profile else [])]
        files += [self.people] if self.people else []
        for paths in self.section_files.values():
            files.extend(paths)
        files += self.bibtex + self.pages
        for own in self.languages.values():
            files += own.all_sources()[1:]
        return files

    def aliases(self, path: Path) -> set[Path]:
        """`path` and every other name the site found the same file under, through links."""
        real = path
        for link, target in self.linked.items():
            if path.is_relative_to(link):
                real = target / path.relative_to(link)
        names = {path, real}
        for link, target in self.linked.items():
            if real.is_relative_to(target):
                names.add(link / real.relative_to(target))
        return names

    def for_language(self, code: str) -> SiteInputs:
        """The files a language reads: its own version of a file where it has one."""
        own = self.languages.get(code)
        if own is None:
            return self
        sections = {}
        for name in sorted({*self.section_files, *own.section_files}):
            sections[name] = _overlay(
                self.section_files.get(name, []), self.content, own.section_files.get(name, []), own
            )
        return SiteInputs(
            root=self.root,
            config=self.config,
            content=self.content,
            profile=own.profile or self.profile,
            people=own.people or self.people,
            section_files=sections,
            bibtex=_overlay(self.bibtex, self.content, own.bibtex, own),
            pages=_overlay(self.pages, self.content, own.pages, own),
            assets=self.assets,
            linked=self.linked,
        )


def _overlay(shared: list[Path], content: Path, own: list[Path], files: SiteInputs) -> list[Path]:
    """`shared` with each file that `own` has a version of (the same name) replaced by it."""
    mine = {_same_name(path, files.content): path for path in own}
    result = [mine.pop(_same_name(path, content), path) for path in shared]
    return result + list(mine.values())


def _same_name(path: Path, content: Path) -> str:
    """The name that a file and its translation share: `projects/a.md`; `.yml` is `.yaml`."""
    relative = path.relative_to(content).as_posix()
    return relative[:-4] + ".yaml" if relative.endswith(".yml") else relative


def _real(path: Path, folders: dict[Path, Path]) -> Path:
    """`path.resolve()`, each folder resolved once: a file that is no link is where its folder
    is (resolving every file would stat its whole path)."""
    if path.is_symlink():
        return path.resolve()
    folder = folders.get(path.parent)
    if folder is None:
        folder = folders[path.parent] = path.parent.resolve()
    return folder / path.name


def discover(root: Path, errors: ErrorCollector, languages: tuple[str, ...] = ()) -> SiteInputs:
    """Find every input file; report names that cannot be a section and links out of content/.

    `languages` are the site's languages other than the default: content/<code>/ holds their
    own files (any other file in it is an asset, like any file in content/).
    """
    files = SiteInputs(root=root, config=root / "site.yaml", content=root / "content")
    for code in languages:
        files.languages[code] = SiteInputs(root, files.config, files.content / code)
    content = files.content.resolve()
    folders: dict[Path, Path] = {}
    inside_folders: dict[Path, bool] = {}
    paths, refused = _tree(files)
    for path in paths:
        relative = path.relative_to(files.content)
        if any(part.startswith(".") for part in relative.parts) or path.name in SKIPPED_NAMES:
            continue
        if refused and path in refused:
            errors.add(files.display(path), 0, 0, "", refused[path])
            continue
        kind = _plain(path, content, folders, inside_folders) or _checked(path, content, folders)
        if kind == "folder":
            continue
        if kind != "file":  # why the path is refused
            errors.add(files.display(path), 0, 0, "", kind)
            continue
        if "\\" in path.name:
            # A URL path cannot hold it, and hosts on Windows would read a folder separator.
            errors.add(files.display(path), 0, 0, "", "a file name with '\\' is refused; rename it")
            continue
        own = files.languages.get(relative.parts[0]) if len(relative.parts) > 1 else None
        if own is not None:
            _classify(own, path, path.relative_to(own.content), errors)
        else:
            _classify(files, path, relative, errors)
    for own in files.languages.values():  # copied as they are, at their place under /<code>/
        files.assets += own.assets
        own.assets = []
    files.assets.sort()
    return files


def _tree(files: SiteInputs) -> tuple[list[Path], dict[Path, str]]:
    """Every path in content/, sorted, hidden folders not entered; a link to a folder inside
    content/ is entered as the folder would be (and noted in `files.linked`). And the links
    to folders that are not, with why (`_checked` says why of the others)."""
    top = files.content.resolve()
    found: list[Path] = []
    refused: dict[Path, str] = {}
    # Each folder to be listed: the real folders on the way to it, whether a link led in.
    ways: dict[str, tuple[tuple[Path, ...], bool]] = {str(files.content): ((top,), False)}
    for folder, subfolders, names in os.walk(files.content, followlinks=True):
        way, linked = ways.pop(folder)
        here = Path(folder)
        found += [here / name for name in [*subfolders, *names]]
        entered = []
        for name in subfolders:  # folders, and links to folders: entered only if kept
            path = here / name
            if name.startswith("."):
                continue
            if not path.is_symlink():
                ways[str(path)] = ((*way, way[-1] / name), linked)
                entered.append(name)
            elif (target := _linked_folder(path, top)) is not None:
                why = _not_followed(target, top, way, linked)
                if why is None:
                    files.linked[path] = files.content / target.relative_to(top)
                    ways[str(path)] = ((*way, target), True)
                    entered.append(name)
                else:
                    refused[path] = why
        subfolders[:] = entered
    return sorted(found), refused


def _linked_folder(link: Path, top: Path) -> Path | None:
    """Where `link` leads, when that is a folder inside `top`."""
    try:
        target = link.resolve()
    except (RuntimeError, OSError):  # a loop: `_checked` says so
        return None
    return target if target.is_relative_to(top) and target.is_dir() else None


def _not_followed(target: Path, top: Path, way: tuple[Path, ...], linked: bool) -> str | None:
    """Why a link to the folder `target` in content/ is not read through, or None."""
    if any(folder.is_relative_to(target) for folder in way):
        return "symbolic link to a folder that holds it: it would be read for ever; refused"
    if linked:
        return (
            "symbolic link to a folder, inside a folder that is itself reached through a "
            "link: links are followed one deep; link to the folder from outside the linked one"
        )
    if any(part.startswith(".") for part in target.relative_to(top).parts):
        return "symbolic link to a hidden folder, which the build does not read; refused"
    return None


def _plain(
    path: Path, content: Path, folders: dict[Path, Path], inside: dict[Path, bool]
) -> str | None:
    """What nearly every path is, from one lstat: "file" or "folder", no link and in a folder
    inside content/. None for anything else (a link, a pipe, a way out), which `_checked`
    then looks at."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return None
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):  # a link, pipe, socket or device
        return None
    found = inside.get(path.parent)
    if found is None:
        try:
            found = _real(path, folders).is_relative_to(content)
        except (RuntimeError, OSError):
            return None
        inside[path.parent] = found
    if not found:
        return None
    return "file" if stat.S_ISREG(mode) else "folder"


def _checked(path: Path, content: Path, folders: dict[Path, Path]) -> str:
    """What `discover` makes of a path: a "file", a "folder", or why it refuses the path."""
    try:
        inside = _real(path, folders).is_relative_to(content)
    except (RuntimeError, OSError):  # Python 3.11 raises RuntimeError, later ones OSError
        return "symbolic link that loops back on itself"
    # Every path, not only links: a file reached through a linked folder is outside too.
    if not inside:
        return (
            "symbolic link points outside content/; refused (copy the file into content/ instead)"
        )
    if path.is_dir():
        return "folder"
    if not path.exists():
        return "symbolic link to a file that does not exist"
    if not path.is_file():
        # Reading a named pipe waits for a writer for ever; a device never ends.
        return NOT_REGULAR
    return "file"


_PROFILE_NAMES = ("profile.yaml", "profile.yml")
_PEOPLE_NAMES = ("people.yaml", "people.yml")


def _classify(files: SiteInputs, path: Path, relative: Path, errors: ErrorCollector) -> None:
    """File `path` (at `relative` in files.content) as what it is, or report why it is not."""
    suffix = path.suffix.lower()
    if len(relative.parts) == 1:
        _classify_top_level(files, path, suffix, errors)
    elif len(relative.parts) == 2 and suffix == ".md":
        _add_section_file(files, relative.parts[0], path, errors)
    elif relative.name in _PROFILE_NAMES and re.fullmatch(LANGUAGE_PATTERN, relative.parts[0]):
        code = relative.parts[0]
        message = (
            f"{shown(code)} is not a language of this site: to make content/{code}/ its "
            f"version in that language, list {code} in site.yaml `languages:`"
        )
        _refuse(files, path, errors, message)
    elif suffix == ".md":
        message = "a Markdown entry belongs in a section folder: content/<section>/<name>.md"
        _refuse(files, path, errors, message)
    else:
        files.assets.append(path)


def _classify_top_level(files: SiteInputs, path: Path, suffix: str, errors: ErrorCollector) -> None:
    """A file right in content/: the profile, a section's YAML list, a .bib, a free page
    (Markdown), or an asset."""
    if path.name in _PROFILE_NAMES:
        if files.profile is not None:
            message = (
                f"a second profile: {files.display(files.profile)} is one already; "
                "keep only one of the two"
            )
            _refuse(files, path, errors, message)
        files.profile = path
    elif path.name in _PEOPLE_NAMES and files.people is None:
        files.people = path
    elif suffix in (".yaml", ".yml"):
        _add_section_file(files, path.stem, path, errors)
    elif suffix == ".bib":
        files.bibtex.append(path)
    elif suffix == ".md":
        _add_page(files, path, errors)
    else:
        files.assets.append(path)


def _add_page(files: SiteInputs, path: Path, errors: ErrorCollector) -> None:
    """A free page: its file name is its URL name, under the rules of section names."""
    if not SECTION_NAME.fullmatch(path.stem):
        message = (
            f"{shown(path.stem)} is not a valid page name (expected lower-case letters, "
            "digits, '-' and '_'; the name is the page's address)"
        )
        _refuse(files, path, errors, message)
        return
    files.pages.append(path)


def _add_section_file(files: SiteInputs, name: str, path: Path, errors: ErrorCollector) -> None:
    if not SECTION_NAME.fullmatch(name):
        message = (
            f"{shown(name)} is not a valid section name (expected lower-case letters, "
            "digits, '-' and '_')"
        )
        _refuse(files, path, errors, message)
        return
    files.section_files.setdefault(name, []).append(path)


def _refuse(files: SiteInputs, path: Path, errors: ErrorCollector, message: str) -> None:
    """Report a file that is not read, at no line (the file as a whole is the mistake)."""
    errors.add(files.display(path), 0, 0, "", message)
