"""`cvsite serve`, the live preview: watch, rebuild, reload.

It owns the preview's loop (preview.py: build into a private temporary folder, rebuild on
changes through the site package's `SiteBuilder`, show build errors), the watchers of the
site's files (watch.py, on watchfiles), the local HTTP server with its Host-header check and
its long-poll reload channel (server.py, standard library only), the address it listens on
(address.py) and the temporary folders that outlive a killed preview (scratch.py).

It does not own how a site is built, what a change means to a build (site/changes.py), or
the pages themselves: those are the site and render packages'.
"""
