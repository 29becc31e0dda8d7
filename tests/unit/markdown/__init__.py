"""Unit tests of generator/markdown."""
