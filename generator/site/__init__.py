"""The build: everything between a site's files and its output folder.

Owns the build's stages (build.py, builder.py), which pages a change makes stale
(depends.py), when PDFs are typeset (typesetting.py), the files other than pages
(outputs.py, feeds.py, resumejson.py), the pictures (images.py, vectors.py), rendering over
the cores (parallel.py), collisions between outputs, the writer and its lock, the stamp that
makes an unchanged rebuild a no-op, and the link check. It calls content, model and render.
"""
