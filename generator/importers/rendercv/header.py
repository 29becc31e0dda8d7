"""RenderCV's header as cvsite's profile. Of several e-mails, phones or websites (2.x) the
first is the profile's field, the others links; a social network is a link to the URL
RenderCV makes of it, with the user name kept."""

from __future__ import annotations

from typing import Any

from generator.importers.rendercv import inline
from generator.importers.rendercv.entries import Mapped
from generator.importers.rendercv.networks import network_url
from generator.safeurl import url_scheme

_SINGLE = ("name", "headline", "location")
_SEVERAL = ("email", "phone", "website")  # RenderCV 2.x allows a list of each
HEADER = {*_SINGLE, *_SEVERAL, "photo", "social_networks", "custom_connections", "sections"}


# RenderCV prints the phone in its header: the site keeps the CV as its owner had it, and
# the report says so, since a site publishes a phone only when site.yaml asks.
PHONE_SHOWN = "published, as RenderCV prints it: site.yaml has `contact: {phone: true}`"


def profile(cv: dict[str, Any]) -> Mapped:
    mapped = Mapped()
    for key in _SINGLE:
        mapped.text(key, key, cv.get(key))
    _several(mapped, "email", cv.get("email"), lambda v: f"mailto:{v}")
    _several(mapped, "phone", cv.get("phone"), _tel)
    _several(mapped, "website", cv.get("website"), lambda v: v)
    _photo(mapped, cv.get("photo"))
    for index, network in enumerate(_listed(cv.get("social_networks"))):
        _network(mapped, f"social_networks[{index}]", network)
    for index, connection in enumerate(_listed(cv.get("custom_connections"))):
        _connection(mapped, f"custom_connections[{index}]", connection)
    return mapped


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _tel(number: str) -> str:
    return "tel:" + "".join(c for c in number if c.isdigit() or c == "+")


def _several(mapped: Mapped, key: str, value: Any, url: Any) -> None:
    values = [str(v) for v in (value if isinstance(value, list) else [value]) if v]
    for index, item in enumerate(values):
        source = key if not isinstance(value, list) else f"{key}[{index}]"
        text = item.removeprefix("tel:") if key == "phone" else item
        if index == 0:
            mapped.put(source, key, text, PHONE_SHOWN if key == "phone" else "")
        else:
            mapped.put(source, "links", {"label": text, "url": url(text)})


def _photo(mapped: Mapped, photo: Any) -> None:
    if not photo:
        return
    if url_scheme(str(photo)) in ("http", "https"):
        mapped.put("photo", "image_url", str(photo), "kept for resume.json; pages show `avatar`")
    else:
        why = f"{photo} is a file beside the RenderCV file: copy it into content/ and name it"
        mapped.left.append(("photo", why + " as the profile's `avatar`"))


def _network(mapped: Mapped, source: str, network: Any) -> None:
    if not isinstance(network, dict) or not network.get("network"):
        mapped.left.append((source, "expected a network and a username"))
        return
    name, username = str(network["network"]), str(network.get("username") or "")
    url = network_url(name, username) if username else None
    if url is None:
        mapped.left.append((source, f"RenderCV knows no network {name!r}; no link made"))
        return
    link = {"label": name, "url": url, "username": username}
    mapped.put(f"{source}.network", "links", link, f"RenderCV's URL for {name}: {url}")
    mapped.origin.append((f"{source}.username", "links", "the link's username"))


def _connection(mapped: Mapped, source: str, connection: Any) -> None:
    """RenderCV 2.x's custom connection: an icon, a text and maybe a URL."""
    if not isinstance(connection, dict):
        mapped.left.append((source, "expected a connection (placeholder, url)"))
        return
    text = inline.plain(str(connection.get("placeholder") or "")).text
    url = connection.get("url")
    if url:
        mapped.put(f"{source}.placeholder", "links", {"label": text or str(url), "url": str(url)})
        mapped.origin.append((f"{source}.url", "links", ""))
    elif text:
        mapped.put(
            f"{source}.placeholder",
            "headline" if "headline" not in mapped.fields else "summary",
            text,
        )
    if connection.get("fontawesome_icon"):
        mapped.left.append((f"{source}.fontawesome_icon", "the site picks icons by the URL"))
