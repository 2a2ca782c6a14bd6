"""The built-in maps: what each is built from, and the cache that holds them once built.

Built-in maps are built deterministically from their source and seed the first time they are
needed and kept under the user cache directory (``~/.cache/odyssey/maps``, or
``$ODYSSEY_CACHE/maps``), in a folder named by the map, its builder's version and its seed — a
new builder version builds afresh instead of reusing a stale copy.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from odyssey.errors import OdysseyError
from odyssey.maps.built import BuiltMap


class MapNotFoundError(OdysseyError):
    """A name that is neither a built-in map nor a map package folder."""


def osm_source(name: str) -> Path:
    """A bundled OpenStreetMap extract (see src/odyssey/data/osm/ATTRIBUTION.md)."""
    return Path(str(resources.files("odyssey.data") / "osm" / name))


def _osm(
    pbf: str,
    map_id: str,
    display: str,
    locale: str,
    bbox: tuple[float, float, float, float] | None = None,
) -> Callable[[int], BuiltMap]:
    def build(seed: int) -> BuiltMap:
        from odyssey.maps.osm import build_osm

        return build_osm(osm_source(pbf), map_id, display, bbox=bbox, locale=locale, seed=seed)

    return build


def _indoor(kind: str) -> Callable[[int], BuiltMap]:
    def build(seed: int) -> BuiltMap:
        from odyssey.maps.indoor import build_indoor

        return build_indoor(kind, seed)

    return build


@dataclass(frozen=True)
class CatalogEntry:
    map_id: str
    display_name: str
    environment: str
    kind: str  # what builds it: osm or indoor
    builder_version: str
    build: Callable[[int], BuiltMap]
    seed: int = 0
    about: str = ""


CATALOG: dict[str, CatalogEntry] = {
    e.map_id: e
    for e in (
        CatalogEntry("helsinki", "Helsinki city centre", "outdoor", "osm", "2",
                     _osm("helsinki.osm.pbf", "helsinki", "Helsinki city centre", "fi"),
                     about="OpenStreetMap, 1.0 x 1.7 km around Kluuvi and Kaartinkaupunki"),
        CatalogEntry("karhula", "Karhula", "outdoor", "osm", "1",
                     _osm("karhula.osm.pbf", "karhula", "Karhula", "fi"),
                     about="OpenStreetMap, a small town in Kotka, 2.2 x 2.2 km"),
        CatalogEntry("monaco", "Monaco", "outdoor", "osm", "2",
                     _osm("monaco.osm.pbf", "monaco", "Monaco", "fr",
                          (7.4170, 43.7285, 7.4320, 43.7415)),
                     about="OpenStreetMap, Monaco-Ville, La Condamine and Monte-Carlo,"
                           " 1.2 x 1.45 km"),
        CatalogEntry("manhattan-columbus-circle", "Columbus Circle, Manhattan", "outdoor", "osm",
                     "2", _osm("manhattan-columbus-circle.osm.pbf", "manhattan-columbus-circle",
                               "Columbus Circle, Manhattan", "en",
                               (-73.9845, 40.7664, -73.9795, 40.7706)),
                     about="OpenStreetMap, the blocks around Columbus Circle, 0.42 x 0.47 km"),
        CatalogEntry("three-rivers", "Three Rivers, Michigan", "outdoor", "osm", "1",
                     _osm("three-rivers.osm.pbf", "three-rivers", "Three Rivers, Michigan", "en"),
                     about="OpenStreetMap (iD's walkthrough data), downtown, 0.9 x 0.95 km"),
        CatalogEntry("bloemfontein", "Bloemfontein centre", "outdoor", "osm", "2",
                     _osm("bloemfontein.osm.pbf", "bloemfontein", "Bloemfontein centre", "en"),
                     about="OpenStreetMap (Mapbox Streets tiles), the centre, 1.35 x 1.45 km"),
        CatalogEntry("astana", "Astana, Nurzhol", "outdoor", "osm", "2",
                     _osm("astana.osm.pbf", "astana", "Astana, Nurzhol", "ru"),
                     about="OpenStreetMap (OSM QA tiles), Nurzhol boulevard, 1.25 x 1.2 km"),
        CatalogEntry("montevideo", "Montevideo, Ciudad Vieja", "outdoor", "osm", "2",
                     _osm("montevideo.osm.pbf", "montevideo", "Montevideo, Ciudad Vieja", "es"),
                     about="OpenStreetMap (OSM QA tiles), Ciudad Vieja and Centro, 1.55 x 1.0 km"),
        CatalogEntry("san-francisco", "San Francisco, Haight-Ashbury", "outdoor", "osm", "1",
                     _osm("san-francisco.osm.pbf", "san-francisco",
                          "San Francisco, Haight-Ashbury", "en"),
                     about="OpenStreetMap (Mapbox Streets and Terrain tiles), Haight-Ashbury,"
                           " Buena Vista Park and the east of Golden Gate Park, on its hills"
                           " (contours 70-170 m), 1.5 x 1.1 km"),
        CatalogEntry("palace", "Palace", "indoor", "indoor", "1", _indoor("palace"),
                     about="wings, courtyards, a grand staircase, state rooms, galleries"),
        CatalogEntry("hotel", "Hotel tower", "indoor", "indoor", "1", _indoor("hotel"),
                     about="ten or more floors, stairwells, a restaurant floor, a roof terrace"),
        CatalogEntry("liner", "Ocean liner", "indoor", "indoor", "1", _indoor("liner"),
                     about="decks joined by ladders and stairs, corridors, cabins, engine room"),
        CatalogEntry("stadium", "Stadium", "indoor", "indoor", "1", _indoor("stadium"),
                     about="concourses, ramps, tiers of stands, gates opened with buttons"),
    )
}  # fmt: skip


def cache_root() -> Path:
    base = os.environ.get("ODYSSEY_CACHE")
    return Path(base) if base else Path.home() / ".cache" / "odyssey"


def cached_dir(entry: CatalogEntry) -> Path:
    name = f"{entry.map_id}-{entry.kind}-v{entry.builder_version}-s{entry.seed}"
    return cache_root() / "maps" / name


def is_built(map_id: str) -> bool:
    return (cached_dir(CATALOG[map_id]) / "map.json").exists()


@dataclass
class BuildResult:
    path: Path
    built: BuiltMap | None  # None when the cached copy was used
    seconds: float


def build_map(map_id: str, force: bool = False) -> BuildResult:
    """The package folder of built-in map ``map_id``, building and caching it if needed. The
    package is written to a temporary folder beside the cache and renamed into place, so an
    interrupted build never leaves a half-written map behind."""
    from odyssey.maps.package import write_package

    entry = _entry(map_id)
    target = cached_dir(entry)
    if (target / "map.json").exists() and not force:
        return BuildResult(target, None, 0.0)
    began = time.perf_counter()
    built = entry.build(entry.seed)
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{entry.map_id}-", dir=target.parent))
    try:
        write_package(built, scratch / "package")
        if target.exists():
            shutil.rmtree(target)
        os.replace(scratch / "package", target)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return BuildResult(target, built, time.perf_counter() - began)


def resolve_map(spec: str | Path, build: bool = True) -> Path:
    """A map package folder from a built-in id (built on first use) or a folder path."""
    path = Path(spec)
    if str(spec) in CATALOG and not path.exists():
        return build_map(str(spec)).path if build else cached_dir(CATALOG[str(spec)])
    if (path / "map.json").exists():
        return path
    known = ", ".join(CATALOG)
    raise MapNotFoundError(
        f"{spec}: not a built-in map ({known}) nor a map package folder (map.json)"
    )


def _entry(map_id: str) -> CatalogEntry:
    try:
        return CATALOG[map_id]
    except KeyError:
        raise MapNotFoundError(
            f"no built-in map {map_id!r}: expected one of {', '.join(CATALOG)}"
        ) from None
