"""The build: everything between a site's files and its output folder.

Owns the build as a list of stages (build.py: read, plan, check, render and typeset, write
and swap, save the stamp) and a builder that keeps its result for the preview's rebuilds
(builder.py; depends.py: which pages a change makes stale); when PDFs are typeset
(typesetting.py); the files other than pages (outputs.py, feeds.py: sitemap, feeds,
robots.txt; resumejson.py; citations); rendering over the cores (parallel.py); collisions
between outputs; the writer (writer.py, swap.py: a new folder swapped in whole) and its
lock; the stamp that makes an unchanged rebuild a no-op; the link check.

It does not read content (content), make the model (model), or know templates (render):
it calls them, in that order.
"""
