"""Unit tests of the foundation modules: errors.py, urls.py, safeurl.py."""
