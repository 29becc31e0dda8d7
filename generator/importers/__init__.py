"""Importers: content from other formats written into a site's content/, once, as files the
user owns from then on: a .bib file (bibtex.py), a JSON Resume (jsonresume.py), a résumé
written as Markdown or plain text (markdown/), and the folders of a Hugo Blox site
(hugoblox/) or an academicpages site (academicpages/), which share sitesource/.

Each reads its source, checks every value with cvsite's own models (generator.content),
reports what it could not read, and writes through sitefiles.py: never over the user's
files, never out of the site. They do not build the site.
"""
