"""Hand-written build, art and redstone families. Programmatic where a block or mob proves the
result (a lit nether portal, a golem, a placed redstone lamp with a switch); otherwise judged by
AutoEval, with a rule for the necessary part (enough blocks placed) when one is clear.
"""

from __future__ import annotations

from collections.abc import Iterator

from odyssey.mcu.library.gen_hand import _t, placed
from odyssey.mcu.library.gen_items import Entry, words
from odyssey.mcu.rules import AllRule, BlockRule, EntityRule, Rule
from odyssey.mcu.task import Rejected

BUILDING = ("oak_planks", "cobblestone", "stone_bricks", "spruce_planks", "birch_planks",
            "bricks", "sandstone", "dirt", "oak_log", "stone", "glass")  # fmt: skip
JUDGED = "AutoEval judges the construction"


def _blocks(n: int, *extra: str) -> BlockRule:
    """``n`` building blocks placed within 16 (the necessary part of a construction)."""
    return placed(*BUILDING, *extra, n=n, within=16)


# (id, text, sub-category, target, rule) of judged constructions.
CONSTRUCTIONS: tuple[tuple[str, str, str, str, Rule | None], ...] = (
    ("build_house", "build a house", "homes_shelters", "house", _blocks(30, "oak_door")),
    ("build_wooden_house", "build a wooden house", "homes_shelters", "house",
     placed("oak_planks", "spruce_planks", "birch_planks", "oak_log", n=30, within=16)),
    ("build_stone_house", "build a stone house", "homes_shelters", "house",
     placed("cobblestone", "stone_bricks", "stone", n=30, within=16)),
    ("build_shelter", "build a shelter for the night", "homes_shelters", "shelter", _blocks(12)),
    ("build_dirt_hut", "build a dirt hut", "homes_shelters", "hut", placed("dirt", n=12)),
    ("build_igloo", "build an igloo", "homes_shelters", "igloo",
     placed("snow_block", n=12, within=16)),
    ("build_treehouse", "build a treehouse", "homes_shelters", "treehouse", _blocks(20)),
    ("build_tower", "build a tower", "homes_shelters", "tower", _blocks(20)),
    ("build_castle", "build a castle", "homes_shelters", "castle", _blocks(60)),
    ("build_pyramid", "build a pyramid", "decorative_art", "pyramid", _blocks(30)),
    ("build_statue", "build a statue", "decorative_art", "statue", _blocks(10)),
    ("build_snowman", "build a snowman decoration", "decorative_art", "snowman",
     placed("snow_block", n=3)),
    ("build_fountain", "build a fountain", "decorative_art", "fountain", _blocks(8)),
    ("build_waterfall", "build a waterfall", "decorative_art", "waterfall", None),
    ("build_garden", "build a garden", "decorative_art", "garden",
     placed("poppy", "dandelion", "oxeye_daisy", "cornflower", "allium", "azure_bluet",
            "oak_sapling", "grass_block", n=5, within=16)),
    ("build_maze", "build a maze", "decorative_art", "maze", _blocks(40)),
    ("build_bridge_art", "build a decorative bridge", "decorative_art", "bridge", _blocks(15)),
    ("build_wall", "build a wall around yourself", "defensive_place", "wall", _blocks(16)),
    ("build_fence", "build a fence around an area", "defensive_place", "fence",
     placed("oak_fence", "spruce_fence", "birch_fence", n=12, within=16)),
    ("build_moat", "dig a moat", "defensive_place", "moat", None),
    ("build_watchtower", "build a watchtower", "defensive_place", "watchtower", _blocks(20)),
    ("build_trap", "build a pit trap", "defensive_place", "trap", None),
    ("build_farm", "build a farm", "defensive_place", "farm",
     placed("farmland", "wheat", n=6, within=16)),
    ("build_animal_pen", "build an animal pen", "defensive_place", "pen",
     placed("oak_fence", "spruce_fence", "oak_fence_gate", n=10, within=16)),
)  # fmt: skip


def build() -> Iterator[Entry]:
    yield _t("build_nether_portal", "build a nether portal", "build", "homes_shelters", "build",
             "nether_portal", BlockRule(blocks=("nether_portal",), within=8),
             note="obsidian frame lit with flint and steel")  # fmt: skip
    yield _t("build_snow_golem", "build a snow golem", "build", "decorative_art", "build",
             "snow_golem", EntityRule(entity="snow_golem", within=8))  # fmt: skip
    yield _t("build_iron_golem", "build an iron golem", "build", "defensive_place", "build",
             "iron_golem", EntityRule(entity="iron_golem", within=8))  # fmt: skip
    for id, text, sub, target, rule in CONSTRUCTIONS:
        yield _t(id, text, "build", sub, "build", target, rule, judge=True, note=JUDGED)
    yield Rejected("build a wither", "build", "wither", "the wither is not simulated")


LIGHTS = ("torch", "wall_torch", "lantern", "soul_torch", "soul_wall_torch", "glowstone",
          "sea_lantern", "jack_o_lantern", "redstone_lamp")  # fmt: skip
ART: tuple[tuple[str, str, str, str, Rule | None, bool], ...] = (
    ("light_up_surroundings", "light up the surroundings", "lighting", "torch",
     placed("torch", "wall_torch", n=4, within=16), True),
    ("light_up_at_night", "light up the surroundings at night", "lighting", "torch",
     placed("torch", "wall_torch", n=4, within=16), True),
    ("place_torches", "place 5 torches", "lighting", "torch",
     placed("torch", "wall_torch", n=5, within=16), False),
    ("place_lanterns", "hang lanterns", "lighting", "lantern", placed("lantern", n=3), False),
    ("light_campfire", "light a campfire", "lighting", "campfire", placed("campfire"), False),
    ("light_jack_o_lantern", "place a jack o'lantern", "lighting", "jack_o_lantern",
     placed("jack_o_lantern"), False),
    ("light_house", "light up a house", "lighting", "house", placed(*LIGHTS, n=4, within=16),
     True),
    ("decorate_room", "decorate the room", "decoration", "room", None, True),
    ("decorate_with_flowers", "decorate with flowers", "decoration", "flowers",
     placed("poppy", "dandelion", "flower_pot", "potted_poppy", "potted_dandelion", n=3), True),
    ("decorate_with_carpet", "lay carpets on the floor", "decoration", "carpet",
     placed(*(f"{c}_carpet" for c in ("white", "red", "blue", "yellow", "green")), n=4), True),
    ("decorate_with_banners", "hang banners", "decoration", "banner",
     placed("white_banner", "white_wall_banner", "red_banner", "red_wall_banner"), True),
    ("place_flower_pot", "put a flower in a pot", "decoration", "flower_pot",
     placed("potted_poppy", "potted_dandelion", "potted_oak_sapling", "potted_cactus"), False),
    ("decorate_christmas_tree", "decorate a christmas tree", "decoration", "tree", None, True),
    ("draw_pixel_art", "make pixel art with wool", "decoration", "wool",
     placed(*(f"{c}_wool" for c in ("white", "red", "blue", "yellow", "black")), n=9), True),
)  # fmt: skip


def art() -> Iterator[Entry]:
    for id, text, sub, target, rule, judge in ART:
        yield _t(id, text, "art", sub, "decorate" if sub == "decoration" else "light", target,
                 rule, judge=judge or rule is None)  # fmt: skip
    for text, target in (("decorate with paintings", "painting"),
                         ("place an item frame", "item_frame")):  # fmt: skip
        yield Rejected(text, "decorate", target, "the engine does not place hanging entities")


# (id, text, the blocks it needs placed) of redstone devices; judged, with the parts as a rule.
REDSTONE: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("build_lamp_switch", "power a redstone lamp with a lever", ("redstone_lamp", "lever")),
    ("build_lamp_button", "light a redstone lamp with a button",
     ("redstone_lamp", "stone_button")),
    ("build_daylight_lamp", "build a daylight sensor lamp", ("redstone_lamp", "daylight_detector")),
    ("build_piston_door", "build a piston door", ("sticky_piston", "lever")),
    ("build_hidden_door", "build a hidden piston door", ("sticky_piston", "redstone_wire")),
    ("build_and_gate", "build an AND gate", ("redstone_torch", "redstone_wire")),
    ("build_or_gate", "build an OR gate", ("redstone_wire", "lever")),
    ("build_not_gate", "build a NOT gate", ("redstone_torch", "redstone_wire")),
    ("build_nor_gate", "build a NOR gate", ("redstone_torch", "redstone_wire")),
    ("build_xor_gate", "build an XOR gate", ("redstone_torch", "redstone_wire")),
    ("build_repeater_line", "build a repeater line", ("repeater", "redstone_wire")),
    ("build_redstone_clock", "build a redstone clock", ("repeater", "redstone_wire")),
    ("build_comparator_clock", "build a comparator clock", ("comparator", "redstone_wire")),
    ("build_observer_clock", "build an observer clock", ("observer",)),
    ("build_pulse_extender", "build a pulse extender", ("repeater", "redstone_wire")),
    ("build_t_flip_flop", "build a T flip-flop", ("sticky_piston", "redstone_wire")),
    ("build_item_sorter", "build an item sorter", ("hopper", "comparator")),
    ("build_hopper_chain", "build a hopper chain into a chest", ("hopper", "chest")),
    ("build_auto_farm", "build an automatic farm", ("observer", "piston")),
    ("build_dispenser_trap", "build a dispenser trap", ("dispenser", "stone_pressure_plate")),
    ("build_tnt_cannon", "build a TNT cannon", ("dispenser", "tnt")),
    ("build_note_block_song", "build a note block melody", ("note_block",)),
    ("build_pressure_plate_door", "build a pressure plate door",
     ("oak_door", "stone_pressure_plate")),
    ("build_tripwire_trap", "build a tripwire trap", ("tripwire_hook",)),
    ("build_rail_line", "build a powered rail line", ("powered_rail", "redstone_torch")),
    ("build_minecart_station", "build a minecart station", ("rail", "stone_button")),
    ("build_target_lamp", "build a target block lamp", ("target", "redstone_lamp")),
    ("build_redstone_wire", "lay a redstone wire from a lever to a lamp",
     ("redstone_wire", "lever", "redstone_lamp")),
    ("build_combination_lock", "build a combination lock", ("lever", "redstone_torch")),
    ("build_elevator", "build a water elevator", ("soul_sand",)),
)  # fmt: skip


def redstone() -> Iterator[Entry]:
    for id, text, parts in REDSTONE:
        rule = AllRule(rules=tuple(placed(p, within=12) for p in parts))
        yield _t(
            id,
            text,
            "build",
            "redstone_devices",
            "build",
            parts[0],
            rule,
            judge=True,
            note=f"needs {', '.join(words(p) for p in parts)} placed; {JUDGED}",
        )
