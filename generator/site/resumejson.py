"""The site as a JSON Resume document (resume.json, schema v1.0.0), mapped as `cvsite import
jsonresume` reads it, so that a résumé comes back with the same data; an ongoing entry has
no endDate. Sections JSON Resume has no place for (teaching, talks, your own) are left out.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from typing import Any

from generator import urls as routes
from generator.content.dates import PartialDate
from generator.model.resume import Item, Resume
from generator.render.pictures import social_url
from generator.urls import full_url

SCHEMA_URL = "https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json"


def _date(value: PartialDate | None) -> str | None:
    return None if value is None or value.present else str(value)


def _clean(value: Any) -> Any:
    """Drop empty values, so the document says only what the site says."""
    if isinstance(value, dict):
        cleaned = {k: _clean(v) for k, v in value.items()}
        return {k: v for k, v in cleaned.items() if v not in (None, "", [], {})}
    if isinstance(value, list):
        return [c for c in (_clean(v) for v in value) if c not in (None, "", [], {})]
    return value


def _span(item: Item) -> dict[str, str | None]:
    data = item.data
    start = data.start or data.date
    end = data.end or data.date
    return {"startDate": _date(start), "endDate": _date(end)}


def _items(resume: Resume, name: str) -> list[Item]:
    section = resume.section(name)
    return list(section.items) if section else []


def basics(resume: Resume) -> dict[str, Any]:
    profile = resume.profile
    base = resume.config.base_url
    published = resume.config.contact  # the street address and phone only when asked
    address = profile.address
    if address is not None:
        location = {
            "address": address.street if published.address else None,
            "postalCode": address.postal_code if published.address else None,
            "city": address.city,
            "countryCode": address.country_code,
            "region": address.region,
        }
    else:
        location = {"city": profile.location}
    # The avatar as pages publish it (its link preview image): the original is not published.
    avatar = routes.absolute(base, social_url(profile.avatar)) if profile.avatar else None
    image = profile.image_url or avatar
    return {
        "name": profile.name,
        "label": profile.headline,
        "image": image,
        "email": profile.email,
        "phone": profile.phone if published.phone else None,
        "url": profile.website,
        "summary": profile.summary,
        "location": location,
        "profiles": [
            {
                "network": link.label,
                "username": link.username,
                "url": full_url(base, link.url) if link.url else None,
            }
            for link in profile.links
        ],
    }


def _own_title(item: Item, *fallbacks: str | None) -> str | None:
    """The entry's title unless it is only the import's stand-in (its organization)."""
    title = item.data.title
    return None if title in fallbacks else title


def work(item: Item) -> dict[str, Any]:
    data = item.data
    return {
        "name": data.organization,
        "position": data.position or _own_title(item, data.organization),
        "location": data.location,
        "description": data.description,
        "url": data.url,
        **_span(item),
        "summary": data.summary,
        "highlights": [highlight.text for highlight in data.highlights],
    }


def volunteer(item: Item) -> dict[str, Any]:
    data = item.data
    return {
        "organization": data.organization,
        "position": data.position or _own_title(item, data.organization),
        "url": data.url,
        **_span(item),
        "summary": data.summary,
        "highlights": [highlight.text for highlight in data.highlights],
    }


def education(item: Item) -> dict[str, Any]:
    data = item.data
    return {
        "institution": data.institution or data.organization,
        "url": data.url,
        "area": data.area,
        "studyType": data.degree or _own_title(item, data.area, data.institution),
        **_span(item),
        "score": data.grade,
        "courses": data.courses,
    }


def _single_date(item: Item) -> str | None:
    data = item.data
    return _date(data.date or data.end or data.start)


def award(item: Item) -> dict[str, Any]:
    data = item.data
    return {
        "title": item.title,
        "date": _single_date(item),
        "awarder": data.awarder or data.organization,
        "summary": data.summary,
    }


def certificate(item: Item) -> dict[str, Any]:
    data = item.data
    return {
        "name": item.title,
        "date": _single_date(item),
        "issuer": data.issuer or data.organization,
        "url": data.url,
    }


def publication(item: Item) -> dict[str, Any]:
    data = item.data
    url = data.url
    if url is None and data.doi:
        url = f"https://doi.org/{data.doi}"
    if url is None and data.arxiv:
        url = f"https://arxiv.org/abs/{data.arxiv}"
    return {
        "name": item.title,
        "publisher": data.venue or data.publisher,
        "releaseDate": _date(data.published),
        "url": url,
        "summary": data.summary or data.abstract,
    }


def skill(item: Item) -> dict[str, Any]:
    data = item.data
    return {
        "name": item.title,
        "level": data.level,
        "keywords": [skill.name for skill in data.items],
    }


def interest(item: Item) -> dict[str, Any]:
    return {"name": item.title, "keywords": item.data.keywords}


def reference(item: Item) -> dict[str, Any]:
    return {"name": item.title, "reference": item.data.summary}


def project(item: Item, base_url: str) -> dict[str, Any]:
    data = item.data
    url = data.url or next((full_url(base_url, link.url) for link in data.links if link.url), None)
    return {
        "name": item.title,
        "description": data.summary,
        "highlights": [highlight.text for highlight in data.highlights],
        "keywords": data.tags,
        **_span(item),
        "url": url,
        "roles": data.roles,
        "entity": data.organization,
        "type": data.type,
    }


# The sections whose entries become JSON Resume entries: document key -> (section, mapper).
_ENTRIES: dict[str, tuple[str, Callable[[Item], dict[str, Any]]]] = {
    "work": ("experience", work),
    "volunteer": ("volunteer", volunteer),
    "education": ("education", education),
    "awards": ("awards", award),
    "certificates": ("certificates", certificate),
    "publications": ("publications", publication),
    "skills": ("skills", skill),
}


def _document(resume: Resume) -> dict:
    """The document, each section's entries mapped by its mapper."""
    profile = resume.profile
    base = resume.config.base_url

    def entries(name: str, make: Callable[[Item], dict[str, Any]]) -> list[dict[str, Any]]:
        return [make(item) for item in _items(resume, name)]

    return {
        "$schema": SCHEMA_URL,
        "basics": basics(resume),
        **{key: entries(name, make) for key, (name, make) in _ENTRIES.items()},
        "languages": [{"language": x.name, "fluency": x.level} for x in profile.languages],
        "interests": [{"name": name} for name in profile.interests]
        + [interest(i) for i in _items(resume, "interests")],
        "references": entries("references", reference),
        "projects": entries("projects", functools.partial(project, base_url=base)),
        "meta": {"canonical": routes.absolute(base, routes.RESUME_JSON)},
    }


def resume_json(resume: Resume) -> bytes:
    """resume.json's bytes (empty sections and fields left out)."""
    document = _clean(_document(resume))
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
