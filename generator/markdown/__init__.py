"""Markdown into safe HTML: Python-Markdown set up through its public extension API.

It owns the renderer (renderer.py), smart punctuation (typography.py), math (math.py), the
cost check (cost.py) and the allow-list sanitiser (sanitize.py). It knows nothing of entries,
pages or themes: given text, it gives back HTML or an error a caller can place in a file.
"""
