"""Fidelity oracles: how much of a real input file a built site shows, measured through the
real CLI and read back with tests/htmlread.py (`facts.py`; `markdown_import.py` for the
Markdown résumé importer). The e2e tests import them; each also runs as a script, printing
its table: `python -m tests.fidelity.facts --verbose`."""
