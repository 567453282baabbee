"""The base form of an irregular verb's past forms: "won" is "win", "met" is "meet", "bought" is "buy".

Full text stems words ("played" and "play" meet at "play"), but no stemmer joins "won" to "win": a
question asks in the base form after "did" ("what did the team win?", "where did Tom meet Ana?") about a
memory told in the past ("We even won a trophy", "Tom and Ana met in Leeds"). A memory's concepts
(`engram.language.concepts`) therefore hold the base forms of its irregular past forms. Forms that are
common words in another sense ("left", "found", "saw", "felt", "lay", "bit") are not listed. Pure: no I/O.
"""

from __future__ import annotations

# base: its past forms that differ from it and from each other's stems
_FORMS: dict[str, str] = {
    "arise": "arose arisen", "awake": "awoke awoken", "become": "became", "begin": "began begun",
    "bend": "bent", "bleed": "bled", "blow": "blew blown", "break": "broke broken", "breed": "bred",
    "bring": "brought", "build": "built", "burn": "burnt", "buy": "bought", "catch": "caught",
    "choose": "chose chosen", "cling": "clung", "come": "came", "creep": "crept", "deal": "dealt",
    "dig": "dug", "draw": "drew drawn", "dream": "dreamt", "drink": "drank drunk", "drive": "drove driven",
    "eat": "ate eaten", "fall": "fell fallen", "feed": "fed", "fight": "fought", "flee": "fled",
    "fly": "flew flown", "forbid": "forbade forbidden", "forget": "forgot forgotten",
    "forgive": "forgave forgiven", "freeze": "froze frozen", "get": "got gotten", "give": "gave given",
    "go": "went gone", "grind": "ground", "grow": "grew grown", "hang": "hung", "hear": "heard",
    "hide": "hid hidden", "hold": "held", "keep": "kept", "kneel": "knelt", "know": "knew known",
    "lead": "led", "lean": "leant", "leap": "leapt", "learn": "learnt", "lend": "lent", "lose": "lost",
    "make": "made", "mean": "meant", "meet": "met", "pay": "paid", "ride": "rode ridden", "ring": "rang rung",
    "rise": "rose risen", "run": "ran", "say": "said", "see": "seen", "seek": "sought", "sell": "sold",
    "send": "sent", "shake": "shook shaken", "shine": "shone", "shoot": "shot", "shrink": "shrank shrunk",
    "sing": "sang sung", "sink": "sank sunk", "sit": "sat", "sleep": "slept", "slide": "slid",
    "speak": "spoke spoken", "speed": "sped", "spend": "spent", "spin": "spun", "spring": "sprang sprung",
    "stand": "stood", "steal": "stole stolen", "stick": "stuck", "sting": "stung", "stink": "stank stunk",
    "strike": "struck", "swear": "swore sworn", "sweep": "swept", "swim": "swam swum", "swing": "swung",
    "take": "took taken", "teach": "taught", "tear": "tore torn", "tell": "told", "think": "thought",
    "throw": "threw thrown", "understand": "understood", "wake": "woke woken", "wear": "wore worn",
    "weep": "wept", "win": "won", "wind": "wound", "write": "wrote written",
}  # fmt: skip

BASE_FORMS: dict[str, str] = {form: base for base, forms in _FORMS.items() for form in forms.split()}


def base_form(word: str) -> str | None:
    """The base form of `word` (lowercase) if it is an irregular verb's past form, else None."""
    return BASE_FORMS.get(word)
