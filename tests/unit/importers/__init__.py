"""Unit tests of generator/importers."""
