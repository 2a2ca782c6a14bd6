"""Plants that need the right ground under them (vanilla's ``BushBlock.canSurvive``): grass,
ferns, flowers, saplings, dead bushes and the two halves of tall grass and tall flowers break
with their drops when a neighbour update finds them on something else (``updateShape``).

Crops, stems, sugar cane and cactus have their own rules (``crops``, ``plants``).
"""

from __future__ import annotations

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.plant_env import DIRT_TAG, SAND_TAG, destroy, name_at, names, prop

Pos = tuple[int, int, int]
FLOWERS = ("dandelion", "poppy", "blue_orchid", "allium", "azure_bluet", "red_tulip",
           "orange_tulip", "white_tulip", "pink_tulip", "oxeye_daisy", "cornflower",
           "lily_of_the_valley", "torchflower")  # fmt: skip
SAPLINGS = ("oak_sapling", "spruce_sapling", "birch_sapling", "jungle_sapling",
            "acacia_sapling", "dark_oak_sapling", "cherry_sapling", "pale_oak_sapling")  # fmt: skip
BUSHES = ("short_grass", "fern", *FLOWERS, *SAPLINGS)
TALL = ("tall_grass", "large_fern", "sunflower", "lilac", "rose_bush", "peony")
ON_DIRT = DIRT_TAG | {"farmland"}  # BushBlock.mayPlaceOn
DEAD_BUSH_GROUND = DIRT_TAG | SAND_TAG | {"terracotta"}  # DeadBushBlock: sand, terracotta too


def survives(world, pos: Pos, name: str, half: str | None) -> bool:
    x, y, z = pos
    below = name_at(world, (x, y - 1, z))
    if half == "upper":
        return below == name
    if name == "dead_bush":
        return below in DEAD_BUSH_GROUND or below.endswith("_terracotta")
    return below in ON_DIRT


@hooks.on_neighbour(*BUSHES, "dead_bush", *TALL)
def bush_changed(game, pos: Pos, state: int, source: Pos) -> None:
    """updateShape: a plant on the wrong ground (or half a tall plant alone) breaks. Not on
    its own placement (vanilla's updateShape answers neighbours' changes only)."""
    if source == pos:
        return
    reg = game.world.registry
    name = names(reg)[state]
    half = prop(reg, state, "half")
    if not survives(game.world, pos, name, half):
        destroy(game, pos, drops=half != "upper")
        return
    if half == "lower" and name_at(game.world, (pos[0], pos[1] + 1, pos[2])) != name:
        destroy(game, pos)
