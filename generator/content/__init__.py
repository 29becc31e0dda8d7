"""Reading a site's sources into validated, located records: the bottom layer of cvsite.

It owns finding the content files, decoding text, reading YAML and front matter with the
line and column of every value, the schema (pydantic models, one source for validation and
for the JSON Schema files), translations of fields, dates, locales and their strings,
author lists and reading BibTeX. Every mistake it finds is a ContentError naming
file:line:column and the field.

It does not build the résumé model (sections, tags, nav, cross-file checks: `model`),
render Markdown (`markdown`) or know of themes and templates (`render`). Its modules
import only each other and the foundation (errors, urls, safeurl, confined, diskerrors);
cache.py, the build's cache of what was read, belongs with the site pipeline.
"""
