"""Unit tests of generator/model."""
