"""Background jobs: the `memory_jobs` table is the truth, a queue only announces work.

- `engram.jobs.models` — `NewJob`, `Job`, `JobMessage` (queue body), `JobView` (API);
- `engram.jobs.queue` — the `JobQueue` port, `LocalJobQueue`, `get_job_queue()`;
- `engram.jobs.sqs` — `SqsJobQueue` (SQS FIFO, group = user);
- `engram.jobs.runner` — `register_job_handler` and running one job;
- `engram.jobs.local_worker` — the Postgres-backed worker thread;
- `engram.jobs.sqs_consumer` — the Lambda side of SQS (partial batch failures).

Only the models are re-exported here: importing the package must stay cheap and free of cycles
(the jobs repository imports the models).
"""

from engram.jobs.models import Job, JobMessage, JobStatus, JobType, JobView, NewJob

__all__ = ["Job", "JobMessage", "JobStatus", "JobType", "JobView", "NewJob"]
