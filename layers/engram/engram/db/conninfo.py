"""Where the database is: an explicit URL, or (in Lambda) a Secrets Manager secret plus the proxy host.

The secret is read at runtime with Powertools' cached parameter provider, never resolved into an
environment variable. Locally the CLI starts an embedded PostgreSQL and sets ENGRAM_DATABASE_URL.
"""

from __future__ import annotations

from psycopg.conninfo import make_conninfo

from engram.config import get_settings
from engram.errors import DatabaseUnavailable

SECRET_MAX_AGE_SECONDS = 300


def resolve_conninfo() -> str:
    settings = get_settings()
    if settings.database_url:
        return settings.database_url
    if settings.database_secret_arn:
        # Lazily: the parameters utility loads boto3, which only a Lambda reading its secret needs.
        from aws_lambda_powertools.utilities import parameters

        secret = parameters.get_secret(
            settings.database_secret_arn, transform="json", max_age=SECRET_MAX_AGE_SECONDS
        )
        if not isinstance(secret, dict):
            raise DatabaseUnavailable("the database secret is not a JSON object")
        return make_conninfo(
            host=settings.database_host or secret.get("host"),
            port=secret.get("port", 5432),
            user=secret["username"],
            password=secret["password"],
            dbname=settings.database_name or secret.get("dbname", "postgres"),
            sslmode=settings.database_sslmode,
        )
    raise DatabaseUnavailable(
        "no database configured: set ENGRAM_DATABASE_URL, or run `engram serve`, which starts an embedded one"
    )
