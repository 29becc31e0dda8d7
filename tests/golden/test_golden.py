"""The restructure's safety net: each reference site builds to the same bytes as before.

Kept until the restructure is done (issue 26). When a change is meant to alter the output,
regenerate the manifests with `python -m tests.golden.golden` in the same commit and say why.
"""

from __future__ import annotations

import pytest

from tests.golden.golden import SITES, build, manifest, read_manifest


@pytest.mark.parametrize("name", SITES)
def test_output_is_unchanged(name: str, tmp_path) -> None:
    expected = read_manifest(name)
    found = manifest(build(name, tmp_path))
    missing = sorted(expected.keys() - found.keys())
    extra = sorted(found.keys() - expected.keys())
    changed = sorted(p for p in expected.keys() & found.keys() if expected[p] != found[p])
    assert not (missing or extra or changed), (
        f"{name}: missing {missing[:10]}, new {extra[:10]}, changed {changed[:10]}"
    )
