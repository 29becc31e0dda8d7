"""Exporters: a site's data in another tool's format (rendercv.py: RenderCV's YAML, with
the RenderCV importer's tables of networks and languages)."""
