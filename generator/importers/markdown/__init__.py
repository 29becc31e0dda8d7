"""The importer of a résumé written as Markdown or as plain text (as copied out of a PDF):
`cvsite import markdown`.

reader.parse reads it (pure: text in, a document.ParsedResume out, every input line
accounted for): document.py tells its lines apart by their Markdown, vocabulary.py says what
their words mean (headings, dates, places, names), entries.py reads one entry. importer.py
makes the import record of it, which the shared back end (importers.writing) checks and
writes.
"""
