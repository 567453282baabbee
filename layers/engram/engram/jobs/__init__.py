"""Background jobs: the `memory_jobs` table is the truth, a queue only announces work.

The job models (`NewJob`, `Job`, `JobMessage` for the queue body, `JobView` for the API) live in the
models layer, `engram.domain.jobs`, because the jobs repository and the API use them too. Here:

- `engram.jobs.port` — the `JobQueue` port and the submit/dispatch bookkeeping its adapters share;
- `engram.jobs.queue` — `LocalJobQueue` and `get_job_queue()`, the queue the settings choose;
- `engram.jobs.sqs` — `SqsJobQueue` (SQS FIFO, group = user);
- `engram.jobs.runner` — `register_job_handler` and running one job;
- `engram.jobs.local_worker` — the Postgres-backed worker thread;
- `engram.jobs.sqs_consumer` — the Lambda side of SQS (partial batch failures).
"""
