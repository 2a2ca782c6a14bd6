"""What a configuration's set-up commands do, read from their text: the items they give, the
time and weather they set, and the relative positions they change (blocks) or fill (mobs).

Composition (``mcu.compose``) and the hard transform (``mcu.difficulty``) need this to refuse
conflicting or impossible tasks and to keep decoys off the task's own blocks. It reads the forms
MCU/MineStudio configurations and ours use (``/give``, ``/replaceitem``, ``/item replace``,
``/time set``, ``/weather``, ``/setblock``, ``/fill``, ``/summon``, ``/execute ... run ...``);
anything else, and absolute or ``^`` coordinates, is ignored: the reading is a static, best-effort
one, never a substitute for running the commands in the engine.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from odyssey.world.items import items, strip_namespace

Pos = tuple[int, int, int]
Box = tuple[Pos, Pos]  # inclusive corners, min first

TIMES = {"day": 1000, "noon": 6000, "night": 13000, "midnight": 18000, "sunrise": 23000,
         "sunset": 12000, "dusk": 12000}  # fmt: skip
RAINY = ("rain", "thunder")
_NBT = re.compile(r"[\[{].*$")  # item components or NBT after the id


def core(line: str) -> list[str]:
    """The command's words without the slash, with ``/execute ... run`` prefixes removed."""
    words = line.strip().lstrip("/").split()
    while words and words[0] == "execute" and "run" in words:
        words = words[words.index("run") + 1 :]
    return words


def item_name(token: str) -> str:
    """``minecraft:diamond_sword[enchantments=...]`` -> ``diamond_sword``."""
    return strip_namespace(_NBT.sub("", token))


def given_items(commands: tuple[str, ...] | list[str]) -> list[tuple[str, int]]:
    """(item, count) for each ``/give``, ``/replaceitem`` and ``/item replace ... with``."""
    out: list[tuple[str, int]] = []
    for line in commands:
        w = core(line)
        if len(w) >= 3 and w[0] == "give":
            out.append((item_name(w[2]), _count(w[3:4])))
        elif len(w) >= 5 and w[0] == "replaceitem":
            out.append((item_name(w[4]), _count(w[5:6])))
        elif w[:2] == ["item", "replace"] and "with" in w:
            i = w.index("with")
            if len(w) > i + 1:
                out.append((item_name(w[i + 1]), _count(w[i + 2 : i + 3])))
    return out


def _count(word: list[str]) -> int:
    return int(word[0]) if word and word[0].isdigit() else 1


def slots_used(commands: tuple[str, ...] | list[str]) -> int:
    """An upper estimate of the inventory slots the given items take (stacks of their size)."""
    reg = items()
    used = 0
    for item, count in given_items(commands):
        stack = reg.item(item).stack_size if reg.has(item) else 1
        used += max(1, math.ceil(count / stack))
    return used


def time_set(commands: tuple[str, ...] | list[str]) -> list[int]:
    """The times of day the commands set (``/time set night`` -> 13000), in order."""
    out = []
    for line in commands:
        w = core(line)
        if w[:2] == ["time", "set"] and len(w) >= 3:
            value = w[2].removesuffix("t") if w[2][:-1].isdigit() else w[2]  # "13000t"
            out.append(TIMES.get(value, int(value) if value.isdigit() else -1))
    return out


def weather_set(commands: tuple[str, ...] | list[str]) -> list[str]:
    """The weathers the commands set (``clear``, ``rain``, ``thunder``), in order."""
    return [w[1] for w in map(core, commands) if w[:1] == ["weather"] and len(w) >= 2]


def is_time_or_weather(line: str) -> bool:
    w = core(line)
    return w[:2] == ["time", "set"] or w[:1] == ["weather"]


def _rel(words: list[str]) -> Pos | None:
    """Three ``~``-relative coordinates as whole-block offsets; None for any other form."""
    if len(words) < 3 or not all(t.startswith("~") for t in words[:3]):
        return None
    try:
        return tuple(math.floor(float(t[1:] or 0)) for t in words[:3])  # type: ignore[return-value]
    except ValueError:
        return None


def block_boxes(commands: tuple[str, ...] | list[str]) -> list[tuple[Box, str]]:
    """(box, command) for each ``/setblock`` and ``/fill`` at relative coordinates."""
    out: list[tuple[Box, str]] = []
    for line in commands:
        w = core(line)
        if w[:1] == ["setblock"] and (p := _rel(w[1:4])) is not None:
            out.append(((p, p), line))
        elif w[:1] == ["fill"] and (a := _rel(w[1:4])) and (b := _rel(w[4:7])):
            lo = tuple(min(i, j) for i, j in zip(a, b, strict=True))
            hi = tuple(max(i, j) for i, j in zip(a, b, strict=True))
            out.append(((lo, hi), line))  # type: ignore[arg-type]
    return out


def placed_blocks(commands: tuple[str, ...] | list[str]) -> list[tuple[Pos, str]]:
    """(position, block) for each ``/setblock`` at relative coordinates."""
    out = []
    for line in commands:
        w = core(line)
        if w[:1] == ["setblock"] and len(w) >= 5 and (p := _rel(w[1:4])) is not None:
            out.append((p, item_name(w[4])))
    return out


def summon_points(commands: tuple[str, ...] | list[str]) -> list[tuple[Pos, str]]:
    """(position, command) for each ``/summon`` at relative coordinates (none given: ``~ ~ ~``)."""
    out = []
    for line in commands:
        w = core(line)
        if w[:1] == ["summon"] and len(w) >= 2:
            p = (0, 0, 0) if len(w) == 2 else _rel(w[2:5])
            if p is not None:
                out.append((p, line))
    return out


def occupied(commands: tuple[str, ...] | list[str]) -> list[Box]:
    """Every relative box the commands change or put a mob in."""
    return [b for b, _ in block_boxes(commands)] + [(p, p) for p, _ in summon_points(commands)]


def overlaps(a: Box, b: Box, margin: int = 0) -> bool:
    return all(a[0][i] - margin <= b[1][i] and b[0][i] <= a[1][i] + margin for i in range(3))


def position_conflict(a: tuple[str, ...], b: tuple[str, ...]) -> str | None:
    """Why two command lists get in each other's way (one changes a block where the other
    places a different one or puts a mob), or None. Identical commands never conflict."""
    boxes_a, boxes_b = block_boxes(a), block_boxes(b)
    mobs_a, mobs_b = summon_points(a), summon_points(b)
    pairs = [(x, y) for x in boxes_a for y in boxes_b + [((p, p), c) for p, c in mobs_b]]
    pairs += [(y, x) for y in boxes_b for x in [((p, p), c) for p, c in mobs_a]]
    for (box1, cmd1), (box2, cmd2) in pairs:
        if cmd1.strip() != cmd2.strip() and overlaps(box1, box2):
            return f"{cmd1!r} and {cmd2!r} touch the same blocks"
    return None


@dataclass(frozen=True)
class ToolUse:
    """A tool kind and how good a tool of it is (harvest level; 0 for untiered tools)."""

    kind: str
    rank: int


HARVEST_RANK = {"wooden": 0, "golden": 0, "stone": 1, "copper": 1, "iron": 2, "diamond": 3,
                "netherite": 4}  # fmt: skip


def tool_use(item: str) -> ToolUse:
    """An item's tool kind (``pickaxe``...; the item itself when it is no tiered tool, such as
    ``bow`` or ``flint_and_steel``) and its harvest rank."""
    reg = items()
    t = reg.item(item) if reg.has(item) else None
    if t is None or t.tool_kind is None:
        return ToolUse(strip_namespace(item), 0)
    return ToolUse(t.tool_kind, HARVEST_RANK.get(t.tool_tier or "", 0))
