"""The résumé model: validated records made into what pages show.

Owns the classes templates see (entries.py: Item and Tag; structure.py: Resume, Section,
NavLink), how they are made (items.py: order and URL names of entries, kept across
languages; tags.py; nav.py), every check across files (checks.py: Markdown rendered once
with its errors located, file fields naming no file in content/), loading a site in each
of its languages (resume.py: load, Loaded), and BibTeX written from a paper (bibtex.py).

It knows URLs (through generator.urls) but nothing of templates, pages or output files.
"""
