"""Ports for model providers, plus the few helpers every adapter shares.

Services depend on `Embedder` and `LLM` only; the adapters in `embeddings/` and `llm/` implement them
structurally (no base class to inherit), and test fakes implement the same Protocols so they cannot drift.
"""

from __future__ import annotations

import email.utils
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    import numpy as np

# --- embeddings ------------------------------------------------------------------------------------------


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit vectors of one fixed stored size.

    Contract: `embed` returns float32 of shape (len(texts), dimension); each row has L2 norm 1, except an
    all-zero row for empty or blank text (there is nothing to be similar to). Cosine similarity is then a
    dot product: higher = more similar. Vectors from different `model` values are not comparable — the
    store records `model` per row so a re-embed job can migrate.
    """

    name: str  # provider: "hash" | "minilm" | "openai" | "bedrock"
    model: str  # recorded per row as embedding_model, e.g. "hash-v1", "text-embedding-3-small"
    dimension: int  # N, the stored size (settings.embedding_dim); smaller native vectors are zero-padded

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_one(self, text: str) -> np.ndarray: ...


def fit_to_dimension(native: np.ndarray, dimension: int) -> np.ndarray:
    """Zero-pad native vectors (rows) to `dimension` and L2-normalise each row.

    Padding with zeros leaves cosine similarity unchanged, which is what lets one pgvector column hold
    vectors from models of different native sizes. Rows that are all zero stay all zero instead of NaN.
    A native size above `dimension` is a configuration error, not something to silently truncate.
    """
    import numpy as np

    native = np.asarray(native, dtype=np.float32)
    if native.ndim != 2:
        raise ValueError(f"expected a 2-D array of vectors, got shape {native.shape}")
    rows, width = native.shape
    if width > dimension:
        raise ValueError(f"native vectors have {width} dimensions, more than the stored {dimension}")
    out = np.zeros((rows, dimension), dtype=np.float32)
    out[:, :width] = native
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    np.divide(out, norms, out=out, where=norms > 0)
    return out


def embed_nonblank(
    texts: Sequence[str], dimension: int, embed_native: Callable[[list[str]], np.ndarray]
) -> np.ndarray:
    """Embed only the non-blank texts with `embed_native`, then pad/normalise into an (n, dimension) array.

    Remote APIs reject empty strings, and a blank memory has no meaning to compare, so blank texts get an
    all-zero row without a network round trip. `embed_native` receives the non-blank texts in order and
    returns one native vector per text.
    """
    import numpy as np

    out = np.zeros((len(texts), dimension), dtype=np.float32)
    positions = [i for i, text in enumerate(texts) if text and not text.isspace()]
    if not positions:
        return out
    native = np.asarray(embed_native([texts[i] for i in positions]), dtype=np.float32)
    if native.shape[0] != len(positions):
        raise ValueError(f"provider returned {native.shape[0]} vectors for {len(positions)} texts")
    out[positions] = fit_to_dimension(native, dimension)
    return out


# --- LLMs ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ToolSpec:
    """A function the model may call; `input_schema` is a JSON Schema object for its arguments."""

    name: str
    description: str
    input_schema: dict


@dataclass(frozen=True)
class ToolCall:
    """One tool call the model made; `arguments` is the decoded JSON object it produced."""

    id: str
    name: str
    arguments: dict


@dataclass
class LLMResult:
    """What one completion produced.

    `stop_reason` uses Anthropic's vocabulary whatever the provider ("end_turn", "tool_use", "max_tokens",
    "stop_sequence", ...) so callers can detect a truncated answer in one way; unknown provider values are
    passed through unchanged.
    """

    text: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    model: str = ""
    input_tokens: int = 0
    output_tokens: int = 0
    latency_ms: int = 0
    stop_reason: str | None = None


@runtime_checkable
class LLM(Protocol):
    """A chat model that can call tools.

    `messages` are `{"role": "user" | "assistant", "content": str}`; the system prompt is separate.
    `tool_choice`: None lets the model decide, "any" forces some tool call, any other string forces the
    tool of that name. Throttling/outages raise `ProviderUnavailable` (retry later); bad requests, auth
    failures and malformed answers raise `ProviderError`.
    """

    name: str
    model: str

    def complete(
        self,
        *,
        system: str,
        messages: Sequence[dict],
        tools: Sequence[ToolSpec] = (),
        tool_choice: str | None = None,
        max_tokens: int | None = None,
        temperature: float = 0.0,
    ) -> LLMResult: ...


def check_request(messages: Sequence[dict], tools: Sequence[ToolSpec], tool_choice: str | None) -> None:
    """Reject caller mistakes before they cost a network call (these are our bugs, hence ValueError)."""
    if not messages:
        raise ValueError("complete() needs at least one message")
    for message in messages:
        if message.get("role") not in ("user", "assistant") or not isinstance(message.get("content"), str):
            raise ValueError("messages must be {'role': 'user'|'assistant', 'content': str}")
    if tool_choice is None:
        return
    if not tools:
        raise ValueError("tool_choice was given without any tools")
    if tool_choice != "any" and tool_choice not in {tool.name for tool in tools}:
        raise ValueError(f"tool_choice names an unknown tool: {tool_choice!r}")


def elapsed_ms(started: float) -> int:
    """Milliseconds since a `time.perf_counter()` reading."""
    return int(round((time.perf_counter() - started) * 1000))


def retry_after_seconds(headers: Mapping[str, str] | None) -> int | None:
    """Seconds to wait before retrying, from `retry-after-ms` or `retry-after` (seconds or HTTP date).

    Rounded up to whole seconds because the value ends in an HTTP `Retry-After` header of our own.
    """
    if not headers:
        return None
    lowered = {key.lower(): value for key, value in headers.items()}
    millis = lowered.get("retry-after-ms")
    if millis is not None:
        try:
            return max(0, math.ceil(float(millis) / 1000))
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return max(0, math.ceil(float(value)))
    except ValueError:
        pass
    parsed = email.utils.parsedate_tz(value)
    if parsed is None:
        return None
    return max(0, math.ceil(email.utils.mktime_tz(parsed) - time.time()))


@dataclass
class TokenUsage:
    """Model and tokens summed over the calls of one operation (a first try and its retry)."""

    model: str = ""
    input_tokens: int = 0
    output_tokens: int = 0

    def add(self, result: LLMResult) -> None:
        self.model = result.model or self.model
        self.input_tokens += result.input_tokens
        self.output_tokens += result.output_tokens
