"""The desert pyramid: a stepped sandstone pyramid over a hidden treasure chamber.

21x21 at the base, levelled on the average height of its footprint with a foundation below. The
hall floor has vanilla's orange and blue terracotta star; under the blue centre a shaft drops to
the chamber: four chests in the middle of its walls and a stone pressure plate over a 3x3 of TNT.
"""

from __future__ import annotations

from odyssey.world.gen.structures.canvas import Canvas, Layout, ground

SIZE = 21
LAYERS = 11
HALL = 5  # hollow layers above the floor
CHAMBER_DEPTH = 14  # floor of the chamber below the hall floor


def desert_pyramid(seed: int, cx: int, cz: int) -> Layout:
    """The desert pyramid whose start chunk is (cx, cz)."""
    x0, z0 = cx * 16 + 8 - SIZE // 2, cz * 16 + 8 - SIZE // 2
    x1, z1 = x0 + SIZE - 1, z0 + SIZE - 1
    g = ground(seed, x0, z0, x1, z1)
    h, _ = g.rect(x0, z0, x1, z1)
    floor = round(float(h.mean()))
    c = Canvas(seed)
    for z in range(z0, z1 + 1):
        for x in range(x0, x1 + 1):
            c.fill((x, min(g.h(x, z), floor - 1), z), (x, floor - 1, z), "sandstone")
    c.fill((x0, floor, z0), (x1, floor, z1), "sandstone")
    for k in range(LAYERS):
        y = floor + 1 + k
        c.fill((x0 + k, y, z0 + k), (x1 - k, y, z1 - k), "sandstone" if k % 2 else "cut_sandstone")
        if k < HALL:
            c.fill((x0 + k + 2, y, z0 + k + 2), (x1 - k - 2, y, z1 - k - 2), "air")
    # the entrance in the north face, and the floor's terracotta star
    mx, mz = x0 + SIZE // 2, z0 + SIZE // 2
    for dz in range(HALL):
        c.fill((mx, floor + 1, z0 + dz), (mx, floor + 3, z0 + dz), "air")
    c.set(mx, floor + 4, z0, "chiseled_sandstone")
    for dx, dz in ((-2, 0), (2, 0), (0, -2), (0, 2), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        c.set(mx + dx, floor, mz + dz, "orange_terracotta")
    c.set(mx, floor, mz, "blue_terracotta")
    # the shaft and the chamber: interior 7x7, 3 high, walls of cut sandstone
    bottom = floor - CHAMBER_DEPTH
    c.fill((mx - 4, bottom - 3, mz - 4), (mx + 4, bottom + 4, mz + 4), "cut_sandstone")
    c.fill((mx - 3, bottom + 1, mz - 3), (mx + 3, bottom + 3, mz + 3), "air")
    c.fill((mx, bottom + 4, mz), (mx, floor - 1, mz), "air")
    c.fill((mx - 1, bottom - 2, mz - 1), (mx + 1, bottom - 2, mz + 1), "tnt")
    c.set(mx, bottom, mz, "chiseled_sandstone")
    c.set(mx, bottom + 1, mz, "stone_pressure_plate")
    for (dx, dz), facing in (((0, -3), "south"), ((0, 3), "north"), ((-3, 0), "east"),
                             ((3, 0), "west")):  # fmt: skip
        c.chest(mx + dx, bottom + 1, mz + dz, facing, "desert_pyramid")
    return c.layout("desert_pyramid", (mx, floor, mz))
