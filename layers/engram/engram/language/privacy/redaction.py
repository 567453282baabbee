"""Secrets out of a text: each rule finds one way a secret shows up, `redact_secrets` applies them in order.

Most rules need two signals (a keyword, a separator, a value shaped like the thing); the keyword-free ones
are backed by a checksum or a format ordinary numbers do not have. See the package docstring.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

PLACEHOLDER = "[redacted:{kind}]"
PLACEHOLDER_MARK = "[redacted:"  # what every placeholder starts with: text holding it held a secret
_PLACEHOLDER_RE = re.compile(r"\[redacted:[a-z_]+\]")

# Kinds reported by `redact_secrets`.
PASSWORD = "password"
PIN = "pin"
CARD = "card"
SSN = "ssn"
GOVERNMENT_ID = "government_id"
API_KEY = "api_key"
TOKEN = "token"
PRIVATE_KEY = "private_key"
BANK_ACCOUNT = "bank_account"
SEED_PHRASE = "seed_phrase"
SECRET_KINDS: tuple[str, ...] = (
    PASSWORD, PIN, CARD, SSN, GOVERNMENT_ID, API_KEY, TOKEN, PRIVATE_KEY, BANK_ACCOUNT, SEED_PHRASE,
)  # fmt: skip


@dataclass
class Redaction:
    """Text with every secret replaced by `[redacted:<kind>]`; `kinds` lists what was found, in order.

    The secret values themselves are never kept anywhere in this object.
    """

    text: str
    kinds: list[str] = field(default_factory=list)

    @property
    def found(self) -> bool:
        return bool(self.kinds)


# ---------------------------------------------------------------------------------------------------
# Building blocks of the patterns
# ---------------------------------------------------------------------------------------------------

# A value never starts inside an earlier placeholder, so rules cannot redact each other's output.
_FRESH = r"(?!\[redacted:)"
# "password for my Chase account is ...": up to four words naming what the secret is for.
_QUAL = r"(?:\s+(?:for|to|on|at|of|with|from)\s+[\w'’&.@-]+(?:\s+[\w'’&.@-]+){0,3}?)?"
# What sits between a keyword and its value: "is", "was", ":", "=", " - ", "'s", "is now", "set to" ...
_SEP = (
    r"(?:\s*[:=]\s*|\s+[-–—]\s+|['’]s\s+"
    r"|\s+(?:is|was|are|were|will\s+be|has\s+been|should\s+be)"
    r"(?:\s+(?:now|still|just|actually|currently|always|set\s+to|changed\s+to))?\s*:?\s+"
    r"|\s+(?:set|changed|reset|updated)\s+to\s+)"
)
_SEP_OR_SPACE = rf"(?:{_SEP}|\s+)"
# Sentence punctuation that ends a value rather than belonging to it.
_TRAIL = r"""[.,;:!?)\]"'’”]"""
# One whitespace-free token, without trailing sentence punctuation, or a quoted phrase.
_TOKEN = (
    rf"""(?:"[^"\n]{{1,128}}"|“[^”\n]{{1,128}}”|'[^'\n]{{1,128}}'"""
    rf"""|{_FRESH}\S{{0,127}}?[^\s.,;:!?)\]"'’”](?={_TRAIL}*(?:\s|$)))"""
)

_FLAGS = re.IGNORECASE


@dataclass(frozen=True)
class _Rule:
    """One way a secret shows up. The `secret` group (or the whole match) is what gets replaced."""

    kind: str
    pattern: re.Pattern[str]
    check: Callable[[str, re.Match[str]], bool] | None = None

    def spans(self, text: str) -> Iterable[tuple[int, int]]:
        for match in self.pattern.finditer(text):
            group = "secret" if "secret" in self.pattern.groupindex else 0
            value = match.group(group)
            if value is None or (self.check is not None and not self.check(value, match)):
                continue
            yield match.span(group)


@dataclass(frozen=True)
class _FinderRule:
    """A secret that needs code to delimit (an IBAN whose length is only known from its checksum)."""

    kind: str
    finder: Callable[[str], Iterable[tuple[int, int]]]

    def spans(self, text: str) -> Iterable[tuple[int, int]]:
        return self.finder(text)


def _rule(
    kind: str, pattern: str, check: Callable[[str, re.Match[str]], bool] | None = None, flags: int = _FLAGS
):
    return _Rule(kind, re.compile(pattern, flags), check)


# ---------------------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------------------


def _digits(value: str) -> str:
    return re.sub(r"\D", "", value)


def luhn_valid(number: str) -> bool:
    """The Luhn checksum every payment card number carries (and 90% of random numbers fail)."""
    digits = _digits(number)
    if not digits:
        return False
    total = 0
    for position, char in enumerate(reversed(digits)):
        digit = int(char)
        if position % 2 == 1:
            digit = digit * 2 - 9 if digit > 4 else digit * 2
        total += digit
    return total % 10 == 0


def iban_valid(iban: str) -> bool:
    """ISO 13616 mod-97 check: move the first four characters to the end, letters -> 10..35, mod 97 == 1."""
    compact = re.sub(r"\s", "", iban).upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", compact):
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(char, 36)) for char in rearranged)) % 97 == 1


def _card_network(digits: str) -> bool:
    """Whether the number starts like a real card network's numbers, with that network's length."""
    length = len(digits)
    if digits.startswith(("34", "37")):  # American Express
        return length == 15
    if digits[0] == "4":  # Visa
        return length in (13, 16, 19)
    if "51" <= digits[:2] <= "55" or "2221" <= digits[:4] <= "2720":  # Mastercard
        return length == 16
    if digits.startswith(("300", "301", "302", "303", "304", "305", "36", "38", "39")):  # Diners
        return 14 <= length <= 19
    if digits.startswith("35"):  # JCB
        return 16 <= length <= 19
    # Discover, UnionPay, Maestro
    return digits.startswith(("6", "50", "56", "57", "58")) and 12 <= length <= 19


def _card_number(value: str, _: re.Match[str]) -> bool:
    digits = _digits(value)
    if not 13 <= len(digits) <= 19 or not _card_network(digits) or not luhn_valid(digits):
        return False
    groups = re.split(r"[ -]", value)
    if len(groups) == 1:
        return True
    # Written with separators, a card number is grouped like one: 4-4-4-4(-3), 4-6-5 (Amex), 4-6-4 (Diners).
    sizes = [len(group) for group in groups]
    if sizes in ([4, 6, 5], [4, 6, 4]):
        return True
    return len(sizes) >= 3 and all(size == 4 for size in sizes[:-1]) and 1 <= sizes[-1] <= 4


def _ssn_shape(value: str, _: re.Match[str]) -> bool:
    """Bare ###-##-####: only numbers the SSA could have issued (no 000/666/9xx area, 00 group, 0000)."""
    area, group, serial = value.split("-")
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# Words that follow "my password is" in ordinary sentences ("my password is too long").
_PASSWORD_NON_VALUES = _word_set(
    """
    the a an my your his her their our its it this that these those not no too so very still now wrong
    incorrect correct right expired expiring required needed weak strong long short same different changed
    reset saved stored written case on in at for to of and or but with without hard easy simple secure
    insecure compromised leaked forgotten lost ok okay fine good bad like just also probably somewhere what
    which where how when because why there here is was being getting going about over under one something
    nothing everything anything protected encrypted set updated new old default unknown missing invalid
    locked blocked working broken stuck again really definitely literally hidden different private
    secret personal important complicated annoying impossible ridiculous terrible great
    """
)


# "the password is printed on the router", "is expiring", "is usually ...": a lowercase word with an
# -ed/-ing/-ly ending goes on describing the password rather than being it.
_DESCRIBING = re.compile(r"[a-z]{3,}(?:ed|ing|ly)")


def _password_value(value: str, _: re.Match[str]) -> bool:
    bare = value.strip("\"'“”‘’")
    return len(bare) >= 3 and bare.lower() not in _PASSWORD_NON_VALUES and not _DESCRIBING.fullmatch(bare)


def _entropy(value: str) -> float:
    counts = {char: value.count(char) for char in set(value)}
    return -sum(n / len(value) * math.log2(n / len(value)) for n in counts.values())


def looks_like_credential(value: str) -> bool:
    """A key/token-shaped string: long, several character classes or high entropy — not an English word.

    Keeps "my secret is pineapple" and "the token is expired" while catching "hunter2hunter2" and
    "9f8e7d6c5b4a3928".
    """
    bare = value.strip("\"'“”‘’")
    if len(bare) < 8 or " " in bare:
        return False
    has_lower = any(c.islower() for c in bare)
    has_upper = any(c.isupper() for c in bare)
    has_digit = any(c.isdigit() for c in bare)
    has_symbol = any(not c.isalnum() for c in bare)
    classes = has_lower + has_upper + has_digit + has_symbol
    if (has_digit or has_symbol) and classes >= 2:
        return True
    return len(bare) >= 20 and classes >= 2 and _entropy(bare) >= 3.5


def _credential(value: str, _: re.Match[str]) -> bool:
    return looks_like_credential(value)


# Words with digits that are not secrets: numbers with units, dates, times, compounds, versions, e-mail
# addresses, URLs, domains and file names ("10:30am", "2024-03-01", "v3.11.4", "example.com/login").
_ORDINARY_WORD = re.compile(
    r"[#$€£~+-]?\d[\d,.:/-]*(?:[a-z]{1,3}|%)?"
    r"|\d[\d,.]*(?:-[a-z]+)+"  # "3-ingredient", "10-minute"
    r"|v?\d+(?:\.\d+)+[a-z]?"
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
    r"|\S*://\S*|www\.\S*"
    r"|[\w-]+(?:\.[a-z]{2,6})+(?:/\S*)?"
    r"|(?:/[\w.{}<>-]+)+/?|[a-z0-9_.-]+(?:/[a-z0-9_.-]+)+/?"  # a path: "/v1/export", "src/app2.py"
    r"|0x[0-9a-f]+"  # a hex number
)
# Code pasted into a message: a subscript or a call ("tokens[0]", "found[1]", "words(text)").
_CODE = re.compile(r"[A-Za-z_]\w*[\[(]")
# Symbols that ordinary words carry ("e-mail", "o'clock", "alex.r", "snake_case"): not a sign of a secret.
_WORD_SYMBOLS = frozenset("-'’._")
# Symbols people put in passwords, the only ones that make a word without digits secret-shaped
# ("Pass!word"; not "reverse=True" or "(Powertools").
_PASSWORD_SYMBOLS = frozenset("!@#$%^&*?~+")


def secret_shape(word: str) -> int:
    """How secret-like one whitespace-free word is: 0 = an ordinary word, else its character classes (2-4).

    A secret-shaped word is 6-128 characters and mixes letters with digits ("Qz8rTy4w", "correcthorse99")
    or, without digits, upper and lower case with a password symbol ("Pass!word"). Numbers with units,
    dates, times, versions, addresses, URLs, paths, file names and code ("tokens[0]") are ordinary
    words however mixed.
    Used where a credential word already said a secret is near, never on its own.
    """
    if not 6 <= len(word) <= 128 or "[redacted:" in word or _ORDINARY_WORD.fullmatch(word):
        return 0
    if _CODE.search(word) or word.endswith(("'s", "’s")):  # code; a possessive names someone
        return 0
    lower = any(c.islower() for c in word)
    upper = any(c.isupper() for c in word)
    digit = any(c.isdigit() for c in word)
    symbol = any(not c.isalnum() and c not in _WORD_SYMBOLS for c in word)
    classes = lower + upper + digit + symbol + any(c in _WORD_SYMBOLS for c in word) * (not symbol)
    if (lower or upper) and digit:
        return classes
    return classes if lower and upper and any(c in _PASSWORD_SYMBOLS for c in word) else 0


# Quotes, backticks, brackets and sentence punctuation around a word are not part of it.
_EDGE_OPEN = "\"'“‘([`"
_EDGE_CLOSE = ".,;:!?)]\"'’”`"


def _shaped(value: str, _: re.Match[str]) -> bool:
    return secret_shape(value.lstrip(_EDGE_OPEN).rstrip(_EDGE_CLOSE)) > 0


def _min_alnum(count: int) -> Callable[[str, re.Match[str]], bool]:
    def check(value: str, _: re.Match[str]) -> bool:
        return sum(c.isalnum() for c in value) >= count

    return check


def _digit_count(low: int, high: int) -> Callable[[str, re.Match[str]], bool]:
    def check(value: str, _: re.Match[str]) -> bool:
        return low <= len(_digits(value)) <= high

    return check


# "zip code is 94110" and "error code 5003" are not secrets; a bare "code is 4821" is.
_PUBLIC_CODES = _word_set(
    """
    zip area postal post postcode country promo promotional discount coupon voucher referral error status
    exit return tax sort bar qr source dress morse dial iso airport course class product item style color
    colour booking confirmation reference tracking flight gate_number dialing dialling
    """
)


def _private_code(value: str, match: re.Match[str]) -> bool:
    before = match.string[: match.start()].split()
    return not before or before[-1].lower().strip(".,;:'\"") not in _PUBLIC_CODES


# ---------------------------------------------------------------------------------------------------
# Finders that need more than a regex
# ---------------------------------------------------------------------------------------------------

_IBAN_CANDIDATE = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")


def _iban_spans(text: str) -> Iterable[tuple[int, int]]:
    """IBANs with a valid mod-97 checksum; trailing groups are dropped until it validates ("... 00 EUR")."""
    for match in _IBAN_CANDIDATE.finditer(text):
        candidate = match.group(0)
        while True:
            if iban_valid(candidate):
                yield match.start(), match.start() + len(candidate)
                break
            if " " not in candidate:
                break
            candidate = candidate.rsplit(" ", 1)[0]


_SEED_KEYWORD = re.compile(
    rf"\b(?:seed|recovery|mnemonic|backup|secret\s+recovery|wallet)\s+(?:phrase|words?){_QUAL}{_SEP}[\"'“]?",
    _FLAGS,
)
_SEED_WORD = re.compile(r"[a-z]{3,8}")


def _seed_phrase_spans(text: str) -> Iterable[tuple[int, int]]:
    """12-24 lowercase words after a seed/recovery phrase keyword (BIP-39 words are 3-8 letters)."""
    for keyword in _SEED_KEYWORD.finditer(text):
        words = list(re.finditer(r"\S+", text[keyword.end() :]))
        taken = []
        for word in words[:24]:
            if not _SEED_WORD.fullmatch(word.group(0).strip(",.;\"'”")):
                break
            taken.append(word)
        if len(taken) >= 12:
            yield keyword.end() + taken[0].start(), keyword.end() + taken[-1].end()


# A word that says a secret follows, within a few words ("the pass for the vault is ...", "password
# X for the staging box", "my password, which I never change, is ..."). Not when it names a thing
# about passwords ("password manager", "pass rate", "token-based").
_SECRET_WORD = re.compile(
    r"\b(?:pass(?:word|code|phrase)?s?|pass\s+phrase|passwd|pwd|pw|pins?|credentials|creds|tokens?"
    r"|secrets?|(?:(?:api|access|secret|private)[\s_-]?)?keys?|codes?)\b"
    r"(?![-’']|\.\w|\s+(?:managers?|polic(?:y|ies)|resets?|rules?|hints?|fields?|pages?|prompts?|strength"
    r"|requirements?|rates?|marks?|pads?|rotations?|reviews?|freezes?|names?|base|snippets?|blocks?|editors?"
    r"|words?|paths?|of\s+conduct))",
    _FLAGS,
)
_WINDOW_WORDS = 8


def _names_the_keyword(word: str, keyword: str) -> bool:
    """The keyword with a character or two around it ("1Password" after "password") is a name, not a value."""
    singular = re.sub(r"(?<![sS])[sS]$", "", keyword).lower()
    lowered = word.lower()
    return singular in lowered and len(lowered) - len(singular) <= 2


# Words that join a list of values: "my passwords are X and Y", "tokens X, Y".
_JOINS = frozenset({"and", "or", "&", "/", "plus", "then"})


def _shaped_after_keyword_spans(text: str) -> Iterable[tuple[int, int]]:
    """The most secret-shaped word within a few words after a credential word, in the same sentence.

    Only secret-SHAPED words qualify (see `secret_shape`), so "the pass rate was 87%" and "my password
    expired on 2024-03-01" keep their numbers; the keyword itself with a character or two ("1Password")
    is a name, not a value. When a stricter rule already took the keyword's value, the words before
    that placeholder are not looked at (a username: "password for jdoe42 is X") and only values joined
    to it follow it ("X and Y", "X, Y"); a kind inside a placeholder ("[redacted:password]") is no keyword.
    """
    placeholders = [match.span() for match in _PLACEHOLDER_RE.finditer(text)]
    for keyword in _SECRET_WORD.finditer(text):
        if any(begin <= keyword.start() < end for begin, end in placeholders):
            continue
        if keyword.group(0).lower().startswith("code") and not _private_code("", keyword):
            continue  # "promo code SPRING25", "error code 0x8007": public codes
        start = keyword.end()
        line_end = text.find("\n", start)
        window = text[start : line_end if line_end != -1 else len(text)]
        best: tuple[int, int, int] | None = None  # (classes, start, end)
        joined: list[tuple[int, int]] = []
        after_placeholder = expect_value = False
        for position, word in enumerate(re.finditer(r"\S+", window)):
            raw = word.group(0)
            if position >= _WINDOW_WORDS:
                break
            if "[redacted:" in raw:
                best, after_placeholder, expect_value = None, True, raw.endswith((",", "/", ";"))
                continue
            lead = len(raw) - len(raw.lstrip(_EDGE_OPEN))
            bare = raw[lead:].rstrip(_EDGE_CLOSE)
            begin = start + word.start() + lead
            shape = secret_shape(bare)
            if after_placeholder:
                if bare.lower() in _JOINS:
                    expect_value = True
                elif expect_value and shape:
                    joined.append((begin, begin + len(bare)))
                    expect_value = raw.endswith((",", "/", ";"))
                else:
                    break
            elif shape and not _names_the_keyword(bare, keyword.group(0)):
                if best is None or shape > best[0]:
                    best = (shape, begin, begin + len(bare))
            elif raw[-1] in ".!?" and bare:
                break  # the sentence ended without a secret-shaped word
        if best is not None:
            yield best[1], best[2]
        yield from joined


_AWS = re.compile(r"(?<![A-Za-z])aws(?![A-Za-z])", _FLAGS)
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")


def _aws_secret_spans(text: str) -> Iterable[tuple[int, int]]:
    """A 40-character secret access key within a line of the word "aws" (the key has no prefix)."""
    for keyword in _AWS.finditer(text):
        line_end = text.find("\n", keyword.end())
        window = text[keyword.end() : min(keyword.end() + 240, line_end if line_end != -1 else len(text))]
        for match in _AWS_SECRET.finditer(window):
            value = match.group(0)
            if (
                any(c.islower() for c in value)
                and any(c.isupper() for c in value)
                and any(c.isdigit() for c in value)
            ):
                yield keyword.end() + match.start(), keyword.end() + match.end()


def _random_token(value: str, _: re.Match[str]) -> bool:
    """A long run of upper, lower and digits with high entropy: generated, not written by a person."""
    return (
        any(c.islower() for c in value)
        and any(c.isupper() for c in value)
        and any(c.isdigit() for c in value)
        and _entropy(value) >= 4.0
    )


# ---------------------------------------------------------------------------------------------------
# The rules, most specific first (later rules never see an earlier rule's secret: it is a placeholder)
# ---------------------------------------------------------------------------------------------------

_API_KEYWORDS = (
    r"\b(?:api[\s_-]?key|apikey|access[\s_-]?key(?:[\s_-]?id)?|secret[\s_-]?(?:access[\s_-]?)?key"
    r"|(?:client|app|consumer|webhook)[\s_-]?secret|private[\s_-]?key|licen[cs]e[\s_-]?key|product[\s_-]?key"
    r"|signing[\s_-]?key|encryption[\s_-]?key)s?"
)
_TOKEN_KEYWORDS = (
    r"\b(?:(?:access|auth|bearer|refresh|session|api|personal[\s_-]access|bot|oauth|id)[\s_-]?token"
    r"|token|secret)s?"
)
_GOVERNMENT_KEYWORDS = (
    r"\b(?:passport(?:\s+(?:number|no\.?|num|#))?"
    r"|driver['’]?s?\s+licen[cs]e(?:\s+(?:number|no\.?|num|#))?|driving\s+licen[cs]e(?:\s+(?:number|no\.?|#))?"
    r"|licen[cs]e\s+(?:number|no\.?|#)|dl\s*(?:number|no\.?|#)"
    r"|national\s+insurance(?:\s+(?:number|no\.?|#))?|ni\s+(?:number|no\.?)|nino"
    r"|(?:national|government|state|personal|identity)\s+(?:id|identification|identity)(?:\s+card)?(?:\s+(?:number|no\.?|#))?"
    r"|id\s*(?:card\s*)?(?:number|no\.?|#)|identification\s+number|identity\s+card\s+number"
    r"|tax\s*(?:payer\s*)?(?:id(?:entification)?|file|reference|registration)(?:\s*(?:number|no\.?|#))?|tax\s+number"
    r"|(?-i:TIN|EIN|ITIN|UTR|SIN|PAN)|social\s+insurance\s+number"
    r"|aadhaa?r(?:\s+(?:number|no\.?))?|medicare\s+(?:card\s+)?number|nhs\s+number|health\s+card\s+number"
    r"|residen(?:ce|t)\s+(?:permit|card)(?:\s+number)?|green\s+card(?:\s+number)?|visa\s+number"
    r"|alien\s+(?:registration\s+)?number|voter\s+id(?:\s+number)?|military\s+id(?:\s+number)?)"
)
# An id number: letters, digits and dashes with at least one digit, maybe in spaced groups with digits.
_ID_VALUE = (
    rf"(?P<secret>{_FRESH}(?=[A-Za-z0-9-]*\d)[A-Za-z0-9][A-Za-z0-9-]{{3,24}}"
    r"(?:[ ](?=[A-Za-z]*\d)[A-Za-z0-9]{1,8}){0,5})(?![\w-])"
)

_RULES: tuple[_Rule | _FinderRule, ...] = (
    # --- blocks and well-known key formats (unambiguous, so first) ---------------------------------
    _rule(
        PRIVATE_KEY,
        r"-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
        r"(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)",  # a paste cut short is still a key
        flags=0,
    ),
    _rule(TOKEN, r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}", flags=0),  # JWT
    _rule(API_KEY, r"\bsk-ant-[A-Za-z0-9_-]{16,}", flags=0),
    _rule(API_KEY, r"\bsk-(?:proj-|svcacct-|admin-|live-)?[A-Za-z0-9_-]{20,}", flags=0),
    _rule(API_KEY, r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}", flags=0),
    _rule(API_KEY, r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b", flags=0),
    _rule(API_KEY, r"\bAIza[0-9A-Za-z_-]{35}", flags=0),
    _rule(API_KEY, r"\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}", flags=0),
    _rule(TOKEN, r"\bgh[pousr]_[A-Za-z0-9]{30,}", flags=0),
    _rule(TOKEN, r"\bgithub_pat_[A-Za-z0-9_]{20,}", flags=0),
    _rule(TOKEN, r"\bglpat-[A-Za-z0-9_-]{20,}", flags=0),
    _rule(TOKEN, r"\bxox[abposr]-[A-Za-z0-9-]{10,}", flags=0),
    _rule(TOKEN, r"\b(?:hf|npm)_[A-Za-z0-9]{30,}", flags=0),
    _rule(TOKEN, rf"\bbearer\s+(?P<secret>{_FRESH}[A-Za-z0-9._~+/=-]{{8,}})", _credential),
    # user:password@ inside a connection string or URL
    _rule(PASSWORD, r"\b[a-z][a-z0-9+.-]*://[^\s:/@]+:(?P<secret>[^\s@/]+)@"),
    # --- credential pairs ("login is alice / hunter2", "username bob password hunter2") --------------
    _rule(
        PASSWORD,
        rf"\b(?:login|log-in|credentials|creds|user(?:name)?\s*(?:and|&|/)\s*pass(?:word)?){_QUAL}{_SEP}"
        rf"(?P<secret>{_FRESH}\S+\s*(?:/|:)\s*{_TOKEN})",
    ),
    _rule(
        PASSWORD,
        rf"\b(?:user(?:name)?|login|e-?mail)\s*[:=]?\s*\S+\s*[,;/]?\s*(?:password|pass|pwd|pw)\s*[:=]?\s*(?P<secret>{_TOKEN})",
        _password_value,
    ),
    # --- seed phrases, bank accounts, cards, national ids ------------------------------------------
    _FinderRule(SEED_PHRASE, _seed_phrase_spans),
    _FinderRule(BANK_ACCOUNT, _iban_spans),
    _rule(CARD, r"(?<![\w+/.,-])(?P<secret>\d(?:[ -]?\d){12,18})(?![\w/])", _card_number),
    _rule(
        CARD,
        r"\[redacted:card\][^.\n]{0,24}?\b(?:exp(?:iry|ires|iration)?\.?(?:\s+date)?|valid\s+(?:thru|through|until))"
        r"\s*:?\s*(?P<secret>\d{1,2}\s*/\s*\d{2,4})\b",
    ),
    _rule(
        CARD,
        rf"\b(?:cvv2?|cvc2?|csc|cvn|card\s+security\s+code){_QUAL}{_SEP_OR_SPACE}(?P<secret>\d{{3,4}})\b",
    ),
    _rule(SSN, r"(?<![\w-])(?P<secret>\d{3}-\d{2}-\d{4})(?![\w-])", _ssn_shape),
    _rule(
        SSN,
        rf"\b(?:ssn|social\s+security(?:\s+(?:number|no\.?|#))?){_QUAL}{_SEP_OR_SPACE}(?P<secret>\d{{3}}[\s-]?\d{{2}}[\s-]?\d{{4}})\b",
    ),
    # UK National Insurance number (AB123456C), any context: the letter rules make it distinctive.
    _rule(
        GOVERNMENT_ID,
        r"\b(?P<secret>[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D])\b",
        flags=0,
    ),
    _rule(GOVERNMENT_ID, rf"{_GOVERNMENT_KEYWORDS}{_QUAL}{_SEP_OR_SPACE}{_ID_VALUE}", _min_alnum(5)),
    _rule(
        BANK_ACCOUNT,
        rf"\b(?:(?:bank|checking|chequing|savings|current|brokerage|business)\s+)?(?:account|acct|a/c)\.?"
        rf"(?:\s*(?:number|no\.?|num|#))?{_QUAL}{_SEP_OR_SPACE}"
        rf"(?P<secret>{_FRESH}\d(?:[ -]?\d){{5,21}})(?![\w-])",
        _digit_count(6, 22),
    ),
    _rule(
        BANK_ACCOUNT,
        rf"\b(?:routing|aba|transit|bsb)(?:\s*(?:number|no\.?|#|code))?{_QUAL}{_SEP_OR_SPACE}"
        rf"(?P<secret>\d(?:[ -]?\d){{5,8}})\b",
        _digit_count(6, 9),
    ),
    _rule(BANK_ACCOUNT, rf"\bsort\s*code{_QUAL}{_SEP_OR_SPACE}(?P<secret>\d{{2}}[ -]?\d{{2}}[ -]?\d{{2}})\b"),
    # --- PINs and codes -----------------------------------------------------------------------------
    _rule(PIN, rf"\bpins?(?:\s*(?:number|code|no\.?|#))?{_QUAL}{_SEP_OR_SPACE}(?P<secret>\d{{3,12}})\b"),
    _rule(
        PIN,
        rf"\b(?:door|front\s+door|gate|garage|alarm|lock|lockbox|key\s*box|safe|entry|building|keypad|access"
        rf"|security|verification|2fa|mfa|one[\s-]time|otp|login|sms|auth(?:entication)?|unlock|phone|voicemail)"
        rf"\s+(?:code|pin){_QUAL}{_SEP_OR_SPACE}"
        rf"(?P<secret>[#*]?(?=[A-Za-z0-9-]*\d)[A-Za-z0-9][A-Za-z0-9-]{{1,11}}[#*]?)(?![\w-])",
    ),
    _rule(PIN, rf"\b(?:otp|one[\s-]time\s+(?:pass)?code){_QUAL}{_SEP_OR_SPACE}(?P<secret>\d{{4,8}})\b"),
    _rule(
        PIN,
        rf"\b(?:recovery|backup|2fa|mfa|unlock)\s+codes?{_QUAL}{_SEP_OR_SPACE}"
        r"(?P<secret>(?=[A-Za-z0-9-]*\d)[A-Za-z0-9]{3,8}(?:-[A-Za-z0-9]{3,8}){0,5})(?![\w-])",
    ),
    _rule(PIN, rf"\bcode{_QUAL}{_SEP}(?P<secret>[#*]?\d{{4,8}}[#*]?)(?![\w-])", _private_code),
    _rule(
        PIN,
        rf"\bcombination{_QUAL}{_SEP_OR_SPACE}(?P<secret>\d{{1,3}}(?:[\s-]+\d{{1,3}}){{2,3}}|\d{{3,8}})\b",
    ),
    # --- passwords ----------------------------------------------------------------------------------
    _rule(
        PASSWORD,
        rf"\b(?:(?:wi-?fi|network|wpa2?|router)\s+(?:key|pass(?:word)?)|pass(?:word|code|phrase)s?|passwd|pwd|pw)"
        rf"{_QUAL}{_SEP}(?P<secret>{_TOKEN})",
        _password_value,
    ),
    _rule(
        PASSWORD,
        r"\b(?:changed|changing|set|setting|reset|resetting|updated|updating)\s+(?:[\w'’-]+\s+){0,3}?"
        rf"(?:password|passcode|passphrase|pw)\s+to\s+(?P<secret>{_TOKEN})",
        _password_value,
    ),
    # "passcode 9911 for the garage": a pass-word followed straight by digits, with no "is" or ":".
    _rule(PASSWORD, rf"\bpass(?:code|word|phrase)s?{_QUAL}\s+(?P<secret>\d{{3,12}})\b"),
    # --- keys, tokens and secrets named by a keyword ---------------------------------------------------
    _rule(API_KEY, rf"{_API_KEYWORDS}{_QUAL}{_SEP_OR_SPACE}(?P<secret>{_TOKEN})", _credential),
    # a bare "key" only with a separator and a secret-shaped value ("key: 3f9a...", not "keys (Powertools")
    _rule(API_KEY, rf"\bkeys?{_QUAL}{_SEP}(?P<secret>{_TOKEN})", _shaped),
    _rule(TOKEN, rf"{_TOKEN_KEYWORDS}{_QUAL}{_SEP_OR_SPACE}(?P<secret>{_TOKEN})", _credential),
    _FinderRule(API_KEY, _aws_secret_spans),
    # --- by shape: a secret-shaped word near a credential word, either side ----------------------------
    _FinderRule(PASSWORD, _shaped_after_keyword_spans),
    _rule(
        PASSWORD,
        r"(?<![\w\[])(?P<secret>[^\s\[]{6,128}?)[,;:]?\s+(?:is|as|was|=)\s+(?:my|the|our|your|his|her|their)\s+"
        r"(?:[\w'’-]+\s+){0,3}?(?:password|passcode|passphrase|pin|pwd|pass|api\s+key|token|secret)s?\b",
        _shaped,
    ),
    # --- generated tokens with no keyword at all: long, three character classes, high entropy -------
    _rule(TOKEN, r"(?<![\w/+=-])(?P<secret>[A-Za-z0-9_+/=-]{32,})(?![\w/+=-])", _random_token),
)


def redact_secrets(text: str) -> Redaction:
    """Replace every secret in `text` with `[redacted:<kind>]` and list the kinds found.

    Idempotent: redacting an already-redacted text changes nothing. "card ending 4242", dates, phone
    numbers, prices and other ordinary numbers are kept.
    """
    if not text:
        return Redaction(text=text or "")
    kinds: list[str] = []
    for rule in _RULES:
        spans = sorted(set(rule.spans(text)))
        if not spans:
            continue
        # A rule may match around an earlier placeholder but never into one ("[redacted:pass...").
        done = [match.span() for match in _PLACEHOLDER_RE.finditer(text)]
        spans = [span for span in spans if not any(span[0] < end and start < span[1] for start, end in done)]
        if not spans:
            continue
        pieces: list[str] = []
        cursor = 0
        for start, end in spans:
            if start < cursor:  # overlapping candidates of one rule: the first one wins
                continue
            pieces.append(text[cursor:start])
            pieces.append(PLACEHOLDER.format(kind=rule.kind))
            cursor = end
        pieces.append(text[cursor:])
        text = "".join(pieces)
        if rule.kind not in kinds:
            kinds.append(rule.kind)
    return Redaction(text=text, kinds=kinds)
