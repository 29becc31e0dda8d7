"""`cvsite import hugoblox DIR`: a Hugo Blox (Wowchemy, Hugo Academic) site: the owner's
author file as the profile and résumé sections, publications, talks, projects and courses,
Hugo's shortcodes as Markdown (importer.py runs the stages)."""
