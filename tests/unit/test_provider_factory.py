"""Which providers a deployment gets from its environment, and that unused SDKs stay unimported."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engram.config import reset_settings
from engram.errors import NotImplementedYet, ProviderError
from engram.providers import build_embedder, build_llm, get_embedder, get_llm, reset_providers

LAYER = Path(__file__).resolve().parents[2] / "layers" / "engram"
PROVIDER_ENV = (
    "ANTHROPIC_API_KEY",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "ENGRAM_OPENAI_BASE_URL",
    "ENGRAM_LLM_PROVIDER",
    "ENGRAM_EMBEDDING_PROVIDER",
    "ENGRAM_EMBEDDING_DIM",
)


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in PROVIDER_ENV:
        monkeypatch.delenv(name, raising=False)
    reset_settings()
    reset_providers()
    yield
    reset_settings()
    reset_providers()


def test_without_keys_everything_runs_offline_on_rules_and_hash() -> None:
    llm, embedder = get_llm(), get_embedder()

    assert (llm.name, llm.model) == ("rules", "rules-v1")
    assert (embedder.name, embedder.model, embedder.dimension) == ("hash", "hash-v1", 1536)


def test_rules_llm_explains_that_it_is_not_a_chat_model() -> None:
    with pytest.raises(NotImplementedYet, match="extractor/decider"):
        get_llm().complete(system="", messages=[{"role": "user", "content": "hello"}])


def test_an_anthropic_key_selects_anthropic_and_keeps_the_offline_embedder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("MEMORY_MODEL_ID", "claude-sonnet-4-6")
    reset_settings()

    assert (get_llm().name, get_llm().model) == ("anthropic", "claude-sonnet-4-6")
    assert get_embedder().name == "hash"


def test_an_openai_key_selects_openai_for_both(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-test")
    reset_settings()

    assert get_llm().name == "openai"
    assert (get_embedder().name, get_embedder().model) == ("openai", "text-embedding-3-small")


def test_an_explicit_provider_wins_over_present_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-test")
    monkeypatch.setenv("ENGRAM_LLM_PROVIDER", "openai")
    monkeypatch.setenv("ENGRAM_EMBEDDING_PROVIDER", "hash")
    reset_settings()

    assert (get_llm().name, get_embedder().name) == ("openai", "hash")


def test_rules_can_be_forced_even_with_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("ENGRAM_LLM_PROVIDER", "rules")
    reset_settings()

    assert get_llm().name == "rules"


def test_selecting_anthropic_without_its_key_says_which_variable_is_missing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ENGRAM_LLM_PROVIDER", "anthropic")
    reset_settings()

    with pytest.raises(ProviderError, match="ANTHROPIC_API_KEY"):
        get_llm()


def test_providers_are_built_once_per_process_and_rebuilt_after_a_settings_reset(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = get_embedder()
    assert get_embedder() is first and get_llm() is get_llm()

    monkeypatch.setenv("ENGRAM_EMBEDDING_DIM", "384")
    reset_settings()

    assert get_embedder() is not first
    assert get_embedder().dimension == 384


def test_build_functions_pass_client_overrides_to_the_adapter() -> None:
    from engram.config import Settings

    fake_client = object()

    llm = build_llm("bedrock", Settings(), client=fake_client)

    assert llm.client is fake_client  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="unknown"):
        build_embedder("word2vec")


@pytest.mark.skipif(
    importlib.util.find_spec("sentence_transformers") is not None,
    reason="the local-models extra is installed",
)
def test_minilm_without_the_extra_tells_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENGRAM_EMBEDDING_PROVIDER", "minilm")
    reset_settings()

    with pytest.raises(ProviderError, match=r"pip install -e \.\[local-models\]"):
        get_embedder()


def test_default_providers_import_no_model_sdk() -> None:
    # Lambda cold starts pay for every import: the offline defaults must not load anthropic, openai or boto3.
    script = (
        "import sys; from engram.providers import get_llm, get_embedder; "
        "get_llm(); get_embedder().embed(['x']); "
        "print(sorted(m for m in ('anthropic', 'openai', 'boto3', 'torch') if m in sys.modules))"
    )
    env = {key: value for key, value in os.environ.items() if key not in PROVIDER_ENV}
    env["PYTHONPATH"] = str(LAYER)

    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)

    assert out.stdout.strip() == "[]"
