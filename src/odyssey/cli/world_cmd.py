"""``odyssey world ...`` and ``odyssey blocks ...``: inspect, draw and generate worlds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from odyssey.cli.errors import friendly_errors
from odyssey.world import open_world, registry, save_world
from odyssey.world.blocks import BlockFlag
from odyssey.world.generate import generate_demo_world
from odyssey.world.summary import WorldSummary, summarize_world
from odyssey.world.topdown import save_topdown

world_app = typer.Typer(help="Inspect, draw and generate Minecraft worlds.", no_args_is_help=True)
blocks_app = typer.Typer(help="Look up 1.21.11 block states.", no_args_is_help=True)
console = Console()

WorldPath = Annotated[Path, typer.Argument(help="A Minecraft Java world folder (with level.dat).")]


@world_app.command("info")
@friendly_errors
def info(
    path: WorldPath,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    top: Annotated[int, typer.Option(help="How many top blocks to list.")] = 15,
) -> None:
    """Version, spawn, chunks and their bounds, surface blocks, fallbacks and damaged chunks."""
    summary = summarize_world(open_world(path))
    if as_json:
        print(json.dumps(summary.to_dict(), indent=2, ensure_ascii=False))
        return
    print_summary(summary, str(path), top)


def print_summary(summary: WorldSummary, title: str, top: int = 15) -> None:
    """Render a world summary as rich tables."""
    facts = Table(title=f"World {title}", show_header=False)
    facts.add_column(style="bold")
    facts.add_column()
    versions = ", ".join(f"{v} ({n})" for v, n in sorted(summary.chunk_data_versions.items()))
    rows = [
        ("level name", summary.level_name),
        ("version", f"{summary.version_name} (DataVersion {summary.data_version})"),
        ("chunk DataVersions", versions or "-"),
        ("spawn", " ".join(map(str, summary.spawn))),
        ("height", f"y {summary.min_y}..{summary.min_y + summary.height - 1}"),
        ("chunks listed", str(summary.chunks_listed)),
        ("chunks full", str(summary.chunks_full)),
        ("chunks not fully generated", str(summary.chunks_not_full)),
        ("chunk bounds", _bounds(summary.chunk_bounds)),
        ("block bounds (x, z)", _bounds(summary.block_bounds)),
        ("fallback palette entries", str(summary.fallback_blocks)),
        ("renamed blocks", _counts(summary.renamed_blocks) or "-"),
        ("unknown blocks (read as air)", _counts(summary.unknown_blocks) or "-"),
        ("damaged chunks", str(len(summary.damaged))),
    ]
    for key, value in rows:
        facts.add_row(key, value)
    console.print(facts)
    surface = Table(title="Top blocks (highest non-air block of each column)")
    surface.add_column("block")
    surface.add_column("columns", justify="right")
    surface.add_column("share", justify="right")
    total = sum(summary.top_blocks.values()) or 1
    for name, count in summary.top_blocks.most_common(top):
        surface.add_row(escape(name), str(count), f"{100 * count / total:.1f}%")
    console.print(surface)
    if summary.damaged:
        damaged = Table(title="Damaged chunks")
        damaged.add_column("chunk")
        damaged.add_column("error")
        for (cx, cz), message in sorted(summary.damaged.items()):
            damaged.add_row(f"{cx}, {cz}", escape(message))
        console.print(damaged)


def _bounds(bounds: tuple[int, int, int, int] | None) -> str:
    if bounds is None:
        return "-"
    x0, z0, x1, z1 = bounds
    return f"x {x0}..{x1}, z {z0}..{z1}"


def _counts(counter: dict[str, int]) -> str:
    return ", ".join(f"{name} ×{count}" for name, count in sorted(counter.items()))


@world_app.command("topdown")
@friendly_errors
def topdown(
    path: WorldPath,
    out: Annotated[Path, typer.Option("--out", "-o", help="PNG file to write.")],
    blocks_per_pixel: Annotated[
        int | None, typer.Option(help="Scale; default fits the picture in 4096 pixels.")
    ] = None,
) -> None:
    """Draw the world from above with map colours and height shading, as a PNG."""
    picture = save_topdown(open_world(path), out, blocks_per_pixel)
    height, width = picture.rgb.shape[:2]
    console.print(
        f"wrote {out} ({width}×{height} px, {picture.blocks_per_pixel} block(s) per pixel,"
        f" north-west corner x={picture.origin_x} z={picture.origin_z})"
    )


@world_app.command("generate")
@friendly_errors
def generate(
    out: Annotated[
        Path | None, typer.Argument(help="Folder to write the world into (or --out).")
    ] = None,
    out_option: Annotated[
        Path | None, typer.Option("--out", "-o", help="Folder to write the world into.")
    ] = None,
    kind: Annotated[
        str,
        typer.Option(
            help="demo (streets and houses), overworld (seeded survival land), nether or end"
            " (written under DIM-1/ or DIM1/ of the folder)."
        ),
    ] = "demo",
    seed: Annotated[int, typer.Option(help="Seed of the generator.")] = 0,
    size: Annotated[int, typer.Option(help="demo: side of the square of land, in blocks.")] = 128,
    radius: Annotated[
        int,
        typer.Option(
            help="overworld: blocks around the spawn to pregenerate; nether, end: around 0, 0."
        ),
    ] = 256,
) -> None:
    """Generate a world as an Anvil folder: the demo world, a seeded survival overworld, or the
    seed's Nether or End (added to the folder's world, or a new world that starts there)."""
    target = out_option or out
    if target is None:
        raise typer.BadParameter(
            "give the folder to write, as an argument or --out", param_hint="OUT"
        )
    if kind == "overworld":
        if radius < 0 or radius > 4096:
            raise typer.BadParameter("must be 0..4096", param_hint="--radius")
        from odyssey.world.gen import generate_world

        save_world(generate_world(seed, radius), target)
    elif kind in ("nether", "end"):
        if radius < 0 or radius > 4096:
            raise typer.BadParameter("must be 0..4096", param_hint="--radius")
        from odyssey.world.gen.dimensions import save_dimension
        from odyssey.world.gen.end import END_KIND, generate_end_world
        from odyssey.world.gen.nether import NETHER_KIND, generate_nether_world

        if kind == "nether":
            save_dimension(generate_nether_world(seed, radius), NETHER_KIND, target)
        else:
            save_dimension(generate_end_world(seed, radius), END_KIND, target)
    elif kind == "demo":
        if size < 48 or size > 1024:
            raise typer.BadParameter("must be 48..1024", param_hint="--size")
        save_world(generate_demo_world(seed, size), target)
    else:
        raise typer.BadParameter(
            f"{kind!r}: expected demo or overworld, nether or end", param_hint="--kind"
        )
    console.print(f"wrote {target}")


@world_app.command("locate")
@friendly_errors
def locate(
    what: Annotated[
        str,
        typer.Argument(help="A structure (village, desert_pyramid, ruined_portal) or a biome."),
    ],
    seed: Annotated[int, typer.Option(help="Seed of the generated overworld.")] = 0,
    near: Annotated[
        tuple[int, int], typer.Option(help="X Z to search from (default the origin).")
    ] = (0, 0),
) -> None:
    """Where the nearest structure or biome of a seeded overworld is, as vanilla's /locate
    answers (privileged: for the oracle and for setting tasks up)."""
    from odyssey.world.gen import locate_text

    try:
        console.print(locate_text(seed, what, near))
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="WHAT") from e


@blocks_app.command("show")
@friendly_errors
def show_block(
    state: Annotated[
        str, typer.Argument(help="A state id or a block state like oak_door[open=true].")
    ],
) -> None:
    """Show a block state: id, properties, collision boxes, flags, map colour."""
    blocks = registry()
    state_id = int(state) if state.isdigit() else blocks.state(state)
    block = blocks.block_of(state_id)
    flags = BlockFlag(int(blocks.state_flags[state_id]))
    console.print(f"[bold]{escape(blocks.state_string(state_id))}[/bold]  state id {state_id}")
    console.print(
        f"block {block.name}: states {block.min_state}..{block.max_state},"
        f" default {block.default_state}, hardness {block.hardness}"
    )
    console.print(f"flags: {', '.join(f.name or '' for f in BlockFlag if f in flags) or '-'}")
    console.print(f"map colour: #{''.join(f'{c:02x}' for c in blocks.map_color(state_id))}")
    for box in blocks.collision_boxes(state_id):
        console.print("collision box: " + " ".join(f"{v:g}" for v in box))
