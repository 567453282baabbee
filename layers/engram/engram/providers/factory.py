"""Pick and build the configured LLM and embedder, importing only the SDK that is used.

`get_llm()` / `get_embedder()` return one instance per process (SDK clients keep connection pools that
should outlive a Lambda invocation). The instance is rebuilt when `get_settings()` returns a new object,
so a test that calls `reset_settings()` never gets a provider built from stale settings;
`reset_providers()` drops the instances outright.
"""

from __future__ import annotations

import importlib
import threading
from typing import Any

from engram.config import EmbeddingProviderName, LLMProviderName, Settings, get_settings
from engram.providers.base import LLM, Embedder
from engram.providers.metering import MeteredLLM

# name -> (module, class). Modules are imported on first use: `anthropic`, `openai` and `boto3` load only
# in the deployments that select them.
_LLMS: dict[str, tuple[str, str]] = {
    "anthropic": ("engram.providers.llm.anthropic", "AnthropicLLM"),
    "openai": ("engram.providers.llm.openai", "OpenAILLM"),
    "bedrock": ("engram.providers.llm.bedrock", "BedrockLLM"),
    "rules": ("engram.providers.llm.rules", "RulesLLM"),
}
_EMBEDDERS: dict[str, tuple[str, str]] = {
    "hash": ("engram.providers.embeddings.hash", "HashEmbedder"),
    "minilm": ("engram.providers.embeddings.minilm", "MiniLMEmbedder"),
    "openai": ("engram.providers.embeddings.openai", "OpenAIEmbedder"),
    "bedrock": ("engram.providers.embeddings.bedrock", "BedrockEmbedder"),
}

_lock = threading.Lock()
_llm: tuple[Settings, LLM] | None = None
_embedder: tuple[Settings, Embedder] | None = None


def _provider_class(registry: dict[str, tuple[str, str]], kind: str, name: str) -> Any:
    try:
        module_name, class_name = registry[name]
    except KeyError:
        raise ValueError(f"unknown {kind} provider {name!r}; expected one of {sorted(registry)}") from None
    return getattr(importlib.import_module(module_name), class_name)


def build_llm(name: LLMProviderName | str, settings: Settings | None = None, **client_overrides: Any) -> LLM:
    """A new LLM adapter; `client_overrides` reach the constructor (`http_client=`, bedrock: `client=`)."""
    settings = settings or get_settings()
    cls = _provider_class(_LLMS, "llm", name)
    if name == "rules":
        return cls()
    return cls(settings, **client_overrides)


def build_embedder(
    name: EmbeddingProviderName | str, settings: Settings | None = None, **client_overrides: Any
) -> Embedder:
    """A new embedder of `settings.embedding_dim` dimensions; `client_overrides` reach the constructor."""
    settings = settings or get_settings()
    cls = _provider_class(_EMBEDDERS, "embedding", name)
    if name in ("hash", "minilm"):
        return cls(settings.embedding_dim, **client_overrides)
    return cls(settings, **client_overrides)


def get_llm() -> LLM:
    """The shared LLM for `settings.resolved_llm_provider` (a key present -> its provider, else rules),
    metered per user (`engram.providers.metering`) unless it is the offline rules engine."""
    global _llm
    settings = get_settings()
    with _lock:
        if _llm is None or _llm[0] is not settings:
            name = settings.resolved_llm_provider
            built = build_llm(name, settings)
            _llm = (settings, built if name == "rules" else MeteredLLM(built))
        return _llm[1]


def get_embedder() -> Embedder:
    """The shared embedder for `settings.resolved_embedding_provider` (OpenAI key -> openai, else hash)."""
    global _embedder
    settings = get_settings()
    with _lock:
        if _embedder is None or _embedder[0] is not settings:
            _embedder = (settings, build_embedder(settings.resolved_embedding_provider, settings))
        return _embedder[1]


def reset_providers() -> None:
    """Forget the cached LLM and embedder (tests, or after changing settings at run time)."""
    global _llm, _embedder
    with _lock:
        _llm = None
        _embedder = None
