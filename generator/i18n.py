"""Words the theme shows that are not the user's: labels, and dates in the site's language."""

from __future__ import annotations

import calendar

from generator.dates import PartialDate

STRINGS_EN: dict[str, str] = {
    "present": "present",
    "home": "Home",
    "tags": "Tags",
    "tag": "Tag",
    "cv": "CV",
    "publications": "Publications",
    "selected_publications": "Selected publications",
    "recent_projects": "Recent projects",
    "latest_positions": "Experience",
    "all_publications": "All publications",
    "all_projects": "All projects",
    "all_experience": "All experience",
    "skip_to_content": "Skip to content",
    "menu": "Menu",
    "main_navigation": "Main navigation",
    "contact": "Contact",
    "languages": "Languages",
    "interests": "Interests",
    "read_more": "Details",
    "thesis": "Thesis",
    "advisors": "Advisors",
    "courses": "Courses",
    "grade": "Grade",
    "authors": "Authors",
    "abstract": "Abstract",
    "cite": "Cite",
    "bibtex": "BibTeX",
    "download_bib": "Download .bib",
    "show_all_authors": "Show all {count} authors",
    "equal_contribution": "Equal contribution",
    "corresponding_author": "Corresponding author",
    "entries_tagged": "Everything tagged",
    "all_tags": "All tags",
    "in_section": "in",
    "back_to": "Back to",
    "not_found_title": "Page not found",
    "not_found_text": "There is no page at this address. It may have moved.",
    "go_home": "Go to the home page",
    "print_cv": "Print or save as PDF",
    "issued_by": "Issued by",
    "awarded_by": "Awarded by",
    "role": "Role",
    "term": "Term",
    "level": "Level",
    "filter_by_type": "Filter by type",
    "all_types": "All",
    "type_journal": "Journal article",
    "type_conference": "Conference paper",
    "type_workshop": "Workshop paper",
    "type_preprint": "Preprint",
    "type_thesis": "Thesis",
    "type_report": "Technical report",
    "type_patent": "Patent",
    "type_book": "Book",
    "type_chapter": "Book chapter",
    "type_talk": "Talk",
    "type_misc": "Other",
    "feed": "Feed",
    "built_with": "Built with cvsite",
    "toggle_theme": "Toggle dark mode",
    "dark_mode": "Dark mode",
    "photo_of": "Photo of",
    "pdf": "PDF",
    "code": "Code",
    "doi": "DOI",
    "slides": "Slides",
    "arxiv": "arXiv",
    "link": "Link",
}


class Locale:
    """UI strings and date formatting for one language."""

    def __init__(self, language: str, overrides: dict[str, str] | None = None):
        self.language = language
        self.strings = {**STRINGS_EN, **(overrides or {})}

    def t(self, key: str) -> str:
        return self.strings.get(key, key)

    def date(self, value: PartialDate | None) -> str:
        if value is None:
            return ""
        if value.present:
            return self.t("present")
        if value.day:
            return f"{value.day} {calendar.month_abbr[value.month]} {value.year}"
        if value.month:
            return f"{calendar.month_abbr[value.month]} {value.year}"
        return str(value.year)

    def date_range(self, start: PartialDate | None, end: PartialDate | None) -> str:
        if start is None:
            return self.date(end)
        if end is None or end == start:
            return self.date(start)
        return f"{self.date(start)} – {self.date(end)}"
