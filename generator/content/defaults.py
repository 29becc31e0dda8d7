"""Defaults that content declares and other packages share.

They live here, at the bottom of the layers, so that the schema can name them without
importing the packages (render) that act on them.
"""

# The built-in theme a site uses when site.yaml names none.
DEFAULT_THEME = "meridian"
