"""The checks `cvsite deploy` makes before publishing: settings, base_url, destinations."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.schema import SiteConfig
from generator.deploy.gittarget import GitTarget, base_url_problem, github_repository
from generator.deploy.publish import (
    DeployRequest,
    check_local_destination,
    placeholder_host,
    settings,
)
from generator.deploy.quoting import said
from generator.deploy.rsync import check_remote_destination, is_remote
from generator.deploy.treediff import describe_changes
from generator.errors import UsageError


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/ann/cv.git",
        "https://github.com/ann/cv",
        "https://token@github.com/ann/cv.git/",
        "git@github.com:ann/cv.git",
        "ssh://git@github.com/ann/cv.git",
    ],
)
def test_github_remotes_are_recognised(url: str):
    assert github_repository(url) == ("ann", "cv")


@pytest.mark.parametrize(
    "url", ["https://gitlab.com/ann/cv.git", "/srv/git/cv.git", "git@example.org:ann/cv.git"]
)
def test_other_remotes_are_not_github(url: str):
    assert github_repository(url) is None


PROJECT = "git@github.com:Ann/cv.git"
USER = "https://github.com/ann/ann.github.io.git"


@pytest.mark.parametrize(
    ("base_url", "remote", "cname"),
    [
        ("https://ann.github.io/cv/", PROJECT, None),
        ("https://ANN.github.io/cv/", PROJECT, None),
        ("https://ann.github.io/", USER, None),
        ("https://cv.ann.dev/", PROJECT, "cv.ann.dev"),
        ("https://ann.dev/cv/", PROJECT, None),  # under the user site's own custom domain
        ("https://anything.org/sub/", "/srv/git/cv.git", None),  # not GitHub: nothing to derive
    ],
)
def test_base_urls_that_fit(base_url: str, remote: str, cname: str | None):
    assert base_url_problem(base_url, remote, cname) is None


@pytest.mark.parametrize(
    ("base_url", "remote", "cname", "expected"),
    [
        ("https://ann.github.io/", PROJECT, None, "https://ann.github.io/cv/"),
        ("https://ann.github.io/portfolio/", PROJECT, None, "https://ann.github.io/cv/"),
        ("http://ann.github.io/cv/", PROJECT, None, "over https"),
        ("https://ann.github.io/ann.github.io/", USER, None, "https://ann.github.io/"),
        ("https://ann.dev/", PROJECT, None, "deploy.cname: ann.dev"),
        ("https://ann.github.io/cv/", PROJECT, "cv.ann.dev", "https://cv.ann.dev/"),
        ("https://cv.ann.dev/sub/", PROJECT, "cv.ann.dev", "https://cv.ann.dev/"),
    ],
)
def test_base_urls_that_do_not_fit_say_what_would(
    base_url: str, remote: str, cname: str | None, expected: str
):
    problem = base_url_problem(base_url, remote, cname)
    assert problem is not None and expected in problem


@pytest.mark.parametrize(
    ("url", "placeholder"),
    [
        ("https://example.github.io/", True),
        ("https://www.example.com/cv/", True),
        ("http://localhost:8000/", True),
        ("http://127.0.0.1/", True),
        ("https://cv.test/", True),
        ("https://ann.github.io/cv/", False),
        ("https://examples.dev/", False),
    ],
)
def test_placeholder_addresses(url: str, placeholder: bool):
    assert placeholder_host(url) is placeholder


def test_rsync_destinations():
    assert is_remote("host:/var/www") and is_remote("me@host:www") and is_remote("rsync://h/m")
    assert not is_remote("/var/www") and not is_remote("./a:b")
    for risky in ("host:", "me@host:~", "host:/", "host:."):
        with pytest.raises(UsageError):
            check_remote_destination(risky)
    check_remote_destination("me@host:/var/www/cv/")
    check_remote_destination("host::module")


def test_local_destinations(tmp_path: Path):
    site = tmp_path / "site"
    (site / "content").mkdir(parents=True)
    for bad in (site, tmp_path, site / "content" / "x", site / ".git", Path("/"), Path.home()):
        with pytest.raises(UsageError):
            check_local_destination(bad, site)
    check_local_destination(site / "public", site)
    check_local_destination(tmp_path / "www", site)


def _config(**deploy: str) -> SiteConfig:
    data = {"title": "T", "base_url": "https://ann.github.io/cv/"}
    return SiteConfig.model_validate({**data, **({"deploy": deploy} if deploy else {})})


def test_flags_override_site_yaml(tmp_path: Path):
    config = _config(target="github-pages", branch="pages", remote="upstream")
    options = settings(DeployRequest(tmp_path, branch="site"), config)
    assert (options.target, options.remote, options.branch) == ("github-pages", "upstream", "site")


def test_destinations_are_relative_to_the_site_or_to_the_current_folder(tmp_path: Path):
    config = _config(target="directory", destination="../www")
    assert settings(DeployRequest(tmp_path), config).destination == str(tmp_path / "../www")
    flagged = settings(DeployRequest(tmp_path, destination="pub"), config)
    assert flagged.destination == str(Path("pub").resolve())
    remote = settings(DeployRequest(tmp_path, target="rsync", destination="h:www"), config)
    assert remote.destination == "h:www"


@pytest.mark.parametrize(
    ("request_args", "deploy", "message"),
    [
        ({}, {}, "nowhere to deploy"),
        ({"target": "ftp"}, {}, "--target 'ftp': Input should be 'github-pages'"),
        ({"target": "rsync"}, {}, "needs a destination"),
        ({"cname": "a.b"}, {"target": "rsync", "destination": "h:w"}, "--cname applies to"),
        ({"destination": "w"}, {"target": "github-pages"}, "--destination applies to"),
    ],
)
def test_wrong_settings_are_usage_errors(
    tmp_path: Path, request_args: dict, deploy: dict, message: str
):
    with pytest.raises(UsageError, match=message):
        settings(DeployRequest(tmp_path, **request_args), _config(**deploy))


def test_describe_changes():
    assert describe_changes(None, {"a": "1", "b": "2"}) == "2 files"
    old = {"a": "1", "b": "2", "c": "3"}
    new = {"a": "1", "b": "9", "d": "4"}
    assert describe_changes(old, new) == "3 files: 1 added, 1 changed, 1 removed"


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("/srv/www/cv", "/srv/www/cv"),
        ("https://cv.someone.net/", "https://cv.someone.net/"),
        ("host:/var/www/cv/", "host:/var/www/cv/"),
        ("/srv/my cv", "'/srv/my cv'"),
        ("/srv/a\nb", "'/srv/a\\nb'"),
        ("/srv/cv\u202e", "'/srv/cv\\u202e'"),
        ("", "''"),
    ],
)
def test_deploy_messages_quote_addresses_and_paths_that_are_not_plain(value: str, expected: str):
    assert said(value) == expected
    if value.startswith("/"):
        assert said(Path(value)) == expected


def test_a_remote_url_with_a_line_break_stays_on_its_line():
    target = GitTarget(Path("/r"), "origin", "/srv/git/my\ncv.git", "gh-pages", None)
    assert target.describe() == "branch gh-pages of origin ('/srv/git/my\\ncv.git')"


def test_a_local_destination_is_quoted_in_refusals(tmp_path: Path):
    site = tmp_path / "my\nsite"
    site.mkdir()
    with pytest.raises(UsageError) as refused:
        check_local_destination(site / "content", site)
    assert "\n" not in str(refused.value) and "my\\nsite" in str(refused.value)
