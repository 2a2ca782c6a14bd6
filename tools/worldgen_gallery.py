"""Pictures of the seeded worlds: a top-down map around the spawn, first-person views of biomes
found by ``locate_biome``, of the nearest village, of the Nether and of the End.

    python tools/worldgen_gallery.py [--seed 1] [--out docs/worldgen]

Writes ``topdown.png``, ``<biome>.jpg`` per biome found within 2 km, ``village.jpg``,
``nether.jpg`` and ``end.jpg``, plus
``index.md`` naming where each view stands. Everything is fixed by the seed: a run writes the
same files again.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from odyssey.render.screen import GameView, encode_jpeg
from odyssey.render.view import ViewSettings
from odyssey.sim.player import PlayerState
from odyssey.world.gen import generate_world, lazy_world, locate_biome, locate_structure
from odyssey.world.topdown import save_topdown

BIOMES = ("plains", "forest", "birch_forest", "dark_forest", "taiga", "snowy_plains", "desert",
          "savanna", "jungle", "swamp", "badlands", "stony_peaks", "windswept_hills", "beach",
          "river", "ocean")  # fmt: skip
TOPDOWN_RADIUS = 256


def surface_y(world, x: int, z: int) -> int:
    """The first air block above the highest solid block of a column (lazy chunks generate)."""
    top = world.top_y(x, z)
    return (top if top is not None else 63) + 1


def view_at(view: GameView, world, x: int, z: int, yaw: float, lift: float = 0.0) -> bytes:
    y = surface_y(world, x, z) + lift
    frame = view.frame(PlayerState(pos=(x + 0.5, float(y), z + 0.5), yaw=yaw, pitch=8.0,
                                   on_ground=True))  # fmt: skip
    return encode_jpeg(frame, 85)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("docs/worldgen"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    lines = ["# The seeded overworld", "", f"Made by `python tools/worldgen_gallery.py --seed "
             f"{args.seed}`.", "", "![around the spawn from above](topdown.png)", ""]  # fmt: skip
    save_topdown(generate_world(args.seed, TOPDOWN_RADIUS), args.out / "topdown.png")
    world = lazy_world(args.seed)
    view = GameView(world, ViewSettings(width=640, height=360, fov=70.0))
    try:
        for biome in BIOMES:
            found = locate_biome(args.seed, biome, (0, 0), 2000)
            if found is None:
                continue
            x, z = found
            (args.out / f"{biome}.jpg").write_bytes(view_at(view, world, x, z, 45.0, 1.0))
            lines += [f"![{biome}]({biome}.jpg)", "", f"*{biome} at x {x}, z {z}.*", ""]
        village = locate_structure(args.seed, "village", (0, 0))
        if village is not None:
            x, _, z = village
            yaw = math.degrees(math.atan2(-16.0, -16.0))
            (args.out / "village.jpg").write_bytes(view_at(view, world, x + 16, z + 16, yaw, 12.0))
            lines += ["![a village](village.jpg)", "", f"*The village at x {x}, z {z}, seen "
                      "from 12 blocks up.*", ""]  # fmt: skip
    finally:
        view.close()
    lines += other_dimensions(args.seed, args.out)
    (args.out / "index.md").write_text("\n".join(lines))


def other_dimensions(seed: int, out: Path) -> list[str]:
    """The Nether from where a player arrives, and the End from its obsidian platform."""
    from odyssey.world.gen.end import lazy_end, top_at
    from odyssey.world.gen.nether import arrival as nether_arrival
    from odyssey.world.gen.nether import lazy_nether

    lines = []
    for name, world, feet, yaw, pitch in (
        ("nether", lazy_nether(seed), nether_arrival(seed), 30.0, 10.0),
        ("end", lazy_end(seed), (70.5, top_at(seed, 70, 0) + 1.0, 0.5), 90.0, -8.0),
    ):
        settings = ViewSettings(width=640, height=360, fov=70.0,
                                time="midnight" if name == "end" else "noon")  # fmt: skip
        view = GameView(world, settings)
        try:
            frame = view.frame(PlayerState(pos=feet, yaw=yaw, pitch=pitch, on_ground=True))
            (out / f"{name}.jpg").write_bytes(encode_jpeg(frame, 85))
        finally:
            view.close()
        where = ", ".join(f"{v:g}" for v in feet)
        lines += [f"![the {name}]({name}.jpg)", "", f"*The {name} from {where}, looking"
                  f" {'west to the pillars' if name == 'end' else 'out from the arrival point'}.*",
                  ""]  # fmt: skip
    return lines


if __name__ == "__main__":
    main()
