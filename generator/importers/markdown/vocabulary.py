"""What the words of a résumé's lines mean: section headings, dates, places, contact details,
names and lists of names, levels, degrees, job titles and the labels of lines. Pure; country
and language names come from CLDR through Babel."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from generator.importers.dates import PRESENT, month_words, read_date

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
_HEADING_WORDS = {
    word
    for row in (
        ("and", "&", "of", "my", "the", "other", "additional", "selected", "relevant"),
        ("professional", "research", "work", "key", "personal", "academic", "technical"),
        ("specialized", "specialised", "core", "industry", "previous", "recent", "honors"),
        ("honours", "side", "open", "source", "software", "history", "information", "details"),
        ("summary", "section", "list", "me"),
    )
    for word in row
}


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


# --- dates -----------------------------------------------------------------------------------

_SEASON = r"(?:spring|summer|fall|autumn|winter)"
_YEAR = r"(?:19|20)\d\d"
_EXPECTED = r"(?:\(?\s*(?:expected|exp\.|anticipated)\s*\)?)"
_DASH = r"(?:\s*(?:-{1,2}|–|—|~|→)\s*|\s+(?:to|until|till|bis)\s+)"
_EXPECTED_WORD = re.compile(r"\b(?:expected|anticipated)\b", re.IGNORECASE)


def _either(words: object) -> str:
    """A pattern of any of `words`, the longest first."""
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@cache
def _range() -> re.Pattern:
    """A date or a date range as résumés write it, found in a line. The words for "until
    now" are every import's (importers/dates.py), in every language it reads; "date" ends
    "2019 to date", whose "to" the dash takes. Month names are English only: in running
    text other languages' are English words ("Mars 2020", "data set 2019", "ago 2019"),
    which a whole value (every other importer's) never is."""
    month = rf"(?:{_either(month_words(('en', 'en_GB')))})\.?"
    present = _either(PRESENT | {"date"})
    point = (
        rf"(?:{month}\s*\d{{1,2}},\s*{_YEAR}"
        rf"|\d{{1,2}}\s+{month},?\s*{_YEAR}"
        rf"|{month},?\s*{_YEAR}"
        rf"|{_SEASON}\s+{_YEAR}"
        rf"|{_YEAR}[./-]\d{{1,2}}[./-]\d{{1,2}}(?!\d)"
        rf"|{_YEAR}[./-]\d{{1,2}}(?!\d)"
        rf"|\d{{1,2}}[./]{_YEAR}"
        rf"|{_YEAR}(?!\d))"
    )
    return re.compile(
        rf"(?<![\w/.])(?:since\s+(?P<since>{point})"
        rf"|(?:{_EXPECTED}\s*)?(?P<start>{point})"
        rf"(?:{_DASH}(?:{_EXPECTED}\s*)?(?:(?P<present>{present})\b|(?P<end>{point}))"
        rf"|(?P<open>\s*[-–—](?=\s*$|\s{{2,}})))?)"
        rf"(?:\s*{_EXPECTED})?(?!\w)",
        re.IGNORECASE,
    )


@dataclass(frozen=True)
class Dates:
    """Dates found in a line, in cvsite's forms (`2021`, `2021-10`, `present`)."""

    start: str | None = None
    end: str | None = None
    date: str | None = None
    span: tuple[int, int] = (0, 0)  # where in the line they were written
    notes: tuple[str, ...] = ()  # what the forms cannot hold: "expected", a season

    def fields(self) -> dict[str, str]:
        if self.date:
            return {"date": self.date}
        found = {"start": self.start} if self.start else {}
        if self.end:
            found["end"] = self.end
        return found


def _point(text: str) -> tuple[str | None, str | None]:
    """(cvsite date, note) of one point in time as written: read as every import reads a
    date (importers/dates.py), but for a season, which cvsite's dates cannot hold."""
    if season := re.fullmatch(rf"({_SEASON})\s+({_YEAR})", text, re.IGNORECASE):
        note = f"the season ('{season.group(1)}') is not kept: cvsite dates are years or months"
        return season.group(2), note
    # "Sep.15,2019": the shared reader wants a space after a month's dot and a day's comma.
    return read_date(re.sub(r"(?<=[a-z]\.)(?=\d)|(?<=\d,)(?=\d)", " ", text, flags=re.I)), None


def find_dates(text: str) -> Dates | None:
    """The first date or date range in `text`: "Sep. 2019 – May 2022", "2023.10 - 2024.05",
    "Mar 2024 - Present", "2019 - 2023", "since 2020", "Summer 2019", "2022-2025 (expected)"."""
    for match in _range().finditer(text):
        found = _dates_of(match)
        if found is not None:
            return found
    return None


def _dates_of(match: re.Match) -> Dates | None:
    span = match.span()
    if match.group("since"):
        start, note = _point(match.group("since"))
        return Dates(start=start, end="present", span=span, notes=(note,) if note else ())
    start, note = _point(match.group("start"))
    if start is None:
        return None
    notes = [note] if note else []
    if _EXPECTED_WORD.search(match.group(0)):
        notes.append("'expected' is not kept: the end date is shown as written")
    end = "present" if match.group("present") or match.group("open") else None
    if match.group("end"):
        end, note = _point(match.group("end"))
        if end is None or end < start:
            return None
        notes += [note] if note else []
    if end is None or end == start:
        return Dates(date=start, span=span, notes=tuple(notes))
    return Dates(start=start, end=end, span=span, notes=tuple(notes))


def without_span(text: str, span: tuple[int, int]) -> str:
    """`text` with a span cut out, and the brackets and separators left around it."""
    rest = text[: span[0]] + " " + text[span[1] :]
    rest = re.sub(r"\(\s*\)|\[\s*\]|_\s*_|\*\*\s*\*\*|\*\s*\*", " ", rest)
    return strip_separators(rest)


def strip_separators(text: str) -> str:
    text = re.sub(r"\s{2,}", " ", text).strip(" \t|,;:–—-·•/")
    while text.startswith("(") and text.count("(") > text.count(")"):
        text = text[1:].strip()
    while text.endswith(")") and text.count(")") > text.count("("):
        text = text[:-1].strip()
    if text.startswith("(") and text.endswith(")") and text.count("(") == 1:
        text = text[1:-1].strip()
    return text.strip(" \t|,;:–—-·•/")


# --- places, countries, languages and organisations -----------------------------------------

# Code -> name: the US states and Canada's provinces that résumés write.
_US_STATES = dict(
    state.split(" ", 1)
    for row in (
        ("AL Alabama", "AK Alaska", "AZ Arizona", "AR Arkansas", "CA California", "CO Colorado"),
        ("CT Connecticut", "DE Delaware", "FL Florida", "GA Georgia", "HI Hawaii", "ID Idaho"),
        ("IL Illinois", "IN Indiana", "IA Iowa", "KS Kansas", "KY Kentucky", "LA Louisiana"),
        ("ME Maine", "MD Maryland", "MA Massachusetts", "MI Michigan", "MN Minnesota"),
        ("MS Mississippi", "MO Missouri", "MT Montana", "NE Nebraska", "NV Nevada"),
        ("NH New Hampshire", "NJ New Jersey", "NM New Mexico", "NY New York", "NC North Carolina"),
        ("ND North Dakota", "OH Ohio", "OK Oklahoma", "OR Oregon", "PA Pennsylvania"),
        ("RI Rhode Island", "SC South Carolina", "SD South Dakota", "TN Tennessee", "TX Texas"),
        ("UT Utah", "VT Vermont", "VA Virginia", "WA Washington", "WV West Virginia"),
        ("WI Wisconsin", "WY Wyoming", "DC District of Columbia", "ON Ontario", "QC Quebec"),
        ("BC British Columbia", "AB Alberta"),
    )
    for state in row
)
_WORK_MODES = {"remote", "hybrid", "on-site", "onsite", "on site", "remote job", "various"}
_ORGANISATION_WORDS = re.compile(
    r"\b(?:university|universität|college|school|institute|academy|inc|ltd|llc|gmbh|corp"
    r"|corporation|company|co|labs?|group|foundation|agency|bank|hospital|centre|center"
    r"|department|ministry|council|society|association|technologies|systems|solutions)\b\.?",
    re.IGNORECASE,
)


@cache
def _country_codes() -> dict[str, str]:
    """CLDR's countries (not its regions, which have numbers) by code, with English names."""
    from babel import Locale

    return {code: name for code, name in Locale("en").territories.items() if code.isalpha()}


@cache
def _countries() -> frozenset[str]:
    names = {name.casefold() for name in _country_codes().values()}
    return frozenset(names | {"usa", "u.s.", "u.s.a.", "uk", "u.k.", "prc", "uae"})


@cache
def language_names() -> frozenset[str]:
    from babel import Locale

    return frozenset(name.casefold() for name in Locale("en").languages.values())


def is_language(name: str) -> bool:
    """ "English", "Chinese", "Mandarin": a language's name in English."""
    other_names = {"mandarin", "cantonese", "bengali", "farsi", "tagalog", "flemish"}
    return name.strip().casefold() in language_names() or name.strip().lower() in other_names


def is_country(word: str) -> bool:
    return word.strip(" .").casefold() in _countries() or word.strip().upper() in ("USA", "UK")


def is_place(text: str) -> bool:
    """A place: "Ann Arbor, MI", "Göttingen, Germany", "Remote", "Boston MA"."""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    if not text or len(text) > 80 or any(ch.isdigit() for ch in text) or "(" in text:
        return False
    if text.casefold() in _WORK_MODES or is_country(text):
        return True
    if _ORGANISATION_WORDS.search(text):
        return False
    parts = [p.strip() for p in re.split(r",|\s+&\s+|\s+and\s+", text) if p.strip()]
    if len(parts) >= 2:
        last = parts[-1]
        return (
            is_country(last)
            or last in _US_STATES
            or last in _US_STATES.values()
            or (len(last) == 2 and last.isupper())
        )
    words = text.split()
    # "Boston MA", "Somerville MA USA": a city then a state code (and a country).
    while words and is_country(words[-1]):
        words.pop()
    return len(words) >= 2 and words[-1] in _US_STATES and all(w[:1].isupper() for w in words)


def split_place(text: str) -> tuple[str, str | None]:
    """("University of Göttingen", "Germany") from "University of Göttingen, Germany": the
    place written after the last comma, dash or bracket, when it is one."""
    stripped = text.strip()
    match = re.fullmatch(r"(.+?)\s*\(([^()]+)\)", stripped)
    if match and is_place(match.group(2)):
        return match.group(1).strip(), match.group(2).strip()
    for separator in (" - ", " – ", " — ", ", "):
        if separator not in stripped:
            continue
        head, _, tail = stripped.partition(separator)
        if separator == ", ":
            # The shortest tail first: "Mianyang Lunqi Robotics Co., Ltd." keeps its comma.
            head, _, tail = stripped.rpartition(separator)
            code = re.fullmatch(r"[A-Z]{2}", tail) and tail in _country_codes()
            if (is_place(tail) or code) and head:
                # "Seattle, Washington" at the end of "X, Seattle, Washington".
                more_head, _, more = head.rpartition(", ")
                if more_head and is_place(f"{more}, {tail}") and not is_place(more_head):
                    return more_head.strip(), f"{more}, {tail}".strip()
                return head.strip(), tail.strip()
        elif is_place(tail):
            return head.strip(), tail.strip()
    return stripped, None


# --- contact details -------------------------------------------------------------------------

EMAIL = re.compile(r"(?:mailto:)?([\w.+-]+@[\w-]+(?:\.[\w-]+)+)")
PHONE = re.compile(r"^\+?[\d\s().\-/]{7,}$")
_DOMAIN_URL = re.compile(
    r"^(?:https?://)?(?:www\.)?[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|dev|me|de|ai|co|info"
    r"|xyz|app|page|site|blog|tech|edu|gov|uk|ca|cn|in|eu)(?:/[^\s]*)?$",
    re.IGNORECASE,
)
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
    phrase.casefold()
    for row in (
        ("Machine Learning", "Deep Learning", "Federated Learning", "Reinforcement Learning"),
        ("Distributed Systems", "Distributed Deep Learning", "Distributed Computing"),
        ("ONNX Runtime", "Computer Vision", "Natural Language Processing", "Data Science"),
        ("Data Structures", "Operating Systems", "Visual Studio", "Google Cloud", "Ruby on Rails"),
        ("React Native", "Spring Boot", "SQL Server", "Docker Compose", "Cloud server"),
        ("AI Agent", "Generative AI", "Genertive AI", "GWDG SCC", "GitHub Actions", "Big Data"),
        ("Unit Testing", "Web Development", "Image Processing", "Signal Processing"),
        ("High Performance Computing",),
    )
    for phrase in row
}
_STOP_WORDS = {
    word
    for row in (
        ("a", "an", "the", "and", "or", "of", "in", "on", "for", "to", "with", "by", "from", "at"),
        ("as", "is", "are", "was", "were", "be", "this", "that", "these", "which", "who", "we"),
        ("i", "my", "our", "it", "its", "into", "over", "using", "used", "via", "than", "also"),
    )
    for word in row
}
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


# --- labels of lines -------------------------------------------------------------------------

TAG_LABELS = re.compile(
    r"^(?:technolog(?:y|ies)|tech(?:nical)? stack|stack|tools?(?: used)?|tech|key skills|skills"
    r"|keywords|built with|environment|technologies used|tags)$",
    re.I,
)
# Labels of lines that say more about an entry ("GPA: 3.8"), never the start of one.
ENTRY_LABELS = re.compile(
    r"^(?:gpa|cgpa|grade|score|(?:relevant |notable )?course(?:s|work)?|advisors?|supervisors?"
    r"|duration|focus|minor|major|honou?rs|thesis(?: title)?|status|location|role|team"
    r"|responsibilities|achievements|key achievements|technolog(?:y|ies)|tech(?:nical)? stack"
    r"|stack|tools?|tech|key skills|skills|keywords|built with|environment|tags|link|links|code)$",
    re.I,
)
STATUS = re.compile(
    r"^(?:under review|accepted|granted|published|in press|submitted|in preparation|"
    r"forthcoming|to appear|pending|in review)$",
    re.I,
)
PUB_TYPES = [
    ("journal", r"journal article|journal paper|journal|article"),
    ("conference", r"conference paper|conference proceedings|conference|proceedings"),
    ("workshop", r"workshop paper|workshop"),
    ("preprint", r"preprint"),
    ("report", r"technical report|tech report|report|white paper"),
    ("patent", r"patent"),
    ("thesis", r"master'?s thesis|bachelor'?s thesis|phd thesis|dissertation|thesis|theses"),
    ("chapter", r"book chapter|chapter"),
    ("book", r"book"),
    ("talk", r"talk|presentation|poster"),
]


def publication_type(text: str) -> tuple[str, int] | None:
    """The publication type `text` starts with ("Journal article, 2021"), and where the words
    naming it end."""
    for kind, pattern in PUB_TYPES:
        if match := re.match(rf"^(?:{pattern})\b", text, re.I):
            return kind, match.end()
    return None
