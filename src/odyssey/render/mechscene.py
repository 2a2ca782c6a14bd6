"""A small world showing the survival mechanics' blocks in known states, for the gallery and the
image tests: a farm with every crop stage, water flowing down a step, lava, fire, the Nether
and End portals, redstone lines powered and unpowered, pistons and containers.

The ground's top is at y = 0 (grass on dirt). ``MECH_VIEWS`` are the viewpoints of the gallery
and the reference images; ``MECH_SPOTS`` name single blocks tests look at.
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.world.storage import World


@dataclass(frozen=True)
class MechView:
    """A viewpoint: feet position, yaw (0 = +z, 90 = -x) and pitch (+ down)."""

    pos: tuple[float, float, float]
    yaw: float
    pitch: float
    caption: str


MECH_VIEWS = {
    "farm": MechView(
        (0.0, 1.5, 0.8), 0.0, 40.0, "Farm: wheat 0-7, carrots, potatoes, beetroots, stems"
    ),
    "fluids": MechView(
        (20.5, 4.0, 17.5), 180.0, 22.0, "Water down a step, lava, fire, Nether and End portals"
    ),
    "redstone": MechView(
        (-18.5, 3.0, -0.5), 0.0, 35.0, "Redstone on and off, repeaters, lamps, pistons"
    ),
    "pistons": MechView(
        (-20.0, 2.0, 14.8), 180.0, 30.0, "Pistons and sticky pistons, extended and retracted"
    ),
    "containers": MechView(
        (-18.0, 3.0, 11.2), 0.0, 42.0, "Chests, barrels, shulker boxes, hopper, cauldrons, beds"
    ),
}
MECH_SPOTS = {
    "lamp_on": (-13, 0, 5),
    "lamp_off": (-13, 0, 8),
    "water_source": (13, 2, 3),
    "water_flow": (13, 2, 6),
}


def mechanics_world() -> World:
    """The mechanics showcase (see the module docstring)."""
    w = World()
    w.fill((-40, -4, -20), (44, -1, 30), "dirt")
    w.fill((-40, -1, -20), (44, 0, 30), "grass_block")
    _farm(w)
    _fluids(w)
    _portals(w)
    _redstone(w)
    _containers(w)
    return w


def _farm(w: World) -> None:
    for x in range(-4, 4):
        w.set_block(x, -1, 4, "farmland[moisture=7]")
        w.set_block(x, 0, 4, f"wheat[age={x + 4}]")
        w.set_block(x, -1, 5, "farmland[moisture=7]")
        crop = "carrots" if x < 0 else "potatoes"
        w.set_block(x, 0, 5, f"{crop}[age={(0, 3, 5, 7)[(x + 4) % 4]}]")
        w.set_block(x, -1, 6, "water")
        w.set_block(x, -1, 7, f"farmland[moisture={7 if x < 0 else 0}]")
        if x < 0:
            w.set_block(x, 0, 7, f"beetroots[age={x + 4}]")
        else:
            w.set_block(x, 0, 7, f"melon_stem[age={2 * x + 1}]")
    w.set_block(4, -1, 7, "farmland[moisture=7]")
    w.set_block(4, 0, 7, "attached_melon_stem[facing=east]")
    w.set_block(5, 0, 7, "melon")
    w.fill((5, -1, 5), (8, 0, 7), "sand")
    w.set_block(5, -1, 6, "water")
    w.fill((6, 0, 5), (7, 3, 6), "sugar_cane")
    w.fill((7, 0, 6), (8, 2, 7), "cactus")
    for i, wood in enumerate(("oak", "birch", "spruce", "cherry")):
        w.set_block(-6 + i, 0, 9, f"{wood}_sapling")
    w.fill((-2, -1, 9), (3, 0, 10), "dirt_path")


def _fluids(w: World) -> None:
    """A stone step two blocks high: a source on top flowing south over the edge, falling to
    the ground and spreading; a lava pool flowing east, with obsidian and cobblestone where
    water met it."""
    w.fill((10, 0, 2), (17, 2, 8), "stone")
    w.set_block(13, 2, 3, "water")
    for z, level in ((4, 1), (5, 2), (6, 3), (7, 4), (8, 5)):
        w.set_block(13, 2, z, f"water[level={level}]")
    for x, level in ((12, 1), (14, 1), (11, 2), (15, 2)):
        w.set_block(x, 2, 3, f"water[level={level}]")
    w.set_block(13, 1, 8, "water[level=8]")
    w.set_block(13, 0, 8, "water[level=8]")
    spread = ((0, 1, 1), (0, 2, 2), (0, 3, 3), (-1, 0, 1), (1, 0, 1), (-1, 1, 2), (1, 1, 2))
    for dx, dz, level in spread:
        w.set_block(13 + dx, 0, 8 + dz, f"water[level={level}]")
    w.fill((19, -1, 3), (22, 0, 6), "lava")
    for x, level in ((22, 2), (23, 4), (24, 6)):
        w.set_block(x, 0, 4, f"lava[level={level}]")
    w.set_block(20, -1, 6, "obsidian")
    w.set_block(21, -1, 6, "cobblestone")


def _portals(w: World) -> None:
    w.fill((24, -1, 7), (27, 0, 9), "netherrack")
    w.set_block(24, 0, 7, "fire")
    w.set_block(25, 0, 7, "fire")
    w.set_block(26, -1, 8, "soul_sand")
    w.set_block(26, 0, 8, "soul_fire")
    w.fill((17, 0, 0), (21, 5, 1), "obsidian")
    w.fill((18, 1, 0), (20, 4, 1), "nether_portal[axis=x]")
    for x in range(28, 31):
        for z in range(4, 7):
            w.set_block(x, 0, z, "end_portal")
    frames = [(x, 3, "south") for x in range(28, 31)] + [(x, 7, "north") for x in range(28, 31)]
    frames += [(27, z, "east") for z in range(4, 7)] + [(31, z, "west") for z in range(4, 7)]
    for i, (x, z, facing) in enumerate(frames):
        w.set_block(x, 0, z, f"end_portal_frame[facing={facing},eye={str(i != 4).lower()}]")


def _wire_row(w: World, z: int, powered: bool) -> None:
    """lever -> 5 dust -> repeater -> 3 dust -> lamp along +x at row z."""
    w.set_block(-25, 0, z, "stone")
    on = str(powered).lower()
    w.set_block(-24, 0, z, f"lever[face=wall,facing=east,powered={on}]")
    for i, x in enumerate(range(-23, -18)):
        power = 15 - i if powered else 0
        w.set_block(x, 0, z, f"redstone_wire[east=side,west=side,power={power}]")
    delay = 2 if powered else 4
    w.set_block(-18, 0, z, f"repeater[facing=west,delay={delay},powered={on}]")
    for i, x in enumerate(range(-17, -14)):
        power = 15 - i if powered else 0
        w.set_block(x, 0, z, f"redstone_wire[east=side,west=side,power={power}]")
    w.set_block(-14, 0, z, f"redstone_wire[east=side,west=side,power={12 if powered else 0}]")
    w.set_block(-13, 0, z, f"redstone_lamp[lit={on}]")


def _redstone(w: World) -> None:
    _wire_row(w, 5, True)
    _wire_row(w, 8, False)
    w.set_block(-18, 0, 7, "repeater[facing=west,delay=3,locked=true]")
    w.set_block(-21, 0, 2, "redstone_torch")
    w.set_block(-20, 0, 2, "redstone_torch[lit=false]")
    w.set_block(-19, 0, 2, "comparator[facing=south,powered=true]")
    w.set_block(-17, 0, 2, "comparator[facing=south,mode=subtract]")
    w.set_block(-16, 0, 2, "redstone_wire[north=side,east=side,power=9]")
    w.set_block(-15, 0, 2, "redstone_wire[west=side,south=up,power=9]")
    w.set_block(-15, 0, 3, "redstone_block")
    w.set_block(-14, 0, 2, "redstone_wall_torch[facing=north]")
    w.set_block(-14, 0, 3, "observer[facing=north,powered=true]")
    w.set_block(-13, 0, 3, "note_block")
    w.set_block(-12, 0, 3, "tnt")
    w.set_block(-24, 0, 2, "stone_button[face=floor,facing=north]")
    # pistons: extended up, extended east pushing stone, retracted
    w.set_block(-24, 0, 11, "piston[facing=up,extended=true]")
    w.set_block(-24, 1, 11, "piston_head[facing=up]")
    w.set_block(-22, 0, 11, "sticky_piston[facing=east,extended=true]")
    w.set_block(-21, 0, 11, "piston_head[facing=east,type=sticky]")
    w.set_block(-20, 0, 11, "stone")
    w.set_block(-18, 0, 11, "piston[facing=north]")
    w.set_block(-17, 0, 11, "sticky_piston[facing=up]")
    w.set_block(-16, 0, 11, "piston[facing=west,extended=true]")
    w.set_block(-17, 1, 11, "piston[facing=east]")


def _containers(w: World) -> None:
    z = 14
    w.set_block(-24, 0, z, "chest[facing=north]")
    w.set_block(-22, 0, z, "chest[facing=north,type=left]")
    w.set_block(-21, 0, z, "chest[facing=north,type=right]")
    w.set_block(-19, 0, z, "trapped_chest[facing=north]")
    w.set_block(-18, 0, z, "barrel[facing=up,open=true]")
    w.set_block(-17, 0, z, "barrel[facing=north]")
    w.set_block(-16, 0, z, "red_shulker_box")
    w.set_block(-15, 0, z, "shulker_box")
    w.set_block(-14, 0, z, "hopper")
    w.set_block(-24, 0, z + 3, "cauldron")
    for i, level in enumerate((1, 2, 3)):
        w.set_block(-23 + i, 0, z + 3, f"water_cauldron[level={level}]")
    w.set_block(-20, 0, z + 3, "lava_cauldron")
    w.set_block(-18, 0, z + 2, "red_bed[facing=north,part=head]")
    w.set_block(-18, 0, z + 3, "red_bed[facing=north,part=foot]")
    w.set_block(-16, 0, z + 3, "blue_bed[facing=east,part=foot]")
    w.set_block(-15, 0, z + 3, "blue_bed[facing=east,part=head]")
    w.set_block(-13, 0, z + 3, "ender_chest[facing=west]")
    w.set_block(-19, 0, z + 3, "composter[level=5]")
    w.set_block(-17, 0, z + 3, "composter[level=8]")
