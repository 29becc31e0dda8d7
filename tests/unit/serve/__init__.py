"""Unit tests of generator/serve."""
