"""Every fact of a real resume.json on the site (issue 27): one test per class of loss.

Each test imports an unedited real file (tests/fixtures/realworld/jsonresume/, sources in
SOURCES.md) with the CLI, builds the site and reads the pages a visitor (or a printer) sees.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import pdfread
from tests.helpers import FIXTURES, run_cli
from tests.htmlread import Page, read_page

REAL = FIXTURES / "realworld" / "jsonresume"


def imported(source: Path, site: Path) -> Path:
    result = run_cli("import", "jsonresume", source, "--site", site)
    assert result.code == 0, result.err
    build = run_cli("build", "--site", site)
    assert build.code == 0, build.err
    return site / "output"


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """JSON Resume's own sample (Richard Hendriks), imported and built."""
    return imported(REAL / "resume-schema-sample.resume.json", tmp_path_factory.mktemp("s"))


@pytest.fixture(scope="module")
def legacy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The schema's complete example of 2016: a profile with an empty url."""
    return imported(REAL / "resume-schema-2016-complete.json", tmp_path_factory.mktemp("l"))


def cv(output: Path) -> Page:
    return read_page(output / "cv" / "index.html")


def test_education_shows_its_field_of_study_and_keeps_its_url(sample: Path):
    page = cv(sample)
    heading = page.main.find(id="cv-education-bachelor").find("h3")
    assert heading.text.strip() == "Bachelor, Information Technology"
    # The entry's name (its anchor, and its page when it has one) is still the degree's.
    section = read_page(sample / "education" / "index.html")
    assert section.main.find(id="bachelor") is not None


def test_projects_show_their_roles_and_type(sample: Path):
    text = cv(sample).main.text
    assert "Team lead, Designer" in text
    assert "· application" in text
    cards = read_page(sample / "projects" / "index.html").main.text
    assert "Team lead, Designer" in cards and "application" in cards


def test_profiles_show_their_usernames_and_print_their_addresses(sample: Path):
    contact = cv(sample).main.find("ul", cls="contact")
    handles = [e.text for e in contact.find_all("span", cls="handle")]
    assert handles == ["neutralthoughts", "dandymusicnl"]
    printed = [e.text for e in contact.find_all("span", cls="print-only")]
    assert printed == ["www.twitter.com", "soundcloud.example.com/dandymusicnl"]


def test_the_postal_address_is_kept_and_shown_whole_only_when_published(sample: Path):
    text = cv(sample).main.find("ul", cls="contact").text
    assert "2712 Broadway" not in text and "San Francisco" in text
    site = sample.parent
    with (site / "site.yaml").open("a", encoding="utf-8") as config:
        config.write("contact: {address: true}\n")
    result = run_cli("build", "--site", site, "--output", site / "published")
    assert result.code == 0, result.err
    text = cv(site / "published").main.find("ul", cls="contact").text
    assert "2712 Broadway St, San Francisco, California CA 94115, US" in text
    text = " ".join(pdfread.text(site / "published" / "cv.pdf").split())
    assert "2712 Broadway St, San Francisco, California CA 94115, US" in text


def test_the_cv_shows_skill_levels_and_publication_summaries(sample: Path):
    page = cv(sample)
    skills = page.main.find(id="cv-skills-web-development")
    assert "Web Development (Master)" in skills.find("h3").text
    paper = page.main.find("section", **{"aria-labelledby": "cv-publications"})
    assert "Innovative middle-out compression algorithm" in paper.text


def test_the_pdf_prints_handles_addresses_levels_and_summaries(sample: Path):
    pdfread.require_poppler()
    text = " ".join(pdfread.text(sample / "cv.pdf").split())
    assert "www.twitter.com (neutralthoughts)" in text
    assert "soundcloud.example.com/dandymusicnl" in text
    assert "Web Development (Master)" in text
    assert "Innovative middle-out compression algorithm" in text
    assert "Team lead, Designer · application" in text
    assert "Bachelor, Information Technology" in text


def test_a_profile_without_a_url_is_kept_as_text(legacy: Path):
    contact = cv(legacy).main.find("ul", cls="contact")
    twitter = next(li for li in contact.find_all("li") if "Twitter" in li.text)
    assert twitter.find("a") is None
    assert twitter.text == "Twitter neutralthoughts"
    profiles = json.loads((legacy / "resume.json").read_text("utf-8"))["basics"]["profiles"]
    assert profiles[0] == {"network": "Twitter", "username": "neutralthoughts"}
    assert "Twitter: neutralthoughts" in " ".join(pdfread.text(legacy / "cv.pdf").split())


def test_fields_real_files_add_to_1_0_are_shown(tmp_path: Path):
    output = imported(REAL / "al-folio-einstein.resume.json", tmp_path / "site")
    text = cv(output).main.text
    assert "Zurich, Switzerland" in text  # education.location and volunteer.location
    assert "Quantum computing is the use of quantum-mechanical phenomena" in text  # summary
    links = cv(output).links()
    assert "https://www.nobelprize.org/prizes/physics/1921/einstein/biographical/" in links


@pytest.mark.parametrize("source", sorted(REAL.glob("*.json")), ids=lambda p: p.name)
def test_every_real_file_imports_with_nothing_skipped_and_builds(tmp_path: Path, source: Path):
    result = run_cli("import", "jsonresume", source, "--site", tmp_path / "site")
    assert result.code == 0, result.err
    assert "Skipped" not in result.err
    build = run_cli("build", "--site", tmp_path / "site")
    assert build.code == 0, build.err


def test_a_photo_on_another_host_is_linked_never_loaded(tmp_path: Path):
    output = imported(REAL / "56kyle.resume.json", tmp_path / "site")
    photo = "https://avatars.githubusercontent.com/u/43910687?u=0b0d686112b61765f6d8048fa36bc382255914e7&v=4"
    for page in (read_page(output / "index.html"), cv(output)):
        link = page.main.find("li", cls="photo-link").find("a")
        assert (link.attrs["href"], link.text) == (photo, "Photo of Kyle Oliver")
        assert not [e for e in page.root.find_all("img") if "githubusercontent" in e.attrs["src"]]


def test_jsoncv_technologies_become_tags(tmp_path: Path):
    output = imported(REAL / "0xa1337.resume.json", tmp_path / "site")
    experience = read_page(output / "experience" / "index.html").main
    tags = {a.text for ul in experience.find_all("ul", cls="tags") for a in ul.find_all("a")}
    assert {"Viem/Wagmi", "Mocha/Sinon", "tRPC"} <= tags


def test_a_field_the_schema_lacks_is_shown_and_never_exported_as_a_field(tmp_path: Path):
    """5c077m4n's languages carry a theme's `value` (100): it is shown after the level, a
    second import changes nothing, and resume.json does not grow a field JSON Resume lacks."""
    source = REAL / "5c077m4n.resume.json"
    output = imported(source, tmp_path / "site")
    assert "Native speaker (value: 100)" in cv(output).main.text
    assert "Native speaker (value: 100)" in " ".join(pdfread.text(output / "cv.pdf").split())
    again = run_cli("import", "jsonresume", source, "--site", tmp_path / "site")
    assert again.code == 0 and "content/profile.yaml: unchanged" in again.out
    languages = json.loads((output / "resume.json").read_text("utf-8"))["languages"]
    assert languages[0] == {"language": "English", "fluency": "Native speaker (value: 100)"}


def test_a_skype_profile_links_to_the_application(tmp_path: Path):
    """ayastrebov's Skype profile: skype: opens the application, as tel: does (issue 27)."""
    output = imported(REAL / "ayastrebov.resume.json", tmp_path / "site")
    for page in (read_page(output / "index.html"), cv(output)):
        assert "skype:yastrebov3?userinfo" in page.links()
    profiles = json.loads((output / "resume.json").read_text("utf-8"))["basics"]["profiles"]
    assert {"network": "Skype", "username": "yastrebov3", "url": "skype:yastrebov3?userinfo"} in (
        profiles
    )
