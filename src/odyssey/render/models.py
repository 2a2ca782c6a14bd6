"""Block models for the chunk mesher: which states are plain cubes, and the quads of all others.

Every block state maps to a geometry key built from its block kind and the properties that change
its shape (``("stairs", "north", "bottom", "outer_left")``); geometries are built once per key
from vanilla 1.21 model sizes (``shapes``), states without a rule fall back to their collision
boxes, and the per-state quads are assembled with numpy. Texture tiles and render layers come
from the atlas as arrays, so this module never draws a pixel.

Deliberate differences from vanilla, all per state (a model here cannot see its neighbours):
fluid surfaces are flat at the state's own height (vanilla averages corner heights with the
neighbours and raises a fluid with the same fluid above to a full block); plants are not offset
by the position hash; waterlogged blocks, kelp, seagrass and bubble columns carry no water quads
here (the mesher adds the water); block entities (chests, signs, banners, beds) are static boxes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from odyssey.render import shapes as sh
from odyssey.render.shapes import DOWN, NORTH, SOUTH, UP, Mesh
from odyssey.world.blocks import BlockFlag, BlockRegistry, BlockType


@dataclass(frozen=True)
class ModelTable:
    """Per-state cube/occlusion/cull-group flags and the quads of every non-cube state."""

    cube: np.ndarray  # (n_states,) bool: a full cube the greedy cube mesher draws
    occludes: np.ndarray  # (n_states,) bool: an opaque full cube hiding neighbours' faces
    cull_group: np.ndarray  # (n_states,) int16: faces between equal nonzero groups are hidden
    start: np.ndarray  # (n_states,) int32: first quad of the state
    count: np.ndarray  # (n_states,) int32: number of quads
    pos: np.ndarray  # (Q, 4, 3) float32: corners in block units, counter-clockwise from outside
    uv: np.ndarray  # (Q, 4, 2) float32: tile units, u right, v down
    tile: np.ndarray  # (Q,) int32
    cull: np.ndarray  # (Q,) int8: face 0..5 hidden by an occluding neighbour there, or -1
    shade: np.ndarray  # (Q,) int8: face whose directional shade applies, 6 = none
    layer: np.ndarray  # (Q,) uint8


Key = tuple
Rule = Callable[[dict[str, str], int], Key]

NOTHING: Key = ("nothing",)
CUBE: Key = ("cube",)
DRAWS_NOTHING = {"air", "cave_air", "void_air", "light", "barrier", "structure_void"}
DRAWS_NOTHING |= {"moving_piston"}  # drawn by its block entity in vanilla
# Not full-cube collision, but drawn as cubes (soul sand and mud are 14 px tall to walk on).
VISUAL_CUBES = {"soul_sand", "mud", "powder_snow", "honey_block", "end_gateway"}
# Full cubes that vanilla marks noOcclusion: their neighbours' faces stay drawn.
NO_OCCLUSION = {"powder_snow", "chorus_flower", "beacon", "mangrove_roots", "spawner"}
NO_OCCLUSION |= {"trial_spawner", "vault", "end_gateway", "honey_block", "slime_block"}
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
HALF_TRANSPARENT = {"glass", "tinted_glass", "ice", "frosted_ice", "slime_block", "honey_block"}
HALF_TRANSPARENT |= {"powder_snow"}
SIDES = ("north", "east", "south", "west")


# -- rules: block type -> (properties, state) -> geometry key ------------------------------------


def _is_true(value: str) -> bool:
    return value == "true"


def _connected(props: dict[str, str]) -> tuple[str, ...]:
    return tuple(s for s in SIDES if props.get(s) == "true")


def _fluid_height(level: int) -> float:
    """Surface height in pixels: FlowingFluid amount/9 of a block (source 8/9 = 14.2 px;
    level 1..7 flowing 7/9..1/9); level >= 8 is falling fluid, which vanilla raises to a full
    block because the same fluid is above it."""
    return 16.0 if level >= 8 else (8 - level) * 16.0 / 9.0


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
        "redstone_wire": lambda p, s: ("wire", tuple(d for d in SIDES if p[d] == "up")),
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


def _named_suffix_rule(name: str) -> Rule | None:
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


# -- geometry per key --------------------------------------------------------------------------

# Sign renderers (SignRenderer, HangingSignRenderer): model pixels scaled by 2/3 for signs.
SIGN_SCALE = 2.0 / 3.0
SIGN_TEXT_OFFSET = (0.0, 1.0 / 3.0, 0.046666667)  # blocks, from the sign's origin
SIGN_WALL_OFFSET = (0.0, -0.3125, -0.4375)
SIGN_TEXT_SIZE = (90 / 96, 40 / 96)  # 90 x 4*10 font px at 1/96 block per px
HANGING_ORIGIN_Y = 0.9375 - 0.3125
HANGING_TEXT_OFFSET = (0.0, -0.32, 0.073)
HANGING_TEXT_SIZE = (60 * 0.0140625, 36 * 0.0140625)  # 60 x 4*9 font px at 0.9/64 block


def _turn_about_centre(m: Mesh, degrees: float) -> Mesh:
    """Right-handed turn about the vertical centre line, exact for multiples of 90 degrees."""
    if degrees % 90 == 0:
        return sh.rotate_y(m, int(-degrees // 90))
    return sh.rotate(m, 1, degrees)


def _sign_angle(where: str, value: str) -> float:
    """Vanilla's -yRot of a sign: rotation*22.5 for free-standing, facing.toYRot() on walls."""
    if where in ("standing", "ceiling"):
        return -22.5 * int(value)
    return -90.0 * sh.turns_between("south", value)


def sign(where: str, value: str) -> Mesh:
    """The sign board (24x12x2 model px) and post (2x14x2) at 2/3 scale; wall signs hang
    0.3125 lower and 0.4375 toward the wall without the post."""
    k = SIGN_SCALE
    if where == "standing":
        parts = [
            [0, 8 + 2 * k, 8 - k, 16, 8 + 14 * k, 8 + k],
            [8 - k, 0, 8 - k, 8 + k, 8 + 2 * k, 8 + k],
        ]
    else:
        y, z = 8 - 5, 8 - 7  # pixels: origin after the wall offset
        parts = [[0, y + 2 * k, z - k, 16, y + 14 * k, z + k]]
    return _turn_about_centre(sh.boxes(parts), _sign_angle(where, value))


def hanging_sign(where: str, value: str, attached: bool) -> Mesh:
    """Hanging sign: 14x10x2 board under two V chains (or one straight pair when attached to a
    block's middle); wall ones add a 16x2x4 plank on top."""
    board = [sh.box([1, 0, 7, 15, 10, 9])]
    if where == "wall":
        board.append(sh.box([0, 14, 6, 16, 16, 10]))
    if attached:
        chains = [sh.two_sided(sh.vquad((2, 8), (14, 8), 10, 16))]
    else:
        chains = [sh.translate(sh.chain_links(10, 16), dx) for dx in (-5, 5)]
    return _turn_about_centre(sh.concat(board + chains), _sign_angle(where, value))


def banner(where: str, value: str) -> Mesh:
    """BannerRenderer's pole (2x42x2), bar (20x2x2) and flag (20x40x1) at 2/3 scale; a wall
    banner hangs its flag from the wall into the block below."""
    k = SIGN_SCALE
    lo, hi = 8 - 10 * k, 8 + 10 * k
    if where == "standing":
        parts = [[8 - k, 0, 8 - k, 8 + k, 28, 8 + k], [lo, 28, 8 - k, hi, 28 + 2 * k, 8 + k]]
        parts.append([lo, 8 - 8 * k, 8 + k, hi, 28 + 2 * k, 8 + 2 * k])
    else:
        y, z = -8 / 3 - 5, 8 - 7  # origin: 0.5 - 1/6 - 0.3125 blocks, 0.4375 toward the wall
        parts = [[lo, y + 30 * k, z - k, hi, y + 32 * k, z + k]]
        parts.append([lo, y - 8 * k, z + k, hi, y + 32 * k, z + 2 * k])
    return _turn_about_centre(sh.boxes(parts), _sign_angle(where, value))


def fluid(level: int) -> Mesh:
    """A fluid box up to its surface height; the surface is drawn from above and below and is
    hidden only by the neighbour above (cull = up) even when it sits below the block top."""
    h = _fluid_height(level)
    body = sh.box([0, 0, 0, 16, h, 16], (DOWN, NORTH, SOUTH, sh.WEST, sh.EAST))
    top = sh.box([0, 0, 0, 16, h, 16], (UP,), cull=UP)
    return sh.concat([body, sh.two_sided(top)])


def _plant_extras(kind: str, args: tuple) -> Mesh | None:
    """Small plant-like shapes that need a line or two."""
    if kind == "stem":  # stem_growth0..7: 2 px per age, from 1 px below the farmland top
        return sh.cross(-1, 2 * (args[0] + 1) - 1)
    if kind == "attached_stem":  # stem_fruit: a plane from the block centre to the fruit
        m = sh.two_sided(sh.with_overrides(sh.vquad((0, 8), (9, 8), -1, 15), shade=sh.NO_SHADE))
        return sh.rotate_y(m, sh.turns_between("west", args[0]))
    if kind == "big_dripleaf":  # the leaf at 15 px, tipping down away from its stem
        tip = {"none": 0.0, "unstable": 0.0, "partial": 22.5, "full": 45.0}[args[1]]
        leaf = sh.rotate(sh.flat(15), 0, -tip, (8, 15, 16))
        m = sh.concat([leaf, sh.cross(0, 15)])
        return sh.rotate_y(m, sh.turns_between("north", args[0]))
    if kind == "bell":  # BellRenderer's body and lip under bell_floor/_ceiling/_wall supports
        support = {
            "floor": [[2, 0, 6, 4, 16, 10], [12, 0, 6, 14, 16, 10], [4, 13, 7, 12, 15, 9]],
            "ceiling": [[7, 13, 7, 9, 16, 9]],
            "single_wall": [[7, 13, 0, 9, 15, 13]],
            "double_wall": [[7, 13, 0, 9, 15, 16]],
        }[args[0]]
        turns = sh.turns_between("north", args[1])
        parts = [[5, 6, 5, 11, 13, 11], [4, 4, 4, 12, 6, 12]]
        return sh.boxes(parts + [sh.rotate_box_y(b, turns) for b in support])
    if kind == "tripwire_hook":  # a 4x8 px plate on the wall behind and the hook ring
        m = sh.boxes([[6, 1, 14, 10, 9, 16], [7.5, 4, 10, 8.5, 5, 14]])
        return sh.rotate_y(m, sh.turns_between("north", args[0]))
    if kind == "coral_fan":
        return sh.cross(0, 12)
    if kind == "coral_wall_fan":  # a fan leaning out of the wall behind it
        m = sh.two_sided(sh.quad([[16, 12, 4], [16, 4, 16], [0, 4, 16], [0, 12, 4]]))
        return sh.rotate_y(m, sh.turns_between("north", args[0]))
    if kind == "bamboo":  # bamboo1_age0/1 stalk and the unrotated + of leaf planes
        w = 1.0 if args[0] == 0 else 1.5
        parts = [sh.box([8 - w, 0, 8 - w, 8 + w, 16, 8 + w])]
        if args[1] != "none":
            planes = [sh.box([0.8, 0, 8, 15.2, 16, 8], (NORTH, SOUTH))]
            planes.append(sh.box([8, 0, 0.8, 8, 16, 15.2], (sh.WEST, sh.EAST)))
            parts.append(sh.with_overrides(sh.concat(planes), shade=sh.NO_SHADE))
        return sh.concat(parts)
    return None


def _redstone_like(kind: str, args: tuple) -> Mesh | None:
    if kind == "wire":  # redstone_dust: a floor plane 0.25 px up, walls where it climbs
        return sh.concat([sh.flat(0.25, two=False), sh.face_planes(args[0], 0.25)])
    if kind == "tripwire":  # the string texture on a plane 1.5 px up, turned east-west
        return sh.rotate_y(sh.flat(1.5), 0 if args[0] else 1)
    if kind == "fire":  # floor fire as crossed flames, side and top fire as planes 1 px in
        return sh.face_planes(args[0], 1.0) if args[0] else sh.cross()
    if kind == "portal":  # nether_portal_ns / _ew: a 4-px thick sheet, two faces
        m = sh.box([0, 0, 6, 16, 16, 10], (NORTH, SOUTH))
        return m if args[0] == "x" else sh.rotate_y(m, 1)
    if kind == "end_portal":  # TheEndPortalRenderer: top at 12/16, bottom at 6/16
        return sh.box([0, 6, 0, 16, 12, 16], (UP, DOWN))
    return None


ROD_PARTS = {
    "end_rod": ([6, 0, 6, 10, 1, 10], [7, 1, 7, 9, 16, 9]),
    "lightning_rod": ([7, 0, 7, 9, 12, 9], [6, 12, 6, 10, 16, 10]),
}

BUILDERS: dict[str, Callable[..., Mesh]] = {
    "stairs": sh.stairs,
    "slab": sh.slab,
    "door": sh.door,
    "trapdoor": sh.trapdoor,
    "gate": sh.fence_gate,
    "fence": sh.fence,
    "wall": lambda up, sides: sh.wall(up, dict(zip(SIDES, sides, strict=True))),
    "pane": sh.pane,
    "ladder": sh.ladder,
    "torch": sh.torch,
    "wall_torch": sh.wall_torch,
    "button": sh.button,
    "lever": sh.lever,
    "plate": lambda down: sh.box([1, 0, 1, 15, 0.5 if down else 1, 15]),
    "carpet": lambda: sh.box([0, 0, 0, 16, 1, 16]),
    "snow": lambda layers: sh.box([0, 0, 0, 16, 2 * layers, 16]),
    "cactus": sh.cactus,
    "cross": sh.cross,
    "crop": sh.crop,
    "flat": sh.flat,
    "faces": sh.face_planes,
    "rail": sh.rail,
    "chain": sh.chain,
    "lantern": sh.lantern,
    "campfire": sh.campfire,
    "rod": lambda facing, kind: sh.point(sh.boxes(ROD_PARTS[kind]), facing),
    "pointed_cross": lambda facing: sh.point(sh.cross(), facing),
    "pot": sh.flower_pot,
    "chest": sh.chest,
    "sign": sign,
    "hanging_sign": hanging_sign,
    "banner": banner,
    "fluid": fluid,
}


def geometry(reg: BlockRegistry, key: Key) -> Mesh:
    """The mesh of one geometry key (model pixels)."""
    kind, args = key[0], key[1:]
    if kind == "boxes":
        shape = args[0]
        start, count = reg.shape_box_start[shape], reg.shape_box_count[shape]
        return sh.boxes(reg.boxes[start : start + count].astype(np.float64) * 16.0)
    if kind in BUILDERS:
        return BUILDERS[kind](*args)
    mesh = _plant_extras(kind, args)
    mesh = mesh if mesh is not None else _redstone_like(kind, args)
    if mesh is None:
        raise KeyError(f"no geometry builder for {key!r}")
    return mesh


# -- per-state plan and table assembly -----------------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    """Everything about the states that does not depend on the atlas."""

    geometry_id: np.ndarray  # (n_states,) int32, -1 for cubes and empty states
    cube: np.ndarray  # (n_states,) bool
    may_occlude: np.ndarray  # (n_states,) bool: a cube vanilla lets occlude
    cull_group: np.ndarray  # (n_states,) int16
    quads: sh.Baked  # all geometries' quads, concatenated
    geo_start: np.ndarray  # (n_geometries,) int64
    geo_count: np.ndarray  # (n_geometries,) int64


def _group_name(block: BlockType) -> str | None:
    """Name of the cull group a block belongs to (faces between equal groups are hidden)."""
    name = block.name
    if name == "bubble_column":
        return "water"
    if name in ("water", "lava") or name in HALF_TRANSPARENT:
        return name
    if name.endswith(("_stained_glass", "_grate", "_pane", "_bars")):
        return name  # vanilla hides faces only between the very same block
    if block.flags & BlockFlag.LEAVES:
        return "leaves"  # as with "fast" leaves, which hide each other
    return None


def _state_keys(reg: BlockRegistry, block: BlockType) -> list[Key]:
    """Geometry keys of a block's states in state-id order."""
    rule = _rule(reg, block)
    names = [k for k, _ in block.properties]
    combos = itertools.product(*(values for _, values in block.properties))
    return [
        rule(dict(zip(names, combo, strict=True)), block.min_state + i)
        for i, combo in enumerate(combos)
    ]


@cache
def _plan(reg: BlockRegistry) -> _Plan:
    n = reg.state_count
    geometry_id = np.full(n, -1, np.int32)
    cube = np.zeros(n, bool)
    may_occlude = np.zeros(n, bool)
    cull_group = np.zeros(n, np.int16)
    group_names = sorted({g for b in reg.blocks if (g := _group_name(b))})
    group_id = {g: i + 1 for i, g in enumerate(group_names)}
    ids: dict[Key, int] = {}
    meshes: list[sh.Baked] = []
    for block in reg.blocks:
        span = slice(block.min_state, block.max_state + 1)
        cull_group[span] = group_id.get(_group_name(block) or "", 0)
        opaque_ok = not (block.name in NO_OCCLUSION or block.name.endswith("shulker_box"))
        for offset, key in enumerate(_state_keys(reg, block)):
            state = block.min_state + offset
            if key == CUBE:
                cube[state], may_occlude[state] = True, opaque_ok
            elif key != NOTHING:
                if key not in ids:
                    ids[key] = len(meshes)
                    meshes.append(sh.bake(geometry(reg, key)))
                geometry_id[state] = ids[key]
    counts = np.array([len(m.face) for m in meshes], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    quads = sh.Baked(
        *(np.concatenate([getattr(m, k) for m in meshes]) for k in sh.Baked.__annotations__)
    )
    return _Plan(
        geometry_id, cube, may_occlude & (cull_group == 0), cull_group, quads, starts, counts
    )


def build_models(registry: BlockRegistry, face_tiles: np.ndarray, layer: np.ndarray) -> ModelTable:
    """The model table for every state, with tiles from ``face_tiles`` (n_states, 6) and render
    layers (0 opaque, 1 cutout, 2 translucent) from ``layer`` (n_states,)."""
    plan = _plan(registry)
    face_tiles = np.asarray(face_tiles)
    layer = np.asarray(layer, dtype=np.uint8)
    gid = plan.geometry_id
    count = np.where(gid >= 0, plan.geo_count[np.maximum(gid, 0)], 0).astype(np.int32)
    start = (np.cumsum(count) - count).astype(np.int32)
    states = np.repeat(np.arange(registry.state_count), count)
    source = plan.geo_start[gid[states]] + (np.arange(len(states)) - start[states])
    q = plan.quads
    return ModelTable(
        cube=plan.cube.copy(),
        occludes=plan.may_occlude & (layer == 0),
        cull_group=plan.cull_group.copy(),
        start=start,
        count=count,
        pos=q.pos[source],
        uv=q.uv[source],
        tile=face_tiles[states, q.face[source]].astype(np.int32),
        cull=q.cull[source],
        shade=q.shade[source],
        layer=layer[states],
    )


# -- sign text ------------------------------------------------------------------------------------


def _sign_kind(registry: BlockRegistry, state_id: int) -> tuple[str, str] | None:
    """(where, rotation-or-facing) of a sign state, where is standing|wall|ceiling|wall_hanging."""
    block = registry.block_of(state_id)
    if not block.flags & BlockFlag.SIGN:
        return None
    props = registry.properties(state_id)
    if block.name.endswith("_wall_hanging_sign"):
        return "wall_hanging", props["facing"]
    if block.name.endswith("_hanging_sign"):
        return "ceiling", props["rotation"]
    if block.name.endswith("_wall_sign"):
        return "wall", props["facing"]
    return "standing", props["rotation"]


def sign_text_planes(
    registry: BlockRegistry, state_id: int
) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Text areas of a sign's front and back as (origin, right, up) in block units.

    A point of the text is origin + s*right + t*up with s, t in 0..1, seen from that side (s to
    the reader's right, t up). Sizes and offsets are the vanilla renderers' (4 lines of 10 font
    px, 90 px wide, 1/96 block per px for signs; 4 lines of 9 px, 60 px wide, 0.9/64 block per
    px for hanging signs). The back of a wall sign faces the wall, as in vanilla. [] otherwise.
    """
    kind = _sign_kind(registry, state_id)
    if kind is None:
        return []
    where, value = kind
    hanging = where in ("ceiling", "wall_hanging")
    base = np.array([0.5, HANGING_ORIGIN_Y if hanging else 0.5, 0.5])
    if where == "wall":
        base += SIGN_WALL_OFFSET
    offset = np.array(HANGING_TEXT_OFFSET if hanging else SIGN_TEXT_OFFSET)
    width, height = HANGING_TEXT_SIZE if hanging else SIGN_TEXT_SIZE
    angle = math.radians(_sign_angle("wall" if where == "wall_hanging" else where, value))
    c, s = math.cos(angle), math.sin(angle)
    turn = np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])  # right-handed about +y
    planes = []
    for side in (1.0, -1.0):  # front, then the back (turned 180 degrees)
        centre = base + offset * np.array([1.0, 1.0, side])
        right = np.array([width * side, 0.0, 0.0])
        up = np.array([0.0, height, 0.0])
        origin = centre - right / 2 - up / 2
        world = turn @ (origin - [0.5, 0.0, 0.5]) + [0.5, 0.0, 0.5]
        planes.append(tuple(v.astype(np.float32) for v in (world, turn @ right, turn @ up)))
    return planes
