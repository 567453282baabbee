"""The privacy filter: secrets never survive it, ordinary numbers do, topics match their inflections."""

from __future__ import annotations

import pytest

from engram.language.privacy import (
    iban_valid,
    looks_like_credential,
    luhn_valid,
    matches_topics,
    redact_for_log,
    redact_secrets,
)

PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA7bq98g3mFkDhqV0J1yG4mTJ0u9Ug0yVhjGJ2xGk1Jv7K9+/lXqQ\n"
    "-----END RSA PRIVATE KEY-----"
)

# (what the user wrote, the kind we expect, the secret parts that must not survive)
SECRETS: list[tuple[str, str, tuple[str, ...]]] = [
    ("my bank password is Tr0ub4dor&3", "password", ("Tr0ub4dor&3",)),
    ("PIN for the card is 4821", "pin", ("4821",)),
    ("card number 4111 1111 1111 1111 exp 12/27", "card", ("4111 1111 1111 1111", "12/27")),
    ("SSN 078-05-1120", "ssn", ("078-05-1120",)),
    (
        "here's my OpenAI key sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90 use it for the bot",
        "api_key",
        ("Ab12Cd34Ef56Gh78Ij90",),
    ),
    ("AWS key AKIAIOSFODNN7EXAMPLE", "api_key", ("AKIAIOSFODNN7EXAMPLE",)),
    ("IBAN DE89 3704 0044 0532 0130 00", "bank_account", ("3704 0044 0532",)),
    ("my passport number is X1234567", "government_id", ("X1234567",)),
    ("wifi password: bananas42", "password", ("bananas42",)),
    ("my login is alice / hunter2", "password", ("hunter2",)),
    ("my password for Netflix is Summer2024!", "password", ("Summer2024",)),
    ("the door code is 1234# — use the side entrance", "pin", ("1234",)),
    ("alarm code is 9081, don't forget it", "pin", ("9081",)),
    ("visa 4242424242424242, the cvv is 123", "card", ("4242424242424242", "123")),
    ("my social security number is 123456789", "ssn", ("123456789",)),
    ("driver's license number D123-4567-8901", "government_id", ("D123-4567-8901",)),
    ("my NI number is AB123456C", "government_id", ("AB123456C",)),
    ("Anthropic key: sk-ant-api03-abcdEFGH1234ijklMNOP5678qrstUVWX", "api_key", ("abcdEFGH1234",)),
    ("GitHub token ghp_16C7e42F292c6912E7710c838347Ae178B4a", "token", ("16C7e42F292c6912E7710c8",)),
    ("slack bot token xoxb-2048-4096-abcdefABCDEF123456", "token", ("abcdefABCDEF123456",)),
    (
        "JWT eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
        "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "token",
        ("dozjgNryP4J3jVmNHl0w5N",),
    ),
    ("Authorization: Bearer abc123def456ghi789", "token", ("abc123def456ghi789",)),
    ("my api key is 9f8e7d6c5b4a39281706", "api_key", ("9f8e7d6c5b4a39281706",)),
    ("client secret: G7h#kL9mPq2xZ", "api_key", ("G7h#kL9mPq2xZ",)),
    (f"here is the deploy key\n{PEM}\nthanks", "private_key", ("MIIEowIBAAKCAQEA7bq98g3",)),
    ("account number 12345678, sort code 12-34-56", "bank_account", ("12345678", "12-34-56")),
    ("routing number 021000021", "bank_account", ("021000021",)),
    (
        "my seed phrase is abandon ability able about above absent absorb abstract absurd abuse access "
        "accident",
        "seed_phrase",
        ("abandon ability able", "absurd abuse access accident"),
    ),
    ("the db is postgres://app:s3cretPass@db.example.com/prod", "password", ("s3cretPass",)),
    ("my amex is 3782 822463 10005", "card", ("822463",)),
    ("my tax id is 12-3456789", "government_id", ("3456789",)),
    ("the passcode is 2468", "password", ("2468",)),
    ("passcode 9911 for the garage", "password", ("9911",)),
    ("my password 123456 never changes", "password", ("123456",)),
    ("garage code 5150", "pin", ("5150",)),
    ("my pw is Fluffy99", "password", ("Fluffy99",)),
    ("the 2FA code is 884213", "pin", ("884213",)),
    ("aws secret access key wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "api_key", ("wJalrXUtnFEMI",)),
    ("my savings account no. is 00123456789", "bank_account", ("00123456789",)),
    ("the lock combination is 12-34-56", "pin", ("12-34-56",)),
    ("username bob password hunter2", "password", ("hunter2",)),
    ("the code is 4821", "pin", ("4821",)),
    ('my password is "correct horse battery staple"', "password", ("battery staple",)),
    ("I changed my email password to Winter#2025.", "password", ("Winter#2025",)),
    ("IBAN GB33BUKB20201555555555 for the rent", "bank_account", ("BUKB20201555555555",)),
]

# Ordinary sentences full of numbers (and secret-ish words) that must come out exactly as they went in.
BENIGN = [
    "I ran 5 miles this morning in 42 minutes.",
    "Meeting moved to room 1234 on the 3rd floor.",
    "The flight UA 1534 leaves at 7:45 on 2026-03-14.",
    "I paid $1,249.99 for the new laptop.",
    "My daughter was born in 2019 and turns 7 on June 15.",
    "Call me at 415-555-2671 after 6pm, or +44 20 7946 0958.",
    "Our zip code is 94110.",
    "The area code is 212.",
    "Order #123456789 ships Tuesday.",
    "My card ending 4242 was declined at the store.",
    "My checking account ending in 1234 is overdrawn.",
    "I scored 1480 on the SAT in 2012.",
    "We need 12 eggs, 2 cups of flour and 350g sugar.",
    "My passport expires in March 2027.",
    "I keep my passport in the drawer.",
    "I forgot my password again, ugh.",
    "My password manager is 1Password and I love it.",
    "My password is too long to remember.",
    "The token is expired, I need to log in again.",
    "My secret is that I still sleep with a teddy bear.",
    "My api key is in the env file.",
    "The code review took 45 minutes.",
    "The error code is 5003 again.",
    "The PIN pad at the gym is broken.",
    "Bus 38 then the 14 to Mission Street, about 25 minutes.",
    "The ISBN is 978-0-306-40615-7.",
    "My bank account is at Chase and has about 2400 dollars.",
    "Tracking number 1Z999AA10123456784 arrives Friday.",
    "Blood pressure 120/80, weight 72.5 kg, on 2024-01-15 09:30.",
    "Our anniversary is 06/15 and we've been married 12 years.",
    "Order 4111 1111 1111 1112 was refunded.",  # 16 digits but not Luhn-valid
    "Sold 4,111,111 units in 2024; population 8336817.",
    "Invoice INV-2024-00123 is due on 2024-07-01.",
    "I'm in apartment 12B at 450 Harrison Street.",
    "Token of appreciation: I gave her 20 dollars.",
]


@pytest.mark.parametrize(("text", "kind", "secret_parts"), SECRETS, ids=[s[0][:40] for s in SECRETS])
def test_secret_is_replaced_by_its_kind(text: str, kind: str, secret_parts: tuple[str, ...]) -> None:
    redaction = redact_secrets(text)

    for part in secret_parts:
        assert part not in redaction.text
    assert f"[redacted:{kind}]" in redaction.text
    assert kind in redaction.kinds


def test_there_are_enough_realistic_secret_phrasings() -> None:
    assert len(SECRETS) >= 25 and len(BENIGN) >= 15


@pytest.mark.parametrize("text", BENIGN, ids=[b[:40] for b in BENIGN])
def test_ordinary_numbers_and_words_survive_unchanged(text: str) -> None:
    redaction = redact_secrets(text)

    assert redaction.text == text
    assert redaction.kinds == []
    assert not redaction.found


def test_keyword_and_context_are_kept_so_the_sentence_still_reads() -> None:
    redaction = redact_secrets("My Chase password is Tr0ub4dor&3, and the PIN for the card is 4821.")

    assert (
        redaction.text
        == "My Chase password is [redacted:password], and the PIN for the card is [redacted:pin]."
    )
    assert redaction.kinds == ["pin", "password"]


def test_redaction_is_idempotent() -> None:
    once = redact_secrets("login: alice@example.com / pass1234 and card 4111-1111-1111-1111").text

    assert redact_secrets(once).text == once
    assert "pass1234" not in once and "alice@example.com" not in once


def test_kinds_never_contain_the_secret_values() -> None:
    redaction = redact_secrets("wifi password: bananas42, visa 4242424242424242")

    assert all("bananas" not in kind and "4242" not in kind for kind in redaction.kinds)
    assert "bananas42" not in repr(redaction)


def test_iban_with_trailing_word_is_cut_at_the_checksum() -> None:
    assert redact_secrets("iban GB33 BUKB 2020 1555 5555 55 EUR").text == "iban [redacted:bank_account] EUR"


def test_iban_with_wrong_checksum_is_not_a_secret() -> None:
    text = "Reference DE89 3704 0044 0532 0130 01 on the invoice"

    assert redact_secrets(text).text == text


def test_checksums() -> None:
    assert luhn_valid("4111 1111 1111 1111") and not luhn_valid("4111 1111 1111 1112")
    assert iban_valid("DE89 3704 0044 0532 0130 00") and not iban_valid("DE89 3704 0044 0532 0130 01")


def test_credential_shape() -> None:
    assert looks_like_credential("hunter2hunter2")
    assert looks_like_credential("9f8e7d6c5b4a3928")
    assert not looks_like_credential("pineapple")
    assert not looks_like_credential("expired")


def test_log_preview_is_redacted_folded_and_truncated() -> None:
    text = "my   wifi password:\n bananas42 " + "and a very long story " * 30

    preview = redact_for_log(text, limit=60)

    assert "bananas42" not in preview
    assert preview.startswith("my wifi password: [redacted:password] and a very long")
    assert "chars)" in preview and len(preview) < 90
    assert redact_for_log(None) == ""


# --- topics ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("I saw my therapist today", "therapy"),
        ("Therapy sessions are on Tuesdays", "therapy"),
        ("We did two therapies", "therapy"),
        ("My work meeting ran long", "work meetings"),
        ("All these work meetings", "work meeting"),
        ("Mom's health is getting better", "mom"),
        ("Dealing with MENTAL HEALTH stuff", "mental health"),
        ("They divorced last year", "divorce"),
        ("She is divorcing him", "divorce"),
        ("My ex-wife called", "ex-wife"),
        ("Talked to the psychologist", "psychology"),
    ],
)
def test_topic_matches_its_inflections(text: str, topic: str) -> None:
    assert matches_topics(text, [topic]) == [topic]


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("I'm eating healthy these days", "health"),  # deliberately no stemming beyond inflections
        ("Part of the plan", "party"),
        ("I work on meetings software", "work meeting"),  # words of a topic must be consecutive
        ("Therapeutic massage", "therapy"),
        ("Sexton is my neighbour", "ex"),  # whole words only
    ],
)
def test_topic_does_not_over_match(text: str, topic: str) -> None:
    assert matches_topics(text, [topic]) == []


def test_matched_topics_keep_the_users_spelling_and_order() -> None:
    topics = ["Work Meetings", "therapy", "crypto", "therapy"]

    assert matches_topics("After work meetings I went to therapy", topics) == ["Work Meetings", "therapy"]
    assert matches_topics("", topics) == [] and matches_topics("anything", []) == []


# --- whole requests -------------------------------------------------------------------------------


def test_every_text_field_of_a_request_is_redacted_and_ids_become_digests() -> None:
    from engram.models import AnalyzeRequest
    from engram.pipeline.analyze import redact_request

    request = AnalyzeRequest.model_validate(
        {
            "messages": [
                {"role": "assistant", "content": "password Hx93kLm2 saved", "id": "m-password-Hx93kLm2"},
                {"content": "hello", "name": "token: ghp_16C7e42F292c6912E7710c838347Ae178B4a"},
                {"content": "hi", "name": "Sarah", "id": "m-2"},
            ],
            "source": {
                "tags": ["pin 4821", "vault_password-Hx8kq2pL", "q3-2024"],
                "participants": ["pw=Zx81mmQ0"],
                "external_id": "pwd: k8Jd92!x",
            },
            "idempotency_key": "key-password-Hx93kLm2",
        }
    )

    cleaned, kinds = redact_request(request)

    assert "Hx93kLm2" not in repr(cleaned) and "ghp_" not in repr(cleaned) and "4821" not in repr(cleaned)
    assert "Zx81mmQ0" not in repr(cleaned) and "k8Jd92" not in repr(cleaned)
    assert cleaned.messages is not None and cleaned.source is not None
    assert cleaned.messages[0].content == "password [redacted:password] saved"
    assert cleaned.source.tags == ["pin [redacted:pin]", "[redacted:password]", "q3-2024"]
    assert cleaned.messages[1].name is None  # a token as a speaker name must not become a person
    assert cleaned.messages[2].name == "Sarah" and cleaned.messages[2].id == "m-2"
    assert cleaned.idempotency_key is not None and cleaned.idempotency_key.startswith("sha256:")
    assert cleaned.messages[0].id is not None and cleaned.messages[0].id.startswith("sha256:")
    assert {"password", "token", "pin"} <= set(kinds)


def test_a_secret_bearing_identifier_becomes_a_stable_digest_that_never_collides() -> None:
    from engram.language.privacy import redact_identifier

    first, again = redact_identifier("retry-pw=Zx81mmQ0"), redact_identifier("retry-pw=Zx81mmQ0")
    other = redact_identifier("retry-pw=Zx81mmQ1")

    assert first == again and first != other and first.startswith("sha256:") and len(first) == 71
    assert redact_identifier("order-2024-07-01") == "order-2024-07-01"


def test_json_values_are_redacted_at_any_depth_with_their_key_as_context() -> None:
    from engram.language.privacy import redact_json

    metadata = {
        "password": "hunter2",
        "pin": 4821,
        "nested": [{"note": "api key = a8F3kL02pQx9Zt7m"}, 7, True],
        "ghp_16C7e42F292c6912E7710c838347Ae178B4a": "a key as a key",
        "city": "Oslo",
        "count": 3,
    }

    cleaned = redact_json(metadata)

    assert cleaned["password"] == "[redacted:password]" and cleaned["pin"] == "[redacted:pin]"
    assert cleaned["nested"] == [{"note": "api key = [redacted:api_key]"}, 7, True]
    assert "[redacted:token]" in cleaned and cleaned["city"] == "Oslo" and cleaned["count"] == 3
