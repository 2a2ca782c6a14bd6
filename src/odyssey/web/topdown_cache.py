"""Top-down pictures of maps for the dashboard, drawn once per map package and cached.

The picture is the world layer's :func:`odyssey.world.topdown.render_topdown`; its placement
(``origin_x``, ``origin_z``, ``blocks_per_pixel``) is the transform the page uses to draw
world positions on it: ``px = (x - origin_x) / blocks_per_pixel``, ``py = (z - origin_z) /
blocks_per_pixel`` (rows run north to south, as z grows).

Limitation: the picture is the map seen from above, so an indoor map shows its roofs; paths
and stops drawn over it still show where the agent went.
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path
from typing import Any

from odyssey.atomic import write_bytes_atomic, write_text_atomic
from odyssey.errors import OdysseyError
from odyssey.web.episode_view import read_json


def package_for(folder: Path, map_id: str | None) -> Path | None:
    """The map package an episode played on: ``run.json``'s ``map.dir`` once the episode has
    finished, else the built-in map ``map_id`` if it is already built (never built here)."""
    recorded = (read_json(folder / "run.json").get("map") or {}).get("dir")
    if recorded and (Path(recorded) / "map.json").is_file():
        return Path(recorded)
    if not map_id:
        return None
    from odyssey.maps.catalog import CATALOG, resolve_map

    if map_id not in CATALOG:
        return None
    path = resolve_map(map_id, build=False)
    return path if (path / "map.json").is_file() else None


class TopdownCache:
    """Pictures in ``root`` named by a digest of the package folder and its manifest."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._lock = threading.Lock()  # one drawing at a time: two requests never draw twice

    def key(self, package: Path) -> str:
        manifest = (package / "map.json").read_bytes()
        return hashlib.sha256(str(package.resolve()).encode() + b"\0" + manifest).hexdigest()[:32]

    def image(self, key: str) -> Path | None:
        """The cached PNG of ``key`` (a digest from :meth:`placement`), None if unknown."""
        if len(key) != 32 or any(c not in "0123456789abcdef" for c in key):
            return None
        path = self.root / f"{key}.png"
        return path if path.is_file() else None

    def placement(self, package: Path) -> dict[str, Any]:
        """The picture's key, size and world placement, drawing it on first use."""
        key = self.key(package)
        meta = self.root / f"{key}.json"
        with self._lock:
            if not meta.is_file():
                self._draw(package, key)
        return read_json(meta)

    def _draw(self, package: Path, key: str) -> None:
        import io

        from PIL import Image

        from odyssey.maps.package import load_package
        from odyssey.world.topdown import render_topdown

        try:
            picture = render_topdown(load_package(package).open_world())
        except (OdysseyError, OSError) as e:
            raise OdysseyError(f"{package}: cannot draw the map from above: {e}") from e
        data = io.BytesIO()
        Image.fromarray(picture.rgb, "RGB").save(data, format="PNG")
        self.root.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(self.root / f"{key}.png", data.getvalue())
        height, width = picture.rgb.shape[:2]
        meta = {
            "key": key,
            "origin_x": picture.origin_x,
            "origin_z": picture.origin_z,
            "blocks_per_pixel": picture.blocks_per_pixel,
            "width_px": width,
            "height_px": height,
        }
        write_text_atomic(self.root / f"{key}.json", json.dumps(meta) + "\n")
