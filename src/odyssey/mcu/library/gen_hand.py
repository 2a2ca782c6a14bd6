"""Hand-written families, in the spirit of MCU's hand-written lines: using tools and stations,
planting, feeding, taming, leading and trapping animals, motion, building, lighting and
decorating, redstone devices. Rules where the rule language can say it; AutoEval (``judge``)
for open-ended results, often along with a rule that checks the necessary part.
"""

from __future__ import annotations

from collections.abc import Iterator

from odyssey.mcu.library.facts import mobs, obtainable
from odyssey.mcu.library.gen_items import Entry, a, words
from odyssey.mcu.rules import (
    AllRule,
    BlockRule,
    EntityRule,
    ItemRule,
    PositionRule,
    RidingRule,
    Rule,
    StatRule,
)
from odyssey.mcu.task import AtomicTask, Rejected
from odyssey.sim.mechanics.breeding import FOOD as BREED_FOOD
from odyssey.sim.mechanics.taming import TAME_ITEMS
from odyssey.world.items import items


def custom(key: str, n: int = 1) -> StatRule:
    return StatRule(category="custom", key=key, at_least=n)


def used(item: str, n: int = 1) -> StatRule:
    return StatRule(category="used", key=item, at_least=n)


def placed(*blocks: str, n: int = 1, within: int = 8) -> BlockRule:
    return BlockRule(blocks=blocks, within=within, count=n, placed=True)


def _t(id: str, text: str, cat: str, sub: str, verb: str, target: str, rule: Rule | None = None,
       judge: bool = False, note: str = "") -> AtomicTask:  # fmt: skip
    return AtomicTask(id, text, cat, sub, verb, target, success=rule, judge=judge, source="hand",
                      note=note)  # fmt: skip


# (id, text, target, rule) of "Interact with Tools": stations, containers, tools.
TOOL_USES: tuple[tuple[str, str, str, Rule], ...] = (
    ("use_crafting_table", "interact with crafting table", "crafting_table",
     custom("interact_with_crafting_table")),
    ("use_furnace", "interact with furnace", "furnace", custom("interact_with_furnace")),
    ("use_smoker", "interact with smoker", "smoker", custom("interact_with_smoker")),
    ("use_blast_furnace", "interact with blast furnace", "blast_furnace",
     custom("interact_with_blast_furnace")),
    ("use_anvil", "interact with anvil", "anvil", custom("interact_with_anvil")),
    ("use_grindstone", "interact with grindstone", "grindstone",
     custom("interact_with_grindstone")),
    ("use_brewing_stand", "interact with brewing stand", "brewing_stand",
     custom("interact_with_brewingstand")),
    ("open_chest", "open a chest", "chest", custom("open_chest")),
    ("open_barrel", "open a barrel", "barrel", custom("open_barrel")),
    ("open_ender_chest", "open an ender chest", "ender_chest", custom("open_enderchest")),
    ("open_shulker_box", "open a shulker box", "shulker_box", custom("open_shulker_box")),
    ("inspect_hopper", "inspect a hopper", "hopper", custom("inspect_hopper")),
    ("fill_cauldron", "fill a cauldron with water", "cauldron", custom("fill_cauldron")),
    ("tune_note_block", "tune a note block", "note_block", custom("tune_noteblock")),
    ("use_bucket", "use a bucket", "bucket", used("bucket")),
    ("collect_water", "fill a bucket with water", "water_bucket", ItemRule(item="water_bucket")),
    ("collect_lava", "fill a bucket with lava", "lava_bucket", ItemRule(item="lava_bucket")),
    ("milk_cow", "milk a cow", "milk_bucket", ItemRule(item="milk_bucket")),
    ("use_bone_meal", "use bone meal", "bone_meal", used("bone_meal")),
    ("light_fire", "light a fire with flint and steel", "flint_and_steel",
     used("flint_and_steel")),
    ("throw_snowball", "throw a snowball", "snowball", used("snowball")),
    ("throw_egg", "throw an egg", "egg", used("egg")),
    ("throw_ender_pearl", "throw an ender pearl", "ender_pearl", used("ender_pearl")),
    ("fill_end_portal_frame", "put an eye of ender into an end portal frame", "ender_eye",
     used("ender_eye")),
    ("shoot_arrow", "shoot an arrow with a bow", "bow", used("bow")),
    ("shoot_crossbow", "shoot a crossbow", "crossbow", used("crossbow")),
    ("throw_trident", "throw a trident", "trident", used("trident")),
    ("block_with_shield", "block an attack with a shield", "shield",
     custom("damage_blocked_by_shield")),
    ("till_soil", "till the soil with a hoe", "farmland", placed("farmland")),
    ("carve_pumpkin", "carve a pumpkin with shears", "carved_pumpkin", placed("carved_pumpkin")),
)  # fmt: skip
# Candidates the engine cannot run (the reason is recorded).
MISSING = (
    ("catch a fish with a fishing rod", "use", "fishing_rod", "fishing is not simulated"),
    ("hook a pig using fishing rod", "use", "fishing_rod", "fishing is not simulated"),
    ("open inventory", "use", "inventory", "no observable effect in the game state"),
    ("strip a log with an axe", "use", "stripped_oak_log", "stripping logs is not simulated"),
    ("make a path with a shovel", "use", "dirt_path", "shovel paths are not simulated"),
    ("look at the sky", "look", "sky", "no observable effect in the game state"),
)  # fmt: skip


def tool_use() -> Iterator[Entry]:
    for id, text, target, rule in TOOL_USES:
        yield _t(id, text, "tool_use", "interact_with_tools", "use", target, rule)
    yield _t("shear_sheep", "shear the sheep", "tool_use", "interact_with_tools", "shear",
             "sheep", used("shears"))  # fmt: skip
    yield Rejected("eat a slice of cake", "eat", "cake", "eating cake is not simulated")
    for text, verb, target, why in MISSING:
        yield Rejected(text, verb, target, why)
    reg, have = items(), obtainable()
    seeds = [i for i in reg.names if i in have and _plant_block(i)]
    for seed in seeds:
        block = _plant_block(seed)
        yield _t(f"plant_{seed}", f"plant {words(seed)}", "tool_use", "plant_seeds", "plant",
                 seed, placed(block))  # fmt: skip


PLANTABLE = ("_seeds", "_sapling", "_propagule", "_pod")


def _plant_block(item: str) -> str | None:
    """The block planting ``item`` makes (crops, stems, saplings), else None."""
    extra = {
        "carrot": "carrots",
        "potato": "potatoes",
        "sweet_berries": "sweet_berry_bush",
        "nether_wart": "nether_wart",
        "cocoa_beans": "cocoa",
        "glow_berries": "cave_vines",
    }
    if item in extra:
        return extra[item]
    if not item.endswith(PLANTABLE):
        return None
    return items().item(item).block


def animals() -> Iterator[Entry]:
    """Feed, breed, tame, lead and trap the animals the engine simulates."""
    for mob in mobs():
        if not mob.simulated:
            continue
        name, w = mob.name, words(mob.name)
        if mob.role == "animal" and name in BREED_FOOD:
            love = EntityRule(entity=name, tags=("love",))
            yield _t(f"feed_{name}", f"feed the {w}", "tool_use", "feed_animals", "feed", name,
                     love, note="a fed animal is in love mode for a while")  # fmt: skip
            yield _t(f"breed_{name}", f"breed two {w}s", "animal_care", "tame_animals", "breed",
                     name, custom("animals_bred"))  # fmt: skip
        if name in TAME_ITEMS or name == "horse":
            yield _t(f"tame_{name}", f"tame {a(name)}", "animal_care", "tame_animals", "tame", name,
                     EntityRule(entity=name, tags=("tamed",)))  # fmt: skip
        if mob.role == "animal":
            yield _t(f"lead_{name}", f"lead {a(name)} with a lead", "animal_care", "guide_animals",
                     "lead", name, EntityRule(entity=name, tags=("leashed",)))  # fmt: skip
        if mob.role in ("animal", "hostile"):
            yield _t(
                f"trap_{name}",
                f"trap {a(name)} in a house",
                "animal_care",
                "trap_animals",
                "trap",
                name,
                EntityRule(entity=name, within=8),
                judge=True,
                note="the rule checks the mob is still near; AutoEval checks the trap",
            )
    yield _t("tie_to_fence", "tie an animal to a fence", "animal_care", "guide_animals", "lead",
             "leash_knot", EntityRule(entity="leash_knot", within=8))  # fmt: skip


RIDES = (("boat", "oak_boat"), ("minecart", "minecart"), ("horse", "horse"), ("pig", "pig"))


def motion() -> Iterator[Entry]:
    m = "motion"
    yield _t(
        "pillar_up", "pillar jump up 5 blocks", m, "climb", "pillar", "pillar", PositionRule(rise=5)
    )
    yield _t(
        "climb_ladder",
        "climb a ladder",
        m,
        "climb",
        "climb",
        "ladder",
        AllRule(rules=(PositionRule(rise=4), BlockRule(blocks=("ladder",), within=1))),
    )
    yield _t(
        "climb_mountain",
        "climb to the top of a hill",
        m,
        "climb",
        "climb",
        "hill",
        PositionRule(rise=15),
        judge=True,
    )
    yield _t(
        "dig_down", "dig down 5 blocks", m, "other_motion", "dig", "ground", PositionRule(descend=5)
    )
    yield _t(
        "dive_underwater",
        "dive underwater",
        m,
        "dive_underwater",
        "dive",
        "water",
        PositionRule(eyes_in="water"),
    )
    yield _t(
        "swim", "swim 10 blocks", m, "dive_underwater", "swim", "water", custom("swim_one_cm", 1000)
    )
    yield _t("drop_item", "drop an item", m, "drop_items", "drop", "item", custom("drop"))
    for item in ("dirt", "cobblestone"):
        yield _t(
            f"drop_{item}",
            f"drop {words(item)}",
            m,
            "drop_items",
            "drop",
            item,
            StatRule(category="dropped", key=item),
        )
    yield _t("jump", "jump", m, "other_motion", "jump", "jump", custom("jump"))
    yield _t(
        "jump_10_times", "jump 10 times", m, "other_motion", "jump", "jump", custom("jump", 10)
    )
    yield _t(
        "sprint",
        "sprint 20 blocks",
        m,
        "other_motion",
        "sprint",
        "ground",
        custom("sprint_one_cm", 2000),
    )
    yield _t(
        "sneak",
        "sneak 5 blocks",
        m,
        "other_motion",
        "sneak",
        "ground",
        custom("crouch_one_cm", 500),
    )
    yield _t(
        "walk_far",
        "walk 50 blocks away",
        m,
        "other_motion",
        "walk",
        "ground",
        PositionRule(travel=50),
    )
    yield _t(
        "sleep_in_bed", "sleep in a bed", m, "other_motion", "sleep", "bed", custom("sleep_in_bed")
    )
    for vehicle, kind in RIDES:
        yield _t(
            f"ride_{vehicle}",
            f"ride a {vehicle}",
            m,
            "other_motion",
            "ride",
            kind,
            RidingRule(vehicle=kind),
        )
    yield _t(
        "mlg_water",
        "MLG water bucket",
        m,
        "other_motion",
        "jump",
        "water_bucket",
        used("water_bucket"),
        judge=True,
        note="AutoEval checks the fall was broken",
    )
    yield _t(
        "build_bridge",
        "build a bridge over water",
        m,
        "other_motion",
        "build",
        "bridge",
        placed("cobblestone", "oak_planks", "dirt", n=5, within=12),
        judge=True,
    )
    yield _t("clog_waterfall", "clog a waterfall", m, "other_motion", "build", "waterfall",
             judge=True)  # fmt: skip
