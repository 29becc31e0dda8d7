"""Co-authors from content/people.yaml: linked wherever an author list shows them, plain in
Scholar's tags, the owner still highlighted; a bad people.yaml is an error at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import FIXTURES, copy_site, run_cli, write_site
from tests.htmlread import read_page

SLUG = "topology-aware-all-reduce-for-heterogeneous-gpu-clusters"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    site = copy_site(FIXTURES / "every-kind", tmp_path_factory.mktemp("people") / "site")
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    return site / "output"


def _links(page) -> dict[str, str]:
    return {a.text: a.attrs["href"] for a in page.main.find_all("a", cls="coauthor")}


def test_coauthors_link_on_the_list_and_the_paper_page(built):
    listing = _links(read_page(built / "publications" / "index.html"))
    assert listing == {
        "Ben Coauthor": "https://ben.example.org/",
        "Dana Other": "https://orcid.org/0000-0002-1825-0097",  # no url: the ORCID record
    }
    paper = read_page(built / "publications" / SLUG / "index.html")
    assert _links(paper) == {"Ben Coauthor": "https://ben.example.org/"}
    owners = [s.text for s in paper.main.find_all("strong", cls="me")]
    assert owners == ["Ada Example"]  # listed in people.yaml too, still the owner, no link


def test_scholar_tags_keep_plain_names(built):
    paper = read_page(built / "publications" / SLUG / "index.html")
    names = [m.attrs["content"] for m in paper.root.find_all("meta", name="citation_author")]
    assert names == ["Ada Example", "Ben Coauthor", "Carla Senior"]


def test_people_yaml_is_not_a_section(built):
    assert not (built / "people").exists()


def test_a_bad_people_yaml_is_an_error_at_its_line(tmp_path):
    people = "- name: Bo Li\n  orcid: 1234\n  homepage: https://x.org\n- url: https://y.org/\n"
    site = write_site(tmp_path / "site", {"content/people.yaml": people})
    result = run_cli("build", "--site", site)
    assert result.code == 1
    assert "content/people.yaml:2:10: people[0].orcid: '1234' does not match" in result.err
    assert "content/people.yaml:3:3: people[0].homepage: unknown field 'homepage'" in result.err
    assert "content/people.yaml:4:3: people[1].name: missing required field 'name'" in result.err
    assert "Traceback" not in result.err


def test_a_talks_speakers_link_too(built):
    talks = read_page(built / "talks" / "index.html")
    assert _links(talks) == {"B. Coauthor": "https://ben.example.org/"}  # an initial matches
    assert [s.text for s in talks.main.find_all("strong", cls="me")] == ["Ada Example"]
