"""`cvsite import markdown`: a résumé written as Markdown or plain text (as copied out of a
PDF). document.py tells its lines apart, vocabulary.py says what their words mean,
entries.py reads one entry, reader.py the whole (pure), importer.py makes the record."""
