"""The front matter of a free page: a Markdown file directly in content/ (content/about.md)."""

from __future__ import annotations

from pydantic import Field

from generator.content.schema.fields import Markdown, Strict


class PageMatter(Strict):
    """content/<name>.md: a page of its own at /<name>/, never on the CV."""

    title: str = Field(description="The page's title, its heading and its menu text.")
    description: str | None = Field(
        None, description="One sentence for search engines and link previews."
    )
    nav_label: str | None = Field(None, description="The menu text, when not the title.")
    draft: bool = Field(False, description="Left out of the build unless --drafts.")
    weight: int = Field(0, description="Order among pages in the default menu: lower first.")
    body: Markdown | None = Field(None, description="The page's text, below the front matter.")
