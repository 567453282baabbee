"""Settings defaults, their documentation, and who a request is from."""

from __future__ import annotations

from pathlib import Path

import pytest

from engram.api.auth import user_id_from_request
from engram.config import Settings, get_settings, reset_settings
from engram.errors import Unauthorized

SETTINGS_DOC = Path(__file__).resolve().parents[2] / "docs" / "operations.md"  # its "Every setting" table


def _env_names(name: str, field) -> list[str]:
    alias = field.validation_alias
    if alias is not None:
        return [c for c in alias.choices if isinstance(c, str)]
    return [f"ENGRAM_{name.upper()}"]


def test_every_setting_is_documented():
    doc = SETTINGS_DOC.read_text()
    missing = []
    for name, field in Settings.model_fields.items():
        names = _env_names(name, field)
        if not any(f"`{n}`" in doc for n in names):
            missing.append(names[0])
    assert missing == []


def test_without_keys_everything_runs_offline():
    settings = get_settings()
    assert settings.resolved_llm_provider == "rules"
    assert settings.resolved_embedding_provider == "hash"


def test_a_present_key_selects_its_provider(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    reset_settings()
    assert get_settings().resolved_llm_provider == "anthropic"
    monkeypatch.setenv("ENGRAM_LLM_PROVIDER", "rules")
    reset_settings()
    assert get_settings().resolved_llm_provider == "rules"


def test_verbose_logging_only_on_local_or_dev(monkeypatch):
    monkeypatch.setenv("MEMORY_LOG_VERBOSE", "true")
    monkeypatch.setenv("ENGRAM_STAGE", "prod")
    reset_settings()
    assert get_settings().verbose_logging is False
    monkeypatch.setenv("ENGRAM_STAGE", "dev")
    reset_settings()
    assert get_settings().verbose_logging is True


def _http_api_event(sub: str | None = None, authorization: str | None = None) -> dict:
    event: dict = {"version": "2.0", "headers": {}, "requestContext": {}}
    if sub is not None:
        event["requestContext"]["authorizer"] = {"jwt": {"claims": {"sub": sub}, "scopes": None}}
    if authorization is not None:
        event["headers"]["authorization"] = authorization
    return event


def test_user_comes_from_the_jwt_subject():
    assert user_id_from_request(_http_api_event(sub="cognito-sub-123")) == "cognito-sub-123"


def test_dev_token_is_accepted_locally():
    assert user_id_from_request(_http_api_event(authorization="Bearer dev:alice")) == "alice"


def test_dev_token_is_refused_inside_lambda_even_on_stage_local(monkeypatch):
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "engram-search")
    reset_settings()
    with pytest.raises(Unauthorized):
        user_id_from_request(_http_api_event(authorization="Bearer dev:alice"))


@pytest.mark.parametrize("header", [None, "Bearer ", "Bearer dev:", "Basic dev:alice", "dev:alice"])
def test_malformed_tokens_are_unauthorized(header):
    with pytest.raises(Unauthorized):
        user_id_from_request(_http_api_event(authorization=header))


def test_model_keys_come_from_the_secret_when_not_in_the_environment(monkeypatch):
    import json

    import boto3
    from moto import mock_aws

    monkeypatch.setenv("AWS_DEFAULT_REGION", "us-east-1")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    with mock_aws():
        arn = boto3.client("secretsmanager").create_secret(
            Name="engram/model-keys", SecretString=json.dumps({"ANTHROPIC_API_KEY": "sk-ant-from-secret"})
        )["ARN"]
        monkeypatch.setenv("ENGRAM_MODEL_KEYS_SECRET_ARN", arn)
        reset_settings()
        settings = get_settings()
    assert settings.anthropic_api_key.get_secret_value() == "sk-ant-from-secret"
    assert settings.openai_api_key is None
    assert settings.resolved_llm_provider == "anthropic"
