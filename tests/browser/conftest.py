"""One Chromium and one build per theme for the whole session, served over HTTP under a sub-path.

Each theme's build of the every-kind fixture site is published at /sites/<theme>/ (its
base_url has that sub-path too), and a missing address gets the site's 404.html with status
404, as GitHub Pages does. Tests skip with the reason where Debian's chromium is missing, and
fail in CI (CVSITE_REQUIRE_BROWSER).
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.helpers import CHROMIUM_FLAGS, FIXTURES, build_theme, require_chromium

THEMES = ("meridian", "ledger")
EVERY_KIND = FIXTURES / "every-kind"
PREFIX = "/sites/"


@dataclass(frozen=True)
class BuiltSite:
    theme: str
    output: Path
    url: str  # where the server publishes it, ending in /

    def pages(self) -> list[str]:
        """Addresses (relative to `url`) of one page of every kind: every page but the tag
        pages, of which one stands for all, and the 404 page as a visitor meets it."""
        found = sorted(
            p.relative_to(self.output).parent.as_posix() + "/"
            for p in self.output.rglob("index.html")
        )
        tag_pages = [p for p in found if p.startswith("tags/") and p != "tags/"]
        pages = [p.removeprefix("./") for p in found if p not in tag_pages[1:]]
        return [*pages, "no/such/page/"]


@pytest.fixture(scope="session")
def theme_outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("themes")
    return {
        theme: build_theme(EVERY_KIND, root / theme, theme, f"https://example.org{PREFIX}{theme}/")
        for theme in THEMES
    }


class _SitesHandler(SimpleHTTPRequestHandler):
    """Serves /sites/<theme>/… from that theme's output; anything else is a 404 page."""

    outputs: dict[str, Path] = {}

    def log_message(self, *args) -> None:  # keep test output quiet
        pass

    def _site(self) -> tuple[Path, str] | None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        if not path.startswith(PREFIX):
            return None
        theme, _, rest = path[len(PREFIX) :].partition("/")
        output = self.outputs.get(theme)
        return (output, "/" + rest) if output else None

    def translate_path(self, path: str) -> str:
        found = self._site()
        if found is None:
            return "/nonexistent"
        output, rest = found
        self.directory = str(output)
        return super().translate_path(rest)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None):
        found = self._site()
        if code != 404 or found is None or not (found[0] / "404.html").is_file():
            return super().send_error(code, message, explain)
        body = (found[0] / "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


@contextlib.contextmanager
def serving(outputs: dict[str, Path]) -> Iterator[dict[str, BuiltSite]]:
    """Serve each theme's output at /sites/<theme>/ until the block ends."""
    handler = type("Handler", (_SitesHandler,), {"outputs": outputs})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory="/"))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield {t: BuiltSite(t, out, f"{host}{PREFIX}{t}/") for t, out in outputs.items()}
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def sites(theme_outputs: dict[str, Path]) -> Iterator[dict[str, BuiltSite]]:
    with serving(theme_outputs) as served:
        yield served


@pytest.fixture(scope="session")
def browser():
    executable = require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


def new_context(browser, scheme: str = "light", width: int = 1280, **options):
    return browser.new_context(
        color_scheme=scheme, viewport={"width": width, "height": 800}, **options
    )


def record_requests(context, local_url: str) -> list[str]:  # noqa: ANN001 - a BrowserContext
    """Records every URL the context's pages ask for from now on, in the list returned.
    Requests to a host other than `local_url`'s are recorded, then refused, so that no test
    depends on the network."""
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    local = urlsplit(local_url).netloc
    context.route(
        "**/*",
        lambda route: (
            route.continue_() if urlsplit(route.request.url).netloc == local else route.abort()
        ),
    )
    return seen
