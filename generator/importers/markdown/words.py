"""What the other words of a résumé mean: section headings, contact details, names and
lists of names (tags, skills), levels, degrees and job titles.

Pure functions over one line of text, for the Markdown résumé importer; dates are
datewords.py's and places placewords.py's.
"""

from __future__ import annotations

import re

from generator.importers.markdown.datewords import find_dates

# --- section headings ------------------------------------------------------------------------

# (section, pattern): the heading's earliest-matching word decides ("Skills and
# Certifications" is skills). "profile", "contact", "languages" and "interests" are parts
# of profile.yaml rather than sections.
_SECTION_WORDS: list[tuple[str, str]] = [
    ("summary", r"summary|profile|about(?: me)?|objective|overview|introduction|bio|who am i"),
    ("contact", r"contact(?: info(?:rmation)?| details)?|personal (?:information|details|data)"),
    ("languages", r"(?<!programming )languages?(?! skills)(?=\s*$|\s*[&,]|\s+and\b)"),
    ("interests", r"hobbies|interests"),
    ("teaching", r"teaching"),
    ("volunteer", r"volunteer(?:ing)?|community service"),
    ("talks", r"talks?|presentations|speaking|lectures"),
    ("publications", r"publications?|papers|patents?"),
    ("certificates", r"certificat\w*|licen[cs]es?"),
    ("awards", r"awards?|honou?rs|achievements|prizes|scholarships?|distinctions"),
    ("education", r"education|academic|studies|degrees|schooling|qualifications"),
    (
        "skills",
        r"skills|competenc\w*|technolog\w*|tech stack|tools|expertise|technical experience"
        r"|proficienc\w*|programming",
    ),
    ("projects", r"projects?|portfolio"),
    ("experience", r"experience|employment|work|career|positions|jobs|professional history"),
    ("references", r"references"),
]
_SECTION_PATTERNS = [
    (name, re.compile(rf"\b(?:{words})\b", re.I)) for name, words in _SECTION_WORDS
]
# Words that may stand in a heading besides the section words ("Relevant Work Experience").
_HEADING_WORDS = set(
    [
        "and",
        "&",
        "of",
        "my",
        "the",
        "other",
        "additional",
        "selected",
        "relevant",
        "professional",
        "research",
        "work",
        "key",
        "personal",
        "academic",
        "technical",
        "specialized",
        "specialised",
        "core",
        "industry",
        "previous",
        "recent",
        "honors",
        "honours",
        "side",
        "open",
        "source",
        "software",
        "history",
        "information",
        "details",
        "summary",
        "section",
        "list",
        "me",
    ]
)


def section_of(heading: str) -> str | None:
    """The section a heading names ("Work Experience" -> experience), or None."""
    found = []
    for name, pattern in _SECTION_PATTERNS:
        if match := pattern.search(heading):
            found.append((match.start(), name))
    return min(found)[1] if found else None


def is_heading_phrase(text: str) -> bool:
    """A line made only of heading words, such as "Research Projects" or "Publications &
    Patents": a section heading even without `##` (text copied out of a PDF)."""
    words = re.findall(r"[\w'&]+", text.lower())
    if not words or len(words) > 5 or section_of(text) is None:
        return False
    return all(
        w in _HEADING_WORDS or any(p.fullmatch(w) for _, p in _SECTION_PATTERNS) for w in words
    )


# --- contact details -------------------------------------------------------------------------

EMAIL = re.compile(r"(?:mailto:)?([\w.+-]+@[\w-]+(?:\.[\w-]+)+)")
PHONE = re.compile(r"^\+?[\d\s().\-/]{7,}$")
_DOMAIN_URL = re.compile(
    r"^(?:https?://)?(?:www\.)?[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|dev|me|de|ai|co|info"
    r"|xyz|app|page|site|blog|tech|edu|gov|uk|ca|cn|in|eu)(?:/[^\s]*)?$",
    re.IGNORECASE,
)
MD_LINK = re.compile(r"\[([^\][]+)\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_NETWORKS = {
    "github.com": "GitHub",
    "gitlab.com": "GitLab",
    "linkedin.com": "LinkedIn",
    "twitter.com": "Twitter",
    "x.com": "X",
    "orcid.org": "ORCID",
    "scholar.google.com": "Google Scholar",
    "stackoverflow.com": "Stack Overflow",
    "youtube.com": "YouTube",
    "medium.com": "Medium",
    "substack.com": "Substack",
    "dribbble.com": "Dribbble",
    "researchgate.net": "ResearchGate",
}


def is_bare_url(text: str) -> bool:
    if len(text) > 300:
        return False
    return bool(_DOMAIN_URL.match(text.strip())) and "@" not in text


def with_scheme(url: str) -> tuple[str, bool]:
    """(url, whether https:// was added): "github.com/ada" -> https://github.com/ada."""
    url = url.strip()
    if re.match(r"^[a-z][a-z0-9+.-]*:", url, re.I) or url.startswith(("/", "#")):
        return url, False
    return "https://" + url, True


def link_label(url: str) -> str:
    """A link's label from its host: GitHub, LinkedIn; else the host itself."""
    host = re.sub(r"^[a-z]+://", "", url, flags=re.I).split("/")[0].lower()
    host = host.removeprefix("www.")
    for domain, label in _NETWORKS.items():
        if host == domain or host.endswith("." + domain):
            return label
    return host or url


def is_phone(text: str) -> bool:
    text = text.strip()
    if find_dates(text) and not re.search(r"\d{5}", text.replace(" ", "")):
        return False  # "2021 - 2024"
    return bool(PHONE.match(text)) and sum(ch.isdigit() for ch in text) >= 7


# --- tags and skills -------------------------------------------------------------------------

# Technology names of two words, read as one tag in a line of names separated by spaces.
_PHRASES = {
    p.casefold()
    for p in (
        "Machine Learning", "Deep Learning", "Federated Learning", "Reinforcement Learning",
        "Distributed Systems", "Distributed Deep Learning", "Distributed Computing",
        "ONNX Runtime", "Computer Vision", "Natural Language Processing", "Data Science",
        "Data Structures", "Operating Systems", "Visual Studio", "Google Cloud",
        "Ruby on Rails", "React Native", "Spring Boot", "SQL Server", "Docker compose",
        "Docker Compose", "Cloud server", "AI Agent", "Generative AI", "Genertive AI",
        "GWDG SCC", "GitHub Actions", "Big Data", "Unit Testing", "Web Development",
        "Image Processing", "Signal Processing", "High Performance Computing",
    )
}  # fmt: skip
_STOP_WORDS = set(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "in",
        "on",
        "for",
        "to",
        "with",
        "by",
        "from",
        "at",
        "as",
        "is",
        "are",
        "was",
        "were",
        "be",
        "this",
        "that",
        "these",
        "which",
        "who",
        "we",
        "i",
        "my",
        "our",
        "it",
        "its",
        "into",
        "over",
        "using",
        "used",
        "via",
        "than",
        "also",
    ]
)
LEVEL_WORDS = re.compile(
    r"^(?:native|fluent|proficient|expert|advanced|intermediate|beginner|basic|familiar"
    r"|elementary|working knowledge|professional|bilingual|mother tongue|good|very good"
    r"|excellent|conversational|learning|[abc][12])\b",
    re.IGNORECASE,
)


def split_names(text: str) -> list[str]:
    """ "NLP Transformer PyTorch ONNX Runtime Docker compose" -> names, two-word technology
    names kept together and a lower-case word or a bracket joined to the name before it."""
    words = text.split()
    names: list[str] = []
    index = 0
    while index < len(words):
        for size in (4, 3, 2):
            phrase = " ".join(words[index : index + size])
            if phrase.casefold() in _PHRASES:
                names.append(phrase)
                index += size
                break
        else:
            word = words[index]
            joins = names and (word.startswith("(") or names[-1].count("(") > names[-1].count(")"))
            if joins:
                names[-1] += " " + word
            else:
                names.append(word)
            index += 1
    return names


def looks_like_names(text: str) -> bool:
    """A line of technology names apart with spaces ("Python Django Postgresql WSGI"), not a
    sentence: no stop words, no final full stop, and most words capitalised or with digits."""
    text = text.strip()
    words = text.split()
    if len(words) < 3 or text.endswith((".", ":", ";", ",")) or "," in text or "---" in text:
        return False
    if any(w.lower().strip("()") in _STOP_WORDS or w == "&" or w.endswith(":") for w in words):
        return False
    marked = sum(1 for w in words if re.search(r"[A-Z0-9+#/]", w))
    return marked / len(words) >= 0.6


def split_list(text: str) -> list[str]:
    """ "a, b (x, y), c and d" -> ["a", "b (x, y)", "c", "d"]: commas (and semicolons) outside
    brackets."""
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch in ",;" and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    items = [p.strip().rstrip(".").strip() for p in parts]
    return [p for p in items if p]


def item_level(item: str) -> tuple[str, str | None]:
    """("Go", "Expert") from "Go (Expert)" or "Go - Expert"; the level is kept only when its
    words say a level."""
    if len(item) > 300:
        return item, None
    bracketed = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", item)
    if bracketed and LEVEL_WORDS.match(bracketed.group(2).strip()):
        return bracketed.group(1).strip(), bracketed.group(2).strip()
    dashed = re.fullmatch(r"(.+?)\s+[-–—:]\s+(.+)", item)
    if dashed and LEVEL_WORDS.match(dashed.group(2).strip()) and len(dashed.group(2).split()) <= 4:
        return dashed.group(1).strip(), dashed.group(2).strip()
    return item, None


# --- degrees and theses ----------------------------------------------------------------------

DEGREE = re.compile(
    r"^(?:\*\*)?(?:master|bachelor|doctor|ph\.?\s?d|m\.?\s?sc|b\.?\s?sc|m\.?\s?s\.|b\.?\s?s\.|"
    r"m\.?\s?a\.|b\.?\s?a\.|mba|bs|ms|ba|ma|bscs|mas|aas|as|diploma|associate|licen[cs]e"
    r"|magister|dipl)\b",
    re.IGNORECASE,
)
THESIS = re.compile(
    r"^(?:(?:master'?s?|bachelor'?s?|ph\.?d\.?|doctoral|diploma|senior|honou?rs|final)\s+)?"
    r"thesis(?:\s+title)?\s*:?\s*(?P<rest>.*)$",
    re.IGNORECASE,
)

JOB_WORDS = re.compile(
    r"\b(?:engineer|developer|scientist|designer|manager|analyst|consultant|researcher"
    r"|architect|lead|student|professor|lecturer|programmer|administrator|specialist|intern"
    r"|director|officer|writer|artist|physicist|mathematician|economist|teacher)s?\b",
    re.IGNORECASE,
)
