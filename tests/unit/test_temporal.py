"""Temporal markers resolved against when something was said.

Every test uses a fixed `observed_at` (Monday 8 May 2023, 13:56 UTC, a LOCOMO session time), never today.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engram.language.temporal import (
    TEMPORARY_DEFAULT_DAYS,
    analyse_temporal,
    is_historical_text,
    parse_recurrence,
    warm_up,
)

SAID = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)  # a Monday


@pytest.fixture(scope="session", autouse=True)
def _warm_dateparser() -> None:
    warm_up()


def at(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)


# --- effective_from ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Starting next month I'll be working remotely",
        "I'm switching to the night shift starting next month",
        "Beginning next month the rent goes up",
        "From next month on I teach on Tuesdays too",
    ],
)
def test_starting_next_month_is_effective_from_the_first_of_next_month(text: str) -> None:
    info = analyse_temporal(text, SAID)

    assert info.effective_from == at(2023, 6, 1)
    assert info.event_date is None


def test_next_month_in_december_rolls_over_the_year() -> None:
    info = analyse_temporal("Starting next month I work at Notion", at(2023, 12, 20, 9))

    assert info.effective_from == at(2024, 1, 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("From Monday I'm on the night shift", at(2023, 5, 15)),
        ("As of June I'm fully remote", at(2023, 6, 1)),
        ("Beginning January I'll be vegan", at(2024, 1, 1)),
        ("Effective June 1 my title is staff engineer", at(2023, 6, 1)),
    ],
)
def test_start_cues_set_effective_from(text: str, expected: datetime) -> None:
    assert analyse_temporal(text, SAID).effective_from == expected


# --- expires_at -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I'm out of office until Friday",
        "The gym is closed till Friday",
        "Working from Lisbon until Friday",
        "My sister is staying with us thru Friday",
    ],
)
def test_until_friday_expires_at_the_end_of_that_friday(text: str) -> None:
    assert analyse_temporal(text, SAID).expires_at == at(2023, 5, 12, 23, 59, 59)


@pytest.mark.parametrize(
    ("text", "delta"),
    [
        ("I'm staying with my parents for the next week", timedelta(days=7)),
        ("Dog-sitting Max for the next 3 days", timedelta(days=3)),
        ("I'm on antibiotics for two weeks", timedelta(days=14)),
    ],
)
def test_durations_expire_relative_to_when_it_was_said(text: str, delta: timedelta) -> None:
    assert analyse_temporal(text, SAID).expires_at == SAID + delta


def test_for_the_next_week_also_gets_an_absolute_label() -> None:
    info = analyse_temporal("I'm staying with my parents for the next week", SAID)

    assert info.annotate("I'm staying with my parents for the next week").endswith("(until 15 May 2023)")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The pool is closed through December", at(2023, 12, 31, 23, 59, 59)),
        ("I'm in Lisbon till the end of the month", at(2023, 5, 31, 23, 59, 59)),
        ("The discount is valid until June 30", at(2023, 6, 30, 23, 59, 59)),
    ],
)
def test_end_cues_expire_at_the_end_of_the_named_period(text: str, expected: datetime) -> None:
    assert analyse_temporal(text, SAID).expires_at == expected


@pytest.mark.parametrize(
    "text",
    [
        "I'm using the spare room as an office for now",
        "This is a temporary setup",
        "I'm temporarily working from my parents' place",
    ],
)
def test_for_now_and_temporary_expire_after_the_default_horizon(text: str) -> None:
    assert analyse_temporal(text, SAID).expires_at == SAID + timedelta(days=TEMPORARY_DEFAULT_DAYS)


def test_a_range_ends_after_it_starts() -> None:
    info = analyse_temporal("I'm out from Monday to Wednesday", SAID)

    assert (info.effective_from, info.expires_at) == (at(2023, 5, 15), at(2023, 5, 17, 23, 59, 59))


def test_past_durations_are_history_not_expiry() -> None:
    info = analyse_temporal("I worked there for 3 years", SAID)

    assert info.expires_at is None
    assert info.is_historical


# --- event dates and labels -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected", "label"),
    [
        ("I went to a support group yesterday", at(2023, 5, 7), "7 May 2023"),
        ("Two days ago I ran 10k", at(2023, 5, 6), "6 May 2023"),
        ("the day before yesterday we hiked", at(2023, 5, 6), "6 May 2023"),
        ("Had coffee with Marcus today", at(2023, 5, 8), "8 May 2023"),
        ("Dentist tomorrow", at(2023, 5, 9), "9 May 2023"),
        ("Last week was rough", at(2023, 5, 1), "week of 1 May 2023"),
        ("We moved to SF last month", at(2023, 4, 1), "April 2023"),
        ("I graduated last year", at(2022, 1, 1), "2022"),
        ("Last weekend we went camping", at(2023, 5, 6), "weekend of 6 May 2023"),
        ("Last summer we went to Italy", at(2022, 6, 1), "summer 2022"),
        ("In two weeks I fly to Tokyo", at(2023, 5, 22), "week of 22 May 2023"),
        ("The deadline is the end of June", at(2023, 6, 30), "30 June 2023"),
    ],
)
def test_relative_phrases_resolve_against_observed_at_with_a_label(
    text: str, expected: datetime, label: str
) -> None:
    info = analyse_temporal(text, SAID)

    assert info.event_date == expected
    assert f"({label})" in info.annotate(text)


def test_a_month_ahead_told_after_what_led_to_it_is_the_coming_one() -> None:
    # said in May 2023: the September he leaves is the coming one, though the visa came first
    info = analyse_temporal("Arnel got his Canada visa, leaving in September", SAID)
    assert info.event_date == at(2023, 9, 1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I saw her last Friday", at(2023, 5, 5)),
        ("I saw her on Friday", at(2023, 5, 5)),
        ("I'm seeing her on Friday", at(2023, 5, 12)),
        ("Next Friday is the party", at(2023, 5, 12)),
        ("The interview is next Monday", at(2023, 5, 15)),
        ("We met last Monday", at(2023, 5, 1)),
        ("Told Gerry I'm leaving on Friday", at(2023, 5, 12)),  # the arrangement, not the telling
        # the arrangement told after what led to it, in the past tense
        ("Sold the car - moving on Friday", at(2023, 5, 12)),
    ],
)
def test_weekdays_follow_tense_and_never_mean_the_day_itself(text: str, expected: datetime) -> None:
    assert analyse_temporal(text, SAID).event_date == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Found a flat near the station. Moving May 20", at(2023, 5, 20)),  # not May 2022
        ("Booked the flights! flying out Friday", at(2023, 5, 12)),
        ("Loved the flat. We moved in on Friday", at(2023, 5, 5)),
        ("Had a great weekend. Dinner on Friday with Sam", at(2023, 5, 5)),  # no tense of its own
    ],
)
def test_a_date_points_the_way_of_its_own_sentence(text: str, expected: datetime) -> None:
    info = analyse_temporal(text, SAID)
    assert (info.event_date or info.effective_from) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I moved here in March", at(2023, 3, 1)),
        ("I'm moving in March", at(2024, 3, 1)),
        ("Our wedding is on June 15", at(2023, 6, 15)),
        ("We got married on June 15", at(2022, 6, 15)),
        ("The conference is on 2023-09-14", at(2023, 9, 14)),
        ("My flight is on 15/06/2024", at(2024, 6, 15)),
        # day and month alone after "on" or "due": the next one ahead (it raised before)
        ("Dentist on 14/6", at(2023, 6, 14)),
        ("Rent due 1/6", at(2024, 1, 6)),  # month first unless the first number cannot be one
        ("The 3rd of June 2023 was great", at(2023, 6, 3)),
        ("Rent is due on the 1st", at(2023, 6, 1)),
    ],
)
def test_absolute_dates_set_event_date_in_the_right_year(text: str, expected: datetime) -> None:
    assert analyse_temporal(text, SAID).event_date == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # typed on a phone: months and weekdays in lower case and in short
        ("dentist on feb 10", at(2024, 2, 10)),
        ("dentist on february 10 at 3pm", at(2024, 2, 10, 15)),
        ("back on the 3rd of september", at(2023, 9, 3)),
        ("physio next tues", at(2023, 5, 9)),  # as "next Tuesday": the coming one
        ("dinner with Sam on fri", at(2023, 5, 12)),
        ("see you next sat", at(2023, 5, 13)),
        ("pedia fri 10.30am", at(2023, 5, 12, 10, 30)),
        # a weekday heading the date it falls on gives way to the date
        ("Dentist next tues (jun 13) 3pm", at(2023, 6, 13, 15)),
        ("Meeting on Tuesday, June 13 at 10am", at(2023, 6, 13, 10)),
        ("GP Thurs 11th at 10", at(2023, 5, 11)),  # the 11th, not 11 October
        # the weekday tells the year, whatever tense the rest of the note is in
        ("Dentist tues 13 june 10.15am, the NHS one finally took me", at(2023, 6, 13, 10, 15)),
        ("Saw Ana on Monday, June 13", at(2022, 6, 13)),  # 13 June 2023 is a Tuesday
        # a start or a deadline lies ahead, whatever tense the rest of the note is in
        ("HIRED at St. Clare, pharmacist, start Jun 1", at(2023, 6, 1)),
        ("Finished the draft, essay due May 20", at(2023, 5, 20)),
        ("WE GOT IT, townhouse in Killarney. possession Dec 1", at(2023, 12, 1)),
        ("Sale agreed on a semi in Oranmore, closing date 14 August", at(2023, 8, 14)),
    ],
)
def test_dates_as_typed_on_a_phone(text: str, expected: datetime) -> None:
    assert analyse_temporal(text, SAID).event_date == expected


@pytest.mark.parametrize(
    "text",
    [
        "In the office tues + thurs",  # a schedule of weekdays is no date
        "They meet Monday and Thursday",
        "sat on the sofa all day",  # "sat" alone is the verb
        "we march on",
        "First holiday in 15 years",  # the span looks back: no date 15 years ahead
        "Best sleep in weeks",
    ],
)
def test_shorthand_that_is_no_date(text: str) -> None:
    info = analyse_temporal(text, SAID)

    assert (info.event_date, info.effective_from, info.expires_at) == (None, None, None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # said on Monday 8 May 2023: a holiday is the day it falls on, in the year the tense points to
        ("Christmas at my sister's in Leeds", at(2023, 12, 25)),
        ("We had a quiet Christmas, just the two of us", at(2022, 12, 25)),
        ("Going home for Easter", at(2024, 3, 31)),  # Easter moves: 31 March in 2024
        ("Spent Easter Monday in the garden", at(2023, 4, 10)),
        ("New Year's Eve party at Tom's", at(2023, 12, 31)),
        ("Halloween last year was a washout", at(2022, 10, 31)),
        ("Christmas this year at Leanne's", at(2023, 12, 25)),  # one day, not the whole year
        ("Christmas 2019 was the last one with Dad", at(2019, 12, 25)),
        ("Thanksgiving at the Ortegas", at(2023, 11, 23)),  # the fourth Thursday of November
    ],
)
def test_a_holiday_is_the_day_it_falls_on(text: str, expected: datetime) -> None:
    assert analyse_temporal(text, SAID).event_date == expected


@pytest.mark.parametrize(
    "text",
    ["The Christmas tree is shedding everywhere", "Christmas shopping done early", "Hid Easter eggs"],
)
def test_a_thing_of_the_season_is_no_day(text: str) -> None:
    assert analyse_temporal(text, SAID).event_date is None


def test_absolute_dates_with_a_year_need_no_label() -> None:
    info = analyse_temporal("I graduated on June 3, 2019", SAID)

    assert info.event_date == at(2019, 6, 3)
    assert info.annotate("I graduated on June 3, 2019") == "I graduated on June 3, 2019"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dentist tomorrow at 3pm", at(2023, 5, 9, 15)),
        ("Call with Sam tomorrow at 9:30", at(2023, 5, 9, 9, 30)),
        ("Team call at 3pm PST", at(2023, 5, 8, 23)),
    ],
)
def test_times_are_utc_unless_a_zone_is_named(text: str, expected: datetime) -> None:
    assert analyse_temporal(text, SAID).event_date == expected


@pytest.mark.parametrize("text", ["May I ask you something", "I may go", "I love hiking", "We will see"])
def test_words_that_only_look_like_dates_are_not_dates(text: str) -> None:
    info = analyse_temporal(text, SAID)

    assert (info.event_date, info.effective_from, info.expires_at) == (None, None, None)


def test_naive_observed_at_is_read_as_utc_and_results_are_aware() -> None:
    info = analyse_temporal("I went there yesterday", datetime(2023, 5, 8, 13, 56))

    assert info.event_date == at(2023, 5, 7)
    assert info.event_date is not None and info.event_date.tzinfo is not None


# --- history ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I used to live in Boston",
        "I previously worked at Google",
        "I no longer eat meat",
        "Back when I lived in Paris I biked everywhere",
        "In the past I was a smoker",
        "She was formerly a lawyer",
        "I was a nurse for 10 years",
        "Growing up we had three cats",
        "When I was a kid I played the violin",
    ],
)
def test_history_cues_mark_the_clause_historical(text: str) -> None:
    assert is_historical_text(text, SAID)


@pytest.mark.parametrize(
    "text", ["I live in Boston", "I've been vegan for 5 years", "I'm a nurse", "I moved last year"]
)
def test_present_states_are_not_history(text: str) -> None:
    assert not is_historical_text(text, SAID)


# --- recurrence -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["every Monday at 9am", "Team sync every Monday at 9am", "I have therapy every monday at 9 am"]
)
def test_every_monday_at_9am_is_weekly_on_monday_at_nine(text: str) -> None:
    assert parse_recurrence(text, SAID) == {
        "type": "weekly",
        "day": "Monday",
        "time": "09:00",
        "rrule": "RRULE:FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0",
    }


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Men's shed meets Tuesday mornings", "TU"),
        ("choir on Thursdays", "TH"),
        ("choir Thursday nights", "TH"),
        ("Going meat-free Mon-Fri", "MO,TU,WE,TH,FR"),
        ("Shift 7am-3pm mon to sat, sunday off", "MO,TU,WE,TH,FR,SA"),
        ("I work Monday to Friday", "MO,TU,WE,TH,FR"),
        ("swim 2x wk", ""),
        ("new rule: sunday dinner = jollof one week, jjigae the next", "SU"),
        ("Friday pizza night every week without fail", "FR"),
    ],
)
def test_a_schedule_told_by_its_weekdays_is_weekly(text: str, days: str) -> None:
    recurrence = parse_recurrence(text, SAID)

    assert recurrence is not None and recurrence["type"] == "weekly"
    assert f"BYDAY={days}" in recurrence["rrule"] if days else "BYDAY" not in recurrence["rrule"]


@pytest.mark.parametrize(
    "text",
    [
        "Fri-Sun at the cabin",
        "in London Monday to Wednesday",
        "Tuesday night was fun",
        "sat on the sofa",
        "Going to Leeds on Sunday, first time in weeks",
        "Dinner at Mum's on Sunday",
    ],
)
def test_a_short_span_or_one_weekday_is_no_schedule(text: str) -> None:
    assert parse_recurrence(text, SAID) is None


@pytest.mark.parametrize(
    "text", ["daily standup at 9:30", "Our standup is daily at 9:30am", "standup every day at 9:30"]
)
def test_daily_standup_is_daily_at_its_time(text: str) -> None:
    recurrence = parse_recurrence(text, SAID)

    assert recurrence is not None
    assert (recurrence["type"], recurrence["time"]) == ("daily", "09:30")
    assert recurrence["rrule"].startswith("RRULE:FREQ=DAILY")


@pytest.mark.parametrize(
    "text",
    [
        "our anniversary is June 15",
        "yearly anniversary June 15",
        "every year on June 15",
        "My birthday is on 15 June",
    ],
)
def test_yearly_dates_recur_yearly_on_month_and_day(text: str) -> None:
    recurrence = parse_recurrence(text, SAID)

    assert recurrence is not None
    assert (recurrence["type"], recurrence["month"], recurrence["day"]) == ("yearly", 6, 15)
    assert recurrence["rrule"] == "RRULE:FREQ=YEARLY;BYMONTH=6;BYMONTHDAY=15"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("monthly review with my manager", {"type": "monthly"}),
        ("I call grandma every other week", {"type": "weekly", "interval": 2}),
        ("biweekly 1:1 with my manager", {"type": "weekly", "interval": 2}),
        ("we play football on Tuesdays", {"type": "weekly", "day": "Tuesday"}),
        ("I swim twice a week", {"type": "weekly", "times_per_period": 2}),
        (
            "book club on the first Monday of every month",
            {"type": "monthly", "day": "Monday", "week_of_month": 1},
        ),
        ("gym every weekday at 7am", {"type": "weekly", "time": "07:00"}),
    ],
)
def test_other_recurrences(text: str, expected: dict[str, object]) -> None:
    recurrence = parse_recurrence(text, SAID)

    assert recurrence is not None
    assert expected.items() <= recurrence.items()
    assert recurrence["rrule"].startswith("RRULE:FREQ=")


@pytest.mark.parametrize(
    "text",
    ["for the next week", "I'm staying for the next week", "my birthday party was fun", "I went to the gym"],
)
def test_non_recurring_phrases_have_no_recurrence(text: str) -> None:
    # recurrent returns None for "for the next week" and then has no `is_recurring`: must not raise.
    assert parse_recurrence(text, SAID) is None


def test_a_recurring_weekday_is_not_also_an_event_date() -> None:
    info = analyse_temporal("Team sync every Monday at 9am", SAID)

    assert info.recurrence is not None
    assert info.event_date is None


@pytest.mark.parametrize("text", ["I study best after 10pm with lofi on", "I usually go running at 6am"])
def test_a_habits_time_of_day_names_no_day(text: str) -> None:
    assert analyse_temporal(text, SAID).event_date is None
    assert analyse_temporal("Dentist at 3pm", SAID).event_date is not None  # a plan: today


# --- phrases that count from another date ------------------------------------------------------------


def spans(text: str) -> list[tuple[str, datetime, datetime]]:
    """(role, first day, last day) of every date the text names, in order."""
    return [
        (m.role, m.value.replace(hour=0, minute=0, second=0), m.last.replace(hour=0, minute=0, second=0))
        for m in analyse_temporal(text, SAID).mentions
    ]


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("We saw them the weekend before last", at(2023, 4, 29), at(2023, 4, 30)),
        ("Mum arrives the week after next", at(2023, 5, 22), at(2023, 5, 28)),
        ("Had covid the month before last", at(2023, 3, 1), at(2023, 3, 31)),
        ("Had my interview two Fridays ago", at(2023, 4, 28), at(2023, 4, 28)),
        ("three weekends ago we were hiking", at(2023, 4, 22), at(2023, 4, 23)),
        ("Dentist a week on Thursday", at(2023, 5, 18), at(2023, 5, 18)),
        ("Final's on Thursday week", at(2023, 5, 18), at(2023, 5, 18)),
        ("This time last year I was in Lisbon", at(2022, 5, 8), at(2022, 5, 8)),
        ("Going camping at the weekend", at(2023, 5, 13), at(2023, 5, 14)),
        ("We went camping over the weekend", at(2023, 5, 6), at(2023, 5, 7)),
        ("We're going to Spain in the summer", at(2023, 6, 1), at(2023, 8, 31)),
        ("I ran a half marathon in the spring", at(2023, 3, 1), at(2023, 5, 31)),
        ("What was going on in the summer of 2021?", at(2021, 6, 1), at(2021, 8, 31)),  # its year said
        ("Off to Madrid in early March", at(2024, 3, 1), at(2024, 3, 10)),
        ("In late August we lost our old cat", at(2022, 8, 21), at(2022, 8, 31)),
        ("Grandad's surgery is mid next month", at(2023, 6, 11), at(2023, 6, 20)),
        ("I've been saving since mid-May last year", at(2022, 5, 11), at(2022, 5, 20)),
        ("We'll move up to Leeds in Feb '24", at(2024, 2, 1), at(2024, 2, 29)),
        ("Dad passed a month ago today", at(2023, 4, 8), at(2023, 4, 8)),
        ("Flight to Joburg in 48 hours", at(2023, 5, 10), at(2023, 5, 10)),
        ("Office is shut 4-18 June for the refit", at(2023, 6, 4), at(2023, 6, 18)),
        ("The plumber can't come till the 2nd", at(2023, 6, 2), at(2023, 6, 2)),
        ("My lease meeting is on the 31st", at(2023, 5, 31), at(2023, 5, 31)),
        ("Bonfire Night at the rugby club", at(2023, 11, 5), at(2023, 11, 5)),
        # typed on a phone
        ("nxt wk mums over from lagos", at(2023, 5, 15), at(2023, 5, 21)),
        ("yday was rough", at(2023, 5, 7), at(2023, 5, 7)),
        ("interview 2mrw, wish me luck", at(2023, 5, 9), at(2023, 5, 9)),
        ("rent going up nxt mth", at(2023, 6, 1), at(2023, 6, 30)),
        ("dissertation due in 2 wks", at(2023, 5, 22), at(2023, 5, 28)),
        ("wknd plans: nothing at all", at(2023, 5, 13), at(2023, 5, 14)),
    ],
)
def test_a_date_counted_from_another_is_resolved(text: str, first: datetime, last: datetime) -> None:
    assert [(f, la) for _, f, la in spans(text)] == [(first, last)]


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("Camping Thursday to Sunday", at(2023, 5, 11), at(2023, 5, 14)),
        ("Grandma's staying from the 10th to the 14th", at(2023, 5, 10), at(2023, 5, 14)),
        ("Annual leave is 28 June - 2 July", at(2023, 6, 28), at(2023, 7, 2)),
    ],
)
def test_two_dates_joined_into_a_range_start_and_end_it(text: str, first: datetime, last: datetime) -> None:
    (start_role, start, _), (end_role, _, end) = spans(text)

    assert (start_role, end_role) == ("start", "end")
    assert (start, end) == (first, last)


@pytest.mark.parametrize(
    "text",
    [
        "Our new flat is on the 14th floor",
        "Tom's 40th was a blast",
        "ystrday was our 10th anniv",
        "I'm on the Monday-to-Friday shift pattern now",
        "loan approved for a 2nd deck oven + a new spiral mixer",
        "third time lucky, passed on a 3rd try",
    ],
)
def test_an_ordinal_that_counts_a_thing_or_a_schedule_names_no_date(text: str) -> None:
    named = [m.text for m in analyse_temporal(text, SAID).mentions]

    assert [t for t in named if any(c.isdigit() for c in t) or "Monday" in t or "Friday" in t] == []


def test_a_plan_said_after_a_past_event_points_forward() -> None:
    # "start in September": a word that points forward, then a preposition
    (_, first, _), (_, month, _) = spans("I got the call on the 2nd, they want me to start in September")

    assert first == at(2023, 5, 2)
    assert month == at(2023, 9, 1)


@pytest.mark.parametrize("text", ["I work Monday to Friday", "I'd take it over Monday to Friday any day"])
def test_the_days_of_a_weekly_schedule_start_and_end_nothing(text: str) -> None:
    info = analyse_temporal(text, SAID)

    assert info.recurrence is not None
    assert (info.effective_from, info.expires_at) == (None, None)


@pytest.mark.parametrize(
    ("text", "said", "first"),
    [
        # said in January, "last winter" is the one before the winter under way, "this winter" that one
        ("We were snowed in last winter", at(2026, 1, 20, 10), at(2024, 12, 1)),
        ("This winter has been brutal", at(2026, 1, 20, 10), at(2025, 12, 1)),
        ("This winter we're getting a heat pump", at(2026, 10, 12, 10), at(2026, 12, 1)),
        ("This summer we're off to Crete", at(2026, 4, 2, 10), at(2026, 6, 1)),
        # said on a Saturday: "next weekend" is the one after this, and after next the one after that
        ("Next weekend we're in Galway", at(2026, 1, 17, 10), at(2026, 1, 24)),
        ("The weekend after next we're in Galway", at(2026, 1, 17, 10), at(2026, 1, 31)),
    ],
)
def test_a_season_or_weekend_is_counted_from_the_one_under_way(
    text: str, said: datetime, first: datetime
) -> None:
    assert analyse_temporal(text, said).mentions[0].value == first
