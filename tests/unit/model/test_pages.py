"""Free pages, news, the CV's and the feed's sections, and analytics, in the model."""

from __future__ import annotations

import pytest

from generator.content.schema import SiteConfig
from generator.render.renderer import analytics_script

SITE = "title: T\nbase_url: https://ada.example.org/\n"
PAGE = "---\ntitle: {title}\n{extra}---\n{body}\n"


def _page(title: str, extra: str = "", body: str = "Text.") -> str:
    return PAGE.format(title=title, extra=extra, body=body)


def test_free_pages_follow_the_sections_in_the_default_menu_by_weight(load_site):
    resume = load_site(
        {
            "content/projects.yaml": "- title: X\n",
            "content/about.md": _page("About me", "nav_label: About\n"),
            "content/contact.md": _page("Contact", "weight: -1\n"),
            "content/zz.md": _page("Last"),
        }
    ).resume
    assert [(link.label, link.url) for link in resume.nav] == [
        ("Projects", "/projects/"),
        ("Contact", "/contact/"),
        ("About", "/about/"),
        ("Last", "/zz/"),
    ]
    assert resume.pages[1].body == "Text.\n"


def test_a_nav_label_in_site_yaml_wins_over_the_pages_own(load_site):
    resume = load_site(
        {
            "site.yaml": SITE + "nav:\n  - section: about\n    label: Me\n",
            "content/about.md": _page("About me", "nav_label: About\n"),
        }
    ).resume
    assert [link.label for link in resume.nav] == ["Me"]


def test_a_draft_page_is_left_out_unless_drafts_are_asked_for(load_site, site):
    files = {"content/about.md": _page("About", "draft: true\n")}
    assert load_site(files).resume.pages == []
    assert [p.name for p in load_site(files, include_drafts=True).resume.pages] == ["about"]


def test_an_unsafe_link_in_a_page_body_is_placed_on_its_line(site_errors):
    body = "Fine.\n\n[bad](javascript:alert(1))"
    errors = site_errors({"content/about.md": _page("About", body=body)})
    assert len(errors) == 1 and errors[0].startswith("content/about.md:6:")


def test_a_page_without_a_title_is_a_located_error(site_errors):
    errors = site_errors({"content/about.md": "---\ndescription: x\n---\nText.\n"})
    assert errors == ["content/about.md:2:1: title: missing required field 'title'"]


def test_news_goes_newest_first_whatever_its_form_and_weight_still_wins(load_site):
    resume = load_site(
        {
            "content/news.yaml": (
                "- title: Old\n  date: 2020\n- title: New\n  date: 2024-05\n"
                "- title: Pinned\n  date: 2019\n  weight: -1\n"
            ),
            "content/news/mid.md": _page("Mid", "date: 2022-01-02\n"),
        }
    ).resume
    news = resume.section("news")
    assert news.kind == "news" and resume.news is news
    assert [item.title for item in news.items] == ["Pinned", "New", "Mid", "Old"]


@pytest.mark.parametrize("name", ["news", "posts", "blog"])
def test_news_sections_are_off_the_cv_and_in_the_feed(load_site, name):
    resume = load_site(
        {
            f"content/{name}.yaml": "- title: Hello\n  date: 2024\n",
            "content/experience.yaml": "- position: Job\n  start: 2020\n",
            "content/skills.yaml": "- title: Go\n",
            "content/projects.yaml": "- title: Undated\n",
            "content/open-source.yaml": "- title: Dated\n  date: 2021\n",
            "content/misc.yaml": "- title: Undated\n",
        }
    ).resume
    assert name not in [s.name for s in resume.cv_sections]
    assert "experience" in [s.name for s in resume.cv_sections]
    assert sorted(s.name for s in resume.feed_sections) == sorted([name, "projects", "open-source"])


def test_cv_and_feed_sections_choose_and_order(load_site):
    resume = load_site(
        {
            "site.yaml": SITE + "cv:\n  sections: [news, skills]\nfeed:\n  sections: [skills]\n",
            "content/news.yaml": "- title: Hello\n  date: 2024\n",
            "content/skills.yaml": "- title: Go\n",
            "content/projects.yaml": "- title: P\n",
        }
    ).resume
    assert [s.name for s in resume.cv_sections] == ["news", "skills"]
    assert [s.name for s in resume.feed_sections] == ["skills"]


def test_an_unknown_cv_section_is_a_located_error(site_errors):
    errors = site_errors(
        {
            "site.yaml": SITE + "cv:\n  sections: [projets]\n",
            "content/projects.yaml": "- title: P\n",
        }
    )
    assert errors == [
        "site.yaml:4:14: cv.sections[0]: no section named 'projets' in content/ "
        "(did you mean 'projects'?)"
    ]


def _config(analytics: dict | None) -> SiteConfig:
    return SiteConfig.model_validate(
        {"title": "T", "base_url": "https://ada.example.org/sub/", "analytics": analytics}
    )


def test_no_analytics_adds_nothing():
    assert analytics_script(_config(None)) is None


@pytest.mark.parametrize(
    ("settings", "attributes"),
    [
        (
            {"provider": "plausible"},
            [
                ("defer", None),
                ("data-domain", "ada.example.org"),
                ("src", "https://plausible.io/js/script.js"),
            ],
        ),
        (
            {"provider": "plausible", "domain": "ada.org", "script_url": "https://p.ada.org/s.js"},
            [("defer", None), ("data-domain", "ada.org"), ("src", "https://p.ada.org/s.js")],
        ),
        (
            {"provider": "goatcounter", "endpoint": "https://gc.ada.org/count"},
            [
                ("data-goatcounter", "https://gc.ada.org/count"),
                ("async", None),
                ("src", "https://gc.zgo.at/count.js"),
            ],
        ),
    ],
)
def test_analytics_scripts_are_as_each_service_documents(settings, attributes):
    assert analytics_script(_config(settings)) == attributes


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ("provider: goatcounter", "analytics.code: goatcounter needs 'code'"),
        ("provider: plausible\n  domain: 'a b'", "analytics.domain:"),
        ("provider: umami\n  website_id: not-an-id!", "analytics.website_id:"),
        ("provider: script\n  script_url: //x.org/s.js", "is not an https:// address"),
        ("provider: plausible\n  tracker: yes", "unknown field 'tracker'"),
    ],
)
def test_bad_analytics_settings_are_refused(site_errors, settings, message):
    errors = site_errors({"site.yaml": SITE + f"analytics:\n  {settings}\n"})
    assert len(errors) == 1 and message in errors[0], errors
