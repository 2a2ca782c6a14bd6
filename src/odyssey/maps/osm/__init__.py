"""The OpenStreetMap builder: real places from .osm.pbf extracts, one block per metre."""

from odyssey.maps.osm.build import ATTRIBUTION, build_osm
from odyssey.maps.osm.reader import OsmError

__all__ = ["ATTRIBUTION", "OsmError", "build_osm"]
