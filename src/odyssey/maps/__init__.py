"""The maps layer: map packages in Mine Odyssey's formats, maps built from OpenStreetMap,
procedural indoor maps, the built-in catalogue, import of existing worlds, and checks that every
waypoint is standable and reachable."""

from odyssey.maps.built import BuildReport, BuiltMap, PlacedWaypoint
from odyssey.maps.catalog import CATALOG, build_map, resolve_map
from odyssey.maps.importer import import_world
from odyssey.maps.manifest import MapFormatError, MapPackageError
from odyssey.maps.package import MapPackage, load_package, validate_package, write_package
from odyssey.maps.waypoints import load_waypoints

__all__ = [
    "CATALOG",
    "BuildReport",
    "BuiltMap",
    "MapFormatError",
    "MapPackage",
    "MapPackageError",
    "PlacedWaypoint",
    "build_map",
    "import_world",
    "load_package",
    "load_waypoints",
    "resolve_map",
    "validate_package",
    "write_package",
]
