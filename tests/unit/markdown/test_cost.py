"""The cost model of generator/markdown/cost.py never counts less than Python-Markdown reads.

A link's text and address are read by Python-Markdown's public LinkInlineProcessor.getText
and getLink; what the model counts for each `[` and `](` must be at least what they read,
or a text could cost more than its budget says.
"""

from __future__ import annotations

import markdown
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown.inlinepatterns import LINK_RE, LinkInlineProcessor

from generator.markdown.cost import Budget, TooCostly, _link_reads

PIECES = ["[", "]", "(", ")", "](", "a", " ", "\\", "`", '"', "'", "<", ">", "&", "\n"]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


@settings(max_examples=500, deadline=None)
@given(TEXTS)
def test_the_model_counts_at_least_what_the_link_patterns_read(text):
    md = markdown.Markdown()
    md.convert("x")  # getLink unescapes with the inline processor's state, made by a run
    links = LinkInlineProcessor(LINK_RE, md)
    reads = _link_reads(text)
    for at, char in enumerate(text):
        if char == "[":
            _, end, _ = links.getText(text, at + 1)
            assert reads[at] >= end - at, (text, at)
        elif char == "(" and at and text[at - 1] == "]":
            _, _, end, _ = links.getLink(text, at)
            assert reads[at] >= end - at, (text, at)


def test_a_budget_names_what_cost_the_most_and_where():
    budget = Budget(left=100)
    budget.spend(40, "links", "links message", "first link")
    budget.spend(30, "blocks", "blocks message", "a block")
    try:
        budget.spend(50, "links", "links message, later", "second link")
    except TooCostly as exc:
        assert "links message, later" in str(exc) and exc.found == "first link"
    else:
        raise AssertionError("not refused")
