"""content/people.yaml read and validated: the co-authors that author lists link to."""

from __future__ import annotations

from generator.content.discover import SiteInputs
from generator.content.schema import Person
from generator.content.translations import Resolver
from generator.content.validation import validate
from generator.content.yamlio import read_yaml
from generator.errors import ContentError, ContentErrors, ErrorCollector, describe

EXAMPLE = "a list of people, like '- name: Ada Lovelace' with url, aliases or orcid"


def read_people(
    files: SiteInputs, errors: ErrorCollector, resolver: Resolver | None = None
) -> list[Person]:
    """Everyone in content/people.yaml (none without the file); errors placed in the file."""
    if files.people is None:
        return []
    display = files.display(files.people)
    try:
        doc = read_yaml(files.people, display)
    except ContentErrors as exc:
        errors.extend(exc.errors)
        return []
    if resolver is not None:
        doc, problems = resolver.document(doc)
        errors.extend(problems)
    if not isinstance(doc.data, list):
        found = "the file is empty" if doc.data is None else f"found {describe(doc.data)}"
        errors.extend([ContentError(display, 1, 1, "", f"expected {EXAMPLE}; {found}")])
        return []
    people = []
    for index, item in enumerate(doc.data):
        person, problems = validate(doc, item, Person, (index,), "people")
        errors.extend(problems)
        if person is not None:
            people.append(person)
    return people
