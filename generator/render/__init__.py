"""From the résumé model to page bytes and the printable CV: the page plan, the theme chain,
the Jinja environment, what templates call, the renderer, JSON-LD, Scholar's tags, language
alternates, the CV as a document and a Typst PDF. No I/O but templates, theme files and
Jinja's bytecode cache."""
