"""Every option of a fenced code block works or is a located error (issue 25, item 3).

```{ .py linenums="1" } was "internal error: TypeError: cannot serialize True": fenced code
hands its highlighting options to CodeHilite, and without it writes them as attributes,
which fails for those read as booleans or lists. cvsite does not highlight code, so those
options are refused where they are written. And the hint printed with an internal error,
"run again with --debug", must work where it is printed: after the command.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import cli
from generator.markdown.renderer import MarkdownRenderer
from tests.helpers import run_cli, write_site
from tests.hostile.sandbox import build_hostile

SITE = "title: T\nbase_url: https://e.org/\n"

# (what follows the opening fence, the option the error names)
REFUSED = [
    ('{ .py linenums="1" }', "linenums"),
    ('{ .py hl_lines="1 2" }', "hl_lines"),
    ("{ .py hl_lines='2' linenums=true }", "hl_lines"),
    ('python hl_lines="1 3"', "hl_lines"),
    ("{ .py guess_lang }", "guess_lang"),
    ('{ .py use_pygments="false" }', "use_pygments"),
    ('{ .py noclasses="yes" }', "noclasses"),
    ('{ .py linenostart="5" }', "linenostart"),
    ('{ .py pygments_style="monokai" }', "pygments_style"),
    ('{ .py css_class="x" }', "css_class"),
]


@pytest.mark.parametrize(("opening", "option"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_highlighting_option_is_an_error_at_its_place(tmp_path, opening, option):
    body = f"Intro.\n\n```{opening}\nprint(1)\n```\n"
    site = write_site(tmp_path / "site", {"content/projects/a.md": f"---\ntitle: A\n---\n{body}"})
    outcome = build_hostile(site)
    assert outcome.run.code == 1, outcome.run.err
    column = 3 + opening.index(option) + 1  # after the three backticks
    where = f"content/projects/a.md:6:{column}: body: fenced code option '{option}'"
    assert outcome.errors[0].startswith(where), outcome.errors


def test_an_option_in_a_yaml_field_is_an_error_at_the_field(tmp_path):
    summary = '  summary: |\n    ```{ .py linenums="1" }\n    x\n    ```\n'
    site = write_site(tmp_path / "site", {"content/projects.yaml": f"- title: A\n{summary}"})
    outcome = build_hostile(site)
    assert outcome.errors[0].startswith(
        "content/projects.yaml:2:12: projects[0].summary: fenced code option 'linenums'"
    )


@pytest.mark.parametrize(
    ("opening", "code"),
    [
        # A language alone is coloured (Pygments' classes); with an #id or attributes, which
        # Pygments has no place for, the block keeps them and is plain.
        ("{ .py }", '<div class="highlight"><pre><span></span><code><span class="nb">print'),
        ("python", '<div class="highlight"><pre><span></span><code><span class="nb">print'),
        ("nosuchlanguage", '<div class="highlight"><pre><span></span><code>print(1)'),
        ("{ #listing .py .wide }", '<pre id="listing" class="wide"><code class="language-py">'),
        ('{ .py title="Setup" }', '<code class="language-py" title="Setup">'),
        ('{ .py data-x="1" onclick="alert(1)" }', '<code class="language-py">'),
    ],
)
def test_the_other_options_work(opening, code):
    html = MarkdownRenderer().block(f"```{opening}\nprint(1)\n```")
    assert code in html, html


KEYS = st.sampled_from(
    [
        *("linenums", "hl_lines", "guess_lang", "use_pygments", "noclasses", "css_class"),
        *("id", "title", "lang", "data-x", "onclick", "tabindex", "style", "x", "linenostart"),
    ]
)
VALUES = st.one_of(
    st.sampled_from(["1", "true", "false", "1 2", "yes", "no", "", "on", "None"]),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=6).map(
        lambda v: v.replace('"', "").replace("}", "")
    ),
)
ATTRIBUTE = st.builds(lambda k, v, bare: k if bare else f'{k}="{v}"', KEYS, VALUES, st.booleans())


@settings(max_examples=200, deadline=None)
@given(st.lists(ATTRIBUTE, max_size=4), st.sampled_from(["```", "~~~"]), st.booleans())
def test_any_attribute_list_renders_or_is_refused(attributes, fence, unsafe_html):
    text = f"{fence}{{ .py {' '.join(attributes)} }}\ncode\n{fence}\n"
    try:
        MarkdownRenderer(unsafe_html=unsafe_html).block(text)
    except ValueError as exc:  # the renderer's refusals (MarkdownProblem) are ValueErrors
        assert "fenced code option" in str(exc)


# --- the --debug hint -------------------------------------------------------------------


def _broken(*args, **kwargs):
    raise RuntimeError("a bug, planted by the test")


def test_the_internal_error_hint_works_where_it_is_printed(tmp_path, monkeypatch, capsys):
    from generator.site import stamp

    site = write_site(tmp_path / "site", {})
    monkeypatch.setattr(stamp, "unchanged", _broken)
    assert cli.main(["build", "--site", str(site)]) != 0
    hint = capsys.readouterr().err
    assert "internal error: RuntimeError: a bug, planted by the test" in hint
    assert "run again with --debug" in hint and "Traceback" not in hint
    for argv in (
        ["build", "--site", str(site), "--debug"],
        ["--debug", "build", "--site", str(site)],
    ):
        with pytest.raises(RuntimeError, match="planted"):
            cli.main(argv)


@pytest.mark.parametrize("command", [["build"], ["check"], ["import", "jsonresume", "x.json"]])
def test_every_command_takes_debug_after_it(command):
    args = cli.build_parser().parse_args([*command, "--debug"])
    assert args.debug is True


def test_debug_on_a_good_build_changes_nothing(tmp_path):
    site = write_site(tmp_path / "site", {"site.yaml": SITE})
    result = run_cli("build", "--site", site, "--debug")
    assert result.code == 0, result.err
    assert (site / "output" / "index.html").is_file()
