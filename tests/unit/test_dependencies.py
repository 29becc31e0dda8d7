"""Every dependency has a tested lower bound and an upper bound no higher than the next major
release after the version installed here (what the suite runs with); .ci/floors.txt pins
exactly the runtime lower bounds for CI's second environment."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata

import pytest

from tests.helpers import REPO

# A release known to be broken may be left out between the bounds (`,!=3.11.4`).
_REQUIREMENT = re.compile(
    r"^([A-Za-z0-9_.-]+)>=([0-9][0-9.]*)((?:,!=[0-9][0-9.]*)*),<([0-9][0-9.]*)$"
)


def _project() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def _bounds(requirement: str) -> tuple[str, str, str]:
    found = _REQUIREMENT.match(requirement.replace(" ", ""))
    assert found, f"{requirement!r}: give a lower bound and an upper bound (name>=low,<high)"
    name, low, _, high = found.groups()
    return name.lower(), low, high


def _left_out(requirement: str) -> set[str]:
    return set(re.findall(r"!=([0-9][0-9.]*)", requirement))


def _version(text: str) -> tuple[int, ...]:
    """`10.1` and `10.1.0` alike: (10, 1) (trailing zeros dropped)."""
    parts = [int(part) for part in re.findall(r"\d+", text)[:3]]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def _major_after(version: tuple[int, ...]) -> tuple[int, ...]:
    """The next breaking release: 3.1.6 -> 4; 0.15.2 -> 0.16 (a 0.x minor may break)."""
    return (version[0] + 1,) if version[0] else (0, version[1] + 1)


def _floors() -> dict[str, str]:
    lines = (REPO / ".ci" / "floors.txt").read_text(encoding="utf-8").splitlines()
    pins = [line.split("==") for line in lines if line and not line.startswith("#")]
    return {name.lower(): version for name, version in pins}


def _all_requirements() -> list[str]:
    project = _project()
    extras = [r for group in project["optional-dependencies"].values() for r in group]
    return project["dependencies"] + extras


@pytest.mark.parametrize("requirement", _all_requirements())
def test_each_dependency_has_a_floor_and_a_cap_below_the_next_major(requirement: str):
    name, low, high = _bounds(requirement)
    assert _version(high) > _version(low), requirement
    try:
        installed = _version(metadata.version(name))
    except metadata.PackageNotFoundError:
        pytest.skip(f"{name} is not installed here (an extra this run does not use)")
    assert _version(low) <= installed < _version(high), f"{requirement}: {installed} installed"
    assert metadata.version(name) not in _left_out(requirement), requirement
    if installed == _version(low):
        return  # a run on the floors (.ci/floors.txt): the cap is checked where the newest run
    assert _version(high) <= _major_after(installed), (
        f"{requirement}: the cap allows a major release after {installed} that was never tested"
    )


def test_ci_installs_exactly_the_lower_bounds_of_the_runtime_dependencies():
    floors = {name: low for name, low, _ in map(_bounds, _project()["dependencies"])}
    pinned = _floors()
    assert pinned.keys() == floors.keys()
    for name, low in floors.items():
        as_tuple = [int(part) for part in low.split(".")]
        pin = [int(part) for part in pinned[name].split(".")]
        assert pin[: len(as_tuple)] == as_tuple and not any(pin[len(as_tuple) :]), (
            f"{name}: pyproject says >={low}, .ci/floors.txt installs {pinned[name]}"
        )
