"""Publishing a site (`cvsite deploy`, publish.py): built afresh, checked, then handed to a
GitHub Pages branch (ghpages.py, gittarget.py, branchstate.py), rsync or a plain folder."""
