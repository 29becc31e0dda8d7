"""Importers: content from other formats written into a site as files the user owns from
then on. Each reader fills the one record (record.py); one back end checks every value
(checking.py), writes it safely (writing.py, importedfiles.py) and reports every field
(report.py). They do not build the site."""
