"""`cvsite serve`, the live preview: its loop and the address it listens on (preview.py:
build into a private folder, rebuild on changes, show build errors), the watchers
(watch.py), the HTTP server with its Host check, worker threads and reload channel
(server.py), and the temporary folders a killed preview leaves (scratch.py). How a site is
built and what a change means to it are the site package's.
"""
