"""A paper's page in Chromium: accessible, and all authors one click away without script.

The browser is the session's one (tests/browser/conftest.py): two Playwright instances
cannot run at once.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.browser.axe import axe_context, problems_in_every_mode
from tests.helpers import FIXTURES, copy_site, run_cli


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the standard library's signature
        pass


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    site = copy_site(FIXTURES / "scholar-site", tmp_path_factory.mktemp("browser") / "site")
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    handler = functools.partial(_QuietHandler, directory=str(site / "output"))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.parametrize("path", ["/publications/", "/publications/zhang2024sched/"])
def test_publication_pages_have_no_accessibility_violations(browser, server: str, path: str):
    context = axe_context(browser)
    try:
        problems = problems_in_every_mode(context.new_page(), server + path, path)
    finally:
        context.close()
    assert problems == [], "\n".join(problems)


def test_all_authors_open_with_a_click_and_no_javascript(browser, server: str):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "/publications/zhang2024sched/")
    full_list = page.locator("details.all-authors p.authors")
    assert not full_list.is_visible()
    assert not page.get_by_text("Giulia Rossi").first.is_visible()
    page.locator("details.all-authors summary").click()
    assert full_list.is_visible()
    assert "Giulia Rossi" in full_list.inner_text()
    context.close()


def test_the_bib_file_downloads(browser, server: str):
    context = browser.new_context(accept_downloads=True)
    page = context.new_page()
    page.goto(server + "/publications/zhang2024sched/")
    with page.expect_download() as download:
        page.locator("a.download").click()
    saved = Path(download.value.path()).read_text("utf-8")
    assert download.value.suggested_filename == "zhang2024sched.bib"
    assert saved.startswith("@inproceedings{zhang2024sched,")
    context.close()
