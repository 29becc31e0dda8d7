"""The build: everything between a site's files and its output folder.

Owns the build as a list of stages (build.py: load the model, plan the pages, render the
files, write the site, save the stamp) and a builder that keeps its result for the preview's
rebuilds (builder.py, quickedit.py, depends.py: which pages a change makes stale); the files
other than pages (outputs.py, feeds.py: sitemap, feeds, robots.txt; resumejson.py;
citations); rendering over the cores (parallel.py); collisions between outputs; the writer
(writer.py, swap.py: a new folder swapped in whole) and its lock; the stamp that makes an
unchanged rebuild a no-op; the link check.

It does not read content (content), make the model (model), or know templates (render):
it calls them, in that order.
"""
