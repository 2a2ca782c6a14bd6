"""What a task needs at the start, by verb, as the verifier checks it: items in the inventory,
blocks (a workstation, the block to mine) within reach, mobs nearby, experience levels.

These are derived from the task alone (the recipe graph, the harvest table, the engine's animal
and trading tables), never from a configuration, so a configuration is judged against them.
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.mcu.confgen import kits
from odyssey.mcu.confgen.graph import cooking_input, harvest_tool, reg, self_consuming
from odyssey.mcu.task import AtomicTask
from odyssey.sim.mechanics.breeding import FOOD
from odyssey.sim.mechanics.taming import TAME_ITEMS

WEAPONS = frozenset(n for n in reg().names if n.endswith(("_sword", "_axe")) or n in (
    "bow", "crossbow", "trident", "mace"))  # fmt: skip
FUEL_ITEMS = frozenset(n for n in reg().names if reg().fuel_ticks(n) > 0)
BEDS = frozenset(n for n in reg().names if n.endswith("_bed"))
PLACEABLE = frozenset(n for n in reg().names if reg().block_for_item(n))
LIGHTS = frozenset({"torch", "lantern", "soul_torch", "soul_lantern", "glowstone",
                    "sea_lantern", "jack_o_lantern", "shroomlight", "campfire"})  # fmt: skip
NEEDS_ITEM = ("craft", "smelt", "brew", "trade")  # the target is a product: never given


@dataclass(frozen=True)
class Need:
    """One thing the task needs: ``kind`` item (``count`` of any of ``any_of`` in the
    inventory), station (a block of ``any_of`` within reach, or its item to place), block (one
    of ``any_of`` within reach), mob (``count`` of ``any_of`` nearby), findable (a block or mob
    of ``any_of`` within sight, not necessarily within reach), levels (``count``)."""

    kind: str
    any_of: frozenset[str]
    count: int = 1
    why: str = ""

    def label(self) -> str:
        names = sorted(self.any_of, key=lambda n: (len(n), n))  # plain names first
        shown = "/".join(names[:5]) + ("/…" if len(names) > 5 else "")
        return f"{self.count} × {shown}" if self.kind != "levels" else f"{self.count} levels"


def _one(kind: str, name: str, count: int = 1, why: str = "") -> Need:
    return Need(kind, frozenset({name}), count, why)


def needs_of(task: AtomicTask) -> list[Need]:
    """The needs of ``task`` (empty for verbs that need nothing in particular)."""
    t, n, verb = task.target.removeprefix("minecraft:"), max(1, task.count), task.verb
    match verb:
        case "craft":
            return []  # the planner checks the recipe; stations there too
        case "mine":
            tool = harvest_tool(t) if kits.is_block(t) else None
            out = [_one("block", t, why="the block to mine")]
            h = reg().harvest(t) if kits.is_block(t) else None
            if tool and h is not None and h.requires_tool:
                out.append(Need("item", h.harvest_tools, 1, f"a tool that harvests {t}"))
            return out
        case "smelt":
            src = t if reg().cooking("furnace", t) else cooking_input(t)
            return [_one("station", "furnace", why="a furnace to smelt in"),
                    Need("item", FUEL_ITEMS, 1, "fuel for the furnace")] + (
                   [_one("item", src, n, f"what smelts into {t}")] if src else [])  # fmt: skip
        case "combat" | "hunt":
            return [_one("mob", t, n, f"the {t} to fight"),
                    Need("item", WEAPONS, 1, "a weapon")]  # fmt: skip
        case "find" if kits.is_mob(t) or kits.is_block(t):
            return [_one("findable", t, 1, f"a {t} to find")]
        case "eat" | "drop":
            return [_one("item", t, n, f"the {t} to {verb}")] if kits.is_item(t) else []
        case "drink":
            return [_one("item", t if kits.is_item(t) else kits.potion_of(t).item, n)]
        case "brew":
            chain = kits.brewing_chain(kits.potion_of(t))
            return [
                _one("station", "brewing_stand", why="a brewing stand"),
                _one("item", "blaze_powder", why="fuel for the brewing stand"),
            ] + [_one("item", i, why="a brewing ingredient") for i in sorted(set(chain))]
        case "enchant":
            return [
                _one("station", "enchanting_table"),
                _one("item", "lapis_lazuli", 3),
                _one("item", t, why="the item to enchant"),
                _one("levels", "xp", 3),
            ]
        case "repair" | "rename" | "combine":
            return [_one("station", "anvil"), _one("item", t, 2 if verb == "combine" else 1),
                    _one("levels", "xp", 1)]  # fmt: skip
        case "trade":
            return [_one("mob", "villager", why="a villager who sells it")]
        case "sell":
            return [_one("mob", "villager", why="a villager who buys it"), _one("item", t, n)]
        case "shear":
            return [_one("item", "shears"), _one("mob", t if t in kits.SHEARABLE else "sheep")]
        case "feed" | "breed":
            food = FOOD.get(t) or frozenset({kits.animal_food(t)})
            return [_one("mob", t, 2 if verb == "breed" else 1), Need("item", food, 1, "food")]
        case "tame":
            items = TAME_ITEMS.get(t)
            return [_one("mob", t)] + ([Need("item", items, 1, "a taming item")] if items else [])
        case "lead" if not kits.is_mob(t):  # tie to a fence: any animal and a fence
            return [_one("item", "lead"), _one("block", "oak_fence", why="a fence post")]
        case "lead":
            return [_one("mob", t), _one("item", "lead")]
        case "ride":
            if kits.is_item(t):
                return [_one("item", t)]
            return [_one("mob", t)] + [_one("item", i) for i in kits.RIDE_ITEMS.get(t, ())[:1]]
        case "sleep":
            return [Need("block", BEDS, 1, "a bed")]
        case "pillar" | "build":
            return [Need("item", PLACEABLE, 16, "blocks to place")]
        case "plant" if kits.is_item(t):
            return [_one("item", t, n, "what to plant")]
        case "dive":
            return [_one("block", "water", why="water to dive into")]
        case "climb":
            return [Need("block", frozenset({"ladder", "vine", "scaffolding"}), 1, "a ladder")]
        case "use" if t in kits.USE_KITS:
            kit = kits.USE_KITS[t]
            out = [_one("item", i, 1) for i, _ in kit.give[:1]]
            out += [_one("block", kit.block)] * bool(kit.block) + [_one("mob", kit.mob)] * bool(
                kit.mob
            )
            return out + [_one("block", kit.pool)] * bool(kit.pool)
        case "use" if t in kits.STATIONS or (kits.is_block(t) and not kits.is_item(t)):
            return [_one("block", t, why=f"the {t} to use")]
        case "use" if kits.is_item(t):
            return [_one("item", t, n)]
        case "use":
            return [_one("item", kits.potion_of(t).item, n)]
        case "light":
            return [Need("item", LIGHTS, 1, "a light source")]
    return []


def product(task: AtomicTask) -> str | None:
    """The item the task makes (never to be given), or None."""
    t = task.target.removeprefix("minecraft:")
    if task.verb == "smelt" and kits.is_item(t) and reg().cooking("furnace", t):
        return reg().cooking("furnace", t).result  # "smelt beef": the product is cooked beef
    if task.verb == "use" and t in kits.USE_KITS and kits.USE_KITS[t].product:
        return t  # "collect water": the water bucket is what the use makes
    if task.verb in NEEDS_ITEM and kits.is_item(t) and not self_consuming(t):
        return t  # (a smithing template is duplicated from one: giving one is the only way)
    return None
