"""Model providers behind two small ports: `Embedder` (texts -> unit vectors) and `LLM` (chat with tools).

Services import from here and never from an SDK; `get_llm()` / `get_embedder()` pick the provider from
settings (keys present -> that provider, else the offline `rules` + `hash` pair).
"""

from engram.providers.base import LLM, Embedder, LLMResult, ToolCall, ToolSpec
from engram.providers.factory import build_embedder, build_llm, get_embedder, get_llm, reset_providers

__all__ = [
    "LLM",
    "Embedder",
    "LLMResult",
    "ToolCall",
    "ToolSpec",
    "build_embedder",
    "build_llm",
    "get_embedder",
    "get_llm",
    "reset_providers",
]
