"""``read_source``: any OpenStreetMap source the builder can read, chosen by its file type.

``.osm.pbf`` (and ``.osm``/``.osc`` that osmium reads) → ``reader.read_osm``; ``.json`` (an iD
graph) → ``idgraph.read_id_graph``; a vector tile (``.mvt``, ``.mvt.gz``, ``z/x/y.pbf``) or a
folder of them → ``vectortiles.read_tiles``. All return the same ``OsmData``.
"""

from __future__ import annotations

from pathlib import Path

from odyssey.maps.osm.reader import LonLatBox, OsmData, OsmError, read_osm

OSM_SUFFIXES = (".osm.pbf", ".osm", ".osm.bz2", ".osm.gz", ".o5m")


def source_kind(path: Path) -> str:
    """``"osm"``, ``"id-graph"`` or ``"tiles"`` for ``path`` (OsmError when unknown)."""
    from odyssey.maps.osm.vectortiles import TILE_SUFFIXES  # lazily: only tiles need it

    path = Path(path)
    name = path.name.lower()
    if path.is_dir():
        if any(p.name.lower().endswith(TILE_SUFFIXES) for p in path.rglob("*")):
            return "tiles"
        raise OsmError(f"{path}: a folder without vector tiles (.mvt, .mvt.gz, .pbf)")
    if not path.is_file():
        raise OsmError(f"{path}: no such OpenStreetMap file or folder")
    if name.endswith(OSM_SUFFIXES):
        return "osm"
    if name.endswith(".json"):
        return "id-graph"
    if name.endswith(TILE_SUFFIXES):  # a bare .pbf: a tile (an extract ends in .osm.pbf)
        return "tiles"
    raise OsmError(f"{path}: unknown source type (expected .osm.pbf, iD graph .json, or"
                   " vector tiles .mvt/.mvt.gz/.pbf or a folder of them)")  # fmt: skip


def read_source(path: Path, bbox: LonLatBox | None = None) -> OsmData:
    """The features of ``path`` touching ``bbox`` (the source's own extent when None)."""
    kind = source_kind(Path(path))
    if kind == "osm":
        return read_osm(Path(path), bbox)
    if kind == "id-graph":
        from odyssey.maps.osm.idgraph import read_id_graph

        return read_id_graph(Path(path), bbox)
    from odyssey.maps.osm.vectortiles import read_tiles

    return read_tiles(Path(path), bbox)


__all__ = ["read_source", "source_kind"]
