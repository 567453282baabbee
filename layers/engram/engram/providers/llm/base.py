"""What the LLM adapters share: offering our tool specs and tool choice in each provider's spelling.

`ToolSpec` and the `tool_choice` convention of `LLM.complete` (None lets the model decide, "any" forces
some tool, a name forces that tool) are ours. Every provider maps them the same way and only spells them
differently, so the mapping lives here once and each adapter states its spelling as a `ToolFormat`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engram.providers.base import ToolSpec


@dataclass(frozen=True)
class ToolFormat:
    """How one provider's request spells the tools it offers and the three kinds of tool choice.

    `container` nests both fields in one object (Bedrock's `toolConfig`); without it they are top-level.
    """

    tools_field: str
    choice_field: str
    spell: Callable[[ToolSpec], dict[str, Any]]
    auto: Any
    any: Any
    named: Callable[[str], Any]
    container: str | None = None

    def choice(self, tool_choice: str | None) -> Any:
        """The provider's spelling of `tool_choice`, a fresh object each time (an SDK may change it)."""
        if tool_choice is None:
            return copy.deepcopy(self.auto)
        if tool_choice == "any":
            return copy.deepcopy(self.any)
        return self.named(tool_choice)

    def request_fields(self, tools: Sequence[ToolSpec], tool_choice: str | None) -> dict[str, Any]:
        """The request fields that offer `tools` under `tool_choice`; none when no tool is offered."""
        if not tools:
            return {}
        fields = {
            self.tools_field: [self.spell(tool) for tool in tools],
            self.choice_field: self.choice(tool_choice),
        }
        return {self.container: fields} if self.container else fields
