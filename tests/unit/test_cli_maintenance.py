"""`engram maintenance run ...` and `engram serve --scheduler`: argument parsing, the schedule arithmetic of
the in-process scheduler, and one run of the command against the test database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engram.cli import build_parser, main
from engram.lifecycle.schedule import SCHEDULES
from engram.lifecycle.scheduler import LocalScheduler, ScheduleExpressionError, next_run

# --- parsing ---------------------------------------------------------------------------------------------


def test_maintenance_run_parses_task_user_data_dir_and_instant():
    args = build_parser().parse_args(
        [
            "maintenance",
            "run",
            "decay",
            "--user",
            "alice",
            "--data-dir",
            "/tmp/x",
            "--now",
            "2026-03-01T04:00:00Z",
        ]
    )
    assert (args.task, args.user, str(args.data_dir)) == ("decay", "alice", "/tmp/x")
    assert args.now == datetime(2026, 3, 1, 4, 0, tzinfo=UTC)


def test_an_instant_without_a_zone_is_utc():
    args = build_parser().parse_args(["maintenance", "run", "cleanup", "--now", "2026-03-01T03:00"])
    assert args.now == datetime(2026, 3, 1, 3, 0, tzinfo=UTC)


def test_defaults_are_every_user_and_now():
    args = build_parser().parse_args(["maintenance", "run", "cleanup"])
    assert (args.user, args.now, args.data_dir) == (None, None, None)


@pytest.mark.parametrize(
    "argv",
    [
        ["maintenance", "run", "vacuum"],
        ["maintenance", "run"],
        ["maintenance", "run", "cleanup", "--now", "next tuesday"],
    ],
)
def test_bad_arguments_are_refused(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(argv)
    assert exit_info.value.code == 2


def test_serve_takes_a_scheduler_flag():
    assert build_parser().parse_args(["serve", "--scheduler"]).scheduler is True
    assert build_parser().parse_args(["serve"]).scheduler is False


# --- schedule arithmetic ---------------------------------------------------------------------------------


def test_cleanup_runs_daily_at_03_utc():
    assert next_run(SCHEDULES["cleanup"], datetime(2026, 3, 4, 2, 59, tzinfo=UTC)) == datetime(
        2026, 3, 4, 3, 0, tzinfo=UTC
    )
    assert next_run(SCHEDULES["cleanup"], datetime(2026, 3, 4, 3, 0, tzinfo=UTC)) == datetime(
        2026, 3, 5, 3, 0, tzinfo=UTC
    )


def test_decay_runs_on_sundays_at_04_utc():
    wednesday = datetime(2026, 3, 4, 12, 0, tzinfo=UTC)
    sunday = next_run(SCHEDULES["decay"], wednesday)
    assert sunday == datetime(2026, 3, 8, 4, 0, tzinfo=UTC)
    assert sunday.isoweekday() == 7
    assert next_run(SCHEDULES["decay"], sunday) == sunday + timedelta(days=7)


def test_rate_expressions_and_lists_ranges_steps_and_names():
    start = datetime(2026, 3, 4, 12, 7, tzinfo=UTC)
    assert next_run("rate(15 minutes)", start) == start + timedelta(minutes=15)
    assert next_run("rate(1 day)", start) == start + timedelta(days=1)
    assert next_run("cron(0/20 9-10 ? * MON-FRI *)", start) == datetime(2026, 3, 5, 9, 0, tzinfo=UTC)
    assert next_run("cron(30 6 1,15 JAN,MAR ? *)", start) == datetime(2026, 3, 15, 6, 30, tzinfo=UTC)


@pytest.mark.parametrize("expression", ["cron(0 3 * *)", "cron(0 3 L * ? *)", "at(2026-01-01T00:00:00)"])
def test_expressions_it_cannot_honour_are_refused(expression):
    with pytest.raises(ScheduleExpressionError):
        next_run(expression, datetime(2026, 1, 1, tzinfo=UTC))


def test_the_scheduler_runs_a_task_when_due_and_once_after_missed_instants():
    clock = [datetime(2026, 3, 4, 2, 0, tzinfo=UTC)]
    ran: list[str] = []
    scheduler = LocalScheduler(
        {"cleanup": SCHEDULES["cleanup"]},
        run_task=lambda t: ran.append(t) or {"status": "ok"},
        clock=lambda: clock[0],
    )
    assert scheduler.run_due() == []

    clock[0] = datetime(2026, 3, 6, 9, 0, tzinfo=UTC)  # slept through two 03:00s
    assert scheduler.run_due() == ["cleanup"]
    assert scheduler.run_due() == []
    assert scheduler.next_runs["cleanup"] == datetime(2026, 3, 7, 3, 0, tzinfo=UTC)
    assert ran == ["cleanup"]


def test_a_failing_task_is_tried_again_at_its_next_instant():
    clock = [datetime(2026, 3, 4, 3, 0, tzinfo=UTC)]

    def boom(task: str) -> dict:
        raise RuntimeError("database down")

    scheduler = LocalScheduler({"cleanup": SCHEDULES["cleanup"]}, run_task=boom, clock=lambda: clock[0])
    clock[0] = datetime(2026, 3, 5, 3, 0, tzinfo=UTC)
    assert scheduler.run_due() == ["cleanup"]
    assert scheduler.next_runs["cleanup"] == datetime(2026, 3, 6, 3, 0, tzinfo=UTC)


# --- a run against the test database ---------------------------------------------------------------------


def test_maintenance_run_cleanup_for_one_user_prints_counts_and_archives(db, user_id, other_user_id, capsys):
    from tests.memory_factory import add_memories

    expires = datetime(2026, 2, 1, tzinfo=UTC)
    (mine,) = add_memories(db, user_id, "Flight to Lisbon on the 31st", expires_at=expires)
    (theirs,) = add_memories(db, other_user_id, "Pick up the dry cleaning", expires_at=expires)

    code = main(["maintenance", "run", "cleanup", "--user", user_id, "--now", "2026-02-01T00:00:00Z"])

    out = capsys.readouterr().out
    assert code == 0
    assert f"{user_id}: expired_archived=1" in out
    assert "cleanup as of 2026-02-01T00:00:00+00:00: 1 user(s)" in out
    assert "  expired_archived: 1" in out
    with db.user_transaction(user_id) as conn:
        assert conn.execute("SELECT status FROM memories WHERE id = %s", (mine["id"],)).fetchone()[
            "status"
        ] == ("archived")
    with db.user_transaction(other_user_id) as conn:
        assert conn.execute("SELECT status FROM memories WHERE id = %s", (theirs["id"],)).fetchone()[
            "status"
        ] == ("active")


def test_maintenance_run_consolidate_previews_and_never_merges(db, user_id, capsys):
    from tests.memory_factory import add_memories

    first, second = add_memories(db, user_id, "I love hiking in the Alps", "I love hiking in the Alps!")

    code = main(["maintenance", "run", "consolidate", "--user", user_id])

    out = capsys.readouterr().out
    assert code == 0
    assert f"{user_id}: pairs=1" in out
    with db.user_transaction(user_id) as conn:
        statuses = conn.execute(
            "SELECT status FROM memories WHERE id = ANY(%s)", ([first["id"], second["id"]],)
        ).fetchall()
    assert [r["status"] for r in statuses] == ["active", "active"]


def test_maintenance_run_hierarchy_for_one_user_prints_its_counts(db, user_id, capsys):
    code = main(["maintenance", "run", "hierarchy", "--user", user_id])

    out = capsys.readouterr().out
    assert code == 0
    assert f"{user_id}: nothing to do" in out
    assert "hierarchy as of" in out and "  storylines_created: 0" in out
