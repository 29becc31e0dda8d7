"""The résumé model: validated records made into what pages show.

Owns the classes templates see (entries.py: Item and Tag; structure.py: Resume, Section),
how they are made (items.py, nav.py, variants.py), every check across files (checks.py),
loading a site in each of its languages (resume.py) and BibTeX written from a paper
(bibtex.py). It knows URLs but nothing of templates, pages or output files.
"""
