"""Publishing a site: `cvsite deploy` builds it afresh in a private folder, checks it
(content, base_url against the target, every internal link) and only then hands it to one
target: a GitHub Pages branch (ghpages.py, gittarget.py, branchstate.py), rsync (rsync.py)
or a plain folder. publish.py holds the steps and settings.
"""
