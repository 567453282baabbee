"""Evidence is capped at 120 characters between words, before the privacy filter reads it."""

from __future__ import annotations

from engram.language.privacy import redact_secrets
from engram.models import EVIDENCE_MAX_CHARS, cap_evidence


def test_a_secret_at_the_cut_is_dropped_whole_not_halved() -> None:
    # Given evidence whose 120th character falls inside a password
    secret = "Zq8#vLm2Kx9!"
    lead = "we talked about the trip, the dog and the new flat; " * 2 + "the wifi password is "
    text = lead[-(EVIDENCE_MAX_CHARS - 6) :] + f"{secret} ok"
    assert text.index(secret) < EVIDENCE_MAX_CHARS - 1 < text.index(secret) + len(secret)

    # When it is capped and filtered
    kept = redact_secrets(cap_evidence(text) or "").text

    # Then no piece of the secret survives, and the cap holds
    assert len(kept) <= EVIDENCE_MAX_CHARS
    assert not any(secret[:n] in kept for n in range(2, len(secret) + 1))
    assert kept.endswith("…")


def test_short_evidence_is_kept_as_it_is_and_one_endless_word_is_dropped() -> None:
    assert cap_evidence("  said  so \n twice ") == "said so twice"
    assert cap_evidence("x" * 300) is None
