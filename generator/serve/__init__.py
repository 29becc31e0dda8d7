"""`cvsite serve`, the live preview: its loop and address (preview.py), the watchers
(watch.py), the HTTP server with its Host check and reload channel (server.py), and the
temporary folders a killed preview leaves (scratch.py)."""
