"""OpenAI embeddings (text-embedding-3-*), shortened server-side to N when the model supports it.

text-embedding-3 models are trained so a prefix of the vector is itself a good embedding (`dimensions=`),
which beats zero-padding a larger vector or truncating it ourselves. Models without that option (ada-002,
most OpenAI-compatible servers) return their native size, which is zero-padded to N.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from engram.config import Settings
from engram.errors import ProviderError
from engram.providers.base import embed_nonblank
from engram.providers.llm.openai import build_openai_client, openai_error

if TYPE_CHECKING:
    import httpx2
    import openai

NATIVE_DIMENSIONS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}
# 2048 inputs per request is the API limit; a smaller batch also stays under its 300k-token request cap.
_BATCH = 256


class OpenAIEmbedder:
    """`Embedder` over the embeddings endpoint. `http_client` replaces the transport for tests."""

    name = "openai"

    def __init__(self, settings: Settings, *, http_client: httpx2.Client | None = None) -> None:
        if settings.openai_api_key is None and not settings.openai_base_url:
            raise ProviderError("the openai embedder is selected but OPENAI_API_KEY is not set")
        self.model = settings.openai_embedding_model
        self.dimension = settings.embedding_dim
        native = NATIVE_DIMENSIONS.get(self.model)
        shortens = self.model.startswith("text-embedding-3")
        if native is not None and native > self.dimension and not shortens:
            raise ProviderError(
                f"{self.model} returns {native} dimensions; ENGRAM_EMBEDDING_DIM={self.dimension} is smaller"
            )
        # Ask for exactly N when the model can shorten to it; above its native size we pad instead.
        self._request_dimensions = (
            self.dimension if shortens and (native is None or self.dimension <= native) else None
        )
        self._settings = settings
        self._http_client = http_client
        self._client: openai.OpenAI | None = None

    @property
    def client(self) -> openai.OpenAI:
        if self._client is None:
            self._client = build_openai_client(self._settings, self._http_client)
        return self._client

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return embed_nonblank(texts, self.dimension, self._embed_native)

    def embed_one(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    def _embed_native(self, texts: list[str]) -> np.ndarray:
        return np.concatenate(
            [self._embed_batch(texts[i : i + _BATCH]) for i in range(0, len(texts), _BATCH)]
        )

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        extra: dict[str, Any] = {"dimensions": self._request_dimensions} if self._request_dimensions else {}
        try:
            response = self.client.embeddings.create(model=self.model, input=texts, **extra)
        except Exception as err:
            raise openai_error(err, "embeddings") from err
        data = sorted(response.data, key=lambda item: item.index)
        if len(data) != len(texts):
            raise ProviderError(f"openai returned {len(data)} embeddings for {len(texts)} texts")
        try:
            vectors = np.asarray([item.embedding for item in data], dtype=np.float32)
        except ValueError as err:
            raise ProviderError("openai returned embeddings of different lengths") from err
        if vectors.ndim != 2 or vectors.shape[1] > self.dimension:
            raise ProviderError(
                f"openai returned {vectors.shape[-1]}-dimension vectors for N={self.dimension}"
            )
        return vectors
