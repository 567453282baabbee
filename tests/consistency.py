"""One generic consistency checker: after a write, every view of a user's life tells the same story.

Memories are the one source of truth; edges, profile, timeline, search, recall and export are views of
them. A test states what should be true now as a small declarative `Expect` (the current value of each
(subject, slot), the words that were forgotten, what the timeline must show, which names exist), and
`check` reads every view through the HTTP API and lists each disagreement, labelled with the part of the
system it points at (`PARTS`), so one failure names the component to fix.

`check_derived_views` rebuilds each derived view from the memories alone and compares it with the live
rows (`tests.derived_views`); it runs after every step.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from engram.db.connection import get_database
from tests.derived_views import derived_view_differences
from tests.http_client import ApiClient

PARTS = (
    "derived views",
    "change detection",
    "names/corrections",
    "edges",
    "profile",
    "timeline",
    "search/recall",
    "export",
    "forget",
)

# An active memory may still name an old value when it says that value ended ("left Brightwave").
ENDED = re.compile(
    r"\b(?:left|leaving|quit|resigned|former(?:ly)?|used to|no longer|not .{0,30}any ?more|ex[- ]\w+|"
    r"(?:my|our|an?|his|her|their) ex|last day|"
    r"sold|selling|gave away|given away|traded|got rid|broke up|split up|separated|divorced|"
    r"passed away|died|funeral|moved (?:away )?from|moved out|switched from|instead of|"
    r"stopped|gave up|previous(?:ly)?|let (?:\w+ ){0,2}go|fired|laid off|transferred from|last day)\b",
    re.I,
)
# slot -> (profile category, key) for facts about the user.
PROFILE_KEYS = {
    "employer": ("work", "employer"),
    "job_title": ("work", "job_title"),
    "location": ("location", "home"),
    "school": ("education", "school"),
    "diet": ("health", "diet"),
    "partner": ("relationships", "partner"),
}
# slot -> the relationship types of the edge that holds it.
EDGE_TYPES = {
    "employer": ("works_at",),
    "location": ("lives_in",),
    "school": ("studies_at",),
    "partner": ("partner", "dating", "engaged_to", "married_to"),
}
WINDOW = ("2025-01-01T00:00:00Z", "2026-12-31T23:59:59Z")  # the stories' dates all fall inside it
OWNER = "Me"


@dataclass(frozen=True)
class Current:
    """What is true now for one (subject, slot): `value` (None: nothing now), `was` only as ended."""

    subject: str  # "Me", or a third party's name as the graph names them
    slot: str  # employer, location, school, partner, diet, job_title, car, pet, health ...
    value: str | None
    was: tuple[str, ...] = ()
    ask: str | None = None  # a question whose search and recall must answer with `value`


@dataclass(frozen=True)
class Expect:
    current: tuple[Current, ...] = ()
    forgotten: tuple[str, ...] = ()  # words no view may show any more
    timeline: tuple[str, ...] = ()  # words some timeline entry in WINDOW must carry
    named: tuple[str, ...] = ()  # entity names that exist
    unnamed: tuple[str, ...] = ()  # spellings no entity name, active memory or neighbour carries
    empty: bool = False  # nothing at all is held about the user (after DELETE /v1/me)


@dataclass
class Problems:
    label: str
    found: list[tuple[str, str]] = field(default_factory=list)

    def add(self, part: str, message: str) -> None:
        assert part in PARTS, part
        self.found.append((part, message))

    def raise_any(self) -> None:
        if self.found:
            lines = [f"[{part}] {message}" for part, message in self.found]
            raise AssertionError(f"{self.label}: {len(lines)} disagreement(s)\n  " + "\n  ".join(lines))


def mentions(text: str | None, word: str) -> bool:
    return bool(text) and re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text or "", re.I) is not None


def check_derived_views(user_id: str, problems: Problems) -> None:
    """Rebuild every derived view (edges, profile, dictionaries) from the user's memories alone and
    compare it with the live rows (`tests.derived_views`); each difference is a problem of the step."""
    for view, difference in derived_view_differences(get_database(), user_id).items():
        problems.add(
            "derived views", f"{view} rebuilt from the memories differs from the live rows: {difference}"
        )


class Views:
    """Every view of one user, each read once per step."""

    def __init__(self, api: ApiClient, user: str):
        self.api, self.user = api, user
        self._cache: dict[str, Any] = {}

    def get(self, path: str) -> Any:
        if path not in self._cache:
            response = self.api.get(path, user=self.user)
            assert response.status == 200, (path, response.status, response.body)
            self._cache[path] = response.body
        return self._cache[path]

    def post(self, path: str, body: dict) -> Any:
        key = path + json.dumps(body, sort_keys=True)
        if key not in self._cache:
            response = self.api.post(path, body, user=self.user)
            assert response.status == 200, (path, body, response.status, response.body)
            self._cache[key] = response.body
        return self._cache[key]

    def memories(self, status: str = "active") -> list[dict]:
        return self.get(f"/v1/memories?status={status}&include_historical=true&limit=200")["items"]

    def neighbors(self, name: str) -> dict | None:
        response = self.api.get(f"/v1/graph/neighbors?entity={quote(name)}", user=self.user)
        return response.body if response.status == 200 else None

    def entity(self, entity_id: str) -> dict:
        return self.get(f"/v1/entities/{entity_id}")

    def entities(self) -> list[dict]:
        return self.get("/v1/entities?limit=200&include_owner=true")["items"]

    def profile(self) -> dict:
        return self.get("/v1/profile")

    def export(self) -> dict:
        return self.get("/v1/export")

    def timeline(self) -> dict:
        window = {"start": WINDOW[0], "end": WINDOW[1], "limit": 1000, "sensitivity_max": "sensitive"}
        return self.post("/v1/timeline", window)

    # Search, recall and the timeline are read at the `sensitive` ceiling: breakups, illness and deaths
    # are sensitive by the privacy rules, and these stories check that the views agree on them; what
    # each ceiling hides is tests/api/test_sensitivity_ceiling.py's concern.
    def search(self, query: str) -> list[dict]:
        body = {"query": query, "include_historical": True, "limit": 20, "sensitivity_max": "sensitive"}
        return self.post("/v1/search", body)["results"]

    def recall(self, query: str) -> dict:
        return self.post("/v1/recall", {"query": query, "sensitivity_max": "sensitive"})


def check(api: ApiClient, user: str, expect: Expect, label: str) -> None:
    """Read every view of `user` and fail with every disagreement with `expect` (or between views)."""
    problems = disagreements(api, user, expect, label)
    check_derived_views(user, problems)
    problems.raise_any()


def disagreements(api: ApiClient, user: str, expect: Expect, label: str) -> Problems:
    """Every disagreement with `expect` (or between views) after one step, without failing."""
    views, problems = Views(api, user), Problems(label)
    # Export first, as a client that never opened the profile would: a profile built only when it is
    # first read would otherwise look fresh in the export.
    views.export()
    if expect.empty:
        _check_empty(views, problems)
    for current in expect.current:
        _check_memories(views, current, problems)
        _check_edges(views, current, problems)
        _check_profile(views, current, problems)
        _check_search_recall(views, current, problems)
    _check_names(views, expect, problems)
    _check_timeline(views, expect, problems)
    _check_export(views, problems)
    for word in expect.forgotten:
        _check_forgotten(views, word, problems)
    return problems


def _check_empty(views: Views, problems: Problems) -> None:
    for status in ("active", "superseded", "archived"):
        if views.memories(status):
            problems.add("forget", f"{status} memories remain after forgetting the user")
    export = views.export()
    held = {k: len(v) for k, v in export.items() if isinstance(v, list) and v}
    if held:
        problems.add("forget", f"export still holds {held}")
    if views.profile()["items"]:
        problems.add("forget", "the profile is not empty")


def _check_memories(views: Views, current: Current, problems: Problems) -> None:
    active = views.memories()
    where = f"{current.subject}.{current.slot}"
    if current.value is not None and not any(mentions(m["content"], current.value) for m in active):
        problems.add("change detection", f"{where}: no active memory says {current.value!r}")
    about = [m for m in active if current.subject == OWNER or mentions(m["content"], current.subject)]
    for old in current.was:
        for memory in about:
            text = memory["content"]
            if mentions(text, old) and not _says_change(text, current.value):
                problems.add(
                    "change detection", f"{where}: active memory still presents {old!r} as now: {text!r}"
                )


def _says_change(text: str, value: str | None) -> bool:
    return (value is not None and mentions(text, value)) or ENDED.search(text) is not None


def _node_names(body: dict) -> dict[str, str]:
    names = {body["entity"]["id"]: body["entity"]["name"]}
    names.update({n["id"]: n["name"] for n in body["nodes"]})
    return names


def _other(edge: dict, me: str, names: dict[str, str]) -> str:
    other = edge["to_entity_id"] if edge["from_entity_id"] == me else edge["from_entity_id"]
    return names.get(other, other)


def _check_edges(views: Views, current: Current, problems: Problems) -> None:
    types = EDGE_TYPES.get(current.slot)
    if types is None:
        return
    where = f"{current.subject}.{current.slot}"
    body = views.neighbors(current.subject)
    if body is None:
        problems.add("edges", f"{where}: /v1/graph/neighbors knows no {current.subject!r}")
        return
    me, names = body["entity"]["id"], _node_names(body)
    live = [
        _other(e, me, names)
        for e in body["edges"]
        if e["relationship_type"] in types
        and e["valid_to"] is None
        and me in (e["from_entity_id"], e["to_entity_id"])
    ]
    if current.value is not None and not any(mentions(n, current.value) for n in live):
        problems.add(
            "edges", f"{where}: neighbors has no current {types[0]} edge to {current.value!r} ({live})"
        )
    for old in current.was:
        if any(mentions(n, old) for n in live):
            problems.add("edges", f"{where}: neighbors still shows a current {types[0]} edge to {old!r}")
    detail = views.entity(me)
    now = [r["other"]["name"] for r in detail["relationships"] if r["relationship_type"] in types]
    ended = [
        r["other"]["name"]
        for r in detail["relationship_history"]
        if r["relationship_type"] in types and r["valid_to"] is not None
    ]
    if current.value is not None and not any(mentions(n, current.value) for n in now):
        problems.add("edges", f"{where}: /v1/entities/{{id}} has no current {types[0]} to {current.value!r}")
    for old in current.was:
        if any(mentions(n, old) for n in now):
            problems.add("edges", f"{where}: /v1/entities/{{id}} still holds {types[0]} {old!r} as current")
        if not any(mentions(n, old) for n in ended):
            problems.add("edges", f"{where}: /v1/entities/{{id}} history has no ended {types[0]} to {old!r}")


def _check_profile(views: Views, current: Current, problems: Problems) -> None:
    if current.subject != OWNER or current.slot not in PROFILE_KEYS:
        return
    category, key = PROFILE_KEYS[current.slot]
    shown = views.profile()["profile"].get(category, {}).get(key)
    where = f"profile {category}.{key}"
    if current.value is not None and not mentions(shown, current.value):
        problems.add("profile", f"{where} is {shown!r}, the memories say {current.value!r}")
    for old in current.was:
        if mentions(shown, old) and not mentions(shown, current.value or "\0"):
            problems.add("profile", f"{where} still says {shown!r}")


def _check_search_recall(views: Views, current: Current, problems: Problems) -> None:
    if current.ask is None:
        return
    results = views.search(current.ask)
    hits = [r for r in results if current.value and mentions(r["content"], current.value)]
    if current.value is not None and not hits:
        problems.add("search/recall", f"search {current.ask!r} does not find {current.value!r}")
    for old in current.was:
        stale = [
            i
            for i, r in enumerate(results)
            if mentions(r["content"], old)
            and not (r["status"] == "active" and _says_change(r["content"], current.value))
        ]
        fresh = [
            i
            for i, r in enumerate(results)
            if r["status"] == "active"
            and (r in hits or (current.value is None and ENDED.search(r["content"])))
        ]
        if stale and (not fresh or stale[0] < fresh[0]):
            problems.add(
                "search/recall",
                f"search {current.ask!r} ranks {results[stale[0]]['content']!r} "
                f"({results[stale[0]]['status']}) above the current memory",
            )
    context = views.recall(current.ask)["context"] or ""
    live_context = context.split("<historical_context>")[0]
    if current.value is not None and not mentions(context, current.value):
        problems.add("search/recall", f"recall {current.ask!r} does not mention {current.value!r}")
    for old in current.was:
        for line in live_context.splitlines():
            if mentions(line, old) and not _says_change(line, current.value):
                problems.add("search/recall", f"recall {current.ask!r} presents {old!r} as now: {line!r}")


def _check_names(views: Views, expect: Expect, problems: Problems) -> None:
    if not (expect.named or expect.unnamed):
        return
    names = [e["name"] for e in views.entities()]
    for name in expect.named:
        if not any(n.lower() == name.lower() for n in names):
            problems.add("names/corrections", f"no entity is named {name!r} ({names})")
    for name in expect.unnamed:
        if any(mentions(n, name) for n in names):
            problems.add("names/corrections", f"an entity is still named {name!r}")
        for memory in views.memories():
            if mentions(memory["content"], name):
                problems.add(
                    "names/corrections", f"active memory still spells {name!r}: {memory['content']!r}"
                )
        me = views.neighbors(OWNER)
        if me and any(mentions(n, name) for n in _node_names(me).values()):
            problems.add("names/corrections", f"neighbors of Me still shows {name!r}")


def _timeline_text(views: Views) -> str:
    events = [e for day in views.timeline()["days"] for e in day["events"]]
    return "\n".join(f"{e['title']} {e.get('description') or ''}" for e in events)


def _check_timeline(views: Views, expect: Expect, problems: Problems) -> None:
    if not expect.timeline:
        return
    text = _timeline_text(views)
    for word in expect.timeline:
        if not mentions(text, word):
            problems.add("timeline", f"the timeline has no entry about {word!r}")


def _check_export(views: Views, problems: Problems) -> None:
    listed = {m["id"]: m["content"] for m in views.memories()}
    exported = {m["id"]: m["content"] for m in views.export()["memories"] if m["status"] == "active"}
    if listed != exported:
        only_list = sorted(set(listed.values()) - set(exported.values()))
        only_export = sorted(set(exported.values()) - set(listed.values()))
        problems.add(
            "export", f"active memories differ: only listed {only_list}, only exported {only_export}"
        )
    profile = {
        (i["category"], i["key"], i["value"]) for i in views.profile()["items"] if i["valid_to"] is None
    }
    exported_profile = {
        (i["category"], i["key"], i["value"]) for i in views.export()["profile"] if i.get("valid_to") is None
    }
    if profile != exported_profile:
        problems.add(
            "export", f"profile differs: live {sorted(profile)}, exported {sorted(exported_profile)}"
        )


def _check_forgotten(views: Views, word: str, problems: Problems) -> None:
    places: dict[str, Any] = {
        "memories": [views.memories(s) for s in ("active", "superseded", "archived")],
        "export": views.export(),
        "profile": views.profile(),
        "entities": views.entities(),
        "neighbors of Me": views.neighbors(OWNER),
        "timeline": views.timeline(),
        "search": views.search(word),
        "recall": views.recall(f"what did I tell you about {word}?")["context"],
    }
    for place, body in places.items():
        if mentions(json.dumps(body, ensure_ascii=False), word):
            problems.add("forget", f"{word!r} is still in {place}")
