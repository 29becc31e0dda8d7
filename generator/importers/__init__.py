"""Importers: content from other formats written into a site's content/, as files the user
owns from then on: a .bib file (bibtex.py), a JSON Resume (jsonresume.py), a RenderCV file
(rendercv/, which also exports a site back to RenderCV), a résumé written as Markdown or
plain text (markdown/), and the folders of a Hugo Blox site (hugoblox/) or an academicpages
site (academicpages/), which share sitesource/.

Each reads its source; plan.py checks every value with cvsite's own models
(generator.content), lays the entries out as files, loads them as a site and writes them
through sitefiles.py's decide/apply: importing again changes nothing, the user's edits are
never overwritten, nothing is written out of the site. report.py is the report of every
field and where it went. They do not build the site.
"""
