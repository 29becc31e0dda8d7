"""`cvsite import hugoblox DIR`: a Hugo Blox (formerly Wowchemy / Hugo Academic) site as a
cvsite site: the owner's author file as the profile and the résumé sections (author.py,
links.py), publications with their cite.bib, projects, events as talks (pages.py), courses
as teaching (courses.py), with Hugo's shortcodes turned into Markdown (shortcodes.py)."""
