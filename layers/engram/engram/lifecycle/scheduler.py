"""`engram serve --scheduler`: the maintenance schedules run in-process, at EventBridge's instants.

A daemon thread computes each task's next run from `engram.lifecycle.schedule.SCHEDULES` (the
expressions template.yaml uses), sleeps until the earliest, and runs it through `run_scheduled_task`
exactly as the maintenance Lambda would — so cleanup and decay fan out jobs to the local queue and the
local worker runs them. A failing task is logged and tried again at its next instant, as EventBridge
would after its retries.

Expressions are EventBridge Scheduler's: `cron(minutes hours day-of-month month day-of-week year)` in UTC
(day-of-week 1-7 = SUN-SAT or names; `*`, `?`, lists, ranges and `/` steps — not `L`, `W` or `#`) and
`rate(N minute|minutes|hour|hours|day|days)`.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from engram.lifecycle.cleanup import logger
from engram.lifecycle.schedule import SCHEDULES, run_scheduled_task

_DAY_NAMES = {"SUN": 1, "MON": 2, "TUE": 3, "WED": 4, "THU": 5, "FRI": 6, "SAT": 7}
_MONTH_NAMES = {
    m: i + 1
    for i, m in enumerate(
        ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
    )
}
_RATE = re.compile(r"^rate\((\d+) (minutes?|hours?|days?)\)$")
_CRON = re.compile(r"^cron\((.+)\)$")
_SEARCH_DAYS = 366 * 8  # long enough for any expression that can fire at all (29 Feb on a Sunday: 28 years)


class ScheduleExpressionError(ValueError):
    """An expression this scheduler does not understand (it would not fire as EventBridge does)."""


def _field(text: str, low: int, high: int, names: dict[str, int] | None = None) -> frozenset[int] | None:
    """The values a cron field allows; None for `*`/`?` (anything)."""
    if text in ("*", "?"):
        return None
    values: set[int] = set()
    for part in text.split(","):
        base, _, step_text = part.partition("/")
        step = int(step_text) if step_text else 1
        if base == "*":
            start, end = low, high
        elif "-" in base:
            first, last = base.split("-", 1)
            start, end = _value(first, names), _value(last, names)
        else:
            start = _value(base, names)
            end = high if step_text else start
        if not (low <= start <= high and low <= end <= high) or step < 1:
            raise ScheduleExpressionError(f"cron field {text!r} is outside {low}-{high}")
        values.update(range(start, end + 1, step))
    return frozenset(values)


def _value(text: str, names: dict[str, int] | None) -> int:
    upper = text.upper()
    if names and upper in names:
        return names[upper]
    if not text.isdigit():
        raise ScheduleExpressionError(f"unsupported cron value {text!r}")
    return int(text)


@dataclass(frozen=True)
class Cron:
    minutes: frozenset[int] | None
    hours: frozenset[int] | None
    days: frozenset[int] | None
    months: frozenset[int] | None
    weekdays: frozenset[int] | None  # 1 = Sunday, as EventBridge counts
    years: frozenset[int] | None

    @classmethod
    def parse(cls, body: str) -> Cron:
        parts = body.split()
        if len(parts) != 6:
            raise ScheduleExpressionError("a cron expression has 6 fields")
        return cls(
            minutes=_field(parts[0], 0, 59),
            hours=_field(parts[1], 0, 23),
            days=_field(parts[2], 1, 31),
            months=_field(parts[3], 1, 12, _MONTH_NAMES),
            weekdays=_field(parts[4], 1, 7, _DAY_NAMES),
            years=_field(parts[5], 1970, 2199),
        )

    def next_after(self, after: datetime) -> datetime:
        start = after.astimezone(UTC).replace(second=0, microsecond=0)
        hours = sorted(self.hours) if self.hours is not None else range(24)
        minutes = sorted(self.minutes) if self.minutes is not None else range(60)
        for offset in range(_SEARCH_DAYS):
            day = (start + timedelta(days=offset)).date()
            weekday = day.isoweekday() % 7 + 1  # Monday=1..Sunday=7 -> Sunday=1..Saturday=7
            if (
                (self.years is not None and day.year not in self.years)
                or (self.months is not None and day.month not in self.months)
                or (self.days is not None and day.day not in self.days)
                or (self.weekdays is not None and weekday not in self.weekdays)
            ):
                continue
            for hour in hours:
                for minute in minutes:
                    candidate = datetime(day.year, day.month, day.day, hour, minute, tzinfo=UTC)
                    if candidate > after:
                        return candidate
        raise ScheduleExpressionError("the cron expression never fires")


def next_run(expression: str, after: datetime) -> datetime:
    """The first instant strictly after `after` at which `expression` fires (UTC)."""
    rate = _RATE.match(expression)
    if rate:
        amount, unit = int(rate.group(1)), rate.group(2).rstrip("s")
        return after + timedelta(**{f"{unit}s": amount})
    cron = _CRON.match(expression)
    if not cron:
        raise ScheduleExpressionError(f"not a cron() or rate() expression: {expression!r}")
    return Cron.parse(cron.group(1)).next_after(after)


def _run_task(task: str) -> dict:
    return run_scheduled_task({"task": task})


class LocalScheduler:
    """Runs `schedules` ({task: expression}) in a daemon thread until `stop()`."""

    def __init__(
        self,
        schedules: dict[str, str] | None = None,
        *,
        run_task: Callable[[str], dict] = _run_task,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ):
        if schedules is None:
            schedules = {str(task): expression for task, expression in SCHEDULES.items()}
        self.schedules = schedules
        self._run_task = run_task
        self._clock = clock
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        now = clock()
        # Parsed now, so a bad expression fails `engram serve` at start rather than at 03:00.
        self.next_runs: dict[str, datetime] = {t: next_run(e, now) for t, e in schedules.items()}

    def start(self) -> None:
        if self._thread is not None and self._thread.is_alive():
            return
        self._stopping.clear()
        self._thread = threading.Thread(target=self._loop, name="engram-scheduler", daemon=True)
        self._thread.start()
        logger.info(
            "scheduler started", extra={"next_runs": {t: d.isoformat() for t, d in self.next_runs.items()}}
        )

    def stop(self, timeout: float = 10.0) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def run_due(self) -> list[str]:
        """Run every task whose time has come and schedule its next run; returns the tasks run."""
        now = self._clock()
        ran: list[str] = []
        for task, due in sorted(self.next_runs.items(), key=lambda item: item[1]):
            if due > now:
                continue
            try:
                result = self._run_task(task)
                logger.info("scheduled task ran", extra={"task": task, "status": result.get("status")})
            except Exception:  # noqa: BLE001 - one failing task must not stop the others or the thread
                logger.exception("scheduled task failed", extra={"task": task})
            # From now, not from `due`: a laptop that slept through several instants runs a task once.
            self.next_runs[task] = next_run(self.schedules[task], max(now, due))
            ran.append(task)
        return ran

    def _loop(self) -> None:
        while not self._stopping.is_set():
            self.run_due()
            wait = (min(self.next_runs.values()) - self._clock()).total_seconds() if self.next_runs else 60.0
            # Wake at least once a minute: the wall clock may jump (a laptop waking from sleep).
            self._stopping.wait(min(max(wait, 0.0), 60.0))
