"""What the importers of other site generators share: the source folder read without leaving
it (folder.py), fields taken with a record of where each went (trail.py), and HTML and links
made safe Markdown (markup.py)."""
