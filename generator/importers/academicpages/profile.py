"""The author block of academicpages' `_config.yml` as the profile: name, bio, place,
employer, e-mail, and each network (a user name or a URL) as a link."""

from __future__ import annotations

from typing import Any

from generator.importers.record import Imported
from generator.importers.report import Report
from generator.importers.sitesource.folder import SourceFolder
from generator.importers.sitesource.markup import LEFT_URL, inline_html, plain, safe_url
from generator.importers.sitesource.trail import Taking, line_finder

PROFILE = "content/profile.yaml"
# Network -> (label, address made from a user name; None when the value is a URL).
NETWORKS: dict[str, tuple[str, str | None]] = {
    "academia": ("Academia.edu", None),
    "arxiv": ("arXiv", None),
    "googlescholar": ("Google Scholar", None),
    "inspire-hep": ("INSPIRE", None),
    "impactstory": ("Impactstory", None),
    "orcid": ("ORCID", None),
    "semantic": ("Semantic Scholar", None),
    "pubmed": ("PubMed", None),
    "researchgate": ("ResearchGate", None),
    "scopus": ("Scopus", None),
    "mastodon": ("Mastodon", None),
    "medium": ("Medium", None),
    "telegram": ("Telegram", None),
    "bitbucket": ("Bitbucket", "https://bitbucket.org/{}"),
    "codepen": ("CodePen", "https://codepen.io/{}"),
    "dribbble": ("Dribbble", "https://dribbble.com/{}"),
    "github": ("GitHub", "https://github.com/{}"),
    "kaggle": ("Kaggle", "https://www.kaggle.com/{}"),
    "stackoverflow": ("Stack Overflow", "https://stackoverflow.com/users/{}"),
    "artstation": ("ArtStation", "https://www.artstation.com/{}"),
    "bluesky": ("Bluesky", "https://bsky.app/profile/{}"),
    "facebook": ("Facebook", "https://www.facebook.com/{}"),
    "flickr": ("Flickr", "https://www.flickr.com/{}"),
    "foursquare": ("Foursquare", "https://foursquare.com/{}"),
    "goodreads": ("Goodreads", "https://www.goodreads.com/{}"),
    "google_plus": ("Google+", "https://plus.google.com/+{}"),
    "keybase": ("Keybase", "https://keybase.io/{}"),
    "instagram": ("Instagram", "https://instagram.com/{}"),
    "lastfm": ("Last.fm", "https://last.fm/user/{}"),
    "linkedin": ("LinkedIn", "https://www.linkedin.com/in/{}"),
    "pinterest": ("Pinterest", "https://www.pinterest.com/{}"),
    "soundcloud": ("SoundCloud", "https://soundcloud.com/{}"),
    "steam": ("Steam", "https://steamcommunity.com/id/{}"),
    "tumblr": ("Tumblr", "https://{}.tumblr.com"),
    "twitter": ("X", "https://x.com/{}"),
    "vine": ("Vine", "https://vine.co/u/{}"),
    "weibo": ("Weibo", "https://www.weibo.com/{}"),
    "wikipedia": ("Wikipedia", "https://en.wikipedia.org/wiki/User:{}"),
    "xing": ("XING", "https://www.xing.com/profile/{}"),
    "youtube": ("YouTube", "https://youtube.com/@{}"),
    "zhihu": ("Zhihu", "https://www.zhihu.com/people/{}"),
}
LEFT = {
    "avatar": "an image in the source's images/ folder: copy it into content/ and set avatar",
    "redirect_from": "a Jekyll setting",
}


def import_profile(folder: SourceFolder, record: Imported, report: Report) -> None:
    document = folder.yaml("_config.yml")
    config = document.data if document is not None and isinstance(document.data, dict) else {}
    author = config.get("author")
    if not isinstance(author, dict):
        report.notes.append("_config.yml has no author block: the profile's name is 'Your Name'")
        record.profile["name"] = "Your Name"
        return
    take = Taking(report, "_config.yml", config, line_finder(document)).child("author", author)
    _person(take, record)
    record.profile["links"] = [link for key in author if (link := _network(take, key))]
    take.finish(LEFT, "not a field cvsite has")
    others = [k for k in config if k != "author"]
    report.leave(f"({len(others)} other settings)", 0, "Jekyll's site settings", "_config.yml")


def _label(key: str) -> str:
    """A label for a network academicpages' fork added (`research_gate` -> Research Gate)."""
    return " ".join(word.capitalize() for word in key.replace("-", "_").split("_"))


def _person(take: Taking, record: Imported) -> None:
    notes: list[str] = []
    record.profile["name"] = plain(take.text("name") or "Your Name")
    take.put("name", f"{PROFILE}: name")
    parts = [take.text("employer"), take.text("pronouns") and f"({take.text('pronouns')})"]
    record.profile["headline"] = " ".join(plain(p) for p in parts if p) or None
    take.put("employer", f"{PROFILE}: headline")
    take.put("pronouns", f"{PROFILE}: headline")
    take.move(
        "bio", record.profile, "summary", f"{PROFILE}: summary", lambda t: inline_html(t, notes)
    )
    take.move("location", record.profile, "location", f"{PROFILE}: location", plain)
    take.move("email", record.profile, "email", f"{PROFILE}: email")
    if safe_url(take.text("uri")) or not take.text("uri"):
        take.move("uri", record.profile, "website", f"{PROFILE}: website", safe_url)
    take.left("uri", LEFT_URL)
    take.report.notes += [f"_config.yml author.bio: {note}" for note in notes]


def _network(take: Taking, key: str) -> dict[str, Any] | None:
    if key not in NETWORKS:
        url = safe_url(take.text(key))
        if url is None:  # not a network cvsite knows, and not an address either
            return None
        take.put(key, f"{PROFILE}: links ({_label(key)})")
        return {"label": _label(key), "url": url}
    if take.text(key) is None:
        take.put(key, "empty")
        return None
    label, pattern = NETWORKS[key]
    value = take.text(key) or ""
    url = safe_url(value) or (safe_url(pattern.format(value.lstrip("@"))) if pattern else None)
    if url is None:
        take.left(key, LEFT_URL)
        return None
    take.put(key, f"{PROFILE}: links ({label})")
    if safe_url(value):
        return {"label": label, "url": url}
    # Given as a user name: the name is shown with the network, as CVs write it.
    return {"label": f"{label} ({value})", "url": url, "username": value}
