"""Links that leave the site are told from the site's own; links within it are relative."""

from __future__ import annotations

import pytest

from generator import urls as routes


@pytest.mark.parametrize(
    ("url", "leaves"),
    [
        ("/cv/", False),
        ("/", False),
        ("//example.org/x", True),
        ("https://example.org", True),
        ("mailto:a@example.org", True),
        ("java\tscript:alert(1)", True),  # browsers drop the tab
        ("files/a.pdf", False),
        ("#top", False),
        ("a:b", True),  # a scheme, however odd
        ("\u200b/x", False),
    ],
)
def test_a_link_leaves_the_site_with_a_scheme_or_another_host(url: str, leaves: bool):
    assert routes.leaves_site(url) is leaves
    assert leaves is (routes.url_scheme(url) is not None or url.startswith("//"))


@pytest.mark.parametrize(
    ("page", "target", "link"),
    [
        ("/", "/", "./"),
        ("/", "/cv/", "cv/"),
        ("/cv/", "/", "../"),
        ("/cv/", "/cv/", "../cv/"),  # up to the root and down: the same from every page
        ("/cv/", "/cv/#skills", "#skills"),  # on the page itself: the fragment alone
        ("/cv/", "/#about", "../#about"),
        ("/projects/x/", "/tags/c%2B%2B/", "../../tags/c%252B%252B/"),
        ("/projects/x/", "/tags/été/", "../../tags/%C3%A9t%C3%A9/"),
        ("/projects/x/", "/projects/", "../../projects/"),
        ("/projects/x/", "/projects/x/#top", "#top"),
        ("/projects/y/", "/projects/x/#top", "../../projects/x/#top"),
        ("/404.html", "/cv/", "cv/"),  # a file's page: from the folder it is in
        ("/de/404.html", "/de/cv/", "../de/cv/"),
        ("/de/cv/", "/assets/style.css", "../../assets/style.css"),
        ("/de/cv/", "/de/cv/#", "../../de/cv/"),  # an empty fragment is dropped
    ],
)
def test_a_link_within_the_site_is_relative_to_the_page(page: str, target: str, link: str):
    assert routes.href(page, target) == link
