"""Unit tests of generator/render."""
