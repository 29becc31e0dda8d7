"""schema.org structured data (JSON-LD) describing the site's owner and works."""

from __future__ import annotations

from typing import Any

from generator import urls as routes
from generator.content.authors import ET_AL
from generator.content.schema import Profile, Publication
from generator.model.resume import Item, Resume
from generator.render.htmltext import block_text, line_text
from generator.render.pictures import social_url


def person(resume: Resume) -> dict[str, Any]:
    """The home page's schema.org Person: name, role, links, schools, languages."""
    profile = resume.profile
    base = resume.config.base_url
    education = resume.section("education")
    studied = education.items if education else []
    schools = sorted({i.get("institution") for i in studied if i.get("institution")})
    data = {
        "@context": "https://schema.org",
        "@type": "Person",
        "name": profile.name,
        "url": base,
        "description": profile.headline,
        "email": f"mailto:{profile.email}" if profile.email else None,
        "image": routes.absolute(base, social_url(profile.avatar)) if profile.avatar else None,
        "sameAs": _profiles(profile),
        "alumniOf": [{"@type": "CollegeOrUniversity", "name": s} for s in schools],
        "knowsLanguage": [language.name for language in profile.languages],
        **_latest_work(resume),
    }
    return _present(data)


def _profiles(profile: Profile) -> list[str]:
    """The person's own website first, then their profiles elsewhere on the web."""
    links = [
        link.url
        for link in profile.links
        if link.url and link.url.startswith(("http://", "https://"))
    ]
    return [profile.website, *links] if profile.website else links


def _latest_work(resume: Resume) -> dict[str, Any]:
    experience = resume.section("experience")
    if not (experience and experience.items):
        return {}
    latest = experience.items[0]
    organization = latest.data.organization
    works_for = {"@type": "Organization", "name": organization} if organization else None
    return {"jobTitle": latest.title, "worksFor": works_for}


def scholarly_article(resume: Resume, item: Item) -> dict[str, Any]:
    """A paper's page as a schema.org ScholarlyArticle: title, authors, venue, date, DOI."""
    data: Publication = item.data
    base = resume.config.base_url
    page = routes.absolute(base, item.location)
    date = data.published
    title = line_text(resume.markdown, data.title)
    article = {
        "@context": "https://schema.org",
        "@type": "ScholarlyArticle",
        "headline": title,
        "name": title,
        "url": page,
        "mainEntityOfPage": page,
        "author": [
            *({"@type": "Person", "name": a.name} for a in item.authors if a.name != ET_AL),
            *(
                [{"@type": "Organization", "name": data.collaboration}]
                if data.collaboration
                else []
            ),
        ],
        "datePublished": date.iso() if date is not None and not date.present else None,
        "isPartOf": _venue(data),
        "publisher": {"@type": "Organization", "name": data.publisher} if data.publisher else None,
        "abstract": block_text(resume.markdown, data.abstract) or None,
        "pagination": data.pages,
        "identifier": _doi(data),
        "sameAs": _copies(data, base),
        "encoding": _pdf(data, base),
        "keywords": [tag.name for tag in item.tags],
        "inLanguage": data.language,
    }
    return _present(article)


def _venue(data: Publication) -> dict[str, Any] | None:
    if not data.venue:
        return None
    kind = "Periodical" if data.type == "journal" else "CreativeWork"
    return {"@type": kind, "name": data.venue}


def _doi(data: Publication) -> dict[str, Any] | None:
    if not data.doi:
        return None
    return {"@type": "PropertyValue", "propertyID": "DOI", "value": data.doi}


def _copies(data: Publication, base: str) -> list[str]:
    """The paper elsewhere: its DOI, arXiv and own pages."""
    copies = [routes.doi(data.doi)] if data.doi else []
    if data.arxiv:
        copies.append(routes.arxiv(data.arxiv))
    if data.url:
        copies.append(routes.full_url(base, data.url))
    return copies


def _pdf(data: Publication, base: str) -> dict[str, Any] | None:
    if not data.pdf:
        return None
    return {
        "@type": "MediaObject",
        "contentUrl": routes.full_url(base, data.pdf),
        "encodingFormat": "application/pdf",
    }


def _present(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if value not in (None, "", [], {})}
