"""Importers: content from other formats written into a site as files the user owns from
then on. Every reader yields the same record (record.py): a .bib file (bibtex.py), a JSON
Resume (jsonresume*.py), a RenderCV file (rendercv/), a résumé written as Markdown or plain
text (markdown/), the folders of a Hugo Blox site (hugoblox/) or an academicpages site
(academicpages/), the two read through sitesource/.

One back end writes every record: checking.py checks each value with cvsite's own models
(a value refused is left out with a warning naming the source's field and line; never the
entry), writing.py writes site.yaml once, the content files and the assets, loads them as
a site first, and writes through importedfiles.py (importing again changes nothing, the user's
edits are never overwritten, nothing is written out of the site); report.py is the one
report of every field and where it went. They do not build the site.
"""
