"""Unit tests of generator/deploy."""
