"""Markdown into safe HTML: Python-Markdown set up through its public extension API.

It owns the renderer (renderer.py: extensions, fenced-code options, the memo of rendered
texts), the smart punctuation pass (typography.py), the cost check that refuses texts
Python-Markdown would take too long over (cost.py) and the allow-list sanitiser that every
rendered text passes through (sanitize.py, nh3). It knows nothing of entries, pages or
themes: it is given text and gives back HTML, or an error a caller can place in a file.
"""
