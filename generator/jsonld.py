"""schema.org structured data (JSON-LD) describing the site's owner and works."""

from __future__ import annotations

from typing import Any

from generator import routes
from generator.model import Resume


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
        data["image"] = routes.absolute(base, "/" + profile.avatar.lstrip("/"))
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
