"""`cvsite import rendercv` and `cvsite export rendercv`: a RenderCV YAML file (1.x or 2.x)
read into a site (importer.py, with header.py, sections.py, entries.py, settings.py), and
a site's data written as a RenderCV file (export.py). networks.py makes and reads the
profile URLs of RenderCV's `social_networks`; inline.py reads RenderCV's Markdown where
cvsite keeps text."""
