"""The CV as a PDF: the built /cv/ page printed by a headless Chromium (`cvsite build --pdf`).

The theme's print stylesheet decides the look (A4, no entry split across pages); this module
only finds a browser, prints the page, and makes the result byte-for-byte repeatable, so a
rebuild with no change still writes nothing.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from html import escape, unescape
from pathlib import Path, PurePosixPath
from urllib.parse import urljoin

from generator import urls as routes
from generator.errors import BuildError
from generator.site.writer import Source

PDF_NAME = PurePosixPath("cv.pdf")
# Environment variables naming a browser: our own first, then the one Lighthouse and
# Puppeteer users already have set.
BROWSER_VARIABLES = ("CVSITE_CHROMIUM", "CHROME_PATH")
BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
_FLAGS = (
    "--headless",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-pdf-header-footer",
)
TIMEOUT = 120
# What a page loads rather than links to: <link href>, <script src>, <img src>, <source src>.
_RESOURCE = re.compile(
    r"""(<(?:link\b[^>]*?\bhref|(?:script|img|source|audio|video)\b[^>]*?\bsrc)=")([^"]*)(")""",
    re.IGNORECASE,
)
# Chromium stamps the time of printing; a fixed stamp of the same length keeps the file's
# byte offsets (and so its cross-reference table) valid.
_PDF_DATE = re.compile(rb"\(D:(\d{14})")
_FIXED_DATE = b"20000101000000"


def find_browser() -> Path | None:
    """A Chromium or Chrome executable: named by CVSITE_CHROMIUM or CHROME_PATH, or on PATH."""
    for variable in BROWSER_VARIABLES:
        value = os.environ.get(variable, "").strip()
        if value:
            found = shutil.which(value)
            if found:
                return Path(found)
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return Path(found)
    return None


def require_browser() -> Path:
    """The browser, or a BuildError that says how to get one. Asked before building anything."""
    browser = find_browser()
    if browser is not None:
        return browser
    named = [f"{v}={os.environ[v]}" for v in BROWSER_VARIABLES if os.environ.get(v, "").strip()]
    tried = f" ({', '.join(named)} is not an executable)" if named else ""
    raise BuildError(
        "--pdf needs a headless Chromium or Google Chrome to print the CV, and none was "
        f"found{tried}. Install one (Debian/Ubuntu: apt-get install chromium) or set "
        "CVSITE_CHROMIUM to its path; or build without --pdf and print /cv/ from a browser."
    )


def add_cv_pdf(files: dict[PurePosixPath, Source], browser: Path, base_url: str) -> None:
    """Add cv.pdf to a rendered site, in place of the typeset one (see typstpdf.py), refusing
    to replace a file of the user's by that name."""
    if isinstance(files.get(PDF_NAME), Path):
        raise BuildError(
            f"--pdf would write {PDF_NAME}, but content/ already has a file that becomes "
            f"{PDF_NAME}; rename that file or build without --pdf"
        )
    files[PDF_NAME] = cv_pdf(files, browser, base_url)


def cv_pdf(files: dict[PurePosixPath, Source], browser: Path, base_url: str) -> bytes:
    """Print the built site's /cv/ page to PDF. `files` is the site as the build made it."""
    with tempfile.TemporaryDirectory(prefix="cvsite-pdf-") as scratch:
        site = Path(scratch) / "site"
        _write(site, files)
        page = site / routes.output_path(routes.CV)
        printed = page.with_name("print.html")
        html = page.read_text(encoding="utf-8")
        printed.write_text(
            print_copy(html, page.parent.as_uri() + "/", routes.absolute(base_url, routes.CV)),
            encoding="utf-8",
        )
        out = Path(scratch) / "cv.pdf"
        _print(browser, printed, out, Path(scratch) / "profile")
        return _repeatable(out.read_bytes())


def print_copy(html: str, local_dir: str, public_url: str) -> str:
    """The CV page as printed: links lead to the published site, not to a temporary folder.

    A <base> makes every relative link resolve under the public address; what the page loads
    (stylesheets, scripts, images) is pointed at the local copy first, since the published
    site may not exist yet.
    """
    loaded = _RESOURCE.sub(
        lambda m: m.group(1) + _resolve(local_dir, m.group(2)) + m.group(3), html
    )
    return loaded.replace("<head>", f'<head>\n<base href="{escape(public_url)}">', 1)


def _resolve(local_dir: str, url: str) -> str:
    if routes.leaves_site(url) or url.startswith("#"):
        return url
    return escape(urljoin(local_dir, unescape(url)))


def _write(folder: Path, files: dict[PurePosixPath, Source]) -> None:
    for relative, source in files.items():
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(source, bytes):
            target.write_bytes(source)
        else:
            shutil.copyfile(source, target)


def _print(browser: Path, page: Path, out: Path, profile: Path) -> None:
    command = [
        str(browser),
        *_FLAGS,
        # Chromium refuses to start as root unless its sandbox is off (containers, CI).
        *(["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
        f"--user-data-dir={profile}",
        f"--print-to-pdf={out}",
        page.as_uri(),
    ]
    try:
        result = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise BuildError(f"{browser} did not print the CV within {TIMEOUT} s") from None
    except OSError as exc:
        raise BuildError(f"could not run {browser}: {exc.strerror}") from None
    if result.returncode != 0 or not out.is_file() or out.stat().st_size == 0:
        detail = _last_line(result.stderr)
        raise BuildError(
            f"{browser} failed to print the CV (exit status {result.returncode})"
            + (f": {detail}" if detail else "")
        )


def _last_line(text: str) -> str:
    """The browser's own last word, leaving out the D-Bus noise a headless Chromium prints."""
    lines = [line for line in text.splitlines() if line.strip() and "dbus" not in line.lower()]
    return lines[-1].strip() if lines else ""


def _repeatable(pdf: bytes) -> bytes:
    return _PDF_DATE.sub(b"(D:" + _FIXED_DATE, pdf)
