"""Links that leave the site are told from the site's own."""

from __future__ import annotations

import pytest

from generator import routes


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
