"""cvsite: a static-site résumé and portfolio generator."""

__version__ = "0.1.0"
