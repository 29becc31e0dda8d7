"""Reading a site's sources into validated, located records: the bottom layer of cvsite.

It owns finding the content files, decoding text, YAML and front matter with the line and
column of every value, the schema (one source for validation and the JSON Schema files),
translations, dates, locales, author lists and BibTeX; every mistake is a ContentError naming
file:line:column and the field. It imports only the foundation (errors, urls, safeurl,
confined, diskerrors); the model, Markdown and themes are the layers above.
"""
