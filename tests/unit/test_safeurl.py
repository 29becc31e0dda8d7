"""A web address written without its scheme is told apart from a path inside the site."""

from __future__ import annotations

import pytest

from generator.safeurl import web_address_without_scheme


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
