"""What OpenStreetMap tags mean to the builder, as tables: road widths, ground covers, which
named things are places worth a waypoint, and how to read heights and levels."""

from __future__ import annotations

import math
import re

# Carriageway width (m) and pavement width on each side (m) by highway type.
ROAD_WIDTH = {
    "motorway": 12.0, "trunk": 11.0, "primary": 10.0, "secondary": 9.0, "tertiary": 8.0,
    "motorway_link": 6.0, "trunk_link": 6.0, "primary_link": 6.0, "secondary_link": 6.0,
    "tertiary_link": 6.0, "unclassified": 6.0, "residential": 6.0, "living_street": 5.0,
    "service": 4.0, "road": 5.0, "busway": 4.0, "raceway": 8.0,
}  # fmt: skip
PAVEMENT_WIDTH = {
    "trunk": 2.5, "primary": 3.0, "secondary": 3.0, "tertiary": 2.5, "unclassified": 2.0,
    "residential": 2.0, "primary_link": 2.0, "secondary_link": 2.0, "tertiary_link": 2.0,
}  # fmt: skip
# Ways people walk on, drawn flush with the pavement: width (m).
PATH_WIDTH = {
    "pedestrian": 5.0, "footway": 2.0, "path": 2.0, "cycleway": 2.5, "steps": 2.0,
    "bridleway": 2.0, "track": 3.0, "platform": 3.0, "crossing": 2.0,
}  # fmt: skip
WATERWAY_WIDTH = {"river": 12.0, "canal": 8.0, "stream": 2.0, "ditch": 1.0, "drain": 1.0}
RAILWAYS = ("rail", "light_rail", "narrow_gauge", "preserved")  # drawn with a track bed

# Ground covers (codes of the surface layer), most specific tag first.
COVER_TAGS = {
    ("natural", "water"): "water", ("landuse", "basin"): "water",
    ("landuse", "reservoir"): "water", ("landuse", "pond"): "water",
    ("waterway", "riverbank"): "water", ("waterway", "dock"): "water",
    ("natural", "beach"): "sand", ("natural", "sand"): "sand", ("leisure", "playground"): "sand",
    ("leisure", "beach_resort"): "sand", ("natural", "bare_rock"): "rock",
    ("natural", "scree"): "gravel", ("natural", "shingle"): "gravel",
    ("leisure", "park"): "park", ("leisure", "garden"): "park", ("landuse", "cemetery"): "park",
    ("amenity", "grave_yard"): "park", ("landuse", "recreation_ground"): "park",
    ("landuse", "village_green"): "park", ("leisure", "dog_park"): "grass",
    ("natural", "wood"): "wood", ("landuse", "forest"): "wood",
    ("natural", "scrub"): "scrub", ("natural", "heath"): "scrub",
    ("natural", "wetland"): "scrub", ("landuse", "grass"): "grass",
    ("landuse", "meadow"): "grass", ("natural", "grassland"): "grass",
    ("leisure", "pitch"): "pitch", ("leisure", "golf_course"): "grass",
    ("landuse", "farmland"): "farmland", ("landuse", "allotments"): "farmland",
    ("landuse", "orchard"): "grass", ("landuse", "greenfield"): "grass",
    ("landuse", "farmyard"): "gravel", ("landuse", "construction"): "dirt",
    ("landuse", "brownfield"): "dirt", ("landuse", "industrial"): "paved",
    ("landuse", "railway"): "gravel", ("landuse", "commercial"): "paved",
    ("landuse", "retail"): "paved", ("landuse", "civil"): "paved",
    ("amenity", "parking"): "parking", ("place", "square"): "square",
    ("highway", "pedestrian"): "square", ("area:highway", "pedestrian"): "square",
    ("highway", "footway"): "square", ("man_made", "pier"): "square",
    ("railway", "platform"): "square", ("public_transport", "platform"): "square",
    ("amenity", "marketplace"): "square", ("leisure", "track"): "pitch",
}  # fmt: skip

# Named things that become waypoints: key -> values left out (street furniture, unnamed kinds).
POI_KEYS = {
    "amenity": {"parking", "parking_space", "parking_entrance", "bench", "waste_basket",
                "bicycle_parking", "vending_machine", "recycling", "post_box", "telephone",
                "charging_station", "atm", "waste_disposal", "motorcycle_parking", "clock",
                "drinking_water", "grit_bin", "loading_dock", "taxi", "bicycle_rental"},
    "shop": set(), "tourism": {"information"}, "historic": set(), "office": set(),
    "craft": set(), "leisure": {"pitch", "picnic_table", "fitness_station"},
    "railway": {"switch", "level_crossing", "crossing", "buffer_stop", "signal", "milestone",
                "subway_entrance", "platform"},
    "public_transport": {"platform", "stop_position"}, "highway": set(),
    "building": set(), "man_made": set(), "landuse": set(), "place": set(),
}  # fmt: skip
PLACE_VALUES = {"square"}  # place=* values that are places (not neighbourhoods)
HIGHWAY_POIS = {"bus_stop"}  # highway=* values that are places
LANDUSE_POIS = {"cemetery"}
MAN_MADE_POIS = {"lighthouse", "tower", "pier", "water_tower", "obelisk"}
LANDMARKS = {
    "tourism": {"museum", "attraction", "gallery", "hotel", "viewpoint", "zoo", "theme_park"},
    "historic": set(), "building": set(), "man_made": set(), "landuse": set(),
    "amenity": {"place_of_worship", "theatre", "cinema", "library", "townhall", "university",
                "college", "school", "hospital", "arts_centre", "marketplace", "fountain",
                "courthouse", "embassy", "police", "fire_station", "post_office",
                "concert_hall", "kindergarten"},
    "railway": {"station", "halt"}, "public_transport": {"station"}, "place": set(),
    "leisure": {"park", "garden", "stadium", "sports_centre", "playground"},
}  # fmt: skip
EVERYDAY = {
    "amenity": {"restaurant", "cafe", "bar", "pub", "fast_food", "ice_cream", "pharmacy",
                "bank", "nightclub", "fuel", "dentist", "doctors", "clinic"},
    "shop": set(), "highway": set(), "railway": set(), "tourism": set(),
}  # fmt: skip
MIN_NAMED_PLACES = 60  # fewer named places than this: corners and addresses are added
MAX_WAYPOINTS = 300  # the most notable places, spread over the map, when there are more
SPREAD_CELL = 60.0  # metres: places are taken one per cell of this size in turn

# Buildings: levels assumed when no tag gives them, in a sparse (small town) / dense area.
DEFAULT_LEVELS = {
    "house": (2, 2), "detached": (2, 2), "semidetached_house": (2, 2), "terrace": (2, 3),
    "residential": (2, 5), "apartments": (4, 6), "bungalow": (1, 1), "farm": (2, 2),
    "garage": (1, 1), "garages": (1, 1), "shed": (1, 1), "hut": (1, 1), "kiosk": (1, 1),
    "carport": (1, 1), "service": (1, 1), "toilets": (1, 1), "cabin": (1, 1),
    "greenhouse": (1, 1), "industrial": (2, 2), "warehouse": (2, 2), "retail": (2, 3),
    "supermarket": (2, 2), "commercial": (3, 5), "office": (3, 6), "church": (4, 4),
    "cathedral": (6, 6), "chapel": (2, 2), "school": (3, 4), "university": (4, 5),
    "public": (3, 5), "hospital": (4, 6), "hotel": (4, 6), "train_station": (3, 3),
    "transportation": (2, 2), "pavilion": (1, 1), "roof": (1, 1), "tower": (8, 8),
}  # fmt: skip
DEFAULT_LEVELS_OTHER = (2, 5)
METRES_PER_LEVEL = 3.5
MIN_STOREY, MAX_STOREY = 3, 5  # blocks from floor to floor (stairs climb one storey per run)
NOT_BUILDINGS = {"no", "construction_site"}

_NUMBER = re.compile(r"^\s*([0-9]+(?:[.,][0-9]+)?)\s*(m|meters|metres|ft|'|)?\s*$", re.I)


def parse_metres(text: str | None) -> float | None:
    """A length tag ("12", "12.5 m", "40 ft") in metres, or None if it is not one."""
    if not text:
        return None
    match = _NUMBER.match(text.split(";")[0])
    if not match:
        return None
    value = float(match.group(1).replace(",", "."))
    unit = (match.group(2) or "").lower()
    return value * 0.3048 if unit in ("ft", "'") else value


def parse_levels(text: str | None) -> int | None:
    """``building:levels`` as a whole number of storeys above ground, or None."""
    value = parse_metres(text)
    return None if value is None or value < 0 else max(1, math.floor(value + 0.5))


def parse_level(text: str | None) -> int | None:
    """The ``level`` of a place inside a building (the lowest of "0;1"), or None."""
    if not text:
        return None
    try:
        return min(math.floor(float(v)) for v in text.replace(",", ".").split(";") if v.strip())
    except ValueError:
        return None


def cover_of(tags: dict[str, str]) -> str | None:
    """The ground cover a polygon's tags ask for, or None."""
    if tags.get("natural") == "water" or ("water" in tags and "natural" in tags):
        return "water"
    for key, value in tags.items():
        cover = COVER_TAGS.get((key, value))
        if cover:
            return cover
    return None


def poi_kind(tags: dict[str, str]) -> str | None:
    """What kind of named place a feature is (its tag value), or None if it is not one."""
    if "name" not in tags:
        return None
    for key, excluded in POI_KEYS.items():
        value = tags.get(key)
        if value is None or value in excluded or value == "no":
            continue
        if key == "place" and value not in PLACE_VALUES:
            continue
        if key == "highway" and value not in HIGHWAY_POIS:
            continue
        if key == "landuse" and value not in LANDUSE_POIS:
            continue
        if key == "man_made" and value not in MAN_MADE_POIS:
            continue
        if key == "railway" and value not in ("station", "halt", "tram_stop"):
            continue
        return key if value == "yes" else value
    return None


def poi_tier(tags: dict[str, str]) -> int:
    """How notable a named place is: 0 landmarks, 1 shops, food and stops, 2 the rest."""
    for key, values in LANDMARKS.items():
        if key in tags and (not values or tags[key] in values):
            return 0
    for key, values in EVERYDAY.items():
        if key in tags and (not values or tags[key] in values):
            return 1
    return 2


def local_name(tags: dict[str, str], locale: str) -> str | None:
    """The name in the local language: ``name`` (OpenStreetMap's convention), else
    ``name:<locale>``."""
    name = tags.get("name") or tags.get(f"name:{locale}")
    return name.strip() if name and name.strip() else None
