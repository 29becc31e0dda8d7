"""A .bib entry other entries name in crossref (DBLP's proceedings) is their venue, not a work
of the owner's, unless the owner wrote or edited it (issue 42)."""

from __future__ import annotations

from generator.content.bibparse import parse
from generator.content.bibread import load_publications
from generator.content.reader import LoadedEntry
from generator.model.items import without_volumes

# A DBLP "with crossref" export, as DBLP writes it (two papers, their proceedings).
DBLP = """@inproceedings{DBLP:conf/cla/ZudinGI15,
  author    = {Sergey Zudin and Dmitry V. Gnatyshak and Dmitry I. Ignatov},
  title     = {Putting OAC-triclustering on MapReduce},
  pages     = {47--58},
  year      = {2015},
  crossref  = {DBLP:conf/cla/2015},
}

@proceedings{DBLP:conf/cla/2015,
  editor    = {Sadok Ben Yahia and Jan Konecny},
  title     = {Proceedings of the Twelfth International Conference on Concept Lattices
               and Their Applications, Clermont-Ferrand, France, October 13-16, 2015},
  series    = {{CEUR} Workshop Proceedings},
  volume    = {1466},
  publisher = {CEUR-WS.org},
  year      = {2015}
}
"""


def _loaded() -> list[LoadedEntry]:
    loaded, errors = load_publications(DBLP, "content/publications.bib")
    assert errors == []
    return [
        LoadedEntry(
            "publications",
            p,
            "content/publications.bib",
            r.line,
            stem=r.key,
            many=True,
            volume=r.volume,
        )
        for r, p in loaded
    ]


def test_the_volume_is_marked_and_its_fields_fill_the_paper():
    records = {r.key: r for r in parse(DBLP, "x.bib").records}
    assert records["DBLP:conf/cla/2015"].volume
    assert not records["DBLP:conf/cla/ZudinGI15"].volume
    paper = records["DBLP:conf/cla/ZudinGI15"].fields
    assert paper["publisher"].value == "CEUR-WS.org" and paper["volume"].value == "1466"


def test_a_volume_edited_by_others_is_not_the_owners_work():
    kept = without_volumes(_loaded(), ["Dmitry I. Ignatov"])
    assert [e.stem for e in kept] == ["DBLP:conf/cla/ZudinGI15"]


def test_a_volume_the_owner_edited_is_listed():
    kept = without_volumes(_loaded(), ["Jan Konečný", "Jan Konecny"])
    assert [e.stem for e in kept] == ["DBLP:conf/cla/ZudinGI15", "DBLP:conf/cla/2015"]
