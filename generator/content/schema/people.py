"""content/people.yaml: the people the owner writes with, so that author lists link to them."""

from __future__ import annotations

from pydantic import Field

from generator.content.schema.fields import Strict, Url

ORCID_PATTERN = r"^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$"


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
