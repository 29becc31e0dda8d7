"""End-to-end: sites in English and German, built by the CLI and read with an HTML parser.

Two sites: the bilingual fixture (per-field translations, files in content/de/, pages in one
language only, published under a sub-path) and the repository's own sample site.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urljoin, urlsplit

import pytest
from babel.dates import get_month_names

from generator.site.linkcheck import check_links
from generator.urls import base_path
from tests.helpers import FIXTURES, REPO, copy_site, run_cli
from tests.htmlread import Element, read_page

BILINGUAL = FIXTURES / "sites" / "bilingual"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"
ATOM = "{http://www.w3.org/2005/Atom}"


@dataclass(frozen=True)
class Built:
    output: Path
    summary: str

    def pages(self) -> list[str]:
        """Every HTML page, as its path inside the output."""
        return sorted(p.relative_to(self.output).as_posix() for p in self.output.rglob("*.html"))


def _build(source: Path, target: Path, *args: str) -> Built:
    site = copy_site(source, target)
    result = run_cli("build", "--site", site, *args)
    assert result.code == 0, result.err
    return Built(site / "output", result.out)


@pytest.fixture(scope="module")
def fixture_site(tmp_path_factory) -> Built:
    return _build(BILINGUAL, tmp_path_factory.mktemp("bilingual") / "site")


@pytest.fixture(scope="module")
def sample_site_built(tmp_path_factory) -> Built:
    return _build(REPO, tmp_path_factory.mktemp("sample") / "site")


@pytest.fixture(params=["fixture", "sample"])
def both(request, fixture_site, sample_site_built) -> Built:
    return fixture_site if request.param == "fixture" else sample_site_built


def _resolve(output: Path, page: str, href: str) -> Path | None:
    """The file a relative link from `page` leads to, or None when it leaves the site."""
    target = urlsplit(urljoin(f"http://site/{page}", href))
    if target.netloc != "site":
        return None
    path = unquote(target.path)
    return output / PurePosixPath(path.lstrip("/") + ("index.html" if path.endswith("/") else ""))


def _url_of(page: str) -> str:
    """The site URL of an output file: `de/cv/index.html` -> `/de/cv/`."""
    return "/" + page.removesuffix("index.html")


def _language_of(page: str) -> str:
    return "de" if page.startswith("de/") else "en"


def _switcher(built: Built, page: str) -> Element:
    found = read_page(built.output / page).root.find("nav", cls="language-switcher")
    assert found is not None, f"{page} has no language switcher"
    return found


# --- where each language's pages are ---------------------------------------------------------


def test_the_default_language_is_at_the_root_and_german_under_de(fixture_site):
    out = fixture_site.output
    for page in ("index.html", "experience/index.html", "cv/index.html", "tags/index.html"):
        assert (out / page).is_file() and (out / "de" / page).is_file(), page
    # one 404 page, robots.txt, sitemap and resume.json for the site; a feed per language
    for shared in ("404.html", "robots.txt", "sitemap.xml", "resume.json"):
        assert (out / shared).is_file() and not (out / "de" / shared).exists(), shared
    assert (out / "feed.xml").is_file() and (out / "de" / "feed.xml").is_file()
    # the theme's files once, for every language; content/de/ files under /de/
    assert (out / "assets" / "style.css").is_file() and not (out / "de" / "assets").exists()
    assert (out / "de" / "files" / "anmerkungen.pdf").is_file()


def test_a_translated_entry_keeps_the_url_of_its_default_language_version(fixture_site):
    out = fixture_site.output
    english = read_page(out / "experience" / "tutor" / "index.html").main
    german = read_page(out / "de" / "experience" / "tutor" / "index.html").main
    assert "Tutor" in english.find("h1").text
    assert "Hauslehrerin" in german.find("h1").text
    assert "Unterrichtete" in german.text and "Taught" not in german.text


def test_a_page_in_one_language_only(fixture_site):
    out = fixture_site.output
    assert (out / "de" / "projects" / "nur-deutsch" / "index.html").is_file()
    assert not (out / "projects" / "nur-deutsch").exists()
    # a file in content/ with no German version is in the German site, as it is written
    poetry = read_page(out / "de" / "projects" / "poetry" / "index.html")
    assert poetry.lang == "de" and "Only in English" in poetry.main.text


def test_each_language_links_its_own_files(fixture_site):
    out = fixture_site.output
    for page, pdf in (
        ("publications/lovelace1843/index.html", "files/notes.pdf"),
        ("de/publications/lovelace1843/index.html", "de/files/anmerkungen.pdf"),
    ):
        links = read_page(out / page).links()
        assert any(_resolve(out, page, href) == out / pdf for href in links), (page, links)


# --- languages, labels, dates ----------------------------------------------------------------


def test_every_page_says_its_language(both):
    for page in both.pages():
        assert read_page(both.output / page).lang == _language_of(page), page


def test_the_german_sample_site_has_german_labels_and_summary(sample_site_built):
    out = sample_site_built.output
    home = read_page(out / "de" / "index.html").root
    menu = [a.text for a in home.find("ul", cls="nav").find_all("a")]
    assert menu == [
        "Über mich",  # content/de/about.md
        "Ausbildung",
        "Berufserfahrung",
        "Projekte",
        "Publikationen",
        "Zertifikate",
        "Kenntnisse",
        "Lebenslauf",
    ]
    assert home.find("a", cls="skip-link").text == "Zum Inhalt springen"
    assert "Ich entwickle LLM-Anwendungen" in home.text and "I build" not in home.text
    english = read_page(out / "index.html").root
    assert "I build LLM applications" in english.text and "Ich entwickle" not in english.text
    assert read_page(out / "de" / "experience" / "index.html").main.find("h1").text == (
        "Berufserfahrung"
    )


def test_the_german_sample_site_has_german_dates(sample_site_built):
    out = sample_site_built.output
    german_months = set(get_month_names("abbreviated", locale="de").values())
    english_months = set(get_month_names("abbreviated", locale="en").values())
    german = [
        e.text
        for e in read_page(out / "de" / "experience" / "index.html").root.find_all(cls="when")
    ]
    english = [
        e.text for e in read_page(out / "experience" / "index.html").root.find_all(cls="when")
    ]
    assert german and len(german) == len(english)
    assert all(any(m in d for m in german_months) for d in german), german
    assert not any(m in d.split() for d in german for m in english_months - german_months)
    assert any(m in d.split() for d in english for m in english_months - german_months)


# --- the language switcher -------------------------------------------------------------------


def test_the_switcher_leads_to_the_same_page_in_the_other_language(both):
    out = both.output
    for page in both.pages():
        if page == "404.html":
            continue
        links = list(_switcher(both, page).find_all("a"))
        by_code = {a.attrs["lang"]: a for a in links}
        assert list(by_code) == ["en", "de"], page
        for code, link in by_code.items():
            assert link.attrs["hreflang"] == code
            target = _resolve(out, page, link.attrs["href"])
            assert target is not None and target.is_file(), (page, link.attrs["href"])
            assert read_page(target).lang == code
        current = [a for a in links if "aria-current" in a.attrs]
        assert [a.attrs["lang"] for a in current] == [_language_of(page)], page
        assert _resolve(out, page, current[0].attrs["href"]) == out / page
        # the other language: this page there, where it exists; else a page above its place
        other = by_code["en" if _language_of(page) == "de" else "de"]
        same = out / (page.removeprefix("de/") if page.startswith("de/") else "de/" + page)
        target = _resolve(out, page, other.attrs["href"])
        if same.is_file():
            assert target == same, page
        else:
            assert target.parent in same.parents, (page, target)


def test_where_german_lacks_a_page_the_switcher_leads_up(fixture_site):
    links = list(_switcher(fixture_site, "tags/engines/index.html").find_all("a"))
    german = next(a for a in links if a.attrs["lang"] == "de")
    assert german.attrs["href"] == "../../de/tags/"
    links = list(_switcher(fixture_site, "de/projects/nur-deutsch/index.html").find_all("a"))
    english = next(a for a in links if a.attrs["lang"] == "en")
    assert english.attrs["href"] == "../../../projects/"


def test_the_404_page_leads_to_each_language_home(fixture_site):
    links = list(_switcher(fixture_site, "404.html").find_all("a"))
    assert [a.attrs["href"] for a in links] == ["/portfolio/", "/portfolio/de/"]
    assert [a.attrs.get("aria-current") for a in links] == ["true", None]


# --- hreflang --------------------------------------------------------------------------------


def _alternates(built: Built, page: str) -> dict[str, str]:
    head = read_page(built.output / page).root.find("head")
    return {
        link.attrs["hreflang"]: link.attrs["href"]
        for link in head.find_all("link", rel="alternate")
        if "hreflang" in link.attrs
    }


def test_hreflang_alternates_are_reciprocal(both):
    canonical = {}
    for page in both.pages():
        link = read_page(both.output / page).root.find("link", rel="canonical")
        if link is not None:
            canonical[link.attrs["href"]] = page
    checked = 0
    for page in both.pages():
        alternates = _alternates(both, page)
        if not alternates:
            continue
        own = read_page(both.output / page).root.find("link", rel="canonical").attrs["href"]
        assert alternates[_language_of(page)] == own, page
        assert set(alternates) == {"en", "de", "x-default"}, page
        assert alternates["x-default"] == alternates["en"]
        for code in ("en", "de"):
            other = canonical[alternates[code]]  # an address the site has
            assert _language_of(other) == code
            assert _alternates(both, other) == alternates, (page, other)
        checked += 1
    assert checked > 10


def test_a_page_in_one_language_has_no_alternates(fixture_site):
    assert _alternates(fixture_site, "de/projects/nur-deutsch/index.html") == {}
    assert _alternates(fixture_site, "tags/engines/index.html") == {}
    assert _alternates(fixture_site, "404.html") == {}


# --- machine-readable files ------------------------------------------------------------------


def test_the_sitemap_lists_every_language_with_its_alternates(fixture_site):
    root = ET.parse(fixture_site.output / "sitemap.xml").getroot()
    entries = {
        url.find(f"{SITEMAP}loc").text: {
            link.get("hreflang"): link.get("href") for link in url.findall(f"{XHTML}link")
        }
        for url in root.findall(f"{SITEMAP}url")
    }
    base = "https://ada.example.org/portfolio/"
    pages = [p for p in fixture_site.pages() if p != "404.html"]
    assert sorted(entries) == sorted(base + _url_of(p)[1:] for p in pages)
    assert entries[base + "de/cv/"] == {
        "en": base + "cv/",
        "de": base + "de/cv/",
        "x-default": base + "cv/",
    }
    assert entries[base + "de/projects/nur-deutsch/"] == {}


def test_each_language_has_its_own_feed(fixture_site):
    german = ET.parse(fixture_site.output / "de" / "feed.xml").getroot()
    assert german.get("{http://www.w3.org/XML/1998/namespace}lang") == "de"
    assert german.find(f"{ATOM}title").text == "Ada Lovelace – Lebenslauf"
    titles = [e.find(f"{ATOM}title").text for e in german.findall(f"{ATOM}entry")]
    assert "Die Analytische Maschine" in titles and "The Analytical Engine" not in titles
    this = german.find(f"{ATOM}link[@rel='self']").get("href")
    assert this == "https://ada.example.org/portfolio/de/feed.xml"
    english = ET.parse(fixture_site.output / "feed.xml").getroot()
    assert "The Analytical Engine" in [
        e.find(f"{ATOM}title").text for e in english.findall(f"{ATOM}entry")
    ]


# --- links, fallbacks ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "base_url", ["https://ada.example.org/portfolio/", "https://ada.example.org/"]
)
def test_the_link_checker_passes_on_the_multilingual_build(tmp_path, base_url):
    built = _build(BILINGUAL, tmp_path / "site", "--base-url", base_url)
    assert check_links(built.output, base_path(base_url)) == []


def test_check_passes_and_lists_what_is_not_translated(tmp_path):
    site = copy_site(BILINGUAL, tmp_path / "site")
    result = run_cli("check", "--site", site)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert "in 2 languages (en, de), no broken links" in lines[0]
    assert lines[1:] == [
        "de: 2 fields fell back to en (no translation given):",
        "  content/experience.yaml:5: experience[0].summary: no 'de' translation",
        "  content/profile.yaml:3: location: no 'de' translation",
    ]


def test_the_build_summary_counts_fallbacks(tmp_path):
    site = copy_site(BILINGUAL, tmp_path / "site")
    first = run_cli("build", "--site", site)
    assert first.code == 0, first.err
    assert first.out.splitlines()[1:] == ["de: 2 fields fell back to en (no translation given)"]
    again = run_cli("build", "--site", site)  # nothing changed: said from the build stamp
    assert "nothing changed" in again.out
    assert again.out.splitlines()[1:] == first.out.splitlines()[1:]
    profile = site / "content" / "profile.yaml"
    profile.write_text(
        profile.read_text(encoding="utf-8").replace("{en: London}", "{en: London, de: London}"),
        encoding="utf-8",
    )
    fewer = run_cli("build", "--site", site)
    assert fewer.out.splitlines()[1:] == ["de: 1 field fell back to en (no translation given)"]


def test_a_site_in_one_language_says_nothing_of_fallbacks(tmp_path):
    site = copy_site(FIXTURES / "sites" / "coauthors", tmp_path / "site")
    result = run_cli("build", "--site", site)
    assert result.code == 0 and len(result.out.splitlines()) == 1
