"""cvsite: a static-site résumé and portfolio generator.

A person's CV as data (`content/`, `site.yaml`) becomes a static website. The sub-packages,
each importing only from the ones below it (docs/architecture.md has the map):
cli -> serve, deploy, exporters, scaffold -> importers -> site -> render -> model -> markdown ->
content -> the foundation modules here (errors, urls, safeurl, diskerrors, confined).
"""

__version__ = "0.1.0"
