"""Every setting Engram reads, in one pydantic-settings model.

Read through `get_settings()` at call time (never at import time); tests call
`reset_settings()` after changing the environment. Variables are `ENGRAM_*`,
except the model/logging knobs, which read their legacy `MEMORY_*` name first, and the
providers' own key variables (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`).
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

Stage = Literal["local", "dev", "staging", "prod"]
LLMProviderName = Literal["anthropic", "openai", "bedrock", "rules"]
EmbeddingProviderName = Literal["openai", "bedrock", "minilm", "hash"]


def _env(*names: str) -> AliasChoices:
    return AliasChoices(*names)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ENGRAM_", extra="ignore", populate_by_name=True)

    # --- runtime -------------------------------------------------------------------------------------
    stage: Stage = Field("local", description="local accepts `Bearer dev:<user>` tokens; never in Lambda.")
    log_level: str = Field("INFO", description="Powertools logger level.")
    log_verbose: bool = Field(
        False,
        validation_alias=_env("MEMORY_LOG_VERBOSE", "ENGRAM_LOG_VERBOSE"),
        description="Log prompts and model answers; honoured only when stage is local or dev.",
    )
    max_body_bytes: int = Field(1_048_576, ge=1024, description="Request bodies above this get 413.")
    local_http_threads: int = Field(
        16,
        ge=1,
        le=64,
        description="`engram serve`: requests resolved at once (one database connection each).",
    )

    # --- database ------------------------------------------------------------------------------------
    database_url: str | None = Field(
        None, description="postgresql:// URL. Unset locally: an embedded PostgreSQL is started."
    )
    database_secret_arn: str | None = Field(
        None, description="Secrets Manager secret (RDS format) read at runtime in Lambda."
    )
    database_host: str | None = Field(None, description="Host to use with the secret (the RDS Proxy).")
    database_name: str = Field("engram", description="Database name used with the secret.")
    database_sslmode: str = Field("require", description="sslmode used with the secret (RDS Proxy: TLS).")
    data_dir: Path = Field(Path(".engram"), description="Embedded database and local state live here.")
    local_shared_buffers: str = Field(
        "auto",
        pattern=r"^(auto|\d+\s*(kB|MB|GB))$",
        description="Embedded PostgreSQL shared_buffers: 'auto' (a quarter of RAM, 128MB-4GB) or a size.",
    )
    hnsw_ef_search: int = Field(
        100, ge=10, le=1000, description="SET LOCAL hnsw.ef_search for explore's nearest entities, sources."
    )
    vector_index_min_memories: int = Field(
        5000,
        ge=1,
        description="Active memories from which a user gets an HNSW index of their own (a `vector_index` "
        "job, enqueued by the nightly schedule); below half of it an index is dropped.",
    )
    vector_index_build_memory: str = Field(
        "512MB",
        pattern=r"^\d+\s*(kB|MB|GB)$",
        description="maintenance_work_mem of a per-user index build: the graph must fit in it, or the build "
        "slows several fold (about 4 KB per memory at 1,536 dimensions, half precision).",
    )
    vector_index_ef_search: int = Field(
        400,
        ge=10,
        le=1000,
        description="hnsw.ef_search of a search through a user's own index (iterative scan, relaxed order).",
    )
    search_weight_relevance: float = Field(0.70, ge=0, le=1, description="Re-rank weight of fused relevance.")
    search_weight_importance: float = Field(0.10, ge=0, le=1, description="Re-rank weight of importance.")
    search_weight_recency: float = Field(
        0.10, ge=0, le=1, description="Re-rank weight of 0.95^weeks recency."
    )
    search_weight_access: float = Field(0.10, ge=0, le=1, description="Re-rank weight of access frequency.")

    # --- local server --------------------------------------------------------------------------------
    host: str = Field("127.0.0.1", description="`engram serve` bind address.")
    port: int = Field(8787, ge=1, le=65535, description="`engram serve` port.")
    local_worker: bool = Field(
        True, description="Run the Postgres-backed queue worker inside `engram serve`."
    )

    # --- queue ---------------------------------------------------------------------------------------
    queue: Literal["local", "sqs"] = Field("local", description="Where background jobs go.")
    queue_url: str | None = Field(None, description="SQS FIFO queue URL when queue=sqs.")
    job_max_attempts: int = Field(3, ge=1, le=10, description="Attempts before a job is marked failed.")
    job_backoff_seconds: float = Field(2.0, ge=0, description="Base of the exponential retry backoff.")
    job_lock_seconds: float = Field(
        30.0,
        gt=0,
        description="A job the local worker claims stays locked this long unless its heartbeat extends "
        "it; a dead worker's job is requeued once it runs out.",
    )
    job_heartbeat_seconds: float = Field(
        10.0,
        gt=0,
        description="How often the local worker extends the lock of the job it is running (at most a "
        "third of job_lock_seconds is used, so two missed beats never lose a live job's lock).",
    )
    job_stale_sweep_seconds: float = Field(
        10.0, gt=0, description="How often the local worker requeues jobs whose lock ran out."
    )
    aws_region: str | None = Field(
        None, validation_alias=_env("ENGRAM_AWS_REGION", "AWS_REGION", "AWS_DEFAULT_REGION")
    )

    # --- fairness between users (0 = unlimited) -------------------------------------------------------
    rate_limit_window_seconds: int = Field(
        60, ge=1, le=3600, description="Length of the fixed window the per-user request limits count in."
    )
    rate_limit_read: int = Field(
        0, ge=0, description="Read requests (search, recall, explore, timeline, GETs) per user per window."
    )
    rate_limit_write: int = Field(
        0, ge=0, description="Write requests (analyze, memory-update, import, edits) per user per window."
    )
    rate_limit_admin: int = Field(
        0, ge=0, description="Account and team requests (export, forget me, teams) per user per window."
    )
    model_budget_daily: int = Field(
        0,
        ge=0,
        description="Model tokens (input + output) per user per UTC day; once spent, requests that need "
        "the model get 429, queued model work waits for the next day, reads go without the model.",
    )

    # --- providers -----------------------------------------------------------------------------------
    llm_provider: LLMProviderName | None = Field(
        None, description="Unset: anthropic if its key is present, else openai, else rules."
    )
    embedding_provider: EmbeddingProviderName | None = Field(
        None,
        description="Unset: openai if its key is present, else hash. With its model and embedding_dim, "
        "the space new users start in and `engram reembed` moves users to.",
    )
    embedding_dim: int = Field(1536, ge=8, le=4096, description="Stored vector size N; smaller are padded.")
    reembed_batch_size: int = Field(
        256,
        ge=1,
        le=4096,
        description="`reembed` job: vectors per provider call (each batch is a checkpoint).",
    )
    anthropic_api_key: SecretStr | None = Field(None, validation_alias=_env("ANTHROPIC_API_KEY"))
    openai_api_key: SecretStr | None = Field(None, validation_alias=_env("OPENAI_API_KEY"))
    model_keys_secret_arn: str | None = Field(
        None, description="Secrets Manager secret with ANTHROPIC_API_KEY / OPENAI_API_KEY (Lambda)."
    )
    openai_base_url: str | None = Field(
        None, validation_alias=_env("ENGRAM_OPENAI_BASE_URL", "OPENAI_BASE_URL")
    )
    model_id: str = Field(
        "claude-sonnet-4-6",
        validation_alias=_env("MEMORY_MODEL_ID", "ENGRAM_MODEL_ID"),
        description="Anthropic model for extraction and update decisions.",
    )
    openai_model_id: str = Field(
        "gpt-4.1-mini", validation_alias=_env("MEMORY_OPENAI_MODEL_ID", "ENGRAM_OPENAI_MODEL_ID")
    )
    bedrock_model_id: str = Field(
        "anthropic.claude-sonnet-4-5-20250929-v1:0",
        validation_alias=_env("MEMORY_BEDROCK_MODEL_ID", "ENGRAM_BEDROCK_MODEL_ID"),
    )
    openai_embedding_model: str = Field("text-embedding-3-small")
    bedrock_embedding_model: str = Field("amazon.titan-embed-text-v2:0")
    llm_max_tokens: int = Field(2048, ge=64, le=64_000)
    llm_timeout_seconds: float = Field(30.0, gt=0)
    llm_max_retries: int = Field(2, ge=0, le=10, description="SDK-level retries on 429/5xx/timeouts.")
    llm_retry_backoff_seconds: float = Field(
        1.0, ge=0, description="Pause before the single retry of a failed extraction/decision."
    )

    @property
    def is_lambda(self) -> bool:
        return bool(os.environ.get("AWS_LAMBDA_FUNCTION_NAME"))

    @property
    def accepts_dev_tokens(self) -> bool:
        # A forgotten ENGRAM_STAGE in a deployed function must never open the door to `dev:` tokens.
        return self.stage == "local" and not self.is_lambda

    @property
    def verbose_logging(self) -> bool:
        return self.log_verbose and self.stage in ("local", "dev")

    @property
    def resolved_llm_provider(self) -> LLMProviderName:
        if self.llm_provider:
            return self.llm_provider
        if self.anthropic_api_key:
            return "anthropic"
        if self.openai_api_key:
            return "openai"
        return "rules"

    @property
    def model_budget_applies(self) -> bool:
        """A daily token budget is set and a model spends tokens (the offline rules engine spends none)."""
        return self.model_budget_daily > 0 and self.resolved_llm_provider != "rules"

    @property
    def resolved_embedding_provider(self) -> EmbeddingProviderName:
        if self.embedding_provider:
            return self.embedding_provider
        if self.openai_api_key:
            return "openai"
        return "hash"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return _with_secret_model_keys(Settings())


def _with_secret_model_keys(settings: Settings) -> Settings:
    """Fill missing provider keys from the model-keys secret, read once per process (cached)."""
    if not settings.model_keys_secret_arn or (settings.anthropic_api_key and settings.openai_api_key):
        return settings
    from aws_lambda_powertools.utilities import parameters

    secret = parameters.get_secret(settings.model_keys_secret_arn, transform="json", max_age=300)
    if not isinstance(secret, dict):
        return settings
    updates = {}
    for field, key in (("anthropic_api_key", "ANTHROPIC_API_KEY"), ("openai_api_key", "OPENAI_API_KEY")):
        if getattr(settings, field) is None and secret.get(key):
            updates[field] = SecretStr(str(secret[key]))
    return settings.model_copy(update=updates) if updates else settings


def reset_settings() -> None:
    get_settings.cache_clear()
