"""Collecting the named places of an extract: shops, restaurants, museums, churches, stops...,
then street corners and addressed buildings for towns with few of them."""

from __future__ import annotations

import numpy as np

from odyssey.maps.osm.buildings import Building
from odyssey.maps.osm.features import Features
from odyssey.maps.osm.roads import Junction
from odyssey.maps.osm.tags import SPREAD_CELL, local_name, parse_level, poi_kind, poi_tier
from odyssey.maps.osm.waypoints import Place, building_at, corner_name, unique_by_name


def named_places(f: Features, buildings: list[Building], owner: np.ndarray,
                 locale: str) -> list[Place]:  # fmt: skip
    """Named places: polygons (buildings, parks, cemeteries...) first, then nodes; one per name."""
    by_ref = {b.ref: b.index for b in buildings}
    places: list[Place] = []
    for a in f.areas:
        kind = poi_kind(a.tags)
        name = local_name(a.tags, locale)
        if kind is None or name is None:
            continue
        ring = max(a.rings, key=len)
        x, z = (float(v) for v in ring[:-1].mean(axis=0))
        lonlat = tuple(f.projection.to_lonlat(np.array([[x, z]]))[0])
        places.append(Place(name, kind, a.ref, x, z, lonlat, building=by_ref.get(a.ref), area=a,
                            tier=poi_tier(a.tags)))  # fmt: skip
    for node, x, z in f.nodes:
        kind = poi_kind(node.tags)
        name = local_name(node.tags, locale)
        if kind is None or name is None:
            continue
        level = parse_level(node.tags.get("level") or node.tags.get("addr:floor"))
        inside = building_at(owner, f.grid, x, z)
        lonlat = (node.lon, node.lat)
        ref = f"node/{node.id}"
        places.append(Place(name, kind, ref, x, z, lonlat, level, inside, tier=poi_tier(node.tags)))
    return unique_by_name(places)


def corner_places(f: Features, junctions: list[Junction]) -> list[Place]:
    """Street corners "A / B", one per pair of street names."""
    places = []
    for j in junctions:
        names = j.names[:2]
        lonlat = tuple(f.projection.to_lonlat(np.array([[j.x, j.z]]))[0])
        places.append(Place(corner_name(names), "corner", f"node/{j.node_id}", j.x, j.z, lonlat,
                            extra={"streets": list(names)}))  # fmt: skip
    return unique_by_name(places)


def address_places(f: Features, buildings: list[Building], owner: np.ndarray) -> list[Place]:
    """Addressed buildings "Street 12" (building tags, or an address node inside one)."""
    places = []
    for b in buildings:
        street, number = b.tags.get("addr:street"), b.tags.get("addr:housenumber")
        if street and number and b.doors and not b.canopy:
            d = b.doors[0]
            x, z = f.grid.x0 + d.col + 0.5, f.grid.z0 + d.row + 0.5
            lonlat = tuple(f.projection.to_lonlat(np.array([[x, z]]))[0])
            places.append(Place(f"{street} {number}", "address", b.ref, x, z, lonlat,
                                building=b.index, door=d))  # fmt: skip
    for node, x, z in f.nodes:
        street, number = node.tags.get("addr:street"), node.tags.get("addr:housenumber")
        index = building_at(owner, f.grid, x, z)
        if street and number and "name" not in node.tags and index is not None:
            b = buildings[index]
            if b.doors and not b.canopy:
                name, lonlat = f"{street} {number}", (node.lon, node.lat)
                ref = f"node/{node.id}"
                door = b.doors[0]
                places.append(Place(name, "address", ref, x, z, lonlat, building=index, door=door))
    return unique_by_name(places)


def most_notable(places: list[Place], limit: int) -> list[Place]:
    """At most ``limit`` places: landmarks first, then everyday places, then the rest; within
    each, one per map cell in turn, so that they spread over the map."""
    if len(places) <= limit:
        return places
    seen: dict[tuple[int, int, int], int] = {}
    keys = []
    for i, p in enumerate(places):
        cell = (p.tier, int(p.x // SPREAD_CELL), int(p.z // SPREAD_CELL))
        turn = seen.get(cell, 0)
        seen[cell] = turn + 1
        keys.append((p.tier, turn, i))
    return [places[i] for _, _, i in sorted(keys)[:limit]]
