"""`cvsite serve` as a user runs it: a subprocess, pages fetched over HTTP, edits on disk."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.htmlread import parse_page
from tests.serving import free_port, run_serve, start


def test_serves_the_site_and_shows_an_edit_without_touching_output(
    sample_site: Path, tmp_path: Path
):
    scratch = tmp_path / "tmp"
    port = free_port()
    with run_serve(sample_site, "--port", str(port), scratch=scratch) as served:
        start(served)
        assert served.url == f"http://127.0.0.1:{port}/"
        status, html = served.get("/experience/")
        assert status == 200
        page = parse_page(html)
        assert "AI Engineering" in page.main.text
        # livereload's script is injected; the page itself links relatively.
        assert "livereload.js" in html
        assert 'href="../assets/style.css"' in html
        # canonical URLs point at the local server, not the published address
        assert f'href="http://127.0.0.1:{port}/experience/"' in html

        experience = sample_site / "content" / "experience.yaml"
        experience.write_text(experience.read_text().replace("AI Engineering", "AI Wrangling"))
        served.until(lambda: "AI Wrangling" in served.get("/experience/")[1])
        served.wait_for(r"Rebuilt \(experience.yaml\)")

        status, html = served.get("/no/such/page/")
        assert status == 404
        assert "Page not found" in parse_page(html).title

        assert list(scratch.iterdir()), "the preview builds into the temporary folder"
        code = served.stop()
    assert code == 0
    assert list(scratch.iterdir()) == [], "Ctrl-C leaves no temporary files"
    assert not (sample_site / "output").exists(), "serve never writes output/"


def test_an_error_shows_an_escaped_error_page_until_fixed(sample_site: Path, tmp_path: Path):
    profile = sample_site / "content" / "profile.yaml"
    good = profile.read_text()
    with run_serve(sample_site, "--port", str(free_port()), scratch=tmp_path / "t") as served:
        start(served)
        profile.write_text(good + '"<img src=x onerror=alert(1)>": 1\n')
        served.until(lambda: served.get("/")[0] == 500)
        status, html = served.get("/cv/")
        assert status == 500
        page = parse_page(html)
        message = page.root.find("pre").text
        assert "content/profile.yaml:" in message
        assert "unknown field '<img src=x onerror=alert(1)>'" in message
        assert page.root.find("img") is None, "the message is text, never markup"
        assert "livereload.js" in html, "the error page reloads itself once fixed"
        # the server printed the error with its place, and kept running
        served.wait_for(r"content/profile.yaml:\d+:\d+: .*unknown field")
        assert served.process.poll() is None
        # the stylesheet is still served while pages show the error
        assert served.get("/assets/style.css")[0] == 200

        profile.write_text(good)
        served.until(lambda: served.get("/cv/")[0] == 200)
        assert "Silin Zhao" in parse_page(served.get("/cv/")[1]).title


def test_a_busy_port_is_a_clear_error(sample_site: Path, tmp_path: Path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        with run_serve(sample_site, "--port", str(port), scratch=tmp_path / "t") as served:
            code = served.process.wait(timeout=60)
            output = served.output()
    assert code == 2
    assert f"port {port} on 127.0.0.1 is already in use" in output
    assert "--port" in output
    assert "Traceback" not in output
    assert list((tmp_path / "t").iterdir()) == []


def test_a_busy_default_port_moves_to_the_next_free_one(sample_site: Path, tmp_path: Path):
    with socket.socket() as busy:
        try:
            busy.bind(("127.0.0.1", 8000))
        except OSError:
            pytest.skip("port 8000 is taken by another program on this machine")
        busy.listen()
        with run_serve(sample_site, scratch=tmp_path / "t") as served:
            start(served)
            output = served.output()
            assert "port 8000 is in use; serving on port" in output
            assert served.url != "http://127.0.0.1:8000/"
            assert served.get("/")[0] == 200


def test_a_host_other_than_loopback_is_warned_about(sample_site: Path, tmp_path: Path):
    port = free_port()
    with run_serve(
        sample_site, "--host", "0.0.0.0", "--port", str(port), scratch=tmp_path / "t"
    ) as served:
        start(served)
        output = served.output()
        assert "reachable from other machines" in output
        served.url = f"http://127.0.0.1:{port}/"
        assert served.get("/")[0] == 200


def test_a_folder_without_site_yaml_is_refused(tmp_path: Path):
    with run_serve(tmp_path, "--port", str(free_port()), scratch=tmp_path / "t") as served:
        code = served.process.wait(timeout=60)
    assert code == 2
    assert "has no site.yaml" in served.output()
