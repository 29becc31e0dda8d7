"""`cvsite import rendercv`: a RenderCV YAML file (1.x or 2.x) read into a site (importer.py);
networks.py and settings.py's languages are shared with exporters/rendercv.py."""
