"""Reading an iD editor graph (JSON) into the same ``OsmData`` as an .osm.pbf extract.

iD's graph files (``data/intro_graph.json`` in ``@openstreetmap/id``) are one dict of entities
keyed ``n…``/``w…``/``r…``: nodes carry ``loc`` ([lon, lat]), ways ``nodes``, relations
``members``, all with optional ``tags``. Ids may be renumbered (the intro graph's are); they
only need to be consistent inside the file. A node id ``n12`` becomes 12; iD's negative ids of
new entities (``n-3``) stay negative.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from odyssey.maps.osm.reader import (
    NODE_KEYS,
    WAY_KEYS,
    LonLatBox,
    OsmData,
    OsmError,
    OsmNode,
    OsmWay,
    _add_way,
    _assemble,
    _clip_to_box,
    _extent,
    is_area_way,
    is_contour,
)


def read_id_graph(path: Path, bbox: LonLatBox | None = None) -> OsmData:
    """Features of the iD graph at ``path`` that touch ``bbox`` (the graph's extent if None)."""
    path = Path(path)
    try:
        graph = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise OsmError(f"{path}: cannot read iD graph JSON ({e})") from e
    return graph_to_osm(graph, path.name, bbox)


def graph_to_osm(graph: object, source: str, bbox: LonLatBox | None = None) -> OsmData:
    """``OsmData`` from an already loaded iD graph (a dict of entities, or a list of them)."""
    entities = list(graph.values()) if isinstance(graph, dict) else graph
    if not isinstance(entities, list) or not all(isinstance(e, dict) for e in entities):
        raise OsmError(f"{source}: not an iD graph (expected a dict of entities)")
    locs: dict[int, tuple[float, float]] = {}
    ways, relations = [], []
    data = OsmData(source=source, box=bbox or (-180.0, -90.0, 180.0, 90.0))
    for e in entities:
        kind, num = _split_id(e.get("id"), source)
        tags = {str(k): str(v) for k, v in (e.get("tags") or {}).items()}
        if kind == "n":
            if "loc" not in e:
                continue
            lon, lat = (float(v) for v in e["loc"])
            locs[num] = (lon, lat)
            if any(k in tags for k in NODE_KEYS):
                data.nodes.append(OsmNode(num, lon, lat, tags))
        elif kind == "w":
            ways.append((num, tuple(_split_id(n, source)[1] for n in e.get("nodes", ())), tags))
        elif kind == "r":
            relations.append((num, e.get("members") or [], tags))
    rel_parts = []
    members: set[int] = set()
    for num, mem, tags in sorted(relations, key=lambda r: r[0]):
        if tags.get("type") != "multipolygon" or not is_area_way(tags):
            continue
        parts = [(_split_id(m["id"], source)[1], m.get("role", "")) for m in mem
                 if m.get("type") == "way"]  # fmt: skip
        members.update(ref for ref, _ in parts)
        rel_parts.append((num, tags, parts))
    member_ways: dict[int, OsmWay] = {}
    for num, node_ids, tags in sorted(ways, key=lambda w: w[0]):
        wanted = any(k in tags for k in WAY_KEYS) or is_contour(tags)
        if not wanted and num not in members:
            continue
        nan = (np.nan, np.nan)
        lonlat = np.array([locs.get(n, nan) for n in node_ids], dtype=np.float64).reshape(-1, 2)
        way = OsmWay(num, node_ids, lonlat, tags)
        if num in members:
            member_ways[num] = way
        if wanted:
            _add_way(data, way)
    if bbox is None:
        data.box = _extent(data)
    for num, tags, parts in rel_parts:
        _assemble(data, num, tags, parts, member_ways)
    _clip_to_box(data)
    return data


def _split_id(value: object, source: str) -> tuple[str, int]:
    """``"w12"`` → ("w", 12)."""
    text = str(value)
    try:
        return text[0], int(text[1:])
    except (IndexError, ValueError):
        raise OsmError(f"{source}: entity id {value!r} is not an iD id like n12 or w3") from None


__all__ = ["graph_to_osm", "read_id_graph"]
