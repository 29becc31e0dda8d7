"""Unit tests of generator/scaffold."""
