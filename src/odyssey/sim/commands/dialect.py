"""The ``minestudio-1.16`` dialect: MineStudio/MCU set-up commands rewritten as 1.21.11 commands.

Each rewrite is reported (``Translation``: original, translated, what changed). What changes:

* ``replaceitem entity|block <target> <slot> <item> [count]`` → ``item replace ... with ...``.
* Item ids that never existed in 1.16.5 but whose meaning is clear (MCU's invalid ids, notes
  §2.5), and ids renamed since: see ``ITEM_RENAMES``. Generic ``shovel``/``hoe`` become the iron
  tools, the tier MCU's other configs give for the same tasks (plant_wheats: ``iron_hoe``).
  ``water_bottle`` becomes ``potion[potion_contents={potion:"minecraft:water"}]``.
* Item NBT → data components (``Enchantments`` → ``enchantments``, ``Potion`` →
  ``potion_contents``, ``display.Name``/``Lore`` → ``custom_name``/``lore`` as SNBT text, ...);
  tags 1.21.11 has no component for go to ``custom_data``, as the game's own data fixer does.
* Entity ids renamed since 1.16 (``boat`` → ``oak_boat``); villager ``Profession`` →
  ``VillagerData``.
* 1.12 data values after a block (``fill ... dirt 0``): a ``0`` is dropped.
* ``weather <kind> <n>``: 1.16 counted seconds, 1.21.11 counts ticks, so ``n`` becomes ``ns``.
* Game rules: camelCase names → 1.21.11 snake_case.
* A line without a leading ``/`` is noted: MineStudio sends it as chat, so it did nothing there.
* Chest ``{LootTable:"..."}`` stays: containers read the same key in 1.21.11 (noted, unchanged).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from odyssey.sim.commands.cmd_world import OLD_RULE_NAMES
from odyssey.sim.commands.errors import CommandError
from odyssey.sim.commands.reader import RESOURCE_CHARS, Reader
from odyssey.sim.commands.snbt import Byte, Double, Int, SnbtError, parse_snbt, to_snbt

DIALECTS = ("minestudio-1.16",)
ITEM_RENAMES = {
    "planks": "oak_planks", "wool": "white_wool", "carpet": "white_carpet", "bed": "red_bed",
    "boat": "oak_boat", "log": "oak_log", "log2": "acacia_log", "leaves": "oak_leaves",
    "sapling": "oak_sapling", "fence": "oak_fence", "wooden_door": "oak_door",
    "raw_beef": "beef", "raw_chicken": "chicken", "raw_porkchop": "porkchop",
    "raw_mutton": "mutton", "raw_rabbit": "rabbit", "raw_cod": "cod", "raw_salmon": "salmon",
    "raw_fish": "cod", "seeds": "wheat_seeds", "shovel": "iron_shovel", "hoe": "iron_hoe",
    "grass": "short_grass", "scute": "turtle_scute", "grass_path": "dirt_path",
}  # fmt: skip
BLOCK_RENAMES = {
    "planks": "oak_planks", "wool": "white_wool", "carpet": "white_carpet", "log": "oak_log",
    "leaves": "oak_leaves", "sapling": "oak_sapling", "fence": "oak_fence",
    "grass": "short_grass", "grass_path": "dirt_path",
}  # fmt: skip
ENTITY_RENAMES = {"boat": "oak_boat", "chest_boat": "oak_chest_boat", "potion": "splash_potion"}
WATER_BOTTLE = 'minecraft:potion[potion_contents={potion:"minecraft:water"}]'
# Tags with a direct component; everything else in an item's NBT becomes custom_data.
_SIMPLE_COMPONENTS = {"Damage": "damage", "RepairCost": "repair_cost"}


@dataclass(frozen=True)
class Translation:
    """One command line before and after the dialect, with a note per change."""

    original: str
    translated: str
    changes: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        return self.original != self.translated


def translate(line: str, dialect: str = "minestudio-1.16") -> Translation:
    """``line`` rewritten from ``dialect`` into 1.21.11 syntax (unchanged if nothing applies)."""
    if dialect not in DIALECTS:
        raise CommandError(f"Unknown command dialect '{dialect}' (known: {', '.join(DIALECTS)})")
    slash = "/" if line.startswith("/") else ""
    tokens = split_arguments(line[len(slash) :])
    changes: list[str] = []
    if not slash:
        changes.append("no leading '/': MineStudio sends such a line as chat (no effect there)")
    tokens = _translate_tokens(tokens, changes)
    return Translation(line, slash + " ".join(tokens), tuple(changes))


def split_arguments(text: str) -> list[str]:
    """Split on spaces outside quotes, brackets and braces (SNBT and components stay whole)."""
    tokens, current, depth, quote = [], [], 0, ""
    escaped = False
    for char in text:
        if quote:
            current.append(char)
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
            continue
        if char == " " and depth == 0:
            tokens.append("".join(current))
            current = []
            continue
        if char in "\"'":
            quote = char
        depth += char in "[{"
        depth -= char in "]}"
        current.append(char)
    tokens.append("".join(current))
    return tokens


def _translate_tokens(tokens: list[str], changes: list[str]) -> list[str]:
    name = tokens[0]
    if name == "execute" and "run" in tokens:
        at = tokens.index("run") + 1
        return tokens[:at] + _translate_tokens(tokens[at:], changes)
    handler = _HANDLERS.get(name)
    return handler(list(tokens), changes) if handler else tokens


def _at(tokens: list[str], index: int, fix, changes: list[str]) -> None:
    if index < len(tokens):
        tokens[index] = fix(tokens[index], changes)


def _give(tokens: list[str], changes: list[str]) -> list[str]:
    _at(tokens, 2, translate_item, changes)
    return tokens


def _clear(tokens: list[str], changes: list[str]) -> list[str]:
    if len(tokens) > 2 and tokens[2] != "*":
        tokens[2] = translate_item(tokens[2], changes)
    return tokens


def _replaceitem(tokens: list[str], changes: list[str]) -> list[str]:
    """``replaceitem entity <t> <slot> <item> [n]`` / ``replaceitem block <x y z> <slot> ...``."""
    slot_at = 3 if len(tokens) > 1 and tokens[1] == "entity" else 5
    if len(tokens) <= slot_at + 1:
        return tokens
    item = translate_item(tokens[slot_at + 1], changes)
    changes.append("replaceitem (removed in 1.17) → item replace ... with")
    return ["item", "replace", *tokens[1 : slot_at + 1], "with", item, *tokens[slot_at + 2 :]]


def _setblock(tokens: list[str], changes: list[str]) -> list[str]:
    _at(tokens, 4, translate_block, changes)
    return _drop_data_value(tokens, 5, changes)


def _fill(tokens: list[str], changes: list[str]) -> list[str]:
    _at(tokens, 7, translate_block, changes)
    tokens = _drop_data_value(tokens, 8, changes)
    if len(tokens) > 9 and tokens[8] == "replace":
        _at(tokens, 9, translate_block, changes)
        tokens = _drop_data_value(tokens, 10, changes)
    return tokens


def _drop_data_value(tokens: list[str], index: int, changes: list[str]) -> list[str]:
    if index < len(tokens) and tokens[index] == "0":
        changes.append(f"1.12 data value 0 after {tokens[index - 1]} dropped")
        return tokens[:index] + tokens[index + 1 :]
    return tokens


def _summon(tokens: list[str], changes: list[str]) -> list[str]:
    _at(tokens, 1, translate_entity, changes)
    if len(tokens) > 5 and tokens[5].startswith("{"):
        tokens[5] = _entity_nbt(tokens[5], changes)
    return tokens


def _weather(tokens: list[str], changes: list[str]) -> list[str]:
    if len(tokens) > 2 and tokens[2].isdigit():
        changes.append(f"weather duration {tokens[2]} s (1.16 seconds) → {tokens[2]}s")
        tokens[2] += "s"
    return tokens


def _gamerule(tokens: list[str], changes: list[str]) -> list[str]:
    if len(tokens) > 1 and tokens[1] in OLD_RULE_NAMES:
        changes.append(f"game rule {tokens[1]} → {OLD_RULE_NAMES[tokens[1]]}")
        tokens[1] = OLD_RULE_NAMES[tokens[1]]
    return tokens


_HANDLERS = {"give": _give, "clear": _clear, "replaceitem": _replaceitem,
             "setblock": _setblock, "fill": _fill, "summon": _summon, "weather": _weather,
             "gamerule": _gamerule}  # fmt: skip


def _split_id(token: str) -> tuple[str, str]:
    reader = Reader(token)
    name = reader.read_while(RESOURCE_CHARS)
    return name, token[len(name) :]


def _bare(name: str) -> str:
    return name.removeprefix("minecraft:")


def translate_item(token: str, changes: list[str]) -> str:
    """An item argument: old id renamed, ``{nbt}`` turned into ``[components]``."""
    name, rest = _split_id(token)
    bare = _bare(name)
    if bare == "water_bottle":
        changes.append(f"item {name} → potion with water contents")
        base = WATER_BOTTLE
    elif bare in ITEM_RENAMES:
        base = f"minecraft:{ITEM_RENAMES[bare]}"
        changes.append(f"item {name} → {base}")
    else:
        base = name
    if not rest.startswith("{"):
        return base + rest
    try:
        nbt = parse_snbt(rest)
    except SnbtError:
        return base + rest  # left for the parser to reject with its own message
    components = item_components(nbt, changes)
    if base.endswith("]"):
        return base[:-1] + "," + components[1:]
    return base + components


def item_components(nbt: dict, changes: list[str]) -> str:
    """1.16 item NBT as a 1.21.11 ``[component=value,...]`` list."""
    parts: list[str] = []
    rest = dict(nbt)
    for tag, key in (
        ("Enchantments", "enchantments"),
        ("StoredEnchantments", "stored_enchantments"),
    ):
        if tag in rest:
            levels = {e["id"] if ":" in str(e["id"]) else f"minecraft:{e['id']}": Int(e["lvl"])
                      for e in rest.pop(tag)}  # fmt: skip
            parts.append(f"{key}={to_snbt(levels)}")
            changes.append(f"NBT {tag} → {key} component")
    if "Potion" in rest:
        parts.append(f"potion_contents={to_snbt({'potion': rest.pop('Potion')})}")
        changes.append("NBT Potion → potion_contents component")
    if isinstance(rest.get("display"), dict):
        parts += _display(rest.pop("display"), changes)
    for tag, key in _SIMPLE_COMPONENTS.items():
        if tag in rest:
            parts.append(f"{key}={to_snbt(Int(rest.pop(tag)))}")
            changes.append(f"NBT {tag} → {key} component")
    if rest.pop("Unbreakable", 0):
        parts.append("unbreakable={}")
        changes.append("NBT Unbreakable → unbreakable component")
    if rest:
        parts.append(f"custom_data={to_snbt(rest)}")
        changes.append(f"NBT {', '.join(rest)} → custom_data component")
    return "[" + ",".join(parts) + "]"


def _display(display: dict, changes: list[str]) -> list[str]:
    parts = []
    if "Name" in display:
        parts.append(f"custom_name={to_snbt(text_component(display['Name']))}")
        changes.append("NBT display.Name → custom_name component")
    if "Lore" in display:
        lore = [text_component(line) for line in display["Lore"]]
        parts.append(f"lore={to_snbt(lore)}")
        changes.append("NBT display.Lore → lore component")
    if "color" in display:
        parts.append(f"dyed_color={int(display['color'])}")
        changes.append("NBT display.color → dyed_color component")
    return parts


def text_component(text: str) -> object:
    """A 1.16 JSON text string as a 1.21.11 SNBT text component (plain text stays a string)."""
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, TypeError):
        return str(text)
    return _json_to_nbt(value)


def _json_to_nbt(value: object) -> object:
    if isinstance(value, bool):
        return Byte(value)
    if isinstance(value, int):
        return Int(value)
    if isinstance(value, float):
        return Double(value)
    if isinstance(value, list):
        return [_json_to_nbt(v) for v in value]
    if isinstance(value, dict):
        return {k: _json_to_nbt(v) for k, v in value.items()}
    return value


def translate_block(token: str, changes: list[str]) -> str:
    name, rest = _split_id(token)
    bare = _bare(name)
    if bare in BLOCK_RENAMES:
        changes.append(f"block {name} → minecraft:{BLOCK_RENAMES[bare]}")
        name = f"minecraft:{BLOCK_RENAMES[bare]}"
    if "LootTable" in rest:
        changes.append("block entity LootTable kept (1.21.11 containers read the same key)")
    return name + rest


def translate_entity(token: str, changes: list[str]) -> str:
    bare = _bare(token)
    if bare in ENTITY_RENAMES:
        changes.append(f"entity {token} → minecraft:{ENTITY_RENAMES[bare]}")
        return f"minecraft:{ENTITY_RENAMES[bare]}"
    return token


def _entity_nbt(token: str, changes: list[str]) -> str:
    try:
        nbt = parse_snbt(token)
    except SnbtError:
        return token
    if not isinstance(nbt, dict) or "Profession" not in nbt:
        return token
    profession = nbt.pop("Profession")
    nbt["VillagerData"] = {"profession": profession, "level": Int(1), "type": "minecraft:plains"}
    changes.append("entity NBT Profession → VillagerData.profession")
    return to_snbt(nbt)


# Commands in MineStudio/MCU configs that 1.16.5 rejects too, with nothing to translate them to.
def known_config_error(
    line: str, error: CommandError, is_block: Callable[[str], bool]
) -> str | None:
    """Why a config's command fails in every version, or None if the failure is unexplained."""
    tokens = split_arguments(line.removeprefix("/"))
    if "run" in tokens and tokens[0] == "execute":
        tokens = tokens[tokens.index("run") + 1 :]
    message = error.message
    summoned = tokens[1] if len(tokens) > 1 else ""
    summoned = summoned if ":" in summoned else f"minecraft:{summoned}"
    if tokens[0] == "summon" and "minecraft:entity_type" in message and is_block(summoned):
        return f"summons {tokens[1]}, a block, not an entity (1.16.5 rejects it too)"
    if message == "Unknown item 'minecraft:treasure_map'":
        return "treasure_map was never an item id (treasure maps are filled_map with map data)"
    return None
