"""Make the compact source fixtures of ``tests/maps/data/`` from the npm packages they come from.

    npm pack @mapbox/mvt-fixtures@4.0.0 @openstreetmap/id@2.42.2   # in a scratch folder
    tar xzf mapbox-mvt-fixtures-4.0.0.tgz -C mvt; tar xzf openstreetmap-id-2.42.2.tgz -C id
    python tools/extract_tiles.py --mvt mvt/package --id id/package

Writes: two adjacent Bloemfontein Mapbox Streets tiles as they are (.mvt.gz); two adjacent
OSM QA tiles of central Astana and two San Francisco Mapbox Streets+Terrain tiles, each cut to
a narrow window across their shared edge and re-encoded (same extent, ids and properties,
the tiles' buffer kept); and the part of iD's intro graph around downtown Three Rivers.
Data: OpenStreetMap contributors (ODbL 1.0); see tests/maps/data/ATTRIBUTION.md.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import mapbox_vector_tile
import shapely
from shapely.geometry import box, shape

from odyssey.maps.osm.vectortiles import load_tile

OUT = Path(__file__).resolve().parents[1] / "tests" / "maps" / "data"
# (source folder, left tile, right tile, layers kept, window: fraction of a tile either side
# of the shared vertical edge, and the vertical range as fractions of the tile)
CUTS = [
    ("osm-qa-astana", (12, 2860, 1368), ("osm",), 0.02, (0.44, 0.5)),
    ("sanfrancisco", (15, 5238, 12666), ("building", "road", "road_label", "poi_label",
                                        "place_label", "contour", "water"), 0.06, (0.3, 0.6)),
]  # fmt: skip
BLOEMFONTEIN = ("14-9384-9577.mvt.gz", "14-9385-9577.mvt.gz")
MAX_NODES = 60
QA_META = ("@id", "@type")  # the QA metadata readers use; version, user… are dropped
ID_BOX = (-85.6365, 41.9415, -85.6325, 41.9445)  # downtown Three Rivers, lon/lat


def cut_tile(layers: dict, keep: tuple[str, ...], window) -> bytes:
    """The features of ``keep`` inside ``window`` (tile units; may reach into the buffer)."""
    out = []
    ext = 4096
    for name in keep:
        if name not in layers:
            continue
        layer = layers[name]
        ext = int(layer["extent"])
        feats = []
        for f in layer["features"]:
            geom = shapely.clip_by_rect(shape(f["geometry"]), *window)
            if geom.is_empty or not geom.intersects(box(*window)):
                continue
            props = f["properties"]
            if name == "osm":
                props = {k: v for k, v in props.items() if k in QA_META or k[0] != "@"}
            else:  # Mapbox: the local and English names are all the readers use
                props = {k: v for k, v in props.items() if not k.startswith("name_")
                         or k == "name_en"}  # fmt: skip
            feats.append({"geometry": geom, "properties": props, "id": f.get("id")})
        out.append({"name": name, "features": feats})
    return mapbox_vector_tile.encode(out, default_options={"extents": ext, "y_coord_down": True})


def cut_pair(src: Path, name: str, left, keep, half: float, rows) -> list[Path]:
    z, x, y = left
    written = []
    for dx in (0, 1):
        path = src / "real-world" / name / f"{z}-{x + dx}-{y}.mvt"
        layers = load_tile(path)
        ext = int(next(iter(layers.values()))["extent"])
        edge = ext * (1 - dx)  # the shared edge in this tile's own units
        window = (edge - half * ext, rows[0] * ext, edge + half * ext, rows[1] * ext)
        target = OUT / name / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(cut_tile(layers, keep, window))
        written.append(target)
    return written


def cut_graph(src: Path) -> Path:
    """Ways with a node in ``ID_BOX`` (with all their nodes) and the tagged nodes inside it."""
    graph = json.loads((src / "data" / "intro_graph.json").read_text(encoding="utf-8"))

    def inside(nid: str) -> bool:
        lon, lat = graph[nid]["loc"]
        return ID_BOX[0] <= lon <= ID_BOX[2] and ID_BOX[1] <= lat <= ID_BOX[3]

    keep: dict[str, dict] = {}
    for k, e in graph.items():
        big = len(e.get("nodes", ())) > MAX_NODES  # rivers and parks: too large to carry
        if k[0] == "w" and e.get("tags") and not big and any(inside(n) for n in e["nodes"]):
            keep[k] = e
            keep.update((n, graph[n]) for n in e["nodes"])
        elif k[0] == "n" and e.get("tags") and inside(k):
            keep[k] = e
    target = OUT / "three-rivers.id.json"
    target.write_text(json.dumps(keep, separators=(",", ":"), sort_keys=True), encoding="utf-8")
    return target


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mvt", type=Path, required=True, help="unpacked @mapbox/mvt-fixtures")
    ap.add_argument("--id", type=Path, required=True, help="unpacked @openstreetmap/id")
    args = ap.parse_args()
    written = [cut_graph(args.id)]
    for name, left, keep, half, rows in CUTS:
        written += cut_pair(args.mvt, name, left, keep, half, rows)
    (OUT / "bloemfontein").mkdir(parents=True, exist_ok=True)
    for f in BLOEMFONTEIN:
        shutil.copyfile(args.mvt / "real-world" / "compressed" / f, OUT / "bloemfontein" / f)
        written.append(OUT / "bloemfontein" / f)
    for p in written:
        print(f"{p.relative_to(OUT)}: {p.stat().st_size} bytes")


if __name__ == "__main__":
    main()
