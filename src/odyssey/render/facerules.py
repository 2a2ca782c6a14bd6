"""Block name -> face rule: which tile each of a block's six faces shows, by its properties.

Each block name is resolved once — an explicit rule, a tile of the same name, a door/trapdoor/plant
rule, or the material a stair, slab, wall, fence, sign, button, carpet or pane is made of. Face
order is ``FACES`` (-y, +y, -z, +z, -x, +x). A log lying along x or z uses a ``*_horizontal`` tile
(its bark turned 90°) on the faces where its axis runs across columns.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from odyssey.render.palette import DYES, WOODS, log_names
from odyssey.render.tiles import Recipe
from odyssey.world import BlockRegistry

FACES = ("down", "up", "north", "south", "west", "east")  # the order of every Six

TALL_PLANTS = ("tall_grass", "large_fern", "sunflower", "lilac", "rose_bush", "peony")
TALL_PLANTS += ("pitcher_plant", "tall_seagrass")
# Suffixes of blocks made of another block's material (longest first), and the names tried
# for that material: wool for carpets, planks for woods, plural for bricks/tiles, *_block.
SHAPE_SUFFIXES = ("_wall_hanging_sign", "_hanging_sign", "_wall_sign", "_sign", "_pressure_plate")
SHAPE_SUFFIXES += ("_button", "_fence_gate", "_fence", "_stairs", "_slab", "_wall", "_carpet")
SHAPE_SUFFIXES += ("_pane", "_shelf")
MATERIAL_FORMS = ("{}_wool", "{}_planks", "{}", "{}s", "{}_block")
SAME_AS = {  # blocks drawn as another block, where no name rule finds it
    "snow_block": "snow",
    "suspicious_sand": "sand",
    "suspicious_gravel": "gravel",
    "powder_snow": "snow",
    "frosted_ice": "ice",
    "smooth_stone_slab": "smooth_stone",
    "petrified_oak_slab": "oak_planks",
    "light_weighted_pressure_plate": "gold_block",
    "heavy_weighted_pressure_plate": "iron_block",
    "wall_torch": "torch",
    "soul_wall_torch": "soul_torch",
    "copper_wall_torch": "copper_torch",
    "redstone_wire": "redstone_dust_dot",
    "bubble_column": "water",
    "bamboo_mosaic": "bamboo_planks",
    "mangrove_propagule": "mangrove_sapling",
    "attached_pumpkin_stem": "pumpkin_stem",
    "attached_melon_stem": "pumpkin_stem",
    "melon_stem": "pumpkin_stem",
}
CRAFTING_SIDES = ("crafting_table_front", "crafting_table_side") * 2  # fronts north and west
INVISIBLE = ("air", "cave_air", "void_air", "light", "barrier", "structure_void", "moving_piston")

Six = tuple[str, str, str, str, str, str]


@dataclass(frozen=True)
class FaceRule:
    """The six face tiles of a block as a function of some of its properties (``keys``)."""

    keys: tuple[str, ...]
    pick: Callable[[dict[str, str]], Six]


def cube(tile: str) -> Six:
    """The same tile on all six faces."""
    return (tile,) * 6


def column(end: str, side: str, bottom: str | None = None) -> Six:
    """Ends on the top and bottom, one tile round the sides (pillars, sandstone, TNT)."""
    return (bottom or end, end, side, side, side, side)


def fixed(faces: Six) -> FaceRule:
    """A rule that ignores the block's properties."""
    return FaceRule((), lambda _props: faces)


def axis_rule(end: str, side: str) -> FaceRule:
    """Logs and pillars: end tiles on the two faces along ``axis``, bark turned along it."""
    turned = f"{side}_horizontal"
    by_axis: dict[str, Six] = {
        "y": (end, end, side, side, side, side),
        "x": (turned, turned, turned, turned, end, end),
        "z": (side, side, end, end, turned, turned),
    }
    return FaceRule(("axis",), lambda p: by_axis[p.get("axis", "y")])


def facing_rule(front: str, side: str, top: str, lit_front: str | None = None) -> FaceRule:
    """Furnaces, dispensers, carved pumpkins: the front tile on the face ``facing`` points to."""

    def pick(p: dict[str, str]) -> Six:
        faces = [top, top, side, side, side, side]
        if p.get("facing") in ("up", "down"):
            faces = [side] * 6
        use_lit = lit_front is not None and p.get("lit") == "true"
        faces[FACES.index(p.get("facing", "north"))] = lit_front if use_lit else front
        return tuple(faces)  # type: ignore[return-value]

    return FaceRule(("facing", "lit"), pick)


def half_rule(upper: str, lower: str) -> FaceRule:
    """Doors and tall plants: one tile for the upper block, another for the lower."""
    return FaceRule(("half",), lambda p: cube(upper if p.get("half") == "upper" else lower))


def snowy_rule(top: str, side: str) -> FaceRule:
    """Grass, podzol, mycelium: snow-covered sides when the block above is snow."""
    return FaceRule(
        ("snowy",),
        lambda p: column(top, "grass_block_snow" if p.get("snowy") == "true" else side, "dirt"),
    )


@cache
def explicit_rules() -> Mapping[str, FaceRule]:
    """Blocks whose faces differ or depend on properties (everything else is a name rule)."""
    rules: dict[str, FaceRule] = {}
    for wood in WOODS:
        log, block = log_names(wood)
        rules[log] = axis_rule(f"{log}_top", log)
        rules[f"stripped_{log}"] = axis_rule(f"stripped_{log}_top", f"stripped_{log}")
        if block != log:  # *_wood and *_hyphae: bark all round
            rules[block] = axis_rule(log, log)
            rules[f"stripped_{block}"] = axis_rule(f"stripped_{log}", f"stripped_{log}")
    for name, (end, side) in {
        "quartz_pillar": ("quartz_pillar_top", "quartz_pillar"),
        "purpur_pillar": ("purpur_pillar_top", "purpur_pillar"),
        "hay_block": ("hay_block_top", "hay_block_side"),
        "deepslate": ("deepslate_top", "deepslate"),
    }.items():
        rules[name] = axis_rule(end, side)
    rules["grass_block"] = snowy_rule("grass_block_top", "grass_block_side")
    rules["podzol"] = snowy_rule("podzol_top", "podzol_side")
    rules["mycelium"] = snowy_rule("mycelium_top", "mycelium_side")
    columns = {
        "dirt_path": column("dirt_path_top", "dirt_path_side", "dirt"),
        "quartz_block": column("quartz_block_top", "quartz_block_side", "quartz_block_bottom"),
        "smooth_quartz": cube("quartz_block_bottom"),
        "pumpkin": column("pumpkin_top", "pumpkin_side"),
        "melon": column("melon_top", "melon_side"),
        "tnt": column("tnt_top", "tnt_side", "tnt_bottom"),
        "bookshelf": column("oak_planks", "bookshelf"),
        "scaffolding": column("scaffolding_top", "scaffolding_side"),
        "crafting_table": ("oak_planks", "crafting_table_top", *CRAFTING_SIDES),
    }
    for prefix in ("", "red_"):
        top = f"{prefix}sandstone_top"
        columns[f"{prefix}sandstone"] = column(top, f"{prefix}sandstone", f"{top[:-4]}_bottom")
        columns[f"cut_{prefix}sandstone"] = column(top, f"cut_{prefix}sandstone")
        columns[f"chiseled_{prefix}sandstone"] = column(top, f"chiseled_{prefix}sandstone")
        columns[f"smooth_{prefix}sandstone"] = cube(top)
    rules |= {name: fixed(faces) for name, faces in columns.items()}
    rules["furnace"] = facing_rule(
        "furnace_front", "furnace_side", "furnace_top", "furnace_front_on"
    )
    rules["dispenser"] = facing_rule("dispenser_front", "furnace_side", "furnace_top")
    rules["dropper"] = facing_rule("dropper_front", "furnace_side", "furnace_top")
    rules["carved_pumpkin"] = facing_rule("carved_pumpkin", "pumpkin_side", "pumpkin_top")
    rules["jack_o_lantern"] = facing_rule("jack_o_lantern", "pumpkin_side", "pumpkin_top")
    lit = FaceRule(
        ("lit",), lambda p: cube(f"redstone_torch{'' if p.get('lit') == 'true' else '_off'}")
    )
    rules["redstone_torch"] = rules["redstone_wall_torch"] = lit
    for name in TALL_PLANTS:
        rules[name] = half_rule(f"{name}_top", f"{name}_bottom")
    for name in INVISIBLE:
        rules[name] = fixed(cube("air"))
    # the mechanics' blocks; imported here because mechfaces builds on this module's helpers
    from odyssey.render.mechfaces import mechanics_rules

    rules |= mechanics_rules()
    return MappingProxyType(rules)


class Resolver:
    """Finds the face rule of a block name by the rules in the module docstring."""

    def __init__(self, reg: BlockRegistry, tiles: Mapping[str, Recipe]) -> None:
        self.reg = reg
        self.blocks = {b.name for b in reg.blocks}
        self.tiles = tiles
        self.explicit = explicit_rules()

    def rule(self, name: str) -> FaceRule | None:
        """The rule for ``name`` (a block or tile name), or None when only a fallback fits."""
        if name in self.explicit:
            return self.explicit[name]
        if name in SAME_AS:
            return self.material(SAME_AS[name])
        if name in self.tiles:
            return fixed(cube(name))
        for prefix in ("waxed_", "infested_"):
            if name.startswith(prefix):
                return self.rule(name.removeprefix(prefix))
        if name.endswith("_door") and f"door_{name[:-5]}_top" in self.tiles:
            return half_rule(f"door_{name[:-5]}_top", f"door_{name[:-5]}_bottom")
        for suffix in SHAPE_SUFFIXES:
            if name.endswith(suffix):
                base = name.removesuffix(suffix)
                for form in MATERIAL_FORMS:
                    found = self.material(form.format(base))
                    if found is not None:
                        return found
        return self.dyed(name)

    def material(self, name: str) -> FaceRule | None:
        """The faces of block or tile ``name`` in its default state (what a stair copies)."""
        rule = self.rule(name)
        if rule is None or not rule.keys:
            return rule
        props = self.reg.properties(self.reg.default_state(name)) if name in self.blocks else {}
        return fixed(rule.pick(props))

    def dyed(self, name: str) -> FaceRule | None:
        """Beds, banners and candles show their dye's wool; shulker boxes its concrete."""
        for dye in DYES:
            rest = name.removeprefix(f"{dye}_")
            if rest != name and rest in ("bed", "banner", "wall_banner", "candle"):
                return fixed(cube(f"{dye}_wool"))
            if rest == "shulker_box":
                return fixed(cube(f"{dye}_concrete"))
        return None
