"""Screenshots of both built-in themes, light and dark, desktop and phone, for the docs.

Builds the repository's own site in each theme, serves it on 127.0.0.1, and saves the top of
its home page as docs/screenshots/<theme>-<light|dark>-<desktop|phone>.png, through headless
Chromium (Debian's, or CVSITE_CHROMIUM / CHROME_PATH) driven by Playwright from the test
extras. Run again after changing a theme:

    pip install -e '.[test]' && python docs/screenshots/make.py
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
THEMES = ("meridian", "ledger")
SCHEMES = ("light", "dark")
SIZES = {"desktop": (1280, 800), "phone": (360, 760)}
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def build(theme: str, folder: Path) -> Path:
    site = folder / theme
    site.mkdir(parents=True)
    shutil.copy2(REPO / "site.yaml", site / "site.yaml")
    shutil.copytree(REPO / "content", site / "content")
    config = site / "site.yaml"
    config.write_text(re.sub(r"(?m)^theme: .*$", f"theme: {theme}", config.read_text()))
    command = [sys.executable, "-m", "generator", "build", "--site", str(site)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=REPO)
    return site / "output"


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def main() -> None:
    sys.path.insert(0, str(REPO))
    from playwright.sync_api import sync_playwright

    from generator.pdf import find_browser

    browser_path = find_browser()
    if browser_path is None:
        sys.exit("no Chromium found: apt-get install chromium, or set CVSITE_CHROMIUM")
    with tempfile.TemporaryDirectory(prefix="cvsite-shots-") as scratch:
        root = Path(scratch)
        for theme in THEMES:
            shutil.copytree(build(theme, root / "sites"), root / "www" / theme)
        handler = functools.partial(Quiet, directory=root / "www")
        server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        host = f"http://127.0.0.1:{server.server_address[1]}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(browser_path), args=FLAGS)
            for theme in THEMES:
                for scheme in SCHEMES:
                    for size, (width, height) in SIZES.items():
                        context = browser.new_context(
                            color_scheme=scheme,
                            viewport={"width": width, "height": height},
                            device_scale_factor=1,
                        )
                        page = context.new_page()
                        page.goto(f"{host}/{theme}/")
                        target = HERE / f"{theme}-{scheme}-{size}.png"
                        page.screenshot(path=target)
                        context.close()
                        print(f"wrote {target.relative_to(REPO)}")
            browser.close()
        server.shutdown()


if __name__ == "__main__":
    main()
