"""The hostile site of tests/hostile/ in Chromium: no script runs, no injected element exists.

Every text field of every model holds markup with `alert()` calls (tests/hostile/scan.py);
the browser's own parser is the last word on whether text became markup. The same site with
`markdown.unsafe_html` on lets raw HTML through its allow-list, and still runs no script. A
control page with a script planted in it shows that the check sees a script when there is one.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.hostile.hostile_site import build_until_it_builds, make_site
from tests.hostile.scan import MARKER_TAG, payload


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the standard library's signature
        pass


@pytest.fixture(scope="module")
def hostile_server(tmp_path_factory) -> Iterator[tuple[str, dict[str, Path]]]:
    """Both sites, served from one folder: /escaped/ and /unsafe-html/; anything else in
    that folder (`outputs["www"]`) is served too."""
    root = tmp_path_factory.mktemp("hostile-browser")
    outputs = {}
    for name, extra in (("escaped", {}), ("unsafe-html", {"markdown": {"unsafe_html": True}})):
        site = make_site(root / "sites" / name, payload, **extra)
        build_until_it_builds(site)
        (root / "www").mkdir(exist_ok=True)
        (root / "www" / name).symlink_to(site.output)
        outputs[name] = site.output
    handler = functools.partial(_QuietHandler, directory=str(root / "www"))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", {**outputs, "www": root / "www"}
    httpd.shutdown()
    httpd.server_close()


def _visit_all(browser, base: str, output: Path) -> tuple[list[str], list[str]]:
    """Open every page; returns the dialogs that opened and the pages holding a marker."""
    addresses = [path.relative_to(output).as_posix() for path in sorted(output.rglob("*.html"))]
    return _visit(browser, base, addresses)


def _visit(browser, base: str, addresses: list[str]) -> tuple[list[str], list[str]]:
    """Open these pages; returns the dialogs that opened and the pages holding a marker."""
    dialogs: list[str] = []
    marked: list[str] = []
    context = browser.new_context()
    page = context.new_page()
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    for address in addresses:
        page.goto(f"{base}/{address}", wait_until="load")
        if page.evaluate(f"document.querySelectorAll('{MARKER_TAG}').length"):
            marked.append(address)
    context.close()
    return dialogs, marked


def test_no_script_runs_and_no_injected_element_exists(browser, hostile_server):
    base, outputs = hostile_server
    dialogs, marked = _visit_all(browser, f"{base}/escaped", outputs["escaped"])
    assert dialogs == []
    assert marked == []


def test_raw_html_switched_on_still_runs_no_script(browser, hostile_server):
    base, outputs = hostile_server
    dialogs, _ = _visit_all(browser, f"{base}/unsafe-html", outputs["unsafe-html"])
    assert dialogs == [], "unsafe_html lets HTML through its allow-list, never a script"


def test_the_check_sees_a_planted_script_and_element(browser, hostile_server):
    """The home page of the unsafe-html site with a script and an element planted, served
    beside the sites (not in one, which the tests above visit), and the page as built."""
    base, outputs = hostile_server
    control = outputs["www"] / "planted"
    control.mkdir(exist_ok=True)
    page = (outputs["unsafe-html"] / "index.html").read_text(encoding="utf-8")
    planted = f"<{MARKER_TAG}></{MARKER_TAG}><script>alert('planted')</script></body>"
    (control / "index.html").write_text(page.replace("</body>", planted), encoding="utf-8")
    dialogs, marked = _visit(browser, base, ["unsafe-html/index.html", "planted/index.html"])
    assert dialogs == ["planted"], "the check must see a script that runs"
    assert marked == ["planted/index.html"]
