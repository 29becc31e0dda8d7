"""From the résumé model to page bytes and the printable CV: the page plan (`pages`), the
theme chain (`theme`), the Jinja environment (`environment`), what templates call
(`functions`, `icons`, `presenter`, `pictures`), the renderer, JSON-LD, Scholar's tags,
language alternates, and the CV as a document and a Typst PDF (`cvdocument`, `typstpdf`).

Not here: reading content, Markdown, what to rebuild, processes, writing files. No I/O but
reading templates and theme files and Jinja's bytecode cache.
"""
