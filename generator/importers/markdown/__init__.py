"""The importer of a résumé written as Markdown or as plain text (as copied out of a PDF):
`cvsite import markdown`.

text.parse reads it (pure: text in, a result.ParsedResume out, every input line accounted
for) with lines.py, entry*.py, reading.py, profilelines.py, sectionlines.py and the word
lists (words.py, datewords.py, placewords.py); importer.py turns that into the site's files,
checks them with cvsite's models and writes them (importers.sitefiles).
"""
