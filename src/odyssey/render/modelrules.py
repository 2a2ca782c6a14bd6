"""Block state -> geometry key: which model every block state gets, from its kind and the
properties that change its shape (``("stairs", "north", "bottom", "outer_left")``).

States sharing a key share one mesh (``models.geometry`` builds each key once). ``CUBE`` states
go to the greedy cube mesher, ``NOTHING`` draws nothing, and states without a rule fall back to
their collision boxes (``("boxes", shape)``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from odyssey.world.blocks import BlockFlag, BlockRegistry, BlockType

Key = tuple
Rule = Callable[[dict[str, str], int], Key]

NOTHING: Key = ("nothing",)
CUBE: Key = ("cube",)
DRAWS_NOTHING = {"air", "cave_air", "void_air", "light", "barrier", "structure_void"}
DRAWS_NOTHING |= {"moving_piston"}  # drawn by its block entity in vanilla
# Not full-cube collision, but drawn as cubes (soul sand and mud are 14 px tall to walk on).
VISUAL_CUBES = {"soul_sand", "mud", "powder_snow", "honey_block", "end_gateway"}
CROSS = {
    "short_grass", "fern", "dead_bush", "bush", "short_dry_grass", "tall_dry_grass", "dandelion",
    "torchflower", "poppy", "blue_orchid", "allium", "azure_bluet", "oxeye_daisy", "cornflower",
    "wither_rose", "lily_of_the_valley", "open_eyeblossom", "closed_eyeblossom", "cactus_flower",
    "brown_mushroom", "red_mushroom", "cobweb", "sugar_cane", "sweet_berry_bush", "warped_fungus",
    "crimson_fungus", "warped_roots", "crimson_roots", "nether_sprouts", "weeping_vines",
    "weeping_vines_plant", "twisting_vines", "twisting_vines_plant", "cave_vines",
    "cave_vines_plant", "hanging_roots", "kelp", "kelp_plant", "sunflower", "lilac", "rose_bush",
    "peony", "tall_grass", "large_fern", "pitcher_plant", "small_dripleaf", "big_dripleaf_stem",
    "mangrove_propagule", "pale_hanging_moss", "firefly_bush", "bamboo_sapling",
    "pointed_dripstone", "torchflower_crop", "soul_fire",
}  # fmt: skip
CROP = {"wheat", "carrots", "potatoes", "beetroots", "nether_wart", "pitcher_crop"}
SEAGRASS = {"seagrass", "tall_seagrass"}  # template_seagrass: the crop # without the 1-px sink
FLAT_Y = {"lily_pad": 0.25, "frogspawn": 1.5, "pink_petals": 3.0, "wildflowers": 3.0}
FLAT_Y |= {"leaf_litter": 1.0, "spore_blossom": 15.9}
TORCHES = {"torch", "soul_torch", "copper_torch", "redstone_torch"}
CHESTS = {"chest", "trapped_chest", "ender_chest"}
SIDES = ("north", "east", "south", "west")


def _is_true(value: str) -> bool:
    return value == "true"


def _connected(props: dict[str, str]) -> tuple[str, ...]:
    return tuple(s for s in SIDES if props.get(s) == "true")


def _facing_rule(kind: str) -> Rule:
    return lambda p, s: (kind, p["facing"])


def _flagged_rule(flags: BlockFlag) -> Rule | None:
    """Rules for the block families the registry flags."""
    if flags & BlockFlag.STAIRS:
        return lambda p, s: ("stairs", p["facing"], p["half"], p["shape"])
    if flags & BlockFlag.SLAB:
        return lambda p, s: CUBE if p["type"] == "double" else ("slab", p["type"])
    if flags & BlockFlag.DOOR:
        return lambda p, s: ("door", p["facing"], p["hinge"], _is_true(p["open"]))
    if flags & BlockFlag.TRAPDOOR:
        return lambda p, s: ("trapdoor", p["facing"], p["half"], _is_true(p["open"]))
    if flags & BlockFlag.FENCE_GATE:
        return lambda p, s: (
            "gate", p["facing"], _is_true(p["open"]), _is_true(p["in_wall"])
        )  # fmt: skip
    if flags & BlockFlag.FENCE:
        return lambda p, s: ("fence", _connected(p))
    if flags & BlockFlag.WALL:
        return lambda p, s: ("wall", _is_true(p["up"]), tuple(p[d] for d in SIDES))
    if flags & BlockFlag.BUTTON:
        return lambda p, s: ("button", p["face"], p["facing"], _is_true(p["powered"]))
    if flags & BlockFlag.LEVER:
        return lambda p, s: ("lever", p["face"], p["facing"], _is_true(p["powered"]))
    if flags & BlockFlag.PRESSURE_PLATE:
        return lambda p, s: (
            "plate",
            _is_true(p.get("powered", "false")) or p.get("power", "0") != "0",
        )
    return None


def _sign_rule(name: str) -> Rule:
    if name.endswith("_wall_hanging_sign"):
        return lambda p, s: ("hanging_sign", "wall", p["facing"], False)
    if name.endswith("_hanging_sign"):
        return lambda p, s: ("hanging_sign", "ceiling", p["rotation"], _is_true(p["attached"]))
    if name.endswith("_wall_sign"):
        return lambda p, s: ("sign", "wall", p["facing"])
    return lambda p, s: ("sign", "standing", p["rotation"])


def _named_rule(name: str) -> Rule | None:
    """Rules chosen by block name (plants, torches, rails and other non-box shapes)."""
    exact: dict[str, Rule] = {
        "water": lambda p, s: ("fluid", int(p["level"])),
        "lava": lambda p, s: ("fluid", int(p["level"])),
        "bubble_column": lambda p, s: ("fluid", 0),
        "ladder": _facing_rule("ladder"),
        "snow": lambda p, s: CUBE if p["layers"] == "8" else ("snow", int(p["layers"])),
        "cactus": lambda p, s: ("cactus",),
        "vine": lambda p, s: ("faces", tuple(d for d in (*SIDES, "up") if p[d] == "true"), 0.8),
        "redstone_wire": lambda p, s: ("wire", tuple(p[d] for d in SIDES)),
        "tripwire": lambda p, s: ("tripwire", p["north"] == "true" or p["south"] == "true"),
        "fire": lambda p, s: ("fire", tuple(d for d in (*SIDES, "up") if p[d] == "true")),
        "nether_portal": lambda p, s: ("portal", p["axis"]),
        "end_portal": lambda p, s: ("end_portal",),
        "end_rod": lambda p, s: ("rod", p["facing"], "end_rod"),
        "amethyst_cluster": lambda p, s: ("pointed_cross", p["facing"]),
        "campfire": lambda p, s: ("campfire", p["facing"], _is_true(p["lit"])),
        "soul_campfire": lambda p, s: ("campfire", p["facing"], _is_true(p["lit"])),
        "bamboo": lambda p, s: ("bamboo", int(p["age"]), p["leaves"]),
        "flower_pot": lambda p, s: ("pot", None),
        "pumpkin_stem": lambda p, s: ("stem", int(p["age"])),
        "melon_stem": lambda p, s: ("stem", int(p["age"])),
        "attached_pumpkin_stem": _facing_rule("attached_stem"),
        "attached_melon_stem": _facing_rule("attached_stem"),
        "iron_chain": lambda p, s: ("chain", p["axis"]),
        "pale_moss_carpet": lambda p, s: ("carpet",),
        "tripwire_hook": _facing_rule("tripwire_hook"),
        "bell": lambda p, s: ("bell", p["attachment"], p["facing"]),
        "big_dripleaf": lambda p, s: ("big_dripleaf", p["facing"], p["tilt"]),
        **_mechanics_rules(),
    }
    if name in exact:
        return exact[name]
    if name in TORCHES:
        return lambda p, s: ("torch",)
    if name in CHESTS or name.endswith("copper_chest"):
        return lambda p, s: ("chest", p["facing"], p.get("type", "single"))
    if name in CROSS or name.endswith(("_sapling", "_tulip", "_coral")):
        return lambda p, s: ("cross",)
    if name in CROP:
        return lambda p, s: ("crop", -1, 15)
    if name in SEAGRASS:
        return lambda p, s: ("crop", 0, 16)
    if name in FLAT_Y:
        return lambda p, s: ("flat", FLAT_Y[name])
    if name.endswith("_coral_fan"):
        return lambda p, s: ("coral_fan",)
    if name.endswith("_coral_wall_fan"):
        return _facing_rule("coral_wall_fan")
    if name in ("glow_lichen", "sculk_vein", "resin_clump"):
        return lambda p, s: (
            "faces",
            tuple(d for d in (*SIDES, "up", "down") if p[d] == "true"),
            0.1,
        )
    return _named_suffix_rule(name)


def _mechanics_rules() -> dict[str, Rule]:
    """Redstone components, pistons, cauldrons and other blocks of the survival mechanics."""
    rules: dict[str, Rule] = {
        "repeater": lambda p, s: (
            "repeater", p["facing"], int(p["delay"]), _is_true(p["locked"]),
            _is_true(p["powered"]),
        ),
        "comparator": lambda p, s: (
            "comparator", p["facing"], p["mode"] == "subtract", _is_true(p["powered"])
        ),
        "hopper": _facing_rule("hopper"),
        "piston_head": lambda p, s: ("piston_head", p["facing"], _is_true(p["short"])),
        "end_portal_frame": lambda p, s: ("end_portal_frame", _is_true(p["eye"])),
        "composter": lambda p, s: ("composter", int(p["level"])),
        "cauldron": lambda p, s: ("cauldron", "", 0),
        "water_cauldron": lambda p, s: ("cauldron", "water", int(p["level"])),
        "lava_cauldron": lambda p, s: ("cauldron", "lava", 3),
        "powder_snow_cauldron": lambda p, s: ("cauldron", "snow", int(p["level"])),
    }  # fmt: skip
    for name in ("piston", "sticky_piston"):
        rules[name] = lambda p, s: ("piston_base", p["facing"]) if _is_true(p["extended"]) else CUBE
    return rules


def _named_suffix_rule(name: str) -> Rule | None:
    if name.endswith("_bed"):
        return lambda p, s: ("bed", p["facing"], p["part"])
    if name.endswith("wall_torch"):
        return _facing_rule("wall_torch")
    if name.endswith("rail"):
        return lambda p, s: ("rail", p["shape"])
    if name.endswith("_carpet"):
        return lambda p, s: ("carpet",)
    if name.endswith(("_pane", "_bars")):
        return lambda p, s: ("pane", _connected(p))
    if name.endswith("copper_chain"):
        return lambda p, s: ("chain", p["axis"])
    if name.endswith("lantern"):
        return lambda p, s: ("lantern", _is_true(p["hanging"]))
    if name.endswith("lightning_rod"):
        return lambda p, s: ("rod", p["facing"], "lightning_rod")
    if name.endswith("amethyst_bud"):
        return lambda p, s: ("pointed_cross", p["facing"])
    if name.startswith("potted_"):
        return lambda p, s: ("pot", name.removeprefix("potted_"))
    if name.endswith("_wall_banner"):
        return lambda p, s: ("banner", "wall", p["facing"])
    if name.endswith("_banner"):
        return lambda p, s: ("banner", "standing", p["rotation"])
    return None


def _rule(reg: BlockRegistry, block: BlockType) -> Rule:
    """How one block type's states map to geometry keys."""
    name, flags = block.name, block.flags
    if name in DRAWS_NOTHING:
        return lambda p, s: NOTHING
    full = reg.state_flags[block.min_state : block.max_state + 1] & BlockFlag.FULL_CUBE
    if name in VISUAL_CUBES or full.all():  # before name rules: sea_lantern is a cube
        return lambda p, s: CUBE
    rule = _named_rule(name) or (_sign_rule(name) if flags & BlockFlag.SIGN else None)
    rule = rule or _flagged_rule(flags)
    if rule is not None:
        return rule

    def collision(p: dict[str, str], s: int) -> Key:
        if reg.state_flags[s] & BlockFlag.FULL_CUBE:
            return CUBE
        shape = int(reg.state_shape[s])
        return ("boxes", shape) if reg.shape_box_count[shape] else NOTHING

    return collision


def state_keys(reg: BlockRegistry, block: BlockType) -> list[Key]:
    """Geometry keys of a block's states in state-id order."""
    rule = _rule(reg, block)
    names = [k for k, _ in block.properties]
    combos = itertools.product(*(values for _, values in block.properties))
    return [
        rule(dict(zip(names, combo, strict=True)), block.min_state + i)
        for i, combo in enumerate(combos)
    ]
