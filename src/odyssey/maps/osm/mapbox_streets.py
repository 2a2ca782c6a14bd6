"""Mapbox Streets (v7/v8) and Mapbox Terrain layers as the OpenStreetMap tags the builder reads.

Mapbox Streets keeps few of OSM's tags: a ``class`` (and in v7 a ``type`` that is mostly the
OSM value, e.g. ``residential`` or ``service:driveway``), names in ``name`` and heights in
metres. The mapping goes back to plain OSM tags so that the rest of the builder needs no
knowledge of Mapbox. Road names live on the separate ``road_label`` layer in v7; they are
joined to roads in ``vectortiles``.
"""

from __future__ import annotations

# road ``class`` → highway, where the v7 ``type`` is missing (v8) or not an OSM value.
ROAD_CLASS = {"street": "residential", "street_limited": "residential", "link": "tertiary_link",
              "service": "service", "path": "path", "pedestrian": "pedestrian",
              "track": "track", "motorway": "motorway", "trunk": "trunk", "primary": "primary",
              "secondary": "secondary", "tertiary": "tertiary",
              "motorway_link": "motorway_link", "trunk_link": "trunk_link",
              "primary_link": "primary_link", "secondary_link": "secondary_link",
              "tertiary_link": "tertiary_link"}  # fmt: skip
RAIL_CLASSES = ("major_rail", "minor_rail", "service_rail")
ROAD_POINTS = ("turning_circle", "turning_loop", "mini_roundabout", "level_crossing")
# landuse / landcover ``class`` → OSM tag.
LAND_CLASS = {"park": ("leisure", "park"), "pitch": ("leisure", "pitch"),
              "parking": ("amenity", "parking"), "school": ("amenity", "school"),
              "hospital": ("amenity", "hospital"), "cemetery": ("landuse", "cemetery"),
              "grass": ("landuse", "grass"), "wood": ("natural", "wood"),
              "scrub": ("natural", "scrub"), "crop": ("landuse", "farmland"),
              "agriculture": ("landuse", "farmland"), "sand": ("natural", "sand"),
              "rock": ("natural", "bare_rock"), "glacier": ("natural", "glacier"),
              "snow": ("natural", "glacier"), "industrial": ("landuse", "industrial"),
              "residential": ("landuse", "residential"), "commercial_area":
              ("landuse", "commercial"), "airport": ("aeroway", "aerodrome"),
              "playground": ("leisure", "playground")}  # fmt: skip
# poi_label ``maki`` icon → OSM tag, for the few the builder or the places ranking care about.
MAKI = {"restaurant": ("amenity", "restaurant"), "cafe": ("amenity", "cafe"),
        "bar": ("amenity", "bar"), "school": ("amenity", "school"),
        "college": ("amenity", "college"), "hospital": ("amenity", "hospital"),
        "museum": ("tourism", "museum"), "park": ("leisure", "park"),
        "grocery": ("shop", "supermarket"), "shop": ("shop", "yes"),
        "place-of-worship": ("amenity", "place_of_worship"), "library": ("amenity", "library"),
        "bank": ("amenity", "bank"), "fuel": ("amenity", "fuel"),
        "lodging": ("tourism", "hotel"), "stadium": ("leisure", "stadium"),
        "playground": ("leisure", "playground"), "pharmacy": ("amenity", "pharmacy"),
        "post": ("amenity", "post_office"), "police": ("amenity", "police"),
        "rail": ("railway", "station"), "bus": ("highway", "bus_stop"),
        "theatre": ("amenity", "theatre"), "cinema": ("amenity", "cinema"),
        "town-hall": ("amenity", "townhall"), "monument": ("historic", "monument")}  # fmt: skip


# Mapbox Streets joins two names of one road with a no-break space and an em dash, e.g.
# "Zastron Street\u00a0— Nelson Mandela Drive" (Bloemfontein's road_label): the first is kept
# as the name, the other as alt_name. Only Mapbox labels are split: plain OSM names (QA tiles,
# extracts) keep the dash, which is ordinary typography in e.g. Russian names.
JOINED = "\u00a0— "


def split_name(name: str) -> tuple[str, str | None]:
    """A Mapbox label's name and the second name joined to it (None when there is none)."""
    first, sep, rest = name.partition(JOINED)
    return (first, rest) if sep and first and rest else (name, None)


def name_tags(name: str) -> dict[str, str]:
    """``name`` (and ``alt_name``) tags of a Mapbox label."""
    first, other = split_name(name)
    return {"name": first, "alt_name": other} if other else {"name": first}


def split_joined(tags: dict[str, str]) -> dict[str, str]:
    """``tags`` with a joined Mapbox ``name`` split into ``name`` and ``alt_name``."""
    if "name" not in tags or "alt_name" in tags or split_name(tags["name"])[1] is None:
        return tags
    return {**tags, **name_tags(tags["name"])}


def _s(v: object) -> str:
    """A property as an OSM tag value (integral floats without ``.0``)."""
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v)


def road_tags(p: dict) -> dict[str, str] | None:
    cls, typ = str(p.get("class", "")), str(p.get("type", ""))
    if cls in ROAD_POINTS or cls in ("ferry", "aerialway", "golf", "construction"):
        return None
    if cls in RAIL_CLASSES:
        tags = {"railway": typ or "rail"}
    else:
        main, _, sub = typ.partition(":")
        highway = main if main and main not in ("road", "crossing", "sidewalk") else None
        if main in ("crossing", "sidewalk"):
            tags = {"highway": "footway", "footway": main}
        else:
            tags = {"highway": highway or ROAD_CLASS.get(cls, "road")}
        if sub and tags["highway"] == "service":
            tags["service"] = sub
        elif sub and tags["highway"] == "track":
            tags["tracktype"] = sub
    if p.get("structure") in ("bridge", "tunnel"):
        tags[str(p["structure"])] = "yes"
    if p.get("oneway") == "true":
        tags["oneway"] = "yes"
    return _named(tags, p)


def _named(tags: dict[str, str], p: dict) -> dict[str, str]:
    """Copy the local name (``name``, split when joined) and, when it differs, the English one
    (``name_en``)."""
    if p.get("name"):
        tags.update(name_tags(_s(p["name"])))
    english = split_name(_s(p["name_en"]))[0] if p.get("name_en") else None
    if english and english != tags.get("name"):
        tags["name:en"] = english
    return tags


def streets_tags(layer: str, p: dict) -> dict[str, str] | None:
    """OSM tags of one Mapbox feature (None: nothing the builder draws or names)."""
    if layer == "building":
        if p.get("underground") == "true":
            return None
        tags = {"building": _s(p.get("type") or "yes")}
        if p.get("height") is not None:
            tags["height"] = _s(p["height"])
        if p.get("min_height"):
            tags["min_height"] = _s(p["min_height"])
        return tags
    if layer == "road":
        return road_tags(p)
    if layer in ("landuse", "landcover"):
        kv = LAND_CLASS.get(str(p.get("class")))
        return {kv[0]: kv[1]} if kv else None
    if layer == "water":
        return {"natural": "water"}
    if layer == "waterway":
        return {"waterway": _s(p.get("type") or p.get("class") or "stream")}
    if layer == "place_label" and p.get("name"):
        return _named({"place": _s(p.get("type") or p.get("class") or "locality")}, p)
    if layer == "poi_label" and p.get("name"):
        kv = MAKI.get(str(p.get("maki")), ("tourism", "attraction"))
        return _named({kv[0]: kv[1]}, p)
    if layer == "mountain_peak_label" and p.get("name"):
        tags = _named({"natural": "peak"}, p)
        if p.get("elevation_m") is not None:
            tags["ele"] = _s(p["elevation_m"])
        return tags
    if layer == "housenum_label" and p.get("house_num"):
        return {"addr:housenumber": _s(p["house_num"])}
    if layer == "contour" and p.get("ele") is not None:
        return {"contour": "elevation", "ele": _s(p["ele"])}
    return None


def qa_tags(p: dict) -> dict[str, str]:
    """OSM QA tiles keep every OSM tag; ``@id``, ``@type``, ``@version``… are metadata."""
    return {str(k): _s(v) for k, v in p.items() if not str(k).startswith("@")}
