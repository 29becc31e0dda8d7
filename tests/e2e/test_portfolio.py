"""End-to-end: the portfolio fixture (free pages, news with and without bodies, a German-only
page) built by the CLI and read as HTML, Atom and PDF text."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.helpers import FIXTURES, copy_site, run_cli
from tests.htmlread import read_page
from tests.photos import phone_photo

PORTFOLIO = FIXTURES / "sites" / "portfolio"
ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    site = copy_site(PORTFOLIO, tmp_path_factory.mktemp("portfolio"))
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    return site / "output"


def _nav(page) -> list[tuple[str, str]]:
    nav = page.root.find("nav", cls="") or page.root.find("nav")
    return [(a.text, a.attrs["href"]) for a in nav.find_all("a")]


def test_the_about_page_is_a_page_in_the_menu(built):
    page = read_page(built / "about" / "index.html")
    assert page.root.find("h1").text == "About me"
    assert "I study the Analytical Engine" in page.main.text
    assert page.main.find("h2").text == "Contact"
    description = page.root.find("meta", name="description")
    assert description.attrs["content"] == "Who Ada Lovelace is and what she works on."
    assert ("About", "../about/") in _nav(page)  # nav_label, not the title
    home = read_page(built / "index.html")
    assert _nav(home)[0] == ("About", "about/")  # site.yaml's nav puts it first


def test_the_german_about_page_is_its_own_file(built):
    page = read_page(built / "de" / "about" / "index.html")
    assert page.lang == "de"
    assert page.root.find("h1").text == "Über mich"
    assert "Ich erforsche" in page.main.text
    links = page.root.find_all("link", rel="alternate")
    hreflangs = {e.attrs.get("hreflang") for e in links}
    assert {"en", "de"} <= hreflangs


def test_a_page_only_in_german_exists_only_in_german(built):
    assert (built / "de" / "impressum" / "index.html").is_file()
    assert not (built / "impressum").exists()


def test_free_pages_are_never_on_the_cv(built):
    cv = read_page(built / "cv" / "index.html").main.text
    assert "I study the Analytical Engine" not in cv and "About me" not in cv


def test_news_is_listed_newest_first_whatever_its_form(built):
    page = read_page(built / "news" / "index.html")
    titles = [h.text for h in page.main.find_all("h2", cls="entry-title")]
    assert titles == [
        "Elected to the Royal Society of Arts",  # news.yaml, 1843-10-02
        "The Notes are published",  # news/notes-published.md, 1843-09-01
        "Talk at the Royal Society soirée",  # news.yaml, 1843-06-15
        "A first letter to Babbage",  # news/first-letter.md, 1833
    ]
    assert "Draft of the second engine paper" not in page.text


def test_a_short_item_shows_in_full_and_one_with_a_body_gets_a_page(built):
    page = read_page(built / "news" / "index.html")
    assert "An honour for the Notes ." in page.main.text  # the text of <p>, <em> apart
    links = page.links()
    assert "../news/notes-published/" in links
    assert not (built / "news" / "elected-to-the-royal-society-of-arts").exists()
    own = read_page(built / "news" / "notes-published" / "index.html")
    assert "Note G holds the table of operations." in own.main.text


def test_the_home_page_shows_the_latest_news(built):
    home = read_page(built / "index.html")
    section = home.root.find("section", **{"aria-labelledby": "home-news"})
    items = [li.text for li in section.find_all("li")]
    assert len(items) == 3  # the theme's home_news
    assert items[0].startswith("Oct 2, 1843 Elected to the Royal Society of Arts")
    assert not any("A first letter" in item for item in items)


def test_news_is_not_on_the_cv(built):
    cv = read_page(built / "cv" / "index.html").main.text
    assert "Elected to the Royal Society" not in cv
    assert "Notes on the Analytical Engine" in cv  # the projects are


def test_the_feed_covers_news_and_projects(built):
    feed = ET.parse(built / "feed.xml").getroot()
    titles = [e.find(f"{ATOM}title").text for e in feed.findall(f"{ATOM}entry")]
    assert titles[:3] == [
        "Elected to the Royal Society of Arts",
        "The Notes are published",
        "Notes on the Analytical Engine",
    ]
    assert "A first letter to Babbage" in titles and "Difference Engine model" in titles


def _rebuilt(tmp_path: Path, extra: str, files: dict[str, str] | None = None):
    site = copy_site(PORTFOLIO, tmp_path / "site")
    config = site / "site.yaml"
    config.write_text(config.read_text(encoding="utf-8") + extra, encoding="utf-8")
    for name, text in (files or {}).items():
        (site / name).write_text(text, encoding="utf-8")
    return site, run_cli("build", "--site", site)


def test_cv_sections_can_ask_for_news_and_feed_sections_narrow_the_feed(tmp_path):
    extra = "cv:\n  sections: [news, projects]\nfeed:\n  sections: [news]\n"
    site, result = _rebuilt(tmp_path, extra)
    assert result.code == 0, result.err
    cv = read_page(site / "output" / "cv" / "index.html").main
    assert [h.text for h in cv.find_all("h2")] == ["News", "Projects"]
    feed = ET.parse(site / "output" / "feed.xml").getroot()
    categories = {e.find(f"{ATOM}category").get("term") for e in feed.findall(f"{ATOM}entry")}
    assert categories == {"news"}


def test_an_unknown_section_in_feed_sections_is_a_located_error(tmp_path):
    _, result = _rebuilt(tmp_path, "feed:\n  sections: [new]\n")
    assert result.code != 0
    assert "site.yaml:13:14: feed.sections[0]: no section named 'new' in content/ " in result.err
    assert "(did you mean 'news'?)" in result.err


def test_a_news_item_without_a_date_is_a_located_error(tmp_path):
    _, result = _rebuilt(tmp_path, "", {"content/news.yaml": "- title: Undated\n"})
    assert result.code != 0
    assert "content/news.yaml:1:3: news[0].date: missing required field 'date'" in result.err


def test_a_free_page_with_an_unknown_field_is_a_located_error(tmp_path):
    page = "---\ntitle: About\nsubtitle: no such field\n---\nText.\n"
    _, result = _rebuilt(tmp_path, "", {"content/about.md": page})
    assert result.code != 0
    assert "content/about.md:3:1: subtitle: unknown field 'subtitle'" in result.err


def test_a_free_page_named_like_a_section_is_an_error(tmp_path):
    page = "---\ntitle: My projects\n---\nText.\n"
    _, result = _rebuilt(tmp_path, "", {"content/projects.md": page})
    assert result.code != 0
    assert "content/projects.md" in result.err and "would both be at /projects/" in result.err


# --- analytics: opt-in, and nothing from another host by default ------------------------------


@pytest.mark.parametrize(
    ("settings", "script"),
    [
        (
            "provider: plausible",
            '<script defer data-domain="ada.example.org" '
            'src="https://plausible.io/js/script.js"></script>',
        ),
        (
            "provider: goatcounter\n  code: ada",
            '<script data-goatcounter="https://ada.goatcounter.com/count" async '
            'src="https://gc.zgo.at/count.js"></script>',
        ),
        (
            "provider: umami\n  website_id: 94db1cb1-74f4-4a40-ad6c-962362670409",
            '<script defer src="https://cloud.umami.is/script.js" '
            'data-website-id="94db1cb1-74f4-4a40-ad6c-962362670409"></script>',
        ),
        (
            "provider: script\n  script_url: https://stats.example.org/s.js",
            '<script defer src="https://stats.example.org/s.js"></script>',
        ),
    ],
)
def test_analytics_adds_the_services_script_to_every_page(tmp_path, settings, script):
    site, result = _rebuilt(tmp_path, f"analytics:\n  {settings}\n")
    assert result.code == 0, result.err
    pages = list((site / "output").rglob("*.html"))
    assert pages and all(script in p.read_text(encoding="utf-8") for p in pages)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ("provider: umami", "site.yaml:13:3: analytics.website_id: umami needs 'website_id'"),
        (
            "provider: script\n  script_url: http://x.org/a.js",
            "site.yaml:14:15: analytics.script_url: 'http://x.org/a.js' is not an https://",
        ),
        (
            "provider: script\n  script_url: javascript:alert(1)",
            "site.yaml:14:15: analytics.script_url: 'javascript:alert(1)' uses the unsafe URL",
        ),
        ("provider: matomo", "site.yaml:13:13: analytics.provider:"),
        # Values that would break out of the script tag's attributes are refused, not escaped.
        (
            """provider: plausible\n  domain: 'x.org" onload="alert(1)'""",
            "site.yaml:14:11: analytics.domain:",
        ),
        (
            'provider: goatcounter\n  code: "a\'><script>alert(1)</script>"',
            "site.yaml:14:9: analytics.code:",
        ),
        (
            """provider: umami\n  website_id: '0000-0000" src="https://evil.example/x.js'""",
            "site.yaml:14:15: analytics.website_id:",
        ),
    ],
)
def test_bad_analytics_settings_are_located_errors(tmp_path, settings, message):
    _, result = _rebuilt(tmp_path, f"analytics:\n  {settings}\n")
    assert result.code != 0
    assert message in result.err


def test_the_default_site_loads_nothing_from_another_host(built):
    """Every src and href that loads something (scripts, styles, images, icons, frames) is
    the site's own; only <a> links may lead elsewhere."""
    loading = {"script": "src", "img": "src", "iframe": "src", "source": "src", "link": "href"}
    found = []
    for path in built.rglob("*.html"):
        page = read_page(path)
        for tag, attribute in loading.items():
            for element in page.root.find_all(tag):
                value = element.attrs.get(attribute) or ""
                if element.attrs.get("rel") in ("canonical", "alternate"):
                    continue  # a link to the page itself, not a load
                if "//" in value or value.startswith("http"):
                    found.append((path.name, tag, value))
    assert found == []
    assert not any("data-goatcounter" in p.read_text() for p in built.rglob("*.html"))


# --- social cards -----------------------------------------------------------------------------


def _meta(page, name: str) -> str | None:
    element = page.root.find("meta", name=name)
    return element.attrs["content"] if element else None


def test_a_page_without_an_image_gets_a_small_card(built):
    page = read_page(built / "about" / "index.html")
    assert _meta(page, "twitter:card") == "summary"
    assert _meta(page, "twitter:title") == "About me"
    assert _meta(page, "twitter:description") == "Who Ada Lovelace is and what she works on."
    assert page.root.find("meta", property="og:image") is None


def test_a_page_with_an_og_image_gets_a_large_card(tmp_path):
    # An avatar gives every page a 1200x630 og:image (a JPEG, drawn first if the avatar is
    # an SVG, which link previews cannot show), and with it the large card.
    profile = (PORTFOLIO / "content" / "profile.yaml").read_text(encoding="utf-8")
    site, _ = _rebuilt(tmp_path, "", {"content/profile.yaml": profile + "avatar: me.jpg\n"})
    (site / "content" / "me.jpg").write_bytes(phone_photo())
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    for path in ("index.html", "about/index.html", "news/index.html"):
        page = read_page(site / "output" / path)
        image = page.root.find("meta", property="og:image").attrs["content"]
        assert image.startswith("https://ada.example.org/portfolio/") and "1200x630" in image
        assert _meta(page, "twitter:card") == "summary_large_image"
