"""TODO: what this package owns."""
