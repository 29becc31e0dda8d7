"""The date parser: every accepted form, the rejections, and comparison at mixed precision."""

from __future__ import annotations

import calendar
import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.content.dates import PRESENT, PartialDate, parse_date


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2021", PartialDate(2021)),
        ("2021-10", PartialDate(2021, 10)),
        ("2021-10-05", PartialDate(2021, 10, 5)),
        ("2021.10", PartialDate(2021, 10)),
        ("2021.10.05", PartialDate(2021, 10, 5)),
        ("2021/10/05", PartialDate(2021, 10, 5)),
        ("2021-1", PartialDate(2021, 1)),
        ("Oct 2021", PartialDate(2021, 10)),
        ("Oct. 2021", PartialDate(2021, 10)),
        ("October 2021", PartialDate(2021, 10)),
        ("october 2021", PartialDate(2021, 10)),
        ("Sept 2021", PartialDate(2021, 9)),
        ("May 2021", PartialDate(2021, 5)),
        ("5 Oct 2021", PartialDate(2021, 10, 5)),
        ("Oct 5, 2021", PartialDate(2021, 10, 5)),
        ("2024-02-29", PartialDate(2024, 2, 29)),
        ("2000-02-29", PartialDate(2000, 2, 29)),
        ("  2021-10  ", PartialDate(2021, 10)),
    ],
)
def test_accepted_forms(text, expected):
    assert parse_date(text) == expected


@pytest.mark.parametrize("text", ["present", "Present", "PRESENT", "now", "current", "ongoing"])
def test_present_forms(text):
    date = parse_date(text)
    assert date is PRESENT
    assert str(date) == "present"


@pytest.mark.parametrize(
    "text",
    [
        "2022.13",  # month 13
        "2021-13",
        "2021-00",  # a written month of 0 is no month
        "2021-10-00",
        "2021-02-30",
        "2021-04-31",
        "2023-02-29",  # not a leap year
        "1900-02-29",  # century, not a leap year
        "0000",
        "9999",  # reserved: `present` sorts as 9999-12-31
        "21",
        "20211",
        "2021-10-05-01",
        "Octember 2021",
        "Mai 2021",
        "Oct",
        "2021 Oct",
        "yesterday",
        "",
        "   ",
        "2021.1O",
    ],
)
def test_rejected_text(text):
    assert parse_date(text) is None


@pytest.mark.parametrize("value", [None, True, False, 2021.5, ["2021"], {"year": 2021}])
def test_rejected_types(value):
    assert parse_date(value) is None


def test_integer_and_date_objects():
    assert parse_date(2021) == PartialDate(2021)
    assert parse_date(datetime.date(2021, 10, 5)) == PartialDate(2021, 10, 5)
    same = PartialDate(2020, 1)
    assert parse_date(same) is same


@pytest.mark.parametrize(
    ("date", "text"),
    [
        (PartialDate(2021), "2021"),
        (PartialDate(2021, 3), "2021-03"),
        (PartialDate(2021, 3, 7), "2021-03-07"),
        (PartialDate(987), "0987"),
        (PRESENT, "present"),
    ],
)
def test_str_is_iso_at_the_date_precision(date, text):
    assert str(date) == text
    assert date.iso() == text


@pytest.mark.parametrize(
    ("earlier", "later", "expected"),
    [
        ("2020", "2021", True),
        ("2021", "2020", False),
        ("2021-05", "2021-06", True),
        ("2021-06", "2021-05", False),
        ("2021-05-01", "2021-05-02", True),
        # At mixed precision only the parts both dates have are compared: a year-only end
        # means some time in that year, so neither direction is "surely before".
        ("2021-05", "2021", False),
        ("2021", "2021-05", False),
        ("2021-05-31", "2021-05", False),
        ("2021-04-30", "2021-05", True),
        ("2020-12-31", "2021", True),
        ("2021", "2020-12", False),
        # Equal dates do not precede each other.
        ("2021-05", "2021-05", False),
        # present is after every date, and not before itself.
        ("2021", "present", True),
        ("present", "2021", False),
        ("present", "present", False),
    ],
)
def test_precedes(earlier, later, expected):
    assert parse_date(earlier).precedes(parse_date(later)) is expected


def test_present_sorts_after_every_date():
    dates = [PRESENT, PartialDate(9998, 12, 31), PartialDate(2021)]
    assert sorted(dates)[-1] is PRESENT


# --- properties ------------------------------------------------------------------------------


@st.composite
def partial_dates(draw):
    year = draw(st.integers(1, 9998))
    precision = draw(st.sampled_from(["year", "month", "day"]))
    if precision == "year":
        return PartialDate(year)
    month = draw(st.integers(1, 12))
    if precision == "month":
        return PartialDate(year, month)
    last = calendar.monthrange(year, month)[1]
    return PartialDate(year, month, draw(st.integers(1, last)))


@given(partial_dates())
def test_iso_text_round_trips(date):
    assert parse_date(str(date)) == date


@given(partial_dates(), st.sampled_from([".", "/"]))
def test_other_separators_read_the_same(date, separator):
    assert parse_date(str(date).replace("-", separator)) == date


@given(partial_dates(), partial_dates())
def test_precedes_is_never_true_both_ways(a, b):
    assert not (a.precedes(b) and b.precedes(a))


@given(st.dates(min_value=datetime.date(1, 1, 1), max_value=datetime.date(9998, 12, 31)))
def test_every_calendar_day_parses(day):
    assert parse_date(day.isoformat()) == PartialDate(day.year, day.month, day.day)


@given(st.integers(1, 9998), st.integers(1, 12), st.integers(29, 31))
def test_days_past_month_end_are_rejected(year, month, day):
    try:
        datetime.date(year, month, day)
        valid = True
    except ValueError:
        valid = False
    parsed = parse_date(f"{year:04d}-{month:02d}-{day:02d}")
    assert (parsed is not None) == valid
