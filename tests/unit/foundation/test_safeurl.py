"""A web address written without its scheme is told apart from a path inside the site."""

from __future__ import annotations

import pytest

from generator.safeurl import is_unsafe, web_address_without_scheme


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("www.linkedin.com/in/x", "https://www.linkedin.com/in/x"),
        ("github.com/someone", "https://github.com/someone"),
        ("example.org", "https://example.org"),
        ("a.b.example.co.uk/p?q=1#f", "https://a.b.example.co.uk/p?q=1#f"),
        ("www.thesis.pdf", "https://www.thesis.pdf"),  # www. says it is a host
    ],
)
def test_a_host_first_is_a_web_address(written: str, read: str):
    assert web_address_without_scheme(written) == read


@pytest.mark.parametrize(
    "path",
    [
        "cv.pdf",
        "files/cv.pdf",
        "photo.JPG",
        "./a",
        "/a",
        "#top",
        "?q",
        "localhost/x",
        "https://a.org",
        "mailto:a@b.org",
        "jane@example.com",
        "2019.10",
        "",
    ],
)
def test_a_path_a_file_or_a_url_with_a_scheme_is_left_alone(path: str):
    assert web_address_without_scheme(path) is None


@pytest.mark.parametrize(
    "url", ["https://a.org/", "mailto:a@b.org", "tel:+1", "skype:ada?call", "SMS:+1", "xmpp:a@b"]
)
def test_a_link_may_hand_an_address_to_an_application(url: str):
    assert not is_unsafe(url)


@pytest.mark.parametrize(
    "url", ["javascript:x", "\u00a0JavaScript:x", "data:,x", "vbscript:x", "file:///etc/passwd"]
)
def test_a_link_may_not_run_script_or_open_a_file(url: str):
    assert is_unsafe(url) and is_unsafe(url, loaded=True)


@pytest.mark.parametrize("url", ["skype:ada", "sms:+1", "xmpp:a@b", "mailto:a@b.org", "tel:+1"])
def test_what_a_page_loads_is_on_the_web_or_a_path(url: str):
    assert is_unsafe(url, loaded=True)
    assert not is_unsafe("https://a.org/me.jpg", loaded=True)
    assert not is_unsafe("images/me.jpg", loaded=True)
