"""schema.org structured data (JSON-LD) describing the site's owner and works."""

from __future__ import annotations

from typing import Any

from generator import urls as routes
from generator.model.resume import Item, Resume


def person(resume: Resume) -> dict[str, Any]:
    """The home page's schema.org Person: name, role, links, schools, languages."""
    profile = resume.profile
    base = resume.config.base_url
    data: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "Person",
        "name": profile.name,
        "url": base,
    }
    if profile.headline:
        data["description"] = profile.headline
    if profile.email:
        data["email"] = f"mailto:{profile.email}"
    if profile.avatar:
        data["image"] = routes.absolute(base, routes.content_file(profile.avatar))
    same_as = [link.url for link in profile.links if link.url.startswith(("http://", "https://"))]
    if profile.website:
        same_as.insert(0, profile.website)
    if same_as:
        data["sameAs"] = same_as
    experience = resume.section("experience")
    if experience and experience.items:
        latest = experience.items[0]
        data["jobTitle"] = latest.title
        if latest.data.organization:
            data["worksFor"] = {"@type": "Organization", "name": latest.data.organization}
    education = resume.section("education")
    schools = (
        sorted({i.get("institution") for i in education.items if i.get("institution")})
        if education
        else []
    )
    if schools:
        data["alumniOf"] = [{"@type": "CollegeOrUniversity", "name": s} for s in schools]
    if profile.languages:
        data["knowsLanguage"] = [language.name for language in profile.languages]
    return data


def scholarly_article(resume: Resume, item: Item) -> dict[str, Any]:
    """A paper's page as a schema.org ScholarlyArticle: title, authors, venue, date, DOI."""
    data = item.data
    base = resume.config.base_url
    page = routes.absolute(base, item.location)
    article: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "ScholarlyArticle",
        "headline": data.title,
        "name": data.title,
        "url": page,
        "mainEntityOfPage": page,
    }
    authors = [a for a in item.authors if a.name != "et al."]
    if authors:
        article["author"] = [{"@type": "Person", "name": a.name} for a in authors]
    date = data.published
    if date is not None and not date.present:
        article["datePublished"] = date.iso()
    if data.venue:
        kind = "Periodical" if data.type == "journal" else "CreativeWork"
        article["isPartOf"] = {"@type": kind, "name": data.venue}
    if data.publisher:
        article["publisher"] = {"@type": "Organization", "name": data.publisher}
    if data.abstract:
        article["abstract"] = data.abstract
    if data.pages:
        article["pagination"] = data.pages
    if data.doi:
        article["identifier"] = {"@type": "PropertyValue", "propertyID": "DOI", "value": data.doi}
    same_as = [routes.doi(data.doi)] if data.doi else []
    if data.arxiv:
        same_as.append(routes.arxiv(data.arxiv))
    if data.url:
        same_as.append(routes.full_url(base, data.url))
    if same_as:
        article["sameAs"] = same_as
    if data.pdf:
        article["encoding"] = {
            "@type": "MediaObject",
            "contentUrl": routes.full_url(base, data.pdf),
            "encodingFormat": "application/pdf",
        }
    if item.tags:
        article["keywords"] = [tag.name for tag in item.tags]
    return article
