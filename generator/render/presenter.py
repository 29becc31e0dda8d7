"""What an entry says, in words, for the web pages and the PDF alike: its title, details,
dates, place, named links, its authors' marks and the profile's contact facts, computed
once from the model and site.yaml; templates (Jinja's, and Typst's through cvdocument.py)
only lay them out."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from generator import urls as routes
from generator.content.authors import EQUAL_MARK, NAME_MARKS, Author
from generator.content.dates import PartialDate
from generator.content.i18n import Locale
from generator.content.schema import Link, NewsItem, Profile, Publication, SiteConfig, Talk
from generator.model.resume import Item
from generator.render.icons import icon_name_for

# Hosts whose links are code, or slides, whatever their path.
_CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sr.ht")
_SLIDE_HOSTS = ("speakerdeck.com", "slideshare.net", "slides.com")
# A label that names no destination: the link gets a name from its address instead.
_BARE_LABELS = {"link", "url", "website", "web", "homepage"}
# A collaboration's name that says what it is: "LIGO Scientific Collaboration", "The Event
# Horizon Telescope Consortium", "HEP Software Foundation" (INSPIRE's), "Planck Team".
_GROUP_WORD = re.compile(
    r"collaborations?|consortium|team|group|foundation|project|network|initiative|alliance"
    r"|kollaboration|colaboración",
    re.I,
)


@dataclass(frozen=True)
class LinkView:
    """A link as outputs show it: `label` names what it leads to (arXiv, DOI, PDF, code,
    slides, a host name), `url` is as the user gave it (a page makes it relative, paper
    full), `text` is what paper prints, `icon` an icon name of render.icons."""

    kind: str
    label: str
    url: str | None
    text: str
    icon: str
    handle: str | None = None  # a user name on that network, when the address does not say it


@dataclass(frozen=True)
class Mark:
    """A mark after an author's name and what it means; None: the site has not said."""

    symbol: str
    meaning: str | None


@dataclass(frozen=True)
class EntryView:
    """An entry in words. `details` is the line under the title; `place` and `dates` go
    beside it (the PDF's right-hand column); `badge` is a paper's type, None when unknown."""

    title: str
    dates: str
    place: str | None
    details: tuple[str, ...]
    organization: str | None
    links: tuple[LinkView, ...]
    badge: str | None = None
    collaboration: str | None = None  # a paper's, as it follows the authors: "CMS Collaboration"
    status: str | None = None  # a paper's, in the page's language where cvsite knows it
    invited: str | None = None  # "Invited", in the page's language, for an invited paper


def _status_key(status: str) -> str:
    """The label of a status, whatever its case and separators: `status_in_press`."""
    return "status_" + re.sub(r"[\s_-]+", "_", status.strip().casefold())


class Presenter:
    """Entries of one résumé's language, put into words with the site's settings."""

    def __init__(self, locale: Locale, config: SiteConfig):
        self.locale = locale
        self.config = config

    # --- entries -----------------------------------------------------------------------------

    def present(self, item: Item) -> EntryView:
        data = item.data
        if isinstance(data, Publication):
            return self._publication(item, data)
        title = item.title
        return EntryView(
            title=title,
            dates=self.dates(item),
            place=data.location or None,
            details=tuple(self._details(item, title)),
            organization=organization(item),
            links=tuple(self.entry_links(item)),
        )

    def _details(self, item: Item, title: str) -> list[str]:
        get, t = item.get, self.locale.t
        area = get("area")
        if area and area.casefold() in title.casefold():
            area = None  # the title says it already: `PhD, Computer Science`
        grade = get("grade")
        parts = [
            t("invited") if get("invited") else None,  # a talk's (a paper's is a badge)
            item.data.subtitle,
            area,
            organization(item),
            get("description"),
            get("role"),
            ", ".join(get("roles") or []),
            get("type") if item.section == "projects" else None,
            get("term"),
            f"{t('grade')}: {grade}" if grade else None,
        ]
        return [part for part in parts if part]

    def _publication(self, item: Item, data: Publication) -> EntryView:
        venue = data.venue
        if venue and data.venue_short:
            venue = f"{venue} ({data.venue_short})"
        return EntryView(
            title=item.title,
            dates=self.dates(item),
            place=data.location or None,
            details=(),
            organization=venue or data.venue_short,
            links=tuple(self.publication_links(data)),
            badge=None if data.type == "misc" else self.locale.t(f"type_{data.type}"),
            collaboration=self.collaboration(data.collaboration),
            status=self.status(data.status),
            invited=self.locale.t("invited") if data.invited else None,
        )

    def status(self, status: str | None) -> str | None:
        """A paper's status in the page's language where it is one the labels name (`in
        press`, `Submitted`, `under-review`: docs/languages.md), else as written."""
        if not status:
            return None
        return self.locale.strings.get(_status_key(status), status)

    def collaboration(self, name: str | None) -> str | None:
        """INSPIRE writes `CMS`; a name that says what it is already stays as it is."""
        if not name or _GROUP_WORD.search(name):
            return name or None
        return self.locale.t("collaboration").replace("{name}", name)

    # --- dates --------------------------------------------------------------------------------

    def dates(self, item: Item) -> str:
        """The entry's date or dates: ranges to the month (unless `dates: day`); a talk's or
        a news item's single date to the day, for it is an event."""
        data = item.data
        single = None
        if isinstance(data, Publication) and not data.spans:
            single = data.published
        elif data.date is not None:
            single = data.date
        days = self.config.dates == "day"
        if single is not None or data.start is None:
            single = single if single is not None else data.until
            talk = isinstance(data, Publication) and data.type == "talk"
            event = talk or isinstance(data, Talk | NewsItem)
            return self.locale.date(single if days or event else _to_month(single))
        if days:
            return self.locale.date_range(data.start, data.until)
        return self.locale.date_range(_to_month(data.start), _to_month(data.until))

    # --- links --------------------------------------------------------------------------------

    def entry_links(self, item: Item) -> list[LinkView]:
        links = [self.link(link) for link in item.data.links]
        url = item.get("url")
        if url:
            links.append(self._named("link", url))
        return links

    def publication_links(self, data: Publication) -> list[LinkView]:
        t = self.locale.t
        links = [
            LinkView(kind, t(kind), target, printed(target), kind)
            for kind, target in (("pdf", data.pdf), ("code", data.code), ("slides", data.slides))
            if target
        ]
        if data.url:
            links.append(self._named("link", data.url))
        if data.doi:
            links.append(LinkView("doi", t("doi"), routes.doi(data.doi), data.doi, "doi"))
        if data.arxiv:
            url = routes.arxiv(data.arxiv)
            links.append(LinkView("arxiv", t("arxiv"), url, data.arxiv, "pdf"))
        links += [self.link(link) for link in data.links]
        return links

    def link(self, link: Link) -> LinkView:
        """A link the user labelled: its label, unless the label names nothing ("Link")."""
        icon = icon_name_for(link.url, link.icon, link.label)
        if link.url and link.label.strip().casefold() in _BARE_LABELS | {self.locale.t("link")}:
            named = self._named("link", link.url)
            return LinkView(named.kind, named.label, link.url, named.text, icon, link.username)
        text = printed(link.url) if link.url else link.username or link.label
        return LinkView("link", link.label, link.url, text, icon, link.username)

    def _named(self, kind: str, url: str) -> LinkView:
        """A link without a label, named for what it leads to."""
        t = self.locale.t
        parts = urlsplit(url)
        host = (parts.hostname or "").removeprefix("www.")
        path = parts.path.casefold()
        if host.endswith("arxiv.org"):
            kind = "arxiv"
        elif host in ("doi.org", "dx.doi.org"):
            kind = "doi"
        elif path.endswith(".pdf"):
            kind = "pdf"
        elif _on(host, _CODE_HOSTS):
            kind = "code"
        elif _on(host, _SLIDE_HOSTS) or "slides" in path:
            kind = "slides"
        if kind != "link":
            return LinkView(kind, t(kind), url, printed(url), "pdf" if kind == "arxiv" else kind)
        name = host or unquote(path.rstrip("/").rpartition("/")[2]) or t("link")
        return LinkView("link", name, url, printed(url), icon_name_for(url))

    # --- authors ------------------------------------------------------------------------------

    def marks(self, author: Author) -> list[Mark]:
        return [Mark(symbol, self.meaning(symbol)) for symbol in author.marks]

    def meaning(self, symbol: str) -> str | None:
        """What a mark means: the site's word, else `*`'s usual one; other marks mean only
        what the site says they do."""
        meaning = self.config.marks.get(symbol)
        if meaning is None and symbol == EQUAL_MARK:
            return self.locale.t("equal_contribution")
        return meaning

    def legend(self, items: list[Item]) -> list[Mark]:
        """The marks the authors of `items` carry that have a meaning, in NAME_MARKS's order."""
        used = {symbol for item in items for a in item.authors for symbol in a.marks}
        found = [Mark(symbol, self.meaning(symbol)) for symbol in sorted(used, key=_mark_order)]
        return [mark for mark in found if mark.meaning]

    # --- the profile ---------------------------------------------------------------------------

    def contact(self, profile: Profile) -> list[LinkView]:
        """The contact line, in its order: place, the street address and the phone only when
        site.yaml's `contact` publishes them, e-mail, website, then the profile's links."""
        found = []
        published = self.config.contact
        address = profile.postal_address if published.address else None
        if profile.location and not (address and profile.location in address):
            found.append(LinkView("location", profile.location, None, profile.location, "location"))
        if address:
            found.append(LinkView("address", address, None, address, "location"))
        if profile.email:
            email = profile.email
            found.append(LinkView("email", email, f"mailto:{email}", email, "email"))
        if profile.phone and published.phone:
            phone = profile.phone
            url = "tel:" + phone.replace(" ", "")
            found.append(LinkView("phone", phone, url, phone, "phone"))
        if profile.website:
            shown = printed(profile.website)
            found.append(LinkView("website", shown, profile.website, shown, "website"))
        found += [self.link(link) for link in profile.links]
        return found


def organization(item: Item) -> str | None:
    """Who the entry was with: the organization, institution, issuer, awarder or event."""
    get = item.get
    return (
        get("organization")
        or get("institution")
        or get("issuer")
        or get("awarder")
        or get("event")
        or None
    )


def printed(url: str) -> str:
    """A link as paper shows it: an address, a number, or a site without `https://`."""
    for scheme in ("mailto:", "tel:"):
        if url.lower().startswith(scheme):
            return unquote(url[len(scheme) :])
    shown = url
    for scheme in ("https://", "http://"):
        if shown.lower().startswith(scheme):
            shown = shown[len(scheme) :]
    return shown[:-1] if shown.endswith("/") and shown.count("/") == 1 else shown


def _to_month(date: PartialDate | None) -> PartialDate | None:
    if date is None or not date.day:
        return date
    return PartialDate(date.year, date.month, 0, date.present)


def _on(host: str, hosts: tuple[str, ...]) -> bool:
    return any(host == known or host.endswith("." + known) for known in hosts)


def _mark_order(symbol: str) -> int:
    return NAME_MARKS.index(symbol)
