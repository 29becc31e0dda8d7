"""What the server that `tests.helpers.run_cli` forks its commands from does once, before it
forks any: imported there only, by name (multiprocessing's forkserver preload), so that
neither the test processes nor the commands themselves do this at import.

- The suite's Typst memo (tests/typstmemo.py) goes in front of the compiler.
- What every cvsite process does once, on first use, is done here once: each content
  model's validator built (pydantic's `defer_build`, 37 ms for all), and CLDR's data for
  the suite's two languages loaded (24 ms). A command forked from here behaves as a new
  process; it only skips that.
"""

from __future__ import annotations

from generator.content.dates import PartialDate
from generator.content.i18n import Locale, language_name
from generator.content.schema.fields import Strict
from tests import typstmemo


def _first_use_done() -> None:
    models = [Strict]
    for model in models:  # the list grows as it is walked: subclasses at every depth
        models += model.__subclasses__()
        model.model_rebuild()
    for language in ("en", "de"):
        language_name(language)
        Locale(language).date_range(PartialDate(2020, 1, 5), PartialDate(2021, 3, 5))
        Locale(language).date_range(PartialDate(2020, 1), PartialDate(2020, 3))


typstmemo.install()
_first_use_done()
