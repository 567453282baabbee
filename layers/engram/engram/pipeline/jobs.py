"""Register the write path's background jobs with the job runner.

Called by whatever runs jobs: the memory_update Lambda (SQS consumer) and the local worker.
"""

from __future__ import annotations

from engram.graph.jobs import run_graph_update_job
from engram.jobs.runner import register_job_handler
from engram.pipeline.analyze import run_extract_job, run_update_job


def register_pipeline_jobs() -> None:
    register_job_handler("extract", run_extract_job)
    register_job_handler("update", run_update_job)
    register_job_handler("graph_update", run_graph_update_job)
