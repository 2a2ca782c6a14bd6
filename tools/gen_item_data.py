"""Generate Odyssey's item, recipe, loot and mob table for Minecraft Java 1.21.11.

Usage (from the repository root; needs Node.js/npm only to fetch the data package):

    npm install --prefix tools minecraft-data@3.119.0
    python tools/gen_item_data.py tools/node_modules/minecraft-data/minecraft-data/data/pc

writes ``src/odyssey/data/items-1.21.11.json.gz`` (an optional second argument names another
output file). DATA_DIR is minecraft-data's ``data/pc`` folder: items, blocks, materials, foods,
recipes and entities come from ``1.21.11``; block and entity loot only exist in ``1.20`` (see
minecraft-data's dataPaths.json), so 1.21 blocks missing there fall back to rules below.

What minecraft-data lacks or flattens is written here as data, from vanilla 1.21.11:

- attack damage/speed of weapons and tools (ATTACK), food eat times and always-edible foods;
- furnace, smoker, blast furnace and campfire recipes (COOKING) and fuel burn times (fuels());
- loot chances that minecraft-data flattens (leaves, grass, gravel, ores, crops; BLOCK_LOOT and
  ENTITY_LOOT), and mob max health (MAX_HEALTH).

Interpretation of minecraft-data's blockLoot: entries flagged ``silkTouch``/``noSilkTouch`` are
the two branches of one alternatives pool, not independent 50 % chances, so their chance is
multiplied back by the number of flagged entries. Its ``foods.json`` ``saturation`` field is
nutrition * saturationRatio; ``saturationRatio`` is twice vanilla's saturation (itself
nutrition * modifier * 2), so the table stores saturation = saturationRatio / 2.
Crafting recipes: minecraft-data expands each item tag into one recipe per tag member (all
slots of the tag holding the same item); recipes for one result that differ only by such a
substitution are merged back into one recipe with per-slot alternatives, as vanilla's tags allow
(so mixed planks make a pickaxe). NO_MERGE keeps a few genuinely separate recipes apart.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from item_vanilla_tables import (
    ENTITY_LOOT,
    MAX_HEALTH,
    TICKS,
    block_loot_overrides,
    cooking_table,
    drop,
    fuels,
)
from table_io import run

VERSION = "1.21.11"
SOURCE = (
    "npm minecraft-data 3.119.0, data/pc/1.21.11 (items, blocks, materials, foods, recipes,"
    " entities) and data/pc/1.20 (blockLoot, entityLoot); vanilla tables in tools/gen_item_data.py"
)
OUT = Path(__file__).resolve().parents[1] / "src" / "odyssey" / "data" / f"items-{VERSION}.json.gz"

TIERS = ("wooden", "stone", "copper", "golden", "iron", "diamond", "netherite")
TOOL_KINDS = ("pickaxe", "axe", "shovel", "hoe", "sword", "spear")

# (damage, speed) per tier and kind: vanilla attack_damage (with the player's base 1) and
# attack_speed attributes. Copper tools (1.21.9) sit between stone and iron.
ATTACK: dict[str, dict[str, tuple[float, float]]] = {
    "sword": {
        "wooden": (4, 1.6), "stone": (5, 1.6), "copper": (5, 1.6), "golden": (4, 1.6),
        "iron": (6, 1.6), "diamond": (7, 1.6), "netherite": (8, 1.6),
    },
    "axe": {
        "wooden": (7, 0.8), "stone": (9, 0.8), "copper": (9, 0.8), "golden": (7, 1.0),
        "iron": (9, 0.9), "diamond": (9, 1.0), "netherite": (10, 1.0),
    },
    "pickaxe": {
        "wooden": (2, 1.2), "stone": (3, 1.2), "copper": (3, 1.2), "golden": (2, 1.2),
        "iron": (4, 1.2), "diamond": (5, 1.2), "netherite": (6, 1.2),
    },
    "shovel": {
        "wooden": (2.5, 1.0), "stone": (3.5, 1.0), "copper": (3.5, 1.0), "golden": (2.5, 1.0),
        "iron": (4.5, 1.0), "diamond": (5.5, 1.0), "netherite": (6.5, 1.0),
    },
    "hoe": {
        "wooden": (1, 1.0), "stone": (1, 2.0), "copper": (1, 2.0), "golden": (1, 1.0),
        "iron": (1, 3.0), "diamond": (1, 4.0), "netherite": (1, 4.0),
    },
}  # fmt: skip
OTHER_WEAPONS = {"mace": (6.0, 0.6), "trident": (9.0, 1.1)}
HAND = (1.0, 4.0)  # an empty hand or any non-weapon item

EAT_TICKS = {"dried_kelp": 16, "honey_bottle": 40}
ALWAYS_EDIBLE = {"golden_apple", "enchanted_golden_apple", "chorus_fruit", "honey_bottle",
                 "suspicious_stew"}  # fmt: skip

# Blocks whose item has another name (block -> item), beyond the generic rules in item_for().
BLOCK_ITEM = {
    "redstone_wire": "redstone", "tripwire": "string", "wheat": "wheat_seeds",
    "carrots": "carrot", "potatoes": "potato", "beetroots": "beetroot_seeds",
    "sweet_berry_bush": "sweet_berries", "melon_stem": "melon_seeds",
    "attached_melon_stem": "melon_seeds", "pumpkin_stem": "pumpkin_seeds",
    "attached_pumpkin_stem": "pumpkin_seeds", "cocoa": "cocoa_beans", "cave_vines": "glow_berries",
    "cave_vines_plant": "glow_berries", "torchflower_crop": "torchflower_seeds",
    "pitcher_crop": "pitcher_pod", "tall_seagrass": "seagrass", "bamboo_sapling": "bamboo",
    "big_dripleaf_stem": "big_dripleaf", "kelp_plant": "kelp",
    "twisting_vines_plant": "twisting_vines", "weeping_vines_plant": "weeping_vines",
    "powder_snow": "powder_snow_bucket", "water_cauldron": "cauldron",
    "lava_cauldron": "cauldron", "powder_snow_cauldron": "cauldron", "candle_cake": "cake",
    "potted_azalea_bush": "azalea", "potted_flowering_azalea_bush": "flowering_azalea",
}  # fmt: skip
# Items that place a block of another name (item -> block).
ITEM_BLOCK = {
    "redstone": "redstone_wire", "string": "tripwire", "wheat_seeds": "wheat",
    "carrot": "carrots", "potato": "potatoes", "beetroot_seeds": "beetroots",
    "sweet_berries": "sweet_berry_bush", "melon_seeds": "melon_stem",
    "pumpkin_seeds": "pumpkin_stem", "cocoa_beans": "cocoa", "glow_berries": "cave_vines",
    "torchflower_seeds": "torchflower_crop", "pitcher_pod": "pitcher_crop",
    "powder_snow_bucket": "powder_snow",
}  # fmt: skip

# Shaped recipes minecraft-data lists for one result that vanilla keeps separate.
NO_MERGE = {"bamboo"}  # stick from two bamboo is its own recipe, not a #planks member


def item_for(block: str, items: set[str]) -> str | None:
    """The item a block gives on pick-block (and with silk touch): same name or a variant."""
    if block in BLOCK_ITEM:
        return BLOCK_ITEM[block]
    if block == "air":
        return None
    if block in items:
        return block
    candidates = [
        block.replace("_wall_", "_", 1),
        block.removeprefix("wall_"),
        block.removeprefix("potted_"),
        block.removesuffix("_plant"),
        re.sub(r"_candle_cake$", "_candle", block),
    ]
    return next((c for c in candidates if c != block and c in items), None)


def wall_block_for(item: str, blocks: set[str]) -> str | None:
    """The wall-mounted variant an item places on a wall face (torch -> wall_torch)."""
    for name in (
        "wall_" + item,
        item.replace("_torch", "_wall_torch"),
        item.replace("_hanging_sign", "_wall_hanging_sign"),
        re.sub(r"(?<!hanging)_sign$", "_wall_sign", item),
        item.replace("_banner", "_wall_banner"),
        item.replace("_head", "_wall_head"),
        item.replace("_skull", "_wall_skull"),
        item.replace("_coral_fan", "_coral_wall_fan"),
    ):
        if name != item and name in blocks:
            return name
    return None


def tool_of(name: str) -> tuple[str | None, str | None]:
    """(kind, tier) of a tool or weapon item name; (None, None) for anything else."""
    match = re.fullmatch(rf"({'|'.join(TIERS)})_({'|'.join(TOOL_KINDS)})", name)
    if match:
        return match.group(2), match.group(1)
    if name in ("shears", "mace", "trident"):
        return name, None
    return None, None


def convert_items(pc: Path) -> tuple[list[dict], dict[int, str]]:
    """Items with tool, weapon and food facts."""
    data = pc / VERSION
    raw = json.loads((data / "items.json").read_text())
    names = {i["id"]: i["name"] for i in raw}
    materials = json.loads((data / "materials.json").read_text())
    speeds: dict[str, float] = {}  # tool item -> its tier's speed on its own kind's blocks
    for material in ("mineable/pickaxe", "mineable/axe", "mineable/shovel", "mineable/hoe",
                     "sword_efficient"):  # fmt: skip
        for item_id, speed in materials[material].items():
            speeds[names[int(item_id)]] = speed
    speeds["shears"] = 1.0
    foods = {f["name"]: f for f in json.loads((data / "foods.json").read_text())}
    out = []
    for item in sorted(raw, key=lambda i: i["id"]):
        name = item["name"]
        kind, tier = tool_of(name)
        damage, attack_speed = ATTACK.get(kind or "", {}).get(
            tier or "", OTHER_WEAPONS.get(name, HAND)
        )
        entry = {
            "id": item["id"], "name": name, "display": item["displayName"],
            "stack": item["stackSize"], "durability": item.get("maxDurability", 0),
            "repair": sorted(item.get("repairWith", [])), "tool_kind": kind, "tool_tier": tier,
            "speed": speeds.get(name, 1.0), "attack_damage": float(damage),
            "attack_speed": float(attack_speed), "food": None,
        }  # fmt: skip
        food = foods.get(name)
        if food and not name.endswith("_bucket"):
            entry["food"] = {
                "nutrition": int(food["foodPoints"]),
                "saturation": round(food["saturationRatio"] / 2, 4),
                "eat_ticks": EAT_TICKS.get(name, 32),
                "always": name in ALWAYS_EDIBLE,
            }
        out.append(entry)
    return out, names


def convert_blocks(pc: Path, names: dict[int, str]) -> tuple[list[dict], dict]:
    """Per-block harvest facts and the block <-> item links."""
    raw = json.loads((pc / VERSION / "blocks.json").read_text())
    items = set(names.values())
    blocks = {b["name"] for b in raw}
    out = []
    for block in sorted(raw, key=lambda b: b["id"]):
        tools = sorted(names[int(i)] for i in block.get("harvestTools", {}))
        kinds = {m.split("/")[1] for m in block["material"].split(";") if m.startswith("mineable/")}
        kinds |= {tool_of(t)[0] for t in tools if tool_of(t)[0] not in ("sword", "shears")}
        tiers = [tool_of(t)[1] for t in tools if tool_of(t)[1]]
        hardness = block["hardness"]
        out.append(
            {
                "name": block["name"],
                "hardness": None if hardness is None or hardness < 0 else hardness,
                "material": block["material"],
                "tools": tools,
                "kinds": sorted(kinds),
                "min_tier": min(tiers, key=TIERS.index) if tiers else None,
                "item": item_for(block["name"], items),
            }
        )
    placed = {b: b for b in blocks if b in items} | ITEM_BLOCK
    walls = {i: w for i in sorted(items) if (w := wall_block_for(i, blocks))}
    return out, {"item_block": dict(sorted(placed.items())), "wall_block": walls}


def merge_recipes(raw: list[dict], names: dict[int, str]) -> list[dict]:
    """Recipes of one result, with tag expansions merged back into per-slot alternatives."""
    out: list[dict] = []
    for recipe in raw:
        result = recipe["result"]
        if "inShape" in recipe:
            rows = recipe["inShape"]
            width = max(len(r) for r in rows)
            slots = [
                names[i] if i is not None else None
                for r in rows
                for i in r + [None] * (width - len(r))
            ]
            entry = {"kind": "shaped", "w": width, "h": len(rows)}
        else:
            slots = sorted(names[i] for i in recipe["ingredients"])
            entry = {"kind": "shapeless", "w": 0, "h": 0}
        entry |= {"slots": [[s] if s else None for s in slots], "result": names[result["id"]]}
        entry["count"] = result["count"]
        for other in out:
            swap = _substitution(other, entry)
            if swap:
                old, sub = swap
                for alts in other["slots"]:
                    if alts is not None and alts[0] == old and sub not in alts:
                        alts.append(sub)
                break
        else:
            out.append(entry)
    for entry in out:
        entry["slots"] = [sorted(a) if a else None for a in entry["slots"]]
    return out


def _substitution(merged: dict, new: dict) -> tuple[str, str] | None:
    """(old, new) when ``new`` is ``merged`` with one item swapped in every slot it fills.

    A tag fills all of its slots with the same member in minecraft-data's expansion, so such a
    swap is one more member of the tag; shapeless recipes compare as multisets.
    """
    keys = ("kind", "w", "h", "result", "count")
    if any(merged[k] != new[k] for k in keys) or len(merged["slots"]) != len(new["slots"]):
        return None
    firsts = [a[0] if a else None for a in merged["slots"]]
    news = [a[0] if a else None for a in new["slots"]]
    if merged["kind"] == "shapeless":
        gone = sorted(set(firsts) - set(news))
        added = sorted(set(news) - set(firsts))
        if len(gone) != 1 or len(added) != 1:
            return None
        old, sub = gone[0], added[0]
        if sorted(sub if f == old else f for f in firsts) != sorted(news):
            return None
    else:
        pairs = {(f, n) for f, n in zip(firsts, news, strict=True) if f != n}
        if len(pairs) != 1:
            return None
        ((old, sub),) = pairs
        if (
            old is None
            or sub is None
            or any(f == old and n != sub for f, n in zip(firsts, news, strict=True))
        ):
            return None
    if old in NO_MERGE or sub in NO_MERGE:
        return None
    return old, sub


def convert_recipes(pc: Path, names: dict[int, str]) -> list[dict]:
    raw = json.loads((pc / VERSION / "recipes.json").read_text())
    out = []
    for result_id in sorted(raw, key=int):
        out += merge_recipes(raw[result_id], names)
    items = set(names.values())
    for recipe in out:
        # minecraft-data lists planks from the log alone; vanilla takes the #<wood>_logs tag.
        slots = recipe["slots"]
        if (
            recipe["kind"] == "shapeless"
            and len(slots) == 1
            and recipe["result"].endswith("_planks")
        ):
            wood = recipe["result"].removesuffix("_planks")
            tag = [f"{pre}{wood}_{kind}" for pre in ("", "stripped_")
                   for kind in ("log", "wood", "stem", "hyphae")]  # fmt: skip
            slots[0] = sorted(set(slots[0]) | {n for n in tag if n in items})
    return out


def convert_cooking(items: set[str]) -> list[dict]:
    return [
        {"kind": kind, "in": sorted(ingredients), "result": result, "count": 1, "xp": xp,
         "ticks": TICKS[kind]}
        for kind, ingredients, result, xp in cooking_table(items)
    ]  # fmt: skip


def block_loot(pc: Path, blocks: list[dict], items: set[str]) -> dict[str, list[dict]]:
    """Loot per 1.21.11 block: vanilla overrides, else minecraft-data 1.20, else the block."""
    raw = {b["block"]: b["drops"] for b in json.loads((pc / "1.20" / "blockLoot.json").read_text())}
    raw["short_grass"] = raw.pop("grass", [])
    names = {b["name"] for b in blocks}
    overrides = block_loot_overrides(names)
    out: dict[str, list[dict]] = {}
    for block in blocks:
        name = block["name"]
        if name in overrides:
            out[name] = overrides[name]
        elif name in raw:
            out[name] = _from_minecraft_data(raw[name], items)
        elif block["item"] and block["item"] in items and block["hardness"] is not None:
            out[name] = [drop(block["item"])]
        else:
            out[name] = []
    return out


def _from_minecraft_data(drops: list[dict], items: set[str]) -> list[dict]:
    """minecraft-data's flattened entries; silk/no-silk entries are alternatives (see top)."""
    flagged = sum(1 for d in drops if d.get("silkTouch") or d.get("noSilkTouch"))
    out = []
    for d in drops:
        item = {"grass": "short_grass"}.get(d["item"], d["item"])
        if item not in items:
            continue
        lo, hi = d["stackSizeRange"]
        lo = 1 if lo is None or lo < 1 else lo
        hi = lo if hi is None or hi < lo else hi
        extra = {}
        chance = d["dropChance"]
        if d.get("silkTouch"):
            extra["silk_touch"], chance = True, 1.0
        elif d.get("noSilkTouch"):
            extra["silk_touch"], chance = False, min(1.0, chance * flagged)
        if "blockAge" in d:
            extra["min_age"] = d["blockAge"]
        out.append(drop(item, lo, hi, round(chance, 6), **extra))
    return out


def entities(pc: Path, items: set[str]) -> tuple[list[dict], dict[str, list[dict]]]:
    raw = json.loads((pc / VERSION / "entities.json").read_text())
    info = [
        {"name": e["name"], "id": e["id"], "width": e["width"], "height": e["height"],
         "type": e["type"], "category": e["category"], "health": MAX_HEALTH.get(e["name"])}
        for e in sorted(raw, key=lambda e: e["name"])
    ]  # fmt: skip
    loot_raw = {
        e["entity"]: e["drops"] for e in json.loads((pc / "1.20" / "entityLoot.json").read_text())
    }
    loot: dict[str, list[dict]] = {}
    for entity in info:
        name = entity["name"]
        if name in ENTITY_LOOT:
            loot[name] = ENTITY_LOOT[name]
        elif name in loot_raw:
            loot[name] = [
                drop(d["item"], *d["stackSizeRange"], d["dropChance"],
                     **({"player_kill": True} if d.get("playerKill") else {}))
                for d in loot_raw[name] if d["item"] in items
            ]  # fmt: skip
    for name, drops in loot.items():
        missing = [d["item"] for d in drops if d["item"] not in items]
        assert not missing, f"entity loot of {name} names unknown items {missing}"
    return info, loot


def convert(pc: Path) -> dict:
    """The whole table, from minecraft-data's data/pc folder."""
    items, names = convert_items(pc)
    item_names = set(names.values())
    blocks, links = convert_blocks(pc, names)
    materials = json.loads((pc / VERSION / "materials.json").read_text())
    entity_info, entity_loot = entities(pc, item_names)
    loot = block_loot(pc, blocks, item_names)
    for name, drops in loot.items():
        missing = [d["item"] for d in drops if d["item"] not in item_names]
        assert not missing, f"block loot of {name} names unknown items {missing}"
    return {
        "version": VERSION,
        "source": SOURCE,
        "items": items,
        "blocks": blocks,
        "materials": {
            k: {names[int(i)]: s for i, s in sorted(v.items())}
            for k, v in sorted(materials.items())
        },
        **links,
        "recipes": convert_recipes(pc, names),
        "cooking": convert_cooking(item_names),
        "fuels": fuels(item_names),
        "block_loot": loot,
        "entities": entity_info,
        "entity_loot": entity_loot,
    }


def main(argv: list[str]) -> int:
    """``gen_item_data.py DATA_PC_DIR [OUT]``: write the table (default: the committed one)."""
    return run(
        argv,
        __doc__,
        convert,
        OUT,
        ("items", "recipes", "cooking", "fuels", "block_loot", "entity_loot"),
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv))
