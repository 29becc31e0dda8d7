"""Screenshots of both built-in themes, light and dark, desktop and phone, for the docs.

Builds the repository's own site in each theme, serves it on 127.0.0.1, and saves the top of
its home page as docs/screenshots/<theme>-<light|dark>-<desktop|phone>.png, through headless
Chromium (Debian's, or the one CVSITE_CHROMIUM names) driven by Playwright from the test
extras. Run again after changing a theme:

    pip install -e '.[test]' && python docs/screenshots/make.py
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
THEMES = ("meridian", "ledger")
SCHEMES = ("light", "dark")
SIZES = {"desktop": (1280, 800), "phone": (360, 760)}
BASE_URL = "https://example.github.io/"


def main() -> None:
    sys.path.insert(0, str(REPO))
    from playwright.sync_api import sync_playwright

    from tests.helpers import CHROMIUM_FLAGS, build_theme, chromium_path, serve_folder

    browser_path = os.environ.get("CVSITE_CHROMIUM") or chromium_path()
    if browser_path is None:
        sys.exit("no Chromium found: apt-get install chromium, or set CVSITE_CHROMIUM")
    with tempfile.TemporaryDirectory(prefix="cvsite-shots-") as scratch:
        root = Path(scratch)
        for theme in THEMES:  # links are relative: the site's own base_url serves anywhere
            output = build_theme(REPO, root / "sites" / theme, theme, BASE_URL)
            shutil.copytree(output, root / "www" / theme)
        server = serve_folder(root / "www")
        host = f"http://127.0.0.1:{server.server_address[1]}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=browser_path, args=CHROMIUM_FLAGS)
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
