"""Reading the text of sign block entities across the formats Minecraft has saved them in.

1.21.5+ stores each line as a text component in NBT (a string, or a compound with ``text`` and
``extra``); 1.20-1.21.4 stored lines as JSON strings; 1.18-1.19 used ``Text1``..``Text4``
JSON strings. A string that parses as a JSON text component is read as one (an old world), so a
1.21.5+ line whose literal text is itself valid JSON such as ``"quoted"`` reads without its quotes.
"""

from __future__ import annotations

import json
from typing import Any

LINES = 4


def component_text(component: Any) -> str:
    """Plain text of a text component (NBT or parsed JSON): ``text`` plus ``extra``, in order."""
    if isinstance(component, str):
        return component
    if isinstance(component, list):
        return "".join(component_text(part) for part in component)
    if isinstance(component, dict):
        text = component.get("text", component.get("", ""))
        if not text and "translate" in component:
            text = str(component.get("fallback", component["translate"]))
        return str(text) + "".join(component_text(part) for part in component.get("extra", []))
    return "" if component is None else str(component)


def line_text(line: Any) -> str:
    """One saved sign line as plain text, whichever format it was saved in."""
    if isinstance(line, str) and line[:1] in ('"', "{", "["):
        try:
            return component_text(json.loads(line))
        except ValueError:
            return line
    return component_text(line)


def sign_lines(entity: dict[str, Any], side: str = "front") -> list[str]:
    """The four lines of one side ("front" or "back") of a sign block entity."""
    text = entity.get(f"{side}_text")
    if isinstance(text, dict):
        lines = [line_text(m) for m in text.get("messages", [])]
    elif side == "front":
        lines = [line_text(entity.get(f"Text{i}", "")) for i in range(1, LINES + 1)]
    else:
        lines = []
    return (lines + [""] * LINES)[:LINES]
