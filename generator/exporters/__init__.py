"""Exporters: a site's data written in another tool's format, for that tool to render:
RenderCV's YAML (rendercv.py), which reads RenderCV's vocabulary (networks, languages)
from the RenderCV importer, so that import and export share one table."""
