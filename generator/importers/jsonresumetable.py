"""Where each field of a JSON Resume document goes in a cvsite site: the importer's table.

Every field of the JSON Resume schema (v1.0.0) has a place, and so do the names the schema
used before 1.0, which many real files still carry.
"""

from __future__ import annotations

# JSON Resume section -> (cvsite section, [(JSON Resume field, cvsite field)]).
SECTIONS: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "work": (
        "experience",
        [
            ("name", "organization"),
            ("position", "position"),
            ("location", "location"),
            ("description", "description"),
            ("url", "url"),
            ("startDate", "start"),
            ("endDate", "end"),
            ("summary", "summary"),
            ("highlights", "highlights"),
            ("technologies", "tags"),  # jsoncv's superset of 1.0
        ],
    ),
    "volunteer": (
        "volunteer",
        [
            ("organization", "organization"),
            ("position", "position"),
            ("location", "location"),  # not in 1.0, but in real files (al-folio's)
            ("url", "url"),
            ("startDate", "start"),
            ("endDate", "end"),
            ("summary", "summary"),
            ("highlights", "highlights"),
        ],
    ),
    "education": (
        "education",
        [
            ("institution", "institution"),
            ("url", "url"),
            ("location", "location"),  # not in 1.0, but in real files (al-folio's)
            ("area", "area"),
            ("studyType", "degree"),
            ("startDate", "start"),
            ("endDate", "end"),
            ("score", "grade"),
            ("courses", "courses"),
        ],
    ),
    "awards": (
        "awards",
        [
            ("title", "title"),
            ("date", "date"),
            ("startDate", "start"),  # a prize held over time, in real files
            ("endDate", "end"),
            ("awarder", "awarder"),
            ("summary", "summary"),
            ("url", "url"),  # jsoncv and al-folio
        ],
    ),
    "certificates": (
        "certificates",
        [("name", "title"), ("date", "date"), ("url", "url"), ("issuer", "issuer")],
    ),
    "publications": (
        "publications",
        [
            ("name", "title"),
            ("publisher", "venue"),
            ("releaseDate", "date"),
            ("url", "url"),
            ("summary", "summary"),
        ],
    ),
    "skills": ("skills", [("name", "title"), ("level", "level"), ("keywords", "items")]),
    "interests": ("interests", [("name", "title"), ("keywords", "keywords")]),
    "references": ("references", [("name", "title"), ("reference", "summary")]),
    "projects": (
        "projects",
        [
            ("name", "title"),
            ("description", "summary"),
            ("highlights", "highlights"),
            ("keywords", "tags"),
            ("technologies", "tags"),  # jsoncv's superset of 1.0
            ("startDate", "start"),
            ("endDate", "end"),
            ("url", "url"),
            ("roles", "roles"),
            ("entity", "organization"),
            ("type", "type"),
        ],
    ),
}
BASICS = [
    ("name", "name"),
    ("label", "headline"),
    ("email", "email"),
    ("phone", "phone"),
    ("url", "website"),
    ("summary", "summary"),
]
ADDRESS = [
    ("address", "street"),
    ("postalCode", "postal_code"),
    ("city", "city"),
    ("region", "region"),
    ("countryCode", "country_code"),
]
# Names from JSON Resume's schema before 1.0 (many real files still use them) -> today's.
LEGACY_NAMES: dict[str, dict[str, str]] = {
    "basics": {"website": "url", "picture": "image"},
    "work": {"company": "name", "website": "url"},
    "volunteer": {"website": "url"},
    "publications": {"website": "url"},
    "education": {"gpa": "score"},
}
# Names other tools write for a field 1.0 has (al-folio's project `summary`) -> 1.0's.
OTHER_NAMES: dict[str, dict[str, str]] = {"projects": {"summary": "description"}}
# Dates written in another case or with an underscore (`startdate`, `start_date`), in any
# section, read as JSON Resume's own names.
DATE_NAMES = {
    "startdate": "startDate",
    "start_date": "startDate",
    "enddate": "endDate",
    "end_date": "endDate",
    "releasedate": "releaseDate",
    "release_date": "releaseDate",
}
URL_FIELDS = {"url", "image"}
# Known but not content: the document's own metadata.
NOT_CONTENT = {"$schema", "meta"}
