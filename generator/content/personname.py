"""A person's name without the titles around it: what an author list would print.

A profile says "Dr. Alex Johnson" or "Jane Roe, PhD"; the papers say "Alex Johnson" and
"J. Roe". The owner of a site is found in author lists by the bare name.
"""

from __future__ import annotations

import re

# Titles before a name, in any order and number ("Prof. Dr.", "Dr. rer. nat.").
_BEFORE = re.compile(
    r"^(?:(?:prof(?:essor)?|dr(?:\.?-ing)?|dres|mr|mrs|ms|mx|miss|sir|dame|rev|hon)\.?\s+"
    # what follows a German doctorate: "Dr. rer. nat.", "Dr. med.", "Dr. h.c." (with dots)
    r"(?:(?:rer\.\s*nat|med|phil|h\.\s*c)\.\s+)*)+",
    re.IGNORECASE,
)
# Degrees and post-nominal letters after a name, after a comma or a space ("Jane Roe, PhD",
# "Jane Roe PhD, MBA"). Suffixes of the name itself (Jr., III) stay.
_DEGREE = (
    r"ph\.?\s?d\.?|d\.?\s?phil\.?|m\.?\s?d\.?|m\.?\s?sc\.?|m\.?\s?s\.?|m\.?\s?a\.?|m\.?\s?eng\.?|"
    r"m\.?\s?b\.?\s?a\.?|b\.?\s?sc\.?|b\.?\s?s\.?|b\.?\s?a\.?|b\.?\s?eng\.?|j\.?\s?d\.?|"
    r"ll\.?\s?m\.?|d\.?\s?sc\.?|ed\.?\s?d\.?|pe|cpa|rn|facs|frs|fieee|ieee\s+fellow"
)
_AFTER_COMMA = re.compile(rf",\s*(?:{_DEGREE})\s*$", re.IGNORECASE)
# Without a comma only a doctorate is taken: "Amy Ma" keeps her family name.
_AFTER_SPACE = re.compile(r"\s+(?:Ph\.?\s?D\.?|PHD|D\.?\s?Phil\.?)\s*$")


def without_titles(name: str) -> str:
    """`name` without honorifics before it and degrees after it; the name itself if that
    would leave nothing."""
    bare = _BEFORE.sub("", name.strip())
    while True:
        shorter = _AFTER_SPACE.sub("", _AFTER_COMMA.sub("", bare))
        if shorter == bare:
            break
        bare = shorter
    return bare.strip(" ,") or name.strip()
