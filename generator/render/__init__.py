"""From the résumé model to page bytes and the printable CV.

Owns the page plan (`pages`: every page, which templates may draw it, what it shows), the
theme chain (`theme`: theme.yaml, `extends`, options, static files), the Jinja environment
(`environment`: loader over the chain, bytecode cache in the site's cache folder, template
errors), what templates call (`functions`, `icons`), the renderer (`renderer`), schema.org
JSON-LD (`jsonld`), Google Scholar's tags (`scholar`), language alternates (`alternates`),
and the CV as a document and a Typst PDF (`cvdocument`, `typstpdf`).

Does not own: reading or checking content (`content`, `model`), Markdown (`markdown`),
deciding what to rebuild, spreading work over processes or writing files (`site`). No I/O
here but reading templates and theme files and Jinja's bytecode cache.
"""
