"""Unit tests of generator/content."""
