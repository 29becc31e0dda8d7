"""Hugo Blox landing pages (`content/_index.md`…): their blocks show what is imported
elsewhere, except a `markdown` block's text, the owner's own, added to the profile's summary
under its title."""

from __future__ import annotations

from generator.importers.record import Imported
from generator.importers.report import Placed, Report
from generator.importers.sitesource.folder import Page, SourceFolder, truthy
from generator.importers.sitesource.markup import plain
from generator.importers.sitesource.trail import Taking, line_finder

TEXT_BLOCKS = {"markdown"}
BLOCK_SHOWS = "lays the page out, showing the author file or a section imported elsewhere"
PAGE_ONLY = {
    "title": "the landing page's title",
    "summary": "the landing page's summary",
    "date": "the page's date in Hugo",
    "type": "Hugo's layout",
    "design": "Hugo Blox's design",
    "cascade": "Hugo's settings for pages below",
}


def import_landing(folder: SourceFolder, record: Imported, report: Report) -> set[str]:
    """Text blocks of the landing pages at the top of content/; the pages read."""
    read = set()
    for path in folder.files("content", (".md",)):
        page = folder.page(path) if path.count("/") == 1 else None
        if page is not None and isinstance(page.meta.get("sections"), list):
            _page(page, record, report)
            read.add(path)
    return read


def _page(page: Page, record: Imported, report: Report) -> None:
    lines = line_finder(page.document)
    take = Taking(report, page.path, page.meta, lines)
    for index, block in enumerate(take.get("sections") or []):
        where = f"sections[{index}]"
        kind = str(block.get("block") or "") if isinstance(block, dict) else ""
        content = block.get("content") if isinstance(block, dict) else None
        if kind in TEXT_BLOCKS and isinstance(content, dict) and not truthy(block.get("demo")):
            part = take.child(where, block)
            _text_block(part.child("content", content), record)
            part.done.add("content")
            part.finish({}, "the block's layout")
            continue
        why = "a block of Hugo Blox's demo site" if truthy(block.get("demo")) else BLOCK_SHOWS
        report.fields.append(
            Placed(page.path, lines(where), where, "", f"{kind or 'block'}: {why}")
        )
    take.done.add("sections")
    take.finish(PAGE_ONLY, "a landing page's setting cvsite has no place for")


def _text_block(part: Taking, record: Imported) -> None:
    text = part.text("text")
    title = plain(part.text("title") or "")
    if text:
        heading = f"**{title}**\n\n" if title else ""
        summary = record.profile.get("summary")
        record.profile["summary"] = "\n\n".join(p for p in (summary, heading + text) if p)
    part.put("text", "content/profile.yaml: summary")
    part.put("title", "content/profile.yaml: summary (its heading)")
    part.finish({}, "a block setting cvsite has no place for")
