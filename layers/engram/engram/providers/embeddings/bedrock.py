"""Amazon Titan Text Embeddings v2 on Bedrock, padded to N.

Titan v2 returns 1024, 512 or 256 dimensions and normalises server-side; we ask for the largest size that
fits in N (zero-padding keeps cosine unchanged) rather than store a smaller vector than we could.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np

from engram.config import Settings
from engram.errors import ProviderError
from engram.providers.base import embed_nonblank
from engram.providers.llm.bedrock import bedrock_error, build_bedrock_client

TITAN_V2_DIMENSIONS = (1024, 512, 256)


class BedrockEmbedder:
    """`Embedder` over Titan v2 `invoke_model` (one text per call: the model takes no batches).

    `client` injects a ready bedrock-runtime client (tests: a Stubber's).
    """

    name = "bedrock"

    def __init__(self, settings: Settings, *, client: Any = None) -> None:
        self.model = settings.bedrock_embedding_model
        self.dimension = settings.embedding_dim
        if "titan-embed-text-v2" not in self.model:
            raise ProviderError(
                f"unsupported bedrock embedding model {self.model}: use amazon.titan-embed-text-v2:0"
            )
        fitting = [size for size in TITAN_V2_DIMENSIONS if size <= self.dimension]
        if not fitting:
            raise ProviderError(
                f"Titan v2 needs at least 256 dimensions; ENGRAM_EMBEDDING_DIM={self.dimension}"
            )
        self.native_dimension = fitting[0]
        self._settings = settings
        self._client = client

    @property
    def client(self) -> Any:
        if self._client is None:
            self._client = build_bedrock_client(self._settings)
        return self._client

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return embed_nonblank(texts, self.dimension, self._embed_native)

    def embed_one(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    def _embed_native(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._embed_text(text) for text in texts])

    def _embed_text(self, text: str) -> np.ndarray:
        body = json.dumps({"inputText": text, "dimensions": self.native_dimension, "normalize": True})
        try:
            response = self.client.invoke_model(
                modelId=self.model, body=body, contentType="application/json", accept="application/json"
            )
            payload = json.loads(response["body"].read())
        except ValueError as err:
            raise ProviderError("bedrock returned an embedding response that is not JSON") from err
        except Exception as err:
            raise bedrock_error(err, "embeddings") from err
        vector = payload.get("embedding") if isinstance(payload, dict) else None
        if not isinstance(vector, list) or len(vector) != self.native_dimension:
            raise ProviderError(f"bedrock returned no {self.native_dimension}-dimension embedding")
        return np.asarray(vector, dtype=np.float32)
