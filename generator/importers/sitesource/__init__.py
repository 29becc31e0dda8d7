"""What the importers of other site generators share (Hugo Blox, academicpages): reading
the source folder without leaving it (folder.py), taking fields with a record of where
each went (trail.py), turning HTML and links into safe Markdown (markup.py), and checking
and writing the planned files through importedfiles' decide/apply (writing.py)."""
