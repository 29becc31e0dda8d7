"""Each content model with valid and invalid input, through the located validation of content.py.

`errors()` returns the exact lines a user would read, so these tests pin the messages too.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from generator.content.dates import PRESENT, PartialDate
from generator.content.reader import validate
from generator.content.schema import (
    Award,
    Certificate,
    Education,
    Entry,
    Experience,
    Profile,
    Project,
    Publication,
    SiteConfig,
    SkillGroup,
    Talk,
    Teaching,
    model_for,
    url_scheme,
)
from generator.content.yamlio import load_yaml


def read(text: str, model, root: str = ""):
    """Validate a YAML mapping (or each item of a YAML list) against `model`."""
    text = textwrap.dedent(text)
    doc = load_yaml(text, "f.yaml", root=root)
    if isinstance(doc.data, list):
        values, problems = [], []
        for index, item in enumerate(doc.data):
            value, found = validate(doc, item, model, (index,), root)
            values.append(value)
            problems.extend(found)
        return values, [str(p) for p in sorted(problems)]
    value, found = validate(doc, doc.data, model, (), root)
    return value, [str(p) for p in sorted(found)]


def valid(text: str, model, root: str = ""):
    value, problems = read(text, model, root)
    assert problems == []
    return value


def errors(text: str, model, root: str = "") -> list[str]:
    value, problems = read(text, model, root)
    assert problems, "expected errors"
    return problems


# --- profile ---------------------------------------------------------------------------------


def test_profile_full():
    profile = valid(
        """\
        name: Ada Lovelace
        headline: Analyst
        avatar: images/ada.jpg
        email: ada@example.org
        location: London
        website: https://ada.example.org/
        links:
          - label: GitHub
            url: https://github.com/ada
          - label: Mail
            url: mailto:ada@example.org
            icon: envelope
        summary: |
          First **programmer**.
        languages:
          - name: English
            level: Native
          - name: French
        interests: [mathematics, poetry]
        """,
        Profile,
    )
    assert profile.name == "Ada Lovelace"
    assert [link.label for link in profile.links] == ["GitHub", "Mail"]
    assert profile.links[1].icon == "envelope"
    assert profile.languages[1].level is None
    assert profile.summary == "First **programmer**.\n"
    assert profile.interests == ["mathematics", "poetry"]


def test_profile_only_needs_a_name():
    assert valid("name: Ada\n", Profile).links == []


def test_profile_missing_name():
    assert errors("headline: x\n", Profile) == ["f.yaml:1:1: name: missing required field 'name'"]


def test_profile_unknown_key_with_suggestion():
    assert errors("name: Ada\nheadlin: Analyst\n", Profile) == [
        "f.yaml:2:1: headlin: unknown field 'headlin' (did you mean 'headline'?)"
    ]


def test_profile_typo_of_a_required_field_is_one_error():
    assert errors("nmae: Ada\n", Profile) == [
        "f.yaml:1:1: nmae: unknown field 'nmae' (did you mean 'name'?)"
    ]


def test_profile_unknown_key_without_suggestion():
    assert errors("name: Ada\nfavourite_colour: blue\n", Profile) == [
        "f.yaml:2:1: favourite_colour: unknown field 'favourite_colour'"
    ]


def test_profile_nested_unknown_key_suggests_from_the_nested_model():
    assert errors("name: Ada\nlinks:\n  - label: X\n    ulr: https://x.org\n", Profile) == [
        "f.yaml:4:5: links[0].ulr: unknown field 'ulr' (did you mean 'url'?)",
    ]


def test_profile_link_needs_a_label_and_may_go_without_a_url():
    assert errors("name: Ada\nlinks:\n  - icon: github\n", Profile) == [
        "f.yaml:3:5: links[0].label: missing required field 'label'",
    ]
    profile = valid("name: Ada\nlinks:\n  - {label: Skype, username: ada}\n", Profile)
    assert (profile.links[0].url, profile.links[0].username) == (None, "ada")


@pytest.mark.parametrize(
    "url",
    ["javascript:alert(1)", "JavaScript:alert(1)", "java\tscript:alert(1)", "data:text/html,x"],
)
def test_profile_link_refuses_unsafe_schemes(url):
    text = f"name: Ada\nlinks:\n  - label: X\n    url: {json.dumps(url)}\n"
    (message,) = errors(text, Profile)
    assert message.startswith("f.yaml:4:10: links[0].url: ")
    assert "uses the unsafe URL scheme" in message
    assert message.endswith(
        "(expected http, https, mailto, tel, sms, skype, xmpp or a relative path)"
    )


def test_unsafe_url_message_exact():
    assert errors("name: A\nwebsite: javascript:alert(1)\n", Profile) == [
        "f.yaml:2:10: website: 'javascript:alert(1)' uses the unsafe URL scheme 'javascript:' "
        "(expected http, https, mailto, tel, sms, skype, xmpp or a relative path)"
    ]


def test_url_with_spaces_is_refused():
    assert errors("name: A\nwebsite: https://exa mple.org\n", Profile) == [
        "f.yaml:2:10: website: 'https://exa mple.org' has spaces or control characters "
        "(expected a URL)"
    ]


def test_avatar_may_not_be_a_script_url():
    (message,) = errors("name: A\navatar: 'javascript:x'\n", Profile)
    assert message.startswith("f.yaml:2:9: avatar: 'javascript:x' uses the unsafe URL scheme")


def test_profile_wrong_types():
    assert errors("name: [Ada, Lovelace]\nlanguages: English\n", Profile) == [
        "f.yaml:1:7: name: expected text, found a list",
        "f.yaml:2:12: languages: expected a list, found 'English'",
    ]


def test_url_scheme_is_read_as_a_browser_reads_it():
    assert url_scheme("https://x.org") == "https"
    assert url_scheme(" jav\u200bascript:x") == "javascript"
    assert url_scheme("files/cv.pdf") is None
    assert url_scheme("#top") is None


# --- the generic entry -----------------------------------------------------------------------


def test_generic_entry_all_fields():
    entry = valid(
        """\
        - title: Something
          subtitle: A subtitle
          organization: Org
          location: Berlin
          start: 2020.03
          end: present
          summary: Short.
          highlights: [One, Two]
          tags: [A, B]
          links:
            - label: Site
              url: https://example.org
          body: Long text.
          slug: something
          draft: true
          featured: yes
          weight: -3
        - title: Dated
          date: Oct 2021
        """,
        Entry,
        root="misc",
    )
    first, second = entry
    assert first.start == PartialDate(2020, 3) and first.end is PRESENT
    assert first.draft is True and first.featured is True and first.weight == -3
    assert first.slug_title == "Something"
    assert second.date == PartialDate(2021, 10)
    assert model_for("anything-else") is Entry


def test_entry_bad_date():
    assert errors("- title: X\n  start: 2022.13\n", Entry, "misc") == [
        "f.yaml:2:10: misc[0].start: '2022.13' is not a date "
        "(expected YYYY, YYYY-MM, YYYY-MM-DD or present)"
    ]


def test_entry_date_as_a_list():
    assert errors("- title: X\n  start: [2021]\n", Entry, "misc") == [
        "f.yaml:2:10: misc[0].start: a list is not a date "
        "(expected YYYY, YYYY-MM, YYYY-MM-DD or present)"
    ]


def test_entry_end_before_start():
    assert errors("- title: X\n  start: 2021.05\n  end: 2020\n", Entry, "misc") == [
        "f.yaml:3:8: misc[0].end: '2020' is before the start '2021-05'"
    ]


@pytest.mark.parametrize(
    ("start", "end"),
    [("2021-05", "2021"), ("2021", "2021-01"), ("2021-05-31", "2021-05"), ("2020", "present")],
)
def test_entry_end_at_a_coarser_precision_is_not_before(start, end):
    valid(f"- title: X\n  start: {start}\n  end: {end}\n", Entry)


def test_entry_end_without_start():
    assert errors("- title: X\n  end: 2020\n", Entry, "misc") == [
        "f.yaml:2:8: misc[0].end: 'end' without 'start' (use 'date' for a single date)"
    ]


def test_entry_date_with_start():
    assert errors("- title: X\n  date: 2020\n  start: 2019\n", Entry, "misc") == [
        "f.yaml:2:9: misc[0].date: use either 'date' or 'start'/'end', not both"
    ]


def test_entry_needs_a_title():
    assert errors("- summary: x\n", Entry, "misc") == [
        "f.yaml:1:3: misc[0].title: missing required field 'title'"
    ]


def test_entry_empty_title_is_missing():
    assert errors("- title: ''\n", Entry, "misc") == [
        "f.yaml:1:3: misc[0].title: missing required field 'title'"
    ]


def test_entry_wrong_types():
    assert errors(
        "- title: X\n  tags: A, B\n  draft: maybe\n  weight: first\n  highlights: [[a]]\n",
        Entry,
        "misc",
    ) == [
        "f.yaml:2:9: misc[0].tags: expected a list, found 'A, B'",
        "f.yaml:3:10: misc[0].draft: expected true or false, found 'maybe'",
        "f.yaml:4:11: misc[0].weight: expected a whole number, found 'first'",
        "f.yaml:5:16: misc[0].highlights[0]: expected text, or a mapping with text and tags, "
        "found a list",
    ]


def test_entry_a_number_for_a_title_stays_text():
    assert valid("- title: 2021\n", Entry)[0].title == "2021"


@pytest.mark.parametrize("slug", ["my-page", "page_2", "v1.0", "ünïcode"])
def test_valid_slugs(slug):
    assert valid(f"- title: X\n  slug: {slug}\n", Entry)[0].slug == slug


@pytest.mark.parametrize("slug", ["a/b", "../up", "a..b", ".hidden", "-x", "with space", "x" * 101])
def test_invalid_slugs(slug):
    (message,) = errors(f"- title: X\n  slug: '{slug}'\n", Entry, "misc")
    quoted = f"'{slug}'" if len(slug) <= 80 else f"'{slug[:79]}…' ({len(slug)} characters)"
    assert message.startswith(f"f.yaml:2:9: misc[0].slug: {quoted} is not a valid slug")
    assert message.endswith(
        "(expected letters, digits, '-', '_' and '.', at most 100 characters, no '/' or '..')"
    )


# --- known sections --------------------------------------------------------------------------


def test_education_title_falls_back_to_degree():
    (entry,) = valid(
        """\
        - degree: MSc Physics
          institution: University of Göttingen
          area: Physics
          grade: "1.3"
          start: 2016
          end: 2019
          courses: [Quantum Field Theory]
          thesis:
            title: Dark matter
            advisors: [Prof. A]
            summary: Simulated things.
            highlights: [Used MadGraph]
        """,
        Education,
    )
    assert entry.slug_title == "MSc Physics"
    assert entry.title is None
    assert entry.thesis.advisors == ["Prof. A"]
    assert entry.grade == "1.3"


def test_education_title_wins_over_degree():
    (entry,) = valid("- title: Shown\n  degree: Hidden\n", Education)
    assert entry.slug_title == "Shown"


def test_education_needs_degree_or_title():
    assert errors("- institution: Uni\n", Education, "education") == [
        "f.yaml:1:3: education[0].degree: missing required field 'degree' (or 'title')"
    ]


def test_education_thesis_unknown_key_suggests_from_thesis():
    assert errors("- degree: X\n  thesis:\n    advisers: [A]\n", Education, "education") == [
        "f.yaml:3:5: education[0].thesis.advisers: unknown field 'advisers' "
        "(did you mean 'advisors'?)"
    ]


def test_experience_title_falls_back_to_position():
    (entry,) = valid("- position: Engineer\n  organization: Acme\n  start: 2020\n", Experience)
    assert entry.slug_title == "Engineer"


def test_experience_needs_position_or_title():
    assert errors("- organization: Acme\n", Experience, "experience") == [
        "f.yaml:1:3: experience[0].position: missing required field 'position' (or 'title')"
    ]


def test_experience_unknown_key_suggests_position():
    assert errors("- positon: Engineer\n", Experience, "experience") == [
        "f.yaml:1:3: experience[0].positon: unknown field 'positon' (did you mean 'position'?)"
    ]


def test_project_roles():
    assert valid("- title: P\n  roles: [lead]\n", Project)[0].roles == ["lead"]


def test_publication_full():
    (pub,) = valid(
        """\
        - title: A paper
          authors: [Ada Lovelace*, Charles Babbage*, "Mary Somerville†"]
          venue: Journal of Engines
          venue_short: JoE
          type: journal
          year: 1843
          month: 9
          status: under review
          doi: 10.1000/xyz
          arxiv: "2101.00001"
          url: https://example.org/paper
          pdf: files/paper.pdf
          code: https://github.com/x/y
          slides: files/slides.pdf
          abstract: An abstract.
          selected: true
          publisher: Taylor
          volume: "3"
          issue: "1"
          pages: 1-10
          number: "42"
          advisors: [Someone]
          bibtex: "@article{x}"
        """,
        Publication,
    )
    assert pub.type == "journal"
    assert pub.published == PartialDate(1843, 9)
    assert pub.arxiv == "2101.00001"


def test_publication_defaults_and_published_date():
    (plain, dated) = valid("- title: A\n- title: B\n  date: 2020-05-01\n", Publication)
    assert plain.type == "misc" and plain.published is None
    assert dated.published == PartialDate(2020, 5, 1)


def test_publication_bad_type():
    assert errors("- title: P\n  type: jornal\n", Publication, "publications") == [
        "f.yaml:2:9: publications[0].type: 'jornal' is not one of: 'journal', 'conference', "
        "'workshop', 'preprint', 'thesis', 'report', 'patent', 'book', 'chapter', 'talk' "
        "or 'misc'"
    ]


def test_publication_month_range_and_month_without_year():
    assert errors("- title: P\n  year: 2020\n  month: 13\n", Publication, "pubs") == [
        "f.yaml:3:10: pubs[0].month: '13' is out of range (input should be less than or "
        "equal to 12)"
    ]
    assert errors("- title: P\n  month: 3\n", Publication, "pubs") == [
        "f.yaml:2:10: pubs[0].month: 'month' without 'year'"
    ]


def test_publication_needs_a_title_not_a_venue():
    assert errors("- venue: X\n", Publication, "pubs") == [
        "f.yaml:1:3: pubs[0].title: missing required field 'title'"
    ]


def test_award_and_certificate():
    (award,) = valid("- title: Prize\n  awarder: Society\n  date: 2020\n", Award)
    assert award.awarder == "Society"
    (cert,) = valid("- title: Cert\n  issuer: Org\n  url: https://x.org/c\n", Certificate)
    assert cert.issuer == "Org"
    assert errors("- title: C\n  url: javascript:x\n", Certificate, "c")[0].startswith(
        "f.yaml:2:8: c[0].url: 'javascript:x' uses the unsafe URL scheme"
    )


def test_skill_group_items_as_text_or_mappings():
    (group,) = valid(
        "- title: Languages\n  level: expert\n  items:\n    - Python\n"
        "    - name: Go\n      level: good\n",
        SkillGroup,
    )
    assert [(i.name, i.level) for i in group.items] == [("Python", None), ("Go", "good")]


def test_skill_item_unknown_key():
    text = "- title: S\n  items:\n    - Python\n    - name: Go\n      lvl: 3\n"
    assert errors(text, SkillGroup, "skills") == [
        "f.yaml:5:7: skills[0].items[1].lvl: unknown field 'lvl' (did you mean 'level'?)"
    ]


def test_teaching_title_falls_back_to_course():
    (entry,) = valid("- course: Physics I\n  role: TA\n  term: WS 2019\n", Teaching)
    assert entry.slug_title == "Physics I"
    assert errors("- role: TA\n", Teaching, "teaching") == [
        "f.yaml:1:3: teaching[0].course: missing required field 'course' (or 'title')"
    ]


def test_talk_event():
    assert valid("- title: Talk\n  event: PyCon\n  date: 2020\n", Talk)[0].event == "PyCon"


def test_known_sections_have_their_models():
    assert model_for("experience") is Experience
    assert model_for("skills") is SkillGroup
    assert model_for("talks") is Talk


# --- site.yaml -------------------------------------------------------------------------------


def test_site_config_full():
    config = valid(
        """\
        title: Ada
        base_url: https://user.github.io/portfolio
        description: A site.
        language: zh-CN
        theme: meridian
        theme_options: {accent: teal}
        nav:
          - experience
          - section: publications
            label: Papers
          - url: https://blog.example.org/
            label: Blog
        highlight_author:
          name: Ada Lovelace
          aliases: [A. Lovelace]
        markdown:
          unsafe_html: false
          smart_quotes: false
        deploy:
          target: github-pages
          branch: pages
          cname: ada.example.org
        """,
        SiteConfig,
    )
    assert config.base_url == "https://user.github.io/portfolio/"
    assert [n.section for n in config.nav] == ["experience", "publications", None]
    assert config.nav[1].label == "Papers"
    assert config.highlight_author.aliases == ["A. Lovelace"]
    assert config.markdown.smart_quotes is False
    assert config.deploy.remote == "origin"


def test_site_config_defaults_and_short_forms():
    config = valid(
        "title: T\nbase_url: http://localhost:8000/\nhighlight_author: Ada\n", SiteConfig
    )
    assert config.language == "en" and config.theme == "meridian" and config.nav is None
    assert config.highlight_author.name == "Ada" and config.highlight_author.aliases == []
    assert config.markdown.unsafe_html is False and config.markdown.smart_quotes is True


@pytest.mark.parametrize(
    "url", ["example.org", "ftp://example.org/", "https://", "https://x.org/?q=1", "/sub/"]
)
def test_site_config_bad_base_url(url):
    assert errors(f"title: T\nbase_url: '{url}'\n", SiteConfig) == [
        f"f.yaml:2:11: base_url: '{url}' is not a site address (expected http(s)://host/ or "
        "http(s)://host/sub/path/)"
    ]


def test_site_config_requires_title_and_base_url():
    assert errors("language: en\n", SiteConfig) == [
        "f.yaml:1:1: base_url: missing required field 'base_url'",
        "f.yaml:1:1: title: missing required field 'title'",
    ]


def test_site_config_typo_is_one_error():
    assert errors("title: T\nbaseurl: https://x.org/\n", SiteConfig) == [
        "f.yaml:2:1: baseurl: unknown field 'baseurl' (did you mean 'base_url'?)"
    ]


def test_site_config_bad_language():
    assert errors("title: T\nbase_url: https://x.org/\nlanguage: English\n", SiteConfig) == [
        "f.yaml:3:11: language: 'English' is not a language code (expected e.g. en, de, zh or "
        "pt-BR)"
    ]


def test_site_config_nav_items():
    assert errors(
        "title: T\nbase_url: https://x.org/\nnav:\n  - label: Nothing\n"
        "  - url: https://x.org/\n  - {section: a, url: https://x.org/, label: A}\n",
        SiteConfig,
    ) == [
        "f.yaml:4:5: nav[0]: a nav item needs either 'section' or 'url'",
        "f.yaml:5:5: nav[1]: a nav item with 'url' needs a 'label'",
        "f.yaml:6:5: nav[2]: a nav item needs either 'section' or 'url'",
    ]


def test_site_config_nested_unknown_keys():
    assert errors(
        "title: T\nbase_url: https://x.org/\nmarkdown:\n  unsafe_htm: true\n"
        "deploy:\n  target: ftp\n",
        SiteConfig,
    ) == [
        "f.yaml:4:3: markdown.unsafe_htm: unknown field 'unsafe_htm' (did you mean 'unsafe_html'?)",
        "f.yaml:6:11: deploy.target: 'ftp' is not one of: 'github-pages', 'rsync' or 'directory'",
    ]


def test_models_are_frozen():
    profile = valid("name: Ada\n", Profile)
    with pytest.raises(Exception, match="frozen"):
        profile.name = "Other"


# --- JSON Schema for editors -----------------------------------------------------------------


def _date_schema() -> dict:
    schema = Entry.model_json_schema()["properties"]["start"]
    return next(s for s in schema["anyOf"] if "anyOf" in s)


@pytest.mark.parametrize(
    "text",
    [
        "2021",
        "2021-10",
        "2021.10",
        "2021/10/05",
        "Oct 2021",
        "Oct. 2021",
        "October 2021",
        "5 Oct 2021",
        "Oct 5, 2021",
        "present",
        "Present",
        "ongoing",
    ],
)
def test_editor_schema_accepts_every_date_form_as_text(text):
    import re

    from generator.content.dates import parse_date

    assert parse_date(text) is not None
    (pattern,) = [s["pattern"] for s in _date_schema()["anyOf"] if s.get("type") == "string"]
    assert re.search(pattern, text)


def test_editor_schema_accepts_dates_that_yaml_12_reads_as_numbers():
    # An editor reads `start: 2021.10` as the number 2021.1: it must not flag it.
    (number,) = [s for s in _date_schema()["anyOf"] if s.get("type") == "number"]
    assert number["minimum"] <= 2021.1 < number["exclusiveMaximum"]


def test_editor_schema_forbids_unknown_keys():
    assert Entry.model_json_schema()["additionalProperties"] is False
    assert SiteConfig.model_json_schema()["additionalProperties"] is False
