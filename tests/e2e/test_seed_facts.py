"""The sample site shows every part of the seed résumé: facts from the document, found on pages."""

from __future__ import annotations

import re

import pytest

from tests.helpers import FIXTURES, REPO, copy_site, run_cli
from tests.htmlread import read_page

# A copy of ../shared/seeds/resume-silin-zhao.txt, so that CI on a bare clone has it too.
SEED = FIXTURES / "seed-resume.txt"

FACTS = [
    # education, with both theses and the two bachelor's degrees
    "Master of Application Informatics",
    "Master of Physics",
    "Bachelor of Applied Informatics",
    "Bachelor of Physics",
    "University of Göttingen",
    "University of Shihezi",
    "Improving Portability and Interoperability of Deep-Learning Workloads using ONNX",
    "Inert Doublet Model",
    "magnetic monopoles",
    "admitted directly to the master",
    "Operating Systems",
    "Data Structures",
    # research projects with their tags
    "Distributed Deep Learning with Golang",
    "HPC Benchmarking & Performance Assessment",
    "Parallel Deep Learning Pipelines Using Go and MPI",
    "Gorgonia",
    "MiniBUDE",
    "Gonum",
    "Singularity",
    "IO500",
    # experience
    "AI Engineering",
    "Turing College",
    "Competition Project: AgentX",
    "LynxNLI",
    "Python Developer",
    "Full-stack Web Developer",
    "Eforsch",
    "Robotics Engineer",
    "Mianyang Lunqi Robotics Co., Ltd.",
    "Docker compose",
    "PydanticAI",
    "OpenClaw",
    # publications and the patent, with status and advisors
    "Exploration for Distributed Learning Design with Golang",
    "Universität Göttingen",
    "Sadegh Keshtkar",
    "Julian Kunkel",
    "Applied Intelligence",
    "Springer Nature",
    "under review",
    "Federated Learning Systems & Applications",
    "FLICS",
    "accepted",
    "ZL2011 1 0004207.2",
    "China National Intellectual Property Administration",
    "granted",
    "Growing Domain-Specific LLMs Through Federated Split-Phase Learning",
    # certificates
    "Kubernetes Certified Application Developer (CKAD)",
    "Udemy",
    "Gründungsstipendium",
    "Nbank Niedersachsen",
    "IBM Data Science Professional Certificate",
    "Coursera",
    "DESY",
    "PIER Graduate Week 2017 Confirmation of Attendance",
    "Ministry of Education, PRC",
    "Teacher Qualification Certificate (High School Physics)",
    # skills, grouped, and languages with levels
    "Large Language Models",
    "High-Performance & Parallel Computing",
    "Programming & Tools",
    "Emacs (10+ years)",
    "Cluster Administration:",
    "Aichat project",
    "English (C1)",
    "German (C1)",
    "Chinese (Native)",
]


def _normalise(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
    text = text.replace("\u201d", '"').replace("\u2013", "-").replace("\u2014", "-")
    return " ".join(text.split())


@pytest.fixture(scope="module")
def site_text(tmp_path_factory) -> dict[str, str]:
    site = copy_site(REPO, tmp_path_factory.mktemp("seed") / "site")
    result = run_cli("build", "--site", site)
    assert result.code == 0, result.err
    output = site / "output"
    return {
        p.relative_to(output).as_posix(): _normalise(read_page(p).main.text)
        for p in output.rglob("*.html")
    }


@pytest.mark.parametrize("fact", FACTS)
def test_fact_from_the_seed_is_on_the_cv_page(fact: str, site_text: dict[str, str]):
    assert _normalise(fact) in site_text["cv/index.html"]


def _seed_bullets() -> list[str]:
    bullets = []
    for line in SEED.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\s*•\s*(.+)", line)
        if match:
            bullets.append(_normalise(match.group(1)))
    return bullets


def test_every_bullet_of_the_seed_appears_in_full(site_text: dict[str, str]):
    bullets = _seed_bullets()
    assert len(bullets) >= 30
    everything = " ".join(site_text.values())
    missing = [b for b in bullets if b not in everything]
    assert missing == []


def test_every_certificate_line_appears_with_year_and_issuer(tmp_path_factory):
    text = SEED.read_text(encoding="utf-8").split("Certificates", 1)[1]
    text = text.split("Specialized Skills", 1)[0]
    seed_lines = [line.strip() for line in text.splitlines() if re.match(r"\d{4} ", line)]
    assert len(seed_lines) == 9
    site = copy_site(REPO, tmp_path_factory.mktemp("certificates") / "site")
    assert run_cli("build", "--site", site).code == 0
    page = read_page(site / "output" / "certificates" / "index.html")
    # Each list item reads "year title · issuer"; the seed writes "year title issuer".
    shown = [_normalise(li.text.replace(" · ", " ")) for li in page.main.find_all("li")]
    assert shown == [_normalise(line) for line in seed_lines]
