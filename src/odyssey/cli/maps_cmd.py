"""``odyssey maps ...``: the built-in map catalogue, building maps, checking and importing them."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from odyssey.cli.errors import fail, friendly_errors
from odyssey.maps.built import BuiltMap
from odyssey.maps.catalog import CATALOG, build_map, cached_dir, is_built, resolve_map

maps_app = typer.Typer(help="Maps: built-in places, building, checking, importing.",
                       no_args_is_help=True)  # fmt: skip
console = Console(highlight=False, soft_wrap=True, width=140)


@maps_app.command("list")
@friendly_errors
def list_maps() -> None:
    """The built-in maps and whether they are built yet."""
    table = Table("id", "name", "environment", "built from", "cached")
    for entry in CATALOG.values():
        cached = "yes" if is_built(entry.map_id) else "no (built on first use)"
        table.add_row(entry.map_id, entry.display_name, entry.environment,
                      f"{entry.kind}: {entry.about}", cached)  # fmt: skip
    console.print(table)
    console.print(f"cache: {cached_dir(next(iter(CATALOG.values()))).parent}")


@maps_app.command("build")
@friendly_errors
def build(
    map_id: Annotated[str, typer.Argument(help="A built-in map id (see `odyssey maps list`).")],
    force: Annotated[bool, typer.Option("--force", help="Build again even if cached.")] = False,
) -> None:
    """Build a built-in map into the cache (deterministic from its seed)."""
    result = build_map(map_id, force=force)
    if result.built is None:
        console.print(f"{map_id}: already built at {result.path} (use --force to rebuild)")
        return
    _print_built(result.built, result.path, result.seconds)


@maps_app.command("build-osm")
@friendly_errors
def build_osm_cmd(
    pbf: Annotated[
        Path,
        typer.Argument(
            help="An OpenStreetMap source: an extract (.osm.pbf), an iD graph (.json), vector "
            "tiles (.mvt, .mvt.gz, .pbf) or a folder of tiles."
        ),
    ],
    name: Annotated[str, typer.Option(help="Map id for the package (e.g. my-town).")],
    out: Annotated[Path | None, typer.Option(help="Package folder (default ./maps/NAME).")] = None,
    bbox: Annotated[
        str | None, typer.Option(help="MIN_LON,MIN_LAT,MAX_LON,MAX_LAT (default: the file's).")
    ] = None,
    display_name: Annotated[str | None, typer.Option(help="Name shown to people.")] = None,
    locale: Annotated[str, typer.Option(help="Language of the place's names (BCP 47).")] = "en",
    seed: Annotated[int, typer.Option(help="Seed for trees, colours and other choices.")] = 0,
    elevation: Annotated[
        Path | None,
        typer.Option(
            help="Ground elevation grid in metres (.npz with 'elevation' and 'bounds', or a"
            " GeoTIFF in EPSG:4326). Default: the source's contour lines, else level ground."
        ),
    ] = None,
) -> None:
    """Build a real place from OpenStreetMap data into a map package."""
    from odyssey.maps.osm import build_osm
    from odyssey.maps.package import write_package

    if not pbf.exists():
        raise fail(f"{pbf}: no such file or folder")
    if elevation is not None and not elevation.is_file():
        raise fail(f"--elevation {elevation}: no such file")
    began = time.perf_counter()
    built = build_osm(pbf, name, display_name, bbox=_bbox(bbox), locale=locale, seed=seed,
                      elevation=elevation)  # fmt: skip
    path = write_package(built, out or Path("maps") / name)
    _print_built(built, path, time.perf_counter() - began)


@maps_app.command("build-indoor")
@friendly_errors
def build_indoor_cmd(
    kind: Annotated[str, typer.Argument(help="palace, hotel, liner or stadium.")],
    seed: Annotated[int, typer.Option(help="Seed of the layout and names.")] = 0,
    out: Annotated[
        Path | None, typer.Option(help="Package folder (default ./maps/KIND-SEED).")
    ] = None,
) -> None:
    """Generate an indoor map (a palace, hotel tower, ocean liner or stadium) from a seed."""
    from odyssey.maps.indoor import INDOOR_KINDS, build_indoor
    from odyssey.maps.package import write_package

    if kind not in INDOOR_KINDS:
        raise fail(f"unknown indoor kind {kind!r}: expected one of {', '.join(INDOOR_KINDS)}")
    began = time.perf_counter()
    built = build_indoor(kind, seed)
    path = write_package(built, out or Path("maps") / f"{kind}-{seed}")
    _print_built(built, path, time.perf_counter() - began)


@maps_app.command("info")
@friendly_errors
def info(
    spec: Annotated[str, typer.Argument(help="A built-in map id or a map package folder.")],
) -> None:
    """What a map package holds: manifest, waypoints, routes."""
    from odyssey.maps.package import load_package

    package = load_package(resolve_map(spec))
    m = package.manifest
    console.print(f"{m.map_id}: {m.display_name} ({m.environment or 'environment not given'})")
    console.print(f"  folder {package.root}")
    waypoints = package.waypoints.waypoints
    routes = package.routes.routes if package.routes is not None else []
    console.print(f"  {len(waypoints)} waypoints, {len(routes)} routes,"
                  f" world {'present' if package.world_dir else 'absent'}")  # fmt: skip
    oob = getattr(m, "out_of_bounds", None)
    if oob is not None:
        console.print(f"  out of bounds at or below y = {oob.at_or_below_y}")
    for w in waypoints[:12]:
        p = w.position
        console.print(f"  {w.id:<14} {w.name}  ({p.x}, {p.y}, {p.z})")
    if len(waypoints) > 12:
        console.print(f"  ... and {len(waypoints) - 12} more")


@maps_app.command("validate")
@friendly_errors
def validate(
    spec: Annotated[str, typer.Argument(help="A built-in map id or a map package folder.")],
    profile: Annotated[str, typer.Option(help="Movement profile for reachability.")] = "odyssey",
) -> None:
    """Check the files, and that every waypoint is standable and reachable from the spawn."""
    from odyssey.maps.check import check_map

    report = check_map(resolve_map(spec), profile)
    for problem in report.format_problems:
        console.print(f"  format: {problem}")
    for w in report.failures:
        x, y, z = w.position
        console.print(f"  {w.id} {w.name!r} at ({x}, {y}, {z}): {w.problem}")
    good = len(report.waypoints) - len(report.failures)
    verdict = "valid" if report.ok else "NOT valid"
    console.print(f"{report.map_id}: {verdict} — {good}/{len(report.waypoints)} waypoints standable"
                  f" and reachable from the spawn, {report.seconds:.1f} s")  # fmt: skip
    if not report.ok:
        raise typer.Exit(1)


@maps_app.command("import")
@friendly_errors
def import_cmd(
    world_dir: Annotated[Path, typer.Argument(help="A Minecraft Java world folder.")],
    waypoints: Annotated[
        Path, typer.Option(help="Mine Odyssey waypoints.json (any layout) or a Xaero file.")
    ],
    out: Annotated[Path | None, typer.Option(help="Package folder (default ./maps/ID).")] = None,
    name: Annotated[str | None, typer.Option(help="Map id (default: the folder's name).")] = None,
    display_name: Annotated[str | None, typer.Option(help="Name shown to people.")] = None,
    environment: Annotated[str | None, typer.Option(help="outdoor, indoor or mixed.")] = None,
) -> None:
    """Turn a Minecraft world plus a waypoint file into a map package."""
    from odyssey.maps.importer import import_world

    path = import_world(world_dir, waypoints, out, map_id=name, display_name=display_name,
                        environment=environment)  # fmt: skip
    console.print(f"wrote {path}")


def _print_built(built: BuiltMap, path: Path, seconds: float) -> None:
    console.print(f"{built.map_id}: {built.display_name} — {len(built.waypoints)} waypoints,"
                  f" built in {seconds:.1f} s → {path}")  # fmt: skip
    for note in built.report.notes:
        console.print(f"  {note}")
    if built.report.skipped:
        console.print(f"  skipped {len(built.report.skipped)}:")
        for what in built.report.skipped[:20]:
            console.print(f"    {what}")
        if len(built.report.skipped) > 20:
            console.print(f"    ... and {len(built.report.skipped) - 20} more (see the report)")


def _bbox(text: str | None) -> tuple[float, float, float, float] | None:
    if text is None:
        return None
    try:
        values = tuple(float(v) for v in text.split(","))
    except ValueError:
        values = ()
    if len(values) != 4 or not (values[0] < values[2] and values[1] < values[3]):
        raise fail(f"--bbox {text}: expected MIN_LON,MIN_LAT,MAX_LON,MAX_LAT with min < max")
    return values  # type: ignore[return-value]
