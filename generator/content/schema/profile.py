"""content/profile.yaml, who the site is about, with their links, languages and address; and
content/people.yaml, the people they write with, so that author lists link to them."""

from __future__ import annotations

from pydantic import Field

from generator.content.schema.fields import Email, LocalFile, Markdown, PictureUrl, Strict, Url
from generator.safeurl import EXPECTED_LINK

ORCID_PATTERN = r"^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$"
# Countries whose addresses put the postal code after the town and region.
_CODE_AFTER_TOWN = {"US", "CA", "AU", "GB", "IE", "NZ", "IN"}


class Link(Strict):
    label: str = Field(description="The link text, e.g. GitHub.")
    url: Url | None = Field(
        None,
        description=f"Where it points ({EXPECTED_LINK}); without it, the label and username "
        "are shown as text.",
    )
    icon: str | None = Field(None, description="Icon name; guessed from the URL when left out.")
    username: str | None = Field(
        None, description="Your user name on that network (JSON Resume's profiles.username)."
    )


class Language(Strict):
    name: str
    level: str | None = Field(None, description="e.g. Native, C1, fluent.")


class PostalAddress(Strict):
    """A postal address, as JSON Resume's basics.location has it."""

    street: str | None = Field(None, description="Street and number; lines apart with \\n.")
    postal_code: str | None = None
    city: str | None = None
    region: str | None = Field(None, description="State or province.")
    country_code: str | None = Field(None, description="ISO 3166-1 code, e.g. DE.")


class Profile(Strict):
    """content/profile.yaml: who the site is about."""

    name: str
    headline: str | None = Field(None, description="One line under the name.")
    avatar: LocalFile | None = Field(None, description="A photo: a path inside content/.")
    email: Email | None = None
    phone: str | None = None
    website: Url | None = None
    location: str | None = None
    links: list[Link] = Field(default_factory=list, description="Contact and profile links.")
    summary: Markdown | None = None
    languages: list[Language] = Field(default_factory=list)
    interests: list[str] = Field(default_factory=list)
    address: PostalAddress | None = Field(
        None, description="A postal address; `location` is what the pages show."
    )
    image_url: PictureUrl | None = Field(
        None,
        description="A photo on another host, kept for resume.json; pages show only `avatar`.",
    )

    @property
    def postal_address(self) -> str | None:
        """The address on one line (`2712 Broadway St, 94115 San Francisco, CA, US`) when it
        says more than `location` does (a street or a postal code), else None."""
        address = self.address
        if address is None or not (address.street or address.postal_code):
            return None
        street = address.street.replace("\n", ", ") if address.street else None
        if address.country_code in _CODE_AFTER_TOWN:  # San Francisco, California 94115
            town = address.city
            region = " ".join(p for p in (address.region, address.postal_code) if p)
        else:  # 37073 Göttingen
            town = " ".join(p for p in (address.postal_code, address.city) if p)
            region = address.region
        parts = (street, town, region, address.country_code)
        return ", ".join(p for p in parts if p)


class Person(Strict):
    """One co-author: an author whose name matches `name` or an alias links to them."""

    name: str = Field(description="The name, as an author list writes it, e.g. Ada Lovelace.")
    url: Url | None = Field(None, description="Where the name links to: their page.")
    aliases: list[str] = Field(
        default_factory=list, description="Other spellings, e.g. A. Lovelace, Lovelace, Ada."
    )
    orcid: str | None = Field(
        None,
        pattern=ORCID_PATTERN,
        description="Their ORCID iD, e.g. 0000-0002-1825-0097; linked when `url` is not given.",
    )

    @property
    def link(self) -> str | None:
        """Where the name links to: the url, else the ORCID record."""
        return self.url or (f"https://orcid.org/{self.orcid}" if self.orcid else None)
