"""Lighthouse scores of each built-in theme's home page (a benchmark, not a test: ~15 s a page).

Builds the repository's own site in each theme, serves it on 127.0.0.1, and runs Lighthouse 12
(installed from npm into bench/.lighthouse/ on first use) with Debian's Chromium, in its
default mobile profile and with --preset=desktop. Prints one line per theme, page and profile:

    pip install -e '.[test]'    # it builds the sites with the tests' helpers
    python bench/lighthouse.py [--pages / cv/ publications/] [--themes meridian ledger]

The goal for each home page: performance ≥ 0.95, accessibility, best practices and SEO 1.00.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.helpers import build_theme, chromium_path, serve_folder  # noqa: E402

TOOLS = Path(__file__).resolve().parent / ".lighthouse"
LIGHTHOUSE = TOOLS / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync"
)
PROFILES = {"mobile": [], "desktop": ["--preset=desktop"]}


def ensure_lighthouse() -> Path:
    if not LIGHTHOUSE.exists():
        print("installing lighthouse@12 into bench/.lighthouse/ …", file=sys.stderr)
        subprocess.run(
            ["npm", "install", "--prefix", str(TOOLS), "--no-audit", "--no-fund", "lighthouse@12"],
            check=True,
        )
    return LIGHTHOUSE


def audit(lighthouse: Path, browser: str, url: str, profile: list[str], out: Path) -> dict:
    subprocess.run(
        [
            str(lighthouse),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={out}",
            f"--chrome-flags={CHROME_FLAGS}",
            f"--only-categories={','.join(CATEGORIES)}",
            *profile,
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": browser},
    )
    report = json.loads(out.read_text())
    scores = {name: report["categories"][name]["score"] for name in CATEGORIES}
    failing = [
        audit_id
        for category in CATEGORIES
        for ref in report["categories"][category]["auditRefs"]
        if ref["weight"] > 0
        and (audit_id := ref["id"])
        and (report["audits"][audit_id]["score"] or 0) < 1
        and category != "performance"
    ]
    metrics = report["audits"]
    timing = {
        "FCP": metrics["first-contentful-paint"]["numericValue"],
        "LCP": metrics["largest-contentful-paint"]["numericValue"],
        "TBT": metrics["total-blocking-time"]["numericValue"],
        "CLS": metrics["cumulative-layout-shift"]["numericValue"],
    }
    return {"scores": scores, "failing": failing, "timing": timing}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--themes", nargs="+", default=["meridian", "ledger"])
    parser.add_argument("--pages", nargs="+", default=["/"], help="site URLs, e.g. / cv/")
    args = parser.parse_args()
    browser = os.environ.get("CHROME_PATH") or chromium_path()  # Lighthouse's own variable
    if browser is None:
        sys.exit("Lighthouse needs Chromium: apt-get install chromium, or set CHROME_PATH")
    lighthouse = ensure_lighthouse()
    with tempfile.TemporaryDirectory(prefix="cvsite-lighthouse-") as scratch:
        root = Path(scratch)
        (root / "www").mkdir()
        server = serve_folder(root / "www")
        host = f"http://127.0.0.1:{server.server_address[1]}"
        print(f"lighthouse {subprocess.getoutput(f'{lighthouse} --version')}, {browser}")
        print(
            "theme     page              profile  perf  a11y  b.p.  seo "
            "  FCP ms  LCP ms  TBT ms  CLS"
        )
        for theme in args.themes:
            output = build_theme(REPO, root / "sites" / theme, theme, f"{host}/{theme}/")
            shutil.copytree(output, root / "www" / theme)
            for page in args.pages:
                for name, profile in PROFILES.items():
                    url = f"{host}/{theme}/{page.lstrip('/')}"
                    result = audit(lighthouse, browser, url, profile, root / "report.json")
                    s, t = result["scores"], result["timing"]
                    failing = ", ".join(result["failing"])
                    print(
                        f"{theme:<9} {page:<17} {name:<8} "
                        + "  ".join(f"{s[c]:.2f}" for c in CATEGORIES)
                        + f"  {t['FCP']:6.0f}  {t['LCP']:6.0f}  {t['TBT']:6.0f}  {t['CLS']:.3f}"
                        + (f"  failing: {failing}" if failing else "")
                    )
        server.shutdown()


if __name__ == "__main__":
    main()
