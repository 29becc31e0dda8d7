"""Which icon a link gets: its own, its URL's network, or without a URL its label's."""

from __future__ import annotations

import pytest

from generator.render.icons import icon_name_for


@pytest.mark.parametrize(
    ("url", "declared", "label", "expected"),
    [
        ("https://github.com/ada", None, "Code", "github"),
        ("mailto:ada@example.org", None, "Mail", "email"),
        ("https://example.org/", "orcid", "ORCID", "orcid"),
        (None, None, "GitHub", "github"),  # a profile kept without its url
        (None, None, "Skype", "link"),
        (None, "mastodon", "Fediverse", "mastodon"),
    ],
)
def test_a_link_gets_the_icon_of_its_network(url, declared, label, expected):
    assert icon_name_for(url, declared, label) == expected
