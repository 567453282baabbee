"""The privacy filter measured on a labelled set: secrets by their shape, ordinary sentences untouched.

Each positive names the secret that must not survive (and, where a sentence also holds something
that is NOT a secret, such as a username, what must survive). Each negative must come out exactly
as it went in. The numbers are sentence-level: a positive counts as found when its secret is gone,
a negative as a false alarm when anything in it changed. The README quotes the figures.
"""

from __future__ import annotations

import pytest

from engram.language.privacy import redact_secrets

_PEM = (
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
    "-----END OPENSSH PRIVATE KEY-----"
)
_JWT = (
    "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyIjoiam9obiIsImV4cCI6MTcwMDAwMDAwMH0.Qm9vZ3VzU2lnbmF0dXJlVmFsdWUxMjM0NTY3ODk"
)

# (sentence, the secret that must be gone, what must still be there)
POSITIVES: list[tuple[str, str, str]] = [
    # credential words with intervening words, and no word at all between keyword and value
    ("the pass for the vault is Vt7#kq92Lm", "Vt7#kq92Lm", "vault"),
    ("my login is jdoe and the pass is Qz8!rTy4", "Qz8!rTy4", "jdoe"),
    ("login is jdoe and the pass Qz8rTy4w works", "Qz8rTy4w", "jdoe"),
    ("Sure, I saved it: password Hx93kLm2 for the staging box.", "Hx93kLm2", "staging"),
    ("my password, which I never change, is Gr33nT3a!", "Gr33nT3a!", "never change"),
    ("the admin password on the old router should still be Rt-7781-xk", "Rt-7781-xk", "router"),
    ("password for the building wifi: Gu3stN3t!", "Gu3stN3t!", "building"),
    ("my gmail password is now Fjord#Apple9", "Fjord#Apple9", "gmail"),
    ("I set the vault pass to Mx7!pp2Lq yesterday", "Mx7!pp2Lq", "yesterday"),
    ("the passphrase I picked is Violet-Rain-42-Sky", "Violet-Rain-42-Sky", "picked"),
    ("the wifi is HomeNet and the password is BlueSky#77", "BlueSky#77", "HomeNet"),
    ("the wifi password is SunnyDay2024", "SunnyDay2024", "wifi"),
    ("WiFi pass: Gu3stW1f1", "Gu3stW1f1", "WiFi"),
    ("my password is Tr0ub4dor&3", "Tr0ub4dor&3", "my password"),
    ("pwd: k8Jd92!x", "k8Jd92!x", "pwd"),
    ("pw=Zx81mmQ0", "Zx81mmQ0", "pw"),
    ("my passwd: u7Yt5rE4", "u7Yt5rE4", "passwd"),
    ("new password = correcthorse99", "correcthorse99", "new password"),
    ("pass: Hunter22", "Hunter22", "pass"),
    ("the password to the shed lock is 'tulip'", "tulip", "shed"),
    ("the password is hunter2", "hunter2", "password"),
    ("Password for the router: admin123!", "admin123!", "router"),
    ("hunter2x is my password for everything", "hunter2x", "everything"),
    ("I use Summer2024! as my email password", "Summer2024!", "email"),
    ("Hx8!kq2Lp is the wifi password", "Hx8!kq2Lp", "wifi"),
    ("the passcode is 604219", "604219", "passcode"),
    ("passcode 482913 opens the shed", "482913", "shed"),
    # username + password pairs: the username of an "and" sentence stays, the password goes
    ("username: mkline password: Pl8typ#s", "Pl8typ#s", "username"),
    ("my username is alex.r and my password is Rivers!88", "Rivers!88", "alex.r"),
    ("user jdoe pass Qw3rty!9", "Qw3rty!9", "jdoe"),
    ("my login for the portal: jdoe / Portal#551", "Portal#551", "portal"),
    ("my credentials are admin / Adm1n!2024", "Adm1n!2024", "credentials"),
    ("here are my creds: root:Toor#2024", "Toor#2024", "creds"),
    ("Netflix login: sam@example.com / Flix4Ever!", "Flix4Ever!", "Netflix"),
    ("the password is Kq7abc12XYZ and my username is jdoe42", "Kq7abc12XYZ", "jdoe42"),
    ("password for jdoe42 is tulip", "tulip", "jdoe42"),
    ("my passwords are Kq7abc12XYZ and Lm8def34UVW", "Lm8def34UVW", "passwords"),
    ("pins: 4821 for the bank", "4821", "bank"),
    # PINs, codes and combinations
    ("PIN 4829", "4829", "PIN"),
    ("my PIN is 0417", "0417", "PIN"),
    ("debit card pin: 7720", "7720", "debit"),
    ("my voicemail pin is 2580", "2580", "voicemail"),
    ("pin code 1357 for the bike lock", "1357", "bike"),
    ("the code to the gate is 55190", "55190", "gate"),
    ("the secret code is 3141", "3141", "secret code"),
    ("the door code changed to 7781", "7781", "door"),
    ("the entry code is 4471#", "4471", "entry"),
    ("the combination is 12-34-56", "12-34-56", "combination"),
    ("the combination to the locker is 2719", "2719", "locker"),
    ("the safe combination: 31 07 19", "31 07 19", "safe"),
    ("OTP is 492817", "492817", "OTP"),
    ("security code: 448", "448", "security"),
    ("recovery code: 8HXK-2MQP-7TZR", "8HXK-2MQP-7TZR", "recovery"),
    ("the code for the wifi router is Kq7abc12", "Kq7abc12", "router"),
    ("enter code H4XK92P at the door", "H4XK92P", "door"),
    ("my unlock code, if you need it, is Zz91-kq7", "Zz91-kq7", "unlock"),
    # tokens, keys and secrets named by a word
    ("token: 8fa7c2d19e4b6a03f5d2", "8fa7c2d19e4b6a03f5d2", "token"),
    ("my access token is ya29.a0AfH6SMBx3kLq", "ya29.a0AfH6SMBx3kLq", "access token"),
    ("api key = a8F3kL02pQx9Zt7m", "a8F3kL02pQx9Zt7m", "api key"),
    ("the API key for maps is Km29xLq8Vb3nRt", "Km29xLq8Vb3nRt", "maps"),
    ("secret: Jk3$mn8Qp", "Jk3$mn8Qp", "secret"),
    ("the client secret is 7Hq2-Lp9x-Vv3r", "7Hq2-Lp9x-Vv3r", "client secret"),
    ("key: 3f9a1c7e5b2d8f40", "3f9a1c7e5b2d8f40", "key"),
    ("the key to the API is Qm8xLp2Vr7Ns", "Qm8xLp2Vr7Ns", "API"),
    ("license key: XKCD9-3HJ2K-PQ8RW-77TLM", "XKCD9-3HJ2K-PQ8RW-77TLM", "license"),
    ("Authorization: Bearer 4f8a9c2e1b7d3f6a", "4f8a9c2e1b7d3f6a", "Authorization"),
    ("my aws secret is Zq9vX2mB7nL4kP8wR3tY6uI1oA5sD0fG2hJ4kL7m", "Zq9vX2mB7nL4kP8wR3tY6", "aws"),
    ("aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI", "aws"),
    ("aws pair AKIAQWERTYUIOP123456 and 9sLk2Jd8Fh3Gq7Wm1Zx5Cv4Bn6Mp0Lq2Rt8Yu3Io", "9sLk2Jd8Fh3Gq7Wm", "aws"),
    # well-known formats without any keyword
    ("use ghp_R4nd0mT0k3nV4lu3Abcdefghijklmnopqr12 for the CI", "ghp_R4nd0mT0k3nV4lu3", "CI"),
    ("gho_16C7e42F292c6912E7710c838347Ae178B4a is the oauth one", "gho_16C7e42F292c69", "oauth"),
    ("github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz01 works", "github_pat_11ABCDEFG", "works"),
    ("AKIAQWERTYUIOP123456 is in the config", "AKIAQWERTYUIOP123456", "config"),
    ("ASIAZXCVBNMASDFGHJK1 expires tonight", "ASIAZXCVBNMASDFGHJK1", "tonight"),
    ("stripe sk_live_51HxAbCdEfGhIjKlMnOp", "sk_live_51HxAbCdEfGh", "stripe"),
    ("pk_live_9Zy8Xw7Vu6Ts5Rq4Po3N", "pk_live_9Zy8Xw7Vu6", ""),
    ("rk_live_AbC123dEf456GhI789", "rk_live_AbC123dEf4", ""),
    ("slack: xoxb-1234567890-0987654321-AbCdEfGhIjKl", "xoxb-1234567890", "slack"),
    ("xoxp-22222-33333-44444-abcdefabcdef please", "xoxp-22222-33333", "please"),
    ("maps AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q", "AIzaSyA1b2C3d4E5f6G7", "maps"),
    ("sk-proj-Zz11Yy22Xx33Ww44Vv55Uu66Tt77 is the openai one", "sk-proj-Zz11Yy22Xx33", "openai"),
    ("sk-ant-api03-QwErTyUiOp1234567890AsDf is for claude", "sk-ant-api03-QwErTy", "claude"),
    ("sk-AbCdEfGhIjKlMnOpQrStUvWx1234", "sk-AbCdEfGhIjKlMnOp", ""),
    (f"the session is {_JWT}", "Qm9vZ3VzU2lnbmF0dXJl", "session"),
    (f"deploy key:\n{_PEM}", "b3BlbnNzaC1rZXktdjEAAAAABG5v", "deploy"),
    ("the db is postgres://admin:Pg_s3cret9@db.internal:5432/app", "Pg_s3cret9", "db.internal"),
    ("https://jo:Hx8kq2pL@example.com/ is the feed", "Hx8kq2pL", "feed"),
    ("hf_abcdefghijklmnopqrstuvwxyzABCDEF12", "hf_abcdefghijklmnop", ""),
    ("glpat-abcdefghij1234567890 for gitlab", "glpat-abcdefghij123", "gitlab"),
    # cards (Luhn), national ids, bank details
    ("card 4111 1111 1111 1111 exp 12/27", "4111 1111 1111 1111", "card"),
    ("my mastercard is 5555555555554444", "5555555555554444", "mastercard"),
    ("amex 3782 822463 10005", "822463", "amex"),
    ("discover 6011-1111-1111-1117", "6011-1111-1111-1117", "discover"),
    ("SSN 123-45-6789", "123-45-6789", "SSN"),
    ("my social is 219-09-9999", "219-09-9999", "social"),
    ("ssn: 123 45 6789", "123 45 6789", "ssn"),
    ("my passport number is X1234567", "X1234567", "passport"),
    ("driver's license number D123-4567-8901", "D123-4567-8901", "license"),
    ("my NI number is AB123456C", "AB123456C", "NI"),
    ("tax id 12-3456789", "3456789", "tax"),
    ("IBAN DE89 3704 0044 0532 0130 00", "3704 0044 0532", "IBAN"),
    # written after the rules above were tuned, and passed unchanged (a check against overfitting)
    ("btw the wifi pw for the cabin is Mooselake#19", "Mooselake#19", "cabin"),
    ("for the NAS the admin pass ended up being nasAdm!n77", "nasAdm!n77", "NAS"),
    ("password (don't tell anyone) K9$mmPz2", "K9$mmPz2", "anyone"),
    ("the gym locker combination is 14-28-07", "14-28-07", "gym"),
    ("my pin for the garage keypad is 8812", "8812", "garage"),
    ("the token they gave me: 3c7e9a1f0b2d4c6e8a0f", "3c7e9a1f0b2d4c6e8a0f", "gave me"),
    ("secret for the webhook -> whsec_Ab12Cd34Ef56", "whsec_Ab12Cd34Ef56", "webhook"),
    ("OK my Spotify password is tangerine88", "tangerine88", "Spotify"),
    ("I used Blue42Moon as my password again", "Blue42Moon", "again"),
    ("his login is mike and his password is Mk!2024xx", "Mk!2024xx", "mike"),
    ("the credentials: admin and S3cure!pass", "S3cure!pass", "admin"),
    ("the master password, since you asked, is Orchid-91-Lamp", "Orchid-91-Lamp", "asked"),
    ("token=ZXhhbXBsZXRva2VuMTIz", "ZXhhbXBsZXRva2VuMTIz", "token"),
    ("use passcode 9071 at the front desk", "9071", "front desk"),
    ("my card is 4012 8888 8888 1881", "4012 8888 8888 1881", "card"),
]

# Sentences that must come out exactly as they went in.
NEGATIVES: list[str] = [
    "My password manager is 1Password and I love it.",
    "I changed my password yesterday.",
    "The password reset email never arrived.",
    "I need a stronger password for work.",
    "Remind me to update my passwords on Friday.",
    "The password is printed on the back of the router.",
    "My password is saved in Keychain.",
    "The wifi password is on the fridge.",
    "What's the wifi password?",
    "The password policy requires 12 characters.",
    "Passwords must be at least 8 characters long.",
    "My password expired on 2024-03-01.",
    "The pass rate was 87% this year.",
    "I passed the exam with 92 points.",
    "We got a pass to the museum for 2 adults.",
    "The boarding pass says gate B12, seat 14C.",
    "Pass the salt, please.",
    "I have a bus pass for 2 zones.",
    "The key to success is consistency.",
    "The key point is that we ship on March 3.",
    "The key is under the mat.",
    "Key takeaways: ship faster, test more.",
    "The API key rotation happens every 90 days.",
    "The API key is stored in the vault.",
    "My api key is in the env file.",
    "My PIN is the same as my old one.",
    "The PIN pad at the gym is broken.",
    "The pin on the map marks the cafe.",
    "The secret to good bread is time.",
    "The secret ingredient is cinnamon.",
    "Our secret santa budget is 30 dollars.",
    "The secret is out: we're moving to Lisbon!",
    "My secret is that I still sleep with a teddy bear.",
    "Token Ring was a networking standard from 1984.",
    "The token is expired, I need to log in again.",
    "Token of appreciation: I gave her 20 dollars.",
    "Use token-based auth for the API.",
    "My login is slow on Mondays.",
    "The login page is at example.com/login.",
    "Credentials expire after 90 days.",
    "My username is jdoe42.",
    "Her username is @sarah_k on Twitter.",
    "Code freeze starts on 2024-12-15.",
    "The code review took 45 minutes.",
    "The error code is 5003 again.",
    "Error code 0x80070005 again.",
    "Status code 404 means not found.",
    "Use the promo code SPRING25 at checkout.",
    "Our zip code is 94110.",
    "The postal code is SW1A 1AA.",
    "The course code is CS101.",
    "The dress code is smart casual.",
    "Our team code name is Falcon.",
    "Just finished reading The Da Vinci Code.",
    "The combination of sun and rain made a rainbow.",
    "Meeting moved to room 1234 on the 3rd floor.",
    "Room 1234 is booked for Tuesday.",
    "I ran 5 miles this morning in 42 minutes.",
    "I walked 10,000 steps today.",
    "The flight UA 1534 leaves at 7:45 on 2026-03-14.",
    "Flight BA0117 departs at 09:40.",
    "I paid $1,249.99 for the new laptop.",
    "My daughter was born in 2019 and turns 7 on June 15.",
    "I was born on 14/03/1990.",
    "Call me at 415-555-2671 after 6pm.",
    "Call 1-800-555-0199 for support.",
    "Order #123456789 ships Tuesday.",
    "Order number 112-7654321-1234567 arrived.",
    "My card ending 4242 was declined at the store.",
    "Order 4111 1111 1111 1112 was refunded.",
    "I scored 1480 on the SAT in 2012.",
    "Version 3.11.4 was released on 2023-06-06.",
    "The meeting is in room B-204 at 3pm.",
    "I earn $85,000 a year.",
    "The recipe needs 2 tbsp of sugar and 1 tsp of salt.",
    "My dog weighs 32 kg.",
    "I bought WH-1000XM4 headphones.",
    "Chapter 12, page 345.",
    "My score was 7.2 out of 10.",
    "Temperature hit 38.5 degrees.",
    "The invoice total is 1,234.56 EUR.",
    "He lives at 221B Baker Street.",
    "The train leaves from platform 9C.",
    "Sprint 42 ends on Friday.",
    "PR #1234 fixed the login bug.",
    "The ISBN is 978-0-306-40615-7.",
    "Tracking number 1Z999AA10123456784 arrives Friday.",
    "GitHub repo is github.com/acme/widgets.",
    "The wifi network is called HomeNet5G.",
    "My account is with Fidelity.",
    "My locker number is 217.",
    "Tokens: 1500 used of 4000.",
    "I keep my passwords in Bitwarden.",
    "Send me the password later, okay?",
    "I forgot the code to the garage.",
    "The door code is on the sticky note.",
    "Blood pressure 120/80, weight 72.5 kg.",
    # written after the rules above were tuned; one ("3-ingredient") needed a fix
    "My sister's birthday is 12 June and she turns 30.",
    "I finally got my COVID-19 booster at the pharmacy.",
    "The key to the front door is with the neighbour.",
    "I'll pass on dessert tonight.",
    "Passing grades start at 60%.",
    "My secret weapon is a 3-ingredient pasta sauce.",
    "The token economy in Web3 is confusing.",
    "Pin the tweet from 10:30am please.",
    "I reset my password twice this week because of the 2FA app.",
    "He keeps his passwords in a notebook from 2019.",
    "Our Wi-Fi router is a TP-Link Archer AX55.",
    "My PIN was blocked after 3 attempts.",
    "The secret garden opens at 9am on weekends.",
    "Keys are on the hook by the door, next to the B2B invoices.",
    "The login screen shows version 4.2.1-beta now.",
    "I need to renew my passport before 2025-08-01.",
    "I met Sarah at the iPhone15 launch.",
    "Let's use Python3 for the script.",
    "The pass code changes every month, ask the concierge.",
    "My credentials got me into the MIT library with 2 guests.",
    "We bought an A4 printer and 500 sheets.",
    "Her flight number is LH400 to Frankfurt.",
    "The secret sauce at Joe's is mayo plus sriracha.",
    "The API token expires on 2025-01-31 at 23:59.",
    "I love the song Mr. Brightside by The Killers.",
    "The password hint was my first pet's name.",
    "I run the 5K every Saturday at 8am.",
    "The key ingredient is 2 cups of basil.",
    "Token 12 of the series is missing.",
    "My pin number is not something I share.",
    # found by running the filter over this repository's own README and code comments
    "Every record keeps its structured keys (Powertools passes them as attributes).",
    "For Anthropic or OpenAI pass `ModelKeysSecretArn` to the stack.",
    "Sort by the key, then pass reverse=True to flip it.",
    "Keys `GET /v1/export` writes are dropped on import.",
    "The tokens[0] entry is the first word.",
    "The code is in src/main2.py.",
    "The code review for PR-1234 is done.",
    "Code of conduct v2.1 applies to everyone.",
    "The QR code says ABC123XYZ.",
    "The SDK code path runs on httpx2's mock transport.",
]


def _found(text: str, secret: str) -> bool:
    return secret not in redact_secrets(text).text


def measure() -> tuple[float, float, list[str], list[str]]:
    """(precision, recall, missed positives, changed negatives) over the labelled set."""
    missed = [text for text, secret, _ in POSITIVES if not _found(text, secret)]
    changed = [text for text in NEGATIVES if redact_secrets(text).text != text]
    true_positives = len(POSITIVES) - len(missed)
    precision = true_positives / (true_positives + len(changed)) if true_positives else 0.0
    return precision, true_positives / len(POSITIVES), missed, changed


def test_the_labelled_set_is_large_enough() -> None:
    assert len(POSITIVES) >= 80 and len(NEGATIVES) >= 80
    assert len({text for text, _, _ in POSITIVES}) == len(POSITIVES)
    assert len(set(NEGATIVES)) == len(NEGATIVES)


def test_precision_and_recall_on_the_labelled_set() -> None:
    precision, recall, missed, changed = measure()

    print(
        f"\nprivacy filter: {len(POSITIVES)} positives, {len(NEGATIVES)} negatives, "
        f"precision {precision:.3f}, recall {recall:.3f}"
    )
    assert missed == [] and changed == []
    assert precision == 1.0 and recall == 1.0


@pytest.mark.parametrize(("text", "secret", "kept"), POSITIVES, ids=[p[0][:40] for p in POSITIVES])
def test_positive_loses_its_secret_but_keeps_its_context(text: str, secret: str, kept: str) -> None:
    redacted = redact_secrets(text).text

    assert secret not in redacted
    assert kept in redacted
    assert "[redacted:" in redacted


@pytest.mark.parametrize("text", NEGATIVES, ids=[n[:40] for n in NEGATIVES])
def test_negative_comes_out_unchanged(text: str) -> None:
    assert redact_secrets(text).text == text
