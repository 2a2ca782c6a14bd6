"""What each kind of task needs, from the engine's own tables: the food an animal takes, the item
that tames it, the brewing chain to a potion, the villager who trades an item, what a mob is.

The rule-based generator turns these into set-up commands; the verifier checks the same needs in
the game after the commands ran.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache

from odyssey.mcu.confgen.graph import pick_member, reg
from odyssey.mcu.needs import McuError
from odyssey.sim.mechanics.breeding import FOOD
from odyssey.sim.mechanics.brewing import CONTAINER_MIXES, POTION_MIXES
from odyssey.sim.mechanics.potion_table import POTIONS
from odyssey.sim.mechanics.taming import TAME_ITEMS
from odyssey.sim.mechanics.trades import TRADES

UNDEAD = frozenset({"zombie", "skeleton", "stray", "drowned", "husk", "phantom", "zombie_villager",
                    "wither_skeleton", "zombified_piglin", "zoglin", "bogged"})  # fmt: skip
RIDE_ITEMS = {"pig": ("saddle", "carrot_on_a_stick"), "horse": ("saddle",),
              "donkey": ("saddle",), "mule": ("saddle",), "strider": ("saddle",
              "warped_fungus_on_a_stick"), "camel": ("saddle",)}  # fmt: skip
TAMED_FOOD = {"horse": "golden_apple", "donkey": "golden_apple", "llama": "hay_block",
              "parrot": "wheat_seeds", "ocelot": "cod", "fox": "sweet_berries",
              "bee": "dandelion", "turtle": "seagrass", "panda": "bamboo",
              "frog": "slime_ball", "axolotl": "tropical_fish_bucket"}  # fmt: skip
SHEARABLE = frozenset({"sheep", "mooshroom", "snow_golem", "bogged"})
EMERALDS = 64


@dataclass(frozen=True)
class UseKit:
    """What "use X" needs when X is not simply given: items, a block to use it on, a mob, a
    pool of water or a lava source. ``product``: X itself is what the use makes."""

    give: tuple[tuple[str, int], ...] = ()
    block: str = ""
    mob: str = ""
    pool: str = ""
    product: bool = False


USE_KITS = {
    "bucket": UseKit((("bucket", 2),), pool="water"),
    "water_bucket": UseKit((("bucket", 2),), pool="water", product=True),
    "lava_bucket": UseKit((("bucket", 2),), pool="lava", product=True),
    "milk_bucket": UseKit((("bucket", 2),), mob="cow", product=True),
    "bone_meal": UseKit((("bone_meal", 8),), block="oak_sapling"),
    "ender_eye": UseKit((("ender_eye", 2),), block="end_portal_frame"),
    "bow": UseKit((("bow", 1), ("arrow", 64))),
    "crossbow": UseKit((("crossbow", 1), ("arrow", 64))),
    "shield": UseKit((("shield", 1), ("iron_sword", 1)), mob="zombie"),
    "farmland": UseKit((("iron_hoe", 1),), product=True),
    "carved_pumpkin": UseKit((("shears", 1),), block="pumpkin", product=True),
}  # fmt: skip
STATIONS = frozenset({"crafting_table", "furnace", "smoker", "blast_furnace", "anvil",
                      "grindstone", "brewing_stand", "chest", "barrel", "ender_chest",
                      "shulker_box", "hopper", "cauldron", "note_block", "enchanting_table",
                      "stonecutter", "loom", "cartography_table", "smithing_table", "lectern",
                      "composter", "jukebox", "bell"})  # fmt: skip


FACE = "FACE"  # in a placement's state: the direction of +x after the plan's turn
CROPS = frozenset({"wheat", "carrots", "potatoes", "beetroots", "melon_stem", "pumpkin_stem",
                   "torchflower_crop", "pitcher_crop"})  # fmt: skip
SAND_PLANTS = {"cactus": "sand", "sugar_cane": "sand", "dead_bush": "sand"}
Part = tuple[int, int, int, str]  # dx, dy, dz (before the turn), block state


def placement(block: str) -> list[Part]:
    """How to /setblock ``block`` so that it stays, as parts relative to its spot: buttons and
    levers on the floor, both halves of two-block plants and doors, the soil a plant needs
    (farmland, sand with water beside it, soul sand), a wall block against a stone behind it,
    an attached stem facing its fruit."""
    from odyssey.world.blocks import registry

    props = dict(registry().block(block).properties)
    if "lower" in props.get("half", ()):
        return [(0, 0, 0, f"{block}[half=lower]"), (0, 1, 0, f"{block}[half=upper]")]
    if "floor" in props.get("face", ()):
        return [(0, 0, 0, f"{block}[face=floor]")]
    if block.startswith("attached_") and block.endswith("_stem"):
        fruit = block.removeprefix("attached_").removesuffix("_stem")
        return [(0, -1, 0, "farmland"), (1, 0, 0, fruit), (0, 0, 0, f"{block}[facing={FACE}]")]
    if "wall_" in block and "facing" in props and "coral" not in block:
        return [(-1, 0, 0, "stone"), (0, 0, 0, f"{block}[facing={FACE}]")]
    soil = {"soul_fire": "soul_sand", **SAND_PLANTS}.get(block) or (
        "farmland" if block in CROPS else None
    )
    parts = [(0, -1, 0, soil)] if soil else []
    if block == "sugar_cane":
        parts.append((1, -1, 0, "water"))
    return [*parts, (0, 0, 0, block)]


def is_mob(name: str) -> bool:
    try:
        info = reg().entity_info(name)
    except Exception:
        return False
    return info.max_health is not None


def is_block(name: str) -> bool:
    try:
        reg().harvest(name)
    except Exception:
        return False
    return True


def is_item(name: str) -> bool:
    return reg().has(name)


def animal_food(mob: str) -> str:
    """An item ``mob`` eats (breeding, feeding); McuError when it takes none."""
    if mob in FOOD:
        return pick_member(FOOD[mob])
    if mob in TAMED_FOOD:
        return TAMED_FOOD[mob]
    raise McuError(f"feed/breed {mob}: no food known for {mob!r} (expected one of "
                   f"{', '.join(sorted(FOOD | TAMED_FOOD))})")  # fmt: skip


def tame_item(mob: str) -> str | None:
    """The item that tames ``mob`` (None: a horse, tamed by riding it)."""
    if mob in TAME_ITEMS:
        return pick_member(TAME_ITEMS[mob])
    if mob in ("horse", "donkey", "mule", "llama", "camel"):
        return None
    raise McuError(f"tame {mob}: {mob!r} cannot be tamed (expected one of "
                   f"{', '.join(sorted(TAME_ITEMS))}, horse, donkey, mule, llama)")  # fmt: skip


@dataclass(frozen=True)
class Potion:
    """A potion named by a task: the bottle item and its potion id."""

    item: str  # potion, splash_potion, lingering_potion
    potion: str

    def component(self) -> str:
        return f'minecraft:{self.item}[potion_contents={{potion:"minecraft:{self.potion}"}}]'


def potion_of(target: str) -> Potion:
    """``swiftness``, ``potion_of_swiftness``, ``splash_potion_of_long_swiftness``,
    ``extended potion of ...``, ``enhanced ...`` → a Potion; McuError when unknown."""
    name = target.removeprefix("minecraft:").lower().replace(" ", "_")
    item = "potion"
    for bottle in ("lingering_potion", "splash_potion", "potion"):
        if name.startswith(bottle):
            item, name = bottle, name.removeprefix(bottle).removeprefix("_of").strip("_")
            break
    for word, prefix in (("extended_", "long_"), ("enhanced_", "strong_")):
        if name.startswith(word):
            name = prefix + name.removeprefix(word)
    name = name.removeprefix("potion_of_").removeprefix("of_")
    if name not in POTIONS:
        raise McuError(f"potion {target!r}: unknown potion {name!r} (expected one of "
                       f"{', '.join(sorted(POTIONS))})")  # fmt: skip
    return Potion(item, name)


def brewing_chain(target: Potion) -> list[str]:
    """The ingredients, in order, that brew ``target`` from water bottles (BFS over the
    brewing stand's mixes); McuError when none does."""
    steps: dict[str, tuple[str, str]] = {}
    queue = deque(["water"])
    while queue and target.potion not in steps:
        here = queue.popleft()
        for (potion, ingredient), made in sorted(POTION_MIXES.items()):
            if potion == here and made not in steps and made != "water":
                steps[made] = (here, ingredient)
                queue.append(made)
    if target.potion != "water" and target.potion not in steps:
        raise McuError(f"brew {target.potion}: no brewing stand mix makes it from water")
    chain: list[str] = []
    at = target.potion
    while at != "water":
        at, ingredient = steps[at]
        chain.insert(0, ingredient)
    for (bottle, ingredient), made in CONTAINER_MIXES.items():
        if made == target.item:
            chain += ["gunpowder"] * (bottle == "splash_potion") + [ingredient]
    return chain


@dataclass(frozen=True)
class Trade:
    """A villager's listing: who offers it (profession, level) and what changes hands."""

    profession: str
    level: int
    gives: str  # what the player hands over
    gives_count: int
    gets: str
    listings: int  # listings at that level (the villager gets two of them at random)
    gets_count: int = 1
    also: str = ""  # a second cost (a swap: cod and an emerald for cooked cod; a book)
    also_count: int = 0


@cache
def _trades() -> tuple[Trade, ...]:
    out = []
    for profession, levels in TRADES.items():
        for level, listings in enumerate(levels, start=1):
            for li in listings:
                cost = li.a_count or EMERALDS  # a book's price is rolled: up to a stack
                out.append(Trade(profession, level, li.a, cost, li.result, len(listings),
                                 li.count, li.b, li.b_count))  # fmt: skip
    return tuple(out)


def trade_for(item: str, selling: bool) -> Trade:
    """The villager listing that sells ``item`` to the player (``selling`` False) or buys it
    from the player for emeralds (``selling`` True); lowest level, fewest rival listings."""
    if selling:
        found = [t for t in _trades() if t.gives == item and t.gets == "emerald"]
    else:
        found = [t for t in _trades() if t.gets == item and t.gives == "emerald"]
    if not found:
        verb = "buys" if selling else "sells"
        raise McuError(f"{'sell' if selling else 'trade'} {item}: no villager {verb} {item!r}")
    return min(found, key=lambda t: (t.listings > 2, bool(t.also), t.level, t.listings,
                                     t.profession))  # fmt: skip


def villager_summon(trade: Trade, offset: str) -> str:
    """A villager of the trade's profession and level, its offer also spelled out as vanilla's
    ``Offers`` NBT (the engine draws the offers from VillagerData; vanilla takes these)."""
    who = f'profession:"minecraft:{trade.profession}",level:{trade.level}'
    recipe = f'buy:{{id:"minecraft:{trade.gives}",count:{trade.gives_count}}}'
    if trade.also:
        recipe += f',buyB:{{id:"minecraft:{trade.also}",count:{trade.also_count}}}'
    recipe += f',sell:{{id:"minecraft:{trade.gets}",count:{trade.gets_count}}},maxUses:12'
    data = f"{{VillagerData:{{{who}}},Offers:{{Recipes:[{{{recipe}}}]}},NoAI:1b}}"
    return f"/summon minecraft:villager {offset} {data}"
