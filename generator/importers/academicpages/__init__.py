"""`cvsite import academicpages DIR`: an academicpages (Jekyll) site as a cvsite site: the
author block of `_config.yml` as the profile and its links (profile.py), and the
`_publications`, `_talks`, `_teaching` and `_portfolio` collections as entries with pages
(collections.py)."""
