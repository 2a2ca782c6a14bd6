"""Pictures of the built-in maps: a top-down image and first-person views of each.

    python tools/map_gallery.py [--out docs/maps] [ID ...]

Builds (or reuses the cached) built-in maps and writes, per map, ``ID-topdown.png`` (map colours
with height shading, whole map) and ``ID-view-N.jpg`` (what a player sees at the spawn and at a
few waypoints, benchmark profile, waypoint markers on), plus ``index.md`` with captions naming
the waypoint each view stands at. Everything is fixed, so a run writes the same files again.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from PIL import Image

from odyssey.maps.catalog import CATALOG, resolve_map
from odyssey.maps.package import load_package
from odyssey.render.screen import GameView, encode_jpeg
from odyssey.render.view import Hotbar, ViewSettings, Waypoint
from odyssey.sim.player import PlayerState
from odyssey.world.topdown import save_topdown

VIEWS = 3  # first-person views per map: the spawn and two waypoints
MIN_WIDTH = 480  # pixels: smaller top-down pictures are enlarged by a whole factor


def views_of(package, count: int) -> list[tuple[str, tuple[float, float, float], float]]:
    """(caption, feet, yaw): the spawn, then waypoints spread through the list, each looking
    towards the next of them."""
    points = [(w.name, w.position.as_tuple()) for w in package.waypoints.waypoints]
    spawn = getattr(package.manifest, "spawn", None)
    first = spawn.as_tuple() if spawn is not None else points[0][1]
    picks = [("the spawn", first), *points[:: max(1, len(points) // max(count - 1, 1))]][:count]
    out = []
    for k, (name, feet) in enumerate(picks):
        ahead = picks[(k + 1) % len(picks)][1]
        yaw = math.degrees(math.atan2(-(ahead[0] - feet[0]), ahead[2] - feet[2]))
        out.append((name, feet, yaw))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*", default=list(CATALOG))
    parser.add_argument("--out", type=Path, default=Path("docs/maps"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    lines = ["# Built-in maps", "", "Made by `python tools/map_gallery.py`.", ""]
    for map_id in args.ids:
        package = load_package(resolve_map(map_id))
        world = package.open_world()
        top = args.out / f"{map_id}-topdown.png"
        save_topdown(world, top)
        small = Image.open(top)
        if small.width < MIN_WIDTH:  # indoor maps are small: enlarge whole pixels for viewing
            factor = -(-MIN_WIDTH // small.width)
            small.resize((small.width * factor, small.height * factor), Image.NEAREST).save(top)
        lines += [f"## {package.manifest.display_name} (`{map_id}`)", "",
                  f"![{map_id} from above]({top.name})", ""]  # fmt: skip
        markers = [
            Waypoint(w.name, w.caption, w.position.as_tuple(), int(w.color or 12) % 16)
            for w in package.waypoints.waypoints
        ]
        view = GameView(world, ViewSettings.benchmark(), markers, Hotbar.benchmark())
        for i, (name, feet, yaw) in enumerate(views_of(package, VIEWS)):
            frame = view.frame(PlayerState(pos=feet, yaw=yaw, pitch=5.0, on_ground=True))
            file = args.out / f"{map_id}-view-{i + 1}.jpg"
            file.write_bytes(encode_jpeg(frame, 85))
            lines += [f"![{map_id} at {name}]({file.name})", "", f"*At {name}.*", ""]
        view.close()
    (args.out / "index.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
