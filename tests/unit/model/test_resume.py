"""The résumé model: section order, entry order, drafts, slugs, tags, navigation, late checks."""

from __future__ import annotations

import pytest

from generator.errors import ContentErrors


def titles(resume, section):
    return [item.title for item in resume.section(section).items]


# --- order -----------------------------------------------------------------------------------


def test_yaml_lists_keep_the_written_order(load_site):
    resume = load_site(
        {"content/projects.yaml": "- title: B\n  date: 2019\n- title: A\n  date: 2022\n"}
    ).resume
    assert titles(resume, "projects") == ["B", "A"]


def test_markdown_files_go_newest_first_then_by_name(load_site):
    resume = load_site(
        {
            "content/projects/old.md": "---\ntitle: Old\nstart: 2018\nend: 2019\n---\n",
            "content/projects/now.md": "---\ntitle: Now\nstart: 2020\nend: present\n---\n",
            "content/projects/mid.md": "---\ntitle: Mid\ndate: 2021-06\n---\n",
            "content/projects/b-undated.md": "---\ntitle: B undated\n---\n",
            "content/projects/a-undated.md": "---\ntitle: A undated\n---\n",
        }
    ).resume
    assert titles(resume, "projects") == ["Now", "Mid", "Old", "A undated", "B undated"]


def test_weight_wins_over_both_orders(load_site):
    resume = load_site(
        {
            "content/projects.yaml": "- title: Listed first\n- title: Listed heavy\n  weight: 5\n",
            "content/projects/new.md": "---\ntitle: New\ndate: 2024\n---\n",
            "content/projects/pinned.md": "---\ntitle: Pinned\ndate: 2001\nweight: -1\n---\n",
        }
    ).resume
    assert titles(resume, "projects") == ["Pinned", "Listed first", "New", "Listed heavy"]


def test_publications_sort_by_their_publication_date(load_site):
    resume = load_site(
        {
            "content/publications/a.md": "---\ntitle: A\nyear: 2019\n---\n",
            "content/publications/b.md": "---\ntitle: B\nyear: 2021\nmonth: 2\n---\n",
            "content/publications/c.md": "---\ntitle: C\ndate: 2021-05-01\n---\n",
        }
    ).resume
    assert titles(resume, "publications") == ["C", "B", "A"]
    assert [i.year for i in resume.section("publications").items] == [2021, 2021, 2019]


def test_section_order_follows_nav_then_known_order_then_name(load_site):
    files = {
        f"content/{name}.yaml": "- title: X\n"
        for name in ("zines", "awards", "projects", "education", "articles")
    }
    assert [s.name for s in load_site(files).resume.sections] == [
        "education",
        "projects",
        "awards",
        "articles",
        "zines",
    ]
    files["site.yaml"] = "title: T\nbase_url: https://x.org/\nnav: [zines, awards]\n"
    assert [s.name for s in load_site(files).resume.sections] == [
        "zines",
        "awards",
        "education",
        "projects",
        "articles",
    ]


def test_section_titles_and_kinds(load_site):
    resume = load_site(
        {"content/open-source.yaml": "- title: X\n", "content/experience.yaml": "- position: P\n"}
    ).resume
    assert (resume.section("experience").title, resume.section("experience").kind) == (
        "Experience",
        "experience",
    )
    assert (resume.section("open-source").title, resume.section("open-source").kind) == (
        "Open source",
        "generic",
    )


# --- drafts, slugs, pages --------------------------------------------------------------------


def test_drafts_are_left_out_unless_asked(load_site):
    files = {"content/projects.yaml": "- title: Done\n- title: Draft\n  draft: true\n"}
    assert titles(load_site(files).resume, "projects") == ["Done"]
    assert titles(load_site(files, include_drafts=True).resume, "projects") == ["Done", "Draft"]


def test_slugs_from_titles_file_names_and_duplicates(load_site):
    resume = load_site(
        {
            "content/projects.yaml": (
                "- title: C++ & Go!\n- title: Same\n- title: Same\n- title: Mine\n  slug: same-2\n"
            ),
            "content/projects/My Page.md": "---\ntitle: Whatever\n---\n",
        }
    ).resume
    assert [i.slug for i in resume.section("projects").items] == [
        "cpp-and-go",
        "same",
        "same-3",  # 'same-2' is taken by an explicit slug, which always keeps its name
        "same-2",
        "my-page",
    ]


def test_only_entries_with_a_body_get_a_page(load_site):
    resume = load_site(
        {"content/projects.yaml": "- title: No page\n- title: Page\n  body: Long text.\n"}
    ).resume
    short, long = resume.section("projects").items
    assert (short.url, short.has_page, short.location) == (None, False, "/projects/#no-page")
    assert (long.url, long.has_page, long.location) == ("/projects/page/", True, "/projects/page/")


def test_duplicate_explicit_slug_names_both_lines(site_errors):
    assert site_errors(
        {"content/projects.yaml": "- title: A\n  slug: x\n- title: B\n  tags: [t]\n  slug: x\n"}
    ) == [
        "content/projects.yaml:5:9: projects[1].slug: slug 'x' is already used by "
        "content/projects.yaml:2"
    ]


def test_duplicate_slug_across_files(site_errors):
    assert site_errors(
        {
            "content/projects.yaml": "- title: A\n  slug: x\n",
            "content/projects/b.md": "---\ntitle: B\nslug: x\n---\n",
        }
    ) == ["content/projects/b.md:3:7: slug: slug 'x' is already used by content/projects.yaml:2"]


# --- tags ------------------------------------------------------------------------------------


def test_tags_merge_spellings_and_count(load_site):
    resume = load_site(
        {
            "content/projects.yaml": (
                "- title: A\n  tags: [Machine Learning, Go, go]\n"
                "- title: B\n  tags: [machine-learning, 'Machine  Learning']\n"
                "- title: C\n  tags: [Machine Learning, '!!!']\n"
            )
        }
    ).resume
    assert [(t.name, t.slug, t.count, t.url) for t in resume.tags] == [
        ("Machine Learning", "machine-learning", 3, "/tags/machine-learning/"),
        ("Go", "go", 1, "/tags/go/"),
    ]
    a, b, c = resume.section("projects").items
    assert [t.slug for t in a.tags] == ["machine-learning", "go"]
    assert [t.slug for t in c.tags] == ["machine-learning"]


def test_a_tag_groups_its_entries_by_section_as_jinjas_groupby_does(load_site):
    import jinja2
    from jinja2.filters import sync_do_groupby

    resume = load_site(
        {
            "content/projects.yaml": "- title: A\n  tags: [x]\n- title: B\n  tags: [x]\n",
            "content/zeta.yaml": "- title: C\n  tags: [x]\n",
            "content/awards.yaml": "- title: D\n  tags: [x]\n",
            "content/talks.yaml": "- title: E\n  tags: [x]\n",
        }
    ).resume
    (tag,) = resume.tags
    jinjas = sync_do_groupby(jinja2.Environment(), tag.items, "section")
    assert tag.by_section == [(group.grouper, group.list) for group in jinjas]
    assert [name for name, _ in tag.by_section] == ["awards", "projects", "talks", "zeta"]


# --- navigation ------------------------------------------------------------------------------


def test_nav_by_default_lists_every_section(load_site):
    resume = load_site({"content/projects.yaml": "- title: X\n"}).resume
    assert [(n.label, n.url) for n in resume.nav] == [("Projects", "/projects/")]


def test_nav_labels_pages_and_links(load_site):
    resume = load_site(
        {
            "site.yaml": (
                "title: T\nbase_url: https://x.org/\nnav:\n  - section: projects\n"
                "    label: Work\n  - cv\n  - url: https://blog.x.org/\n    label: Blog\n"
            ),
            "content/projects.yaml": "- title: X\n",
        }
    ).resume
    assert [(n.label, n.url, n.external) for n in resume.nav] == [
        ("Work", "/projects/", False),
        ("CV", "/cv/", False),
        ("Blog", "https://blog.x.org/", True),
    ]
    assert resume.section("projects").title == "Work"


def test_nav_unknown_section(site_errors):
    assert site_errors(
        {
            "site.yaml": "title: T\nbase_url: https://x.org/\nnav:\n  - projects\n  - blog\n",
            "content/projects.yaml": "- title: X\n",
        }
    ) == [
        "site.yaml:5:5: nav[1].section: no section or page named 'blog' in content/ "
        "(sections: projects; pages: cv, tags)"
    ]


def test_nav_unknown_section_suggests_a_close_one(site_errors):
    assert site_errors(
        {
            "site.yaml": "title: T\nbase_url: https://x.org/\nnav:\n  - section: project\n",
            "content/projects.yaml": "- title: X\n",
        }
    ) == [
        "site.yaml:4:14: nav[0].section: no section or page named 'project' in content/ "
        "(did you mean 'projects'?)"
    ]


# --- checks made on the model ----------------------------------------------------------------


def test_unsafe_link_in_markdown_is_placed_on_its_field(site_errors):
    assert site_errors(
        {
            "content/projects.yaml": (
                "- title: A\n- title: B\n  highlights:\n    - fine\n"
                "    - '[x](javascript:alert(1))'\n"
            )
        }
    ) == [
        "content/projects.yaml:5:7: projects[1].highlights[1]: link to 'javascript:alert(1)' "
        "uses an unsafe URL scheme (expected http, https, mailto, tel, sms, skype, xmpp or a "
        "relative path)"
    ]


def test_unsafe_link_in_a_markdown_body_points_at_the_link(site_errors):
    text = "---\ntitle: A\n---\nIntro.\n\n[x](vbscript:msgbox)\n"
    assert site_errors({"content/projects/a.md": text}) == [
        "content/projects/a.md:6:5: body: link to 'vbscript:msgbox' uses an unsafe URL scheme "
        "(expected http, https, mailto, tel, sms, skype, xmpp or a relative path)"
    ]


def test_unsafe_link_in_the_profile_summary(site_errors):
    assert site_errors({"content/profile.yaml": "name: A\nsummary: '[x](javascript:x)'\n"}) == [
        "content/profile.yaml:2:10: summary: link to 'javascript:x' uses an unsafe URL scheme "
        "(expected http, https, mailto, tel, sms, skype, xmpp or a relative path)"
    ]


def test_markdown_left_for_later_is_checked_when_asked_for(load_site):
    """A build plans its pages before it checks Markdown (`markdown_later`): the same error,
    raised by `check_markdown`, which it calls before rendering any page."""
    text = "---\ntitle: A\n---\nIntro.\n\n[x](vbscript:msgbox)\n"
    loaded = load_site({"content/projects/a.md": text}, markdown_later=True)
    with pytest.raises(ContentErrors) as info:
        loaded.check_markdown()
    assert [str(e) for e in info.value.errors] == [
        "content/projects/a.md:6:5: body: link to 'vbscript:msgbox' uses an unsafe URL scheme "
        "(expected http, https, mailto, tel, sms, skype, xmpp or a relative path)"
    ]
    loaded.check_markdown()  # once: done


def test_markdown_left_for_later_is_checked_at_once_beside_other_errors(site_errors):
    """Every problem of a site in one go, as without `markdown_later`."""
    files = {
        "content/projects/a.md": "---\ntitle: A\n---\n[x](vbscript:msgbox)\n",
        "content/projects/b.md": "---\ntitle: B\ndate: someday\n---\n",
    }
    errors = site_errors(files, markdown_later=True)
    assert errors == site_errors(files)
    assert len(errors) == 2 and "vbscript" in errors[0] and "date" in errors[1]


def test_file_fields_must_name_files_in_content(site_errors, load_site):
    files = {
        "content/profile.yaml": "name: A\navatar: images/me.jpg\n",
        "content/publications.yaml": (
            "- title: P\n  pdf: files/p.pdf\n  slides: https://x.org/s.pdf\n"
        ),
    }
    assert site_errors(files) == [
        "content/profile.yaml:2:9: avatar: 'images/me.jpg' is not a file in content/ "
        "(expected a path such as files/paper.pdf, relative to content/)",
        "content/publications.yaml:2:8: publications[0].pdf: 'files/p.pdf' is not a file in "
        "content/ (expected a path such as files/paper.pdf, relative to content/)",
    ]
    files["content/images/me.jpg"] = b"\xff\xd8"
    files["content/files/p.pdf"] = b"%PDF"
    loaded = load_site(files)
    assert loaded.resume.assets == ["files/p.pdf", "images/me.jpg"]


def test_highlight_author_marks_the_owner(load_site):
    resume = load_site(
        {
            "site.yaml": (
                "title: T\nbase_url: https://x.org/\n"
                "highlight_author:\n  name: Ada Lovelace\n  aliases: [Countess of Lovelace]\n"
            ),
            "content/publications.yaml": (
                "- title: P\n  authors: ['Lovelace, A.*', Charles Babbage*, Countess of Lovelace]\n"
            ),
        }
    ).resume
    (pub,) = resume.section("publications").items
    assert [(a.name, a.is_owner, a.equal) for a in pub.authors] == [
        ("Lovelace, A.", True, True),
        ("Charles Babbage", False, True),
        ("Countess of Lovelace", True, False),
    ]


def test_sort_date_and_year(load_site):
    resume = load_site(
        {"content/projects.yaml": "- title: A\n  start: 2019\n  end: present\n- title: B\n"}
    ).resume
    current, undated = resume.section("projects").items
    assert current.sort_date.present and current.year is None
    assert undated.sort_date is None and undated.year is None


def test_the_repository_site_models_every_section(tmp_path):
    from generator.model.resume import load
    from tests.helpers import REPO

    resume = load(REPO).resume
    assert [s.name for s in resume.sections] == [
        "education",
        "experience",
        "projects",
        "publications",
        "certificates",
        "skills",
    ]
    assert len(resume.section("education").items) == 4
    statuses = {item.status for item in resume.section("publications").items}
    assert {"under review", "accepted", "granted"} <= statuses


@pytest.mark.parametrize("name", ["cv", "tags"])
def test_special_pages_in_nav_need_no_section(load_site, name):
    resume = load_site({"site.yaml": f"title: T\nbase_url: https://x.org/\nnav: [{name}]\n"}).resume
    assert [n.url for n in resume.nav] == [f"/{name}/"]
