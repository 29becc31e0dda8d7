"""The build, between a site's files and its output folder: its stages (build.py, builder.py),
which pages a change makes stale (depends.py), when PDFs are typeset, the files other than
pages, the pictures, rendering over the cores (parallel.py), collisions, the writer and its
lock, the stamp that makes an unchanged rebuild a no-op, and the link check."""
