"""Publishing a site: `cvsite deploy` builds it afresh in a private folder, checks it
(content, base_url against the target, every internal link) and only then hands it to one
target: a GitHub Pages branch (committed with git's plumbing and pushed), rsync to a folder
or `host:path`, or a plain folder.

publish.py is the order of those steps and the settings; ghpages.py, gittarget.py,
branchstate.py, pagesaddress.py and git.py the GitHub Pages target; rsync.py and the
directory target in publish.py the others. It reads and renders through `generator.site`;
it never touches the site's own output/ and holds the lock of any local folder it writes.
"""
