"""Structures of the generated overworld: villages, desert pyramids, ruined portals, dungeons,
their chest loot (through the Anvil writer and reader) and the ``locate`` queries."""

from __future__ import annotations

import math
import re
from collections import Counter

import numpy as np
import pytest

from odyssey.errors import WorldError
from odyssey.world import open_world, save_world
from odyssey.world.blocks import registry
from odyssey.world.gen import generate_chunk, lazy_world, spawn_point
from odyssey.world.gen.climate import biome_at
from odyssey.world.gen.columns import chunk_columns
from odyssey.world.gen.locate import locate_biome, locate_structure, locate_text
from odyssey.world.gen.structures import structure_layout
from odyssey.world.gen.structures.dungeon import dungeon
from odyssey.world.gen.structures.loot import TABLES, chest_entity, chest_items
from odyssey.world.gen.structures.placement import region_start
from odyssey.world.gen.structures.village import JOB_SITES
from odyssey.world.gen.terrain import MIN_Y
from odyssey.world.gen.vegetation import chunk_features

SEED = 1
STEP = {"south": (0, 1), "west": (-1, 0), "north": (0, -1), "east": (1, 0)}


def _village_start(seed: int = SEED) -> tuple[int, int]:
    x, _, z = locate_structure(seed, "village", (0, 0))
    return x >> 4, z >> 4


def _chunks_of(box: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    x0, z0, x1, z1 = box
    return [(cx, cz) for cz in range(z0 >> 4, ((z1 - 1) >> 4) + 1)
            for cx in range(x0 >> 4, ((x1 - 1) >> 4) + 1)]  # fmt: skip


def _blocks(seed: int, chunks: list[tuple[int, int]]) -> dict[tuple[int, int], np.ndarray]:
    return {c: generate_chunk(seed, *c).blocks for c in chunks}


def _names(blocks: np.ndarray) -> Counter[str]:
    reg = registry()
    ids, counts = np.unique(blocks, return_counts=True)
    out: Counter[str] = Counter()
    for i, n in zip(ids, counts, strict=True):
        out[reg.block_of(int(i)).name] += int(n)
    return out


def _clear_caches() -> None:
    for f in (chunk_columns, chunk_features, region_start, structure_layout, dungeon):
        f.cache_clear()


def test_village_crossing_chunk_borders_is_the_same_in_any_order():
    start = _village_start()
    layout = structure_layout(SEED, "village", *start)
    chunks = _chunks_of(layout.box)
    assert len({c[0] for c in chunks}) > 1 and len({c[1] for c in chunks}) > 1  # crosses borders
    _clear_caches()
    forward = {c: generate_chunk(SEED, *c) for c in chunks}
    _clear_caches()
    backward = {c: generate_chunk(SEED, *c) for c in reversed(chunks)}
    for c in chunks:
        assert np.array_equal(forward[c].blocks, backward[c].blocks), c
        assert forward[c].block_entities.keys() == backward[c].block_entities.keys()
    # every block of the village is in the chunk holding it (villages are stamped last)
    pos = layout.positions
    got = np.array([forward[(x >> 4, z >> 4)].blocks[y - MIN_Y, z & 15, x & 15] for x, y, z in pos])
    assert np.array_equal(got, layout.states)


def test_a_village_lies_within_1_km_of_spawn_for_most_seeds():
    near = 0
    for seed in range(1, 6):
        x, _, z = spawn_point(seed)
        found = locate_structure(seed, "village", (x, z), radius_chunks=63)
        if found is not None and math.hypot(found[0] - x, found[2] - z) <= 1000:
            near += 1
    assert near >= 4  # 5 of 5 at the time of writing


def test_village_has_bell_beds_doors_job_sites_paths_and_farms():
    reg = registry()
    start = _village_start()
    layout = structure_layout(SEED, "village", *start)
    chunks = _blocks(SEED, _chunks_of(layout.box))
    names: Counter[str] = Counter()
    for blocks in chunks.values():
        names += _names(blocks)
    assert names["bell"] == 1
    assert names["dirt_path"] > 50 and names["farmland"] > 10 and names["water"] > 0
    assert sum(names[c] for c in ("wheat", "carrots", "potatoes")) > 10
    assert sum(names[j] for j in JOB_SITES) >= 2
    doors = sum(n for k, n in names.items() if k.endswith("_door"))
    beds = sum(n for k, n in names.items() if k.endswith("_bed"))
    assert doors >= 8 and doors % 2 == 0 and 8 <= beds <= 20

    def at(x: int, y: int, z: int) -> dict[str, str]:
        return reg.properties(int(chunks[(x >> 4, z >> 4)][y - MIN_Y, z & 15, x & 15]))

    feet = 0
    for (x, y, z), state in zip(layout.positions.tolist(), layout.states.tolist(), strict=True):
        name = reg.block_of(state).name
        props = reg.properties(state)
        if name.endswith("_bed") and props["part"] == "foot":
            dx, dz = STEP[props["facing"]]
            assert at(x + dx, y, z + dz) == {**props, "part": "head"}
            feet += 1
        if name.endswith("_door") and props["half"] == "lower":
            assert at(x, y + 1, z)["half"] == "upper"
    assert 4 <= feet <= 10


def test_desert_pyramids_start_only_in_deserts_and_hold_the_chamber():
    seen = 0
    for seed in (1, 2, 3):
        for rz in range(-4, 5):
            for rx in range(-4, 5):
                start = region_start(seed, "desert_pyramid", rx, rz)
                if start is not None:
                    assert biome_at(seed, start[0] * 16 + 8, start[1] * 16 + 8) == "desert"
                    seen += 1
    assert seen > 0
    x, _, z = locate_structure(SEED, "desert_pyramid", (0, 0))
    layout = structure_layout(SEED, "desert_pyramid", x >> 4, z >> 4)
    made = [generate_chunk(SEED, *c) for c in _chunks_of(layout.box)]
    names: Counter[str] = Counter()
    chests = {}
    for chunk in made:
        names += _names(chunk.blocks)
        chests.update(chunk.block_entities)
    assert names["tnt"] == 9 and names["stone_pressure_plate"] == 1
    assert names["blue_terracotta"] == 1 and names["orange_terracotta"] >= 8
    loot = [chests[p] for p in layout.block_entities]  # (dungeons below may add more)
    assert len(loot) == 4 and all(e["id"] == "minecraft:chest" and chest_items(e) for e in loot)


def test_chest_loot_survives_save_and_open(tmp_path):
    x, _, z = locate_structure(SEED, "desert_pyramid", (0, 0))
    world = lazy_world(SEED)
    layout = structure_layout(SEED, "desert_pyramid", x >> 4, z >> 4)
    for cx, cz in _chunks_of(layout.box):
        world.chunk(cx, cz)
    chests = {p: e for p, e in layout.block_entities.items() if e["id"] == "minecraft:chest"}
    for (cx, cy, cz), entity in chests.items():
        assert world.block_entity(cx, cy, cz) == entity
    save_world(world, tmp_path / "w")
    back = open_world(tmp_path / "w")
    for (cx, cy, cz), entity in chests.items():
        read = back.block_entity(cx, cy, cz)
        assert read is not None and read["id"] == "minecraft:chest"
        assert chest_items(read) == chest_items(entity) != []
        assert registry().block_of(back.get_block(cx, cy, cz)).name == "chest"


def test_dungeon_room_has_a_spawner_and_chests():
    reg = registry()
    found = [(cx, cz) for cz in range(-8, 8) for cx in range(-8, 8)
             if dungeon(SEED, cx, cz) is not None]  # fmt: skip
    assert 256 / 20 < len(found) < 256 / 4  # about one chunk in eight
    cx, cz = found[0]
    layout = dungeon(SEED, cx, cz)
    chunk = generate_chunk(SEED, cx, cz)
    x, y, z = layout.anchor
    assert reg.block_of(int(chunk.blocks[y - MIN_Y, z & 15, x & 15])).name == "spawner"
    spawner = chunk.block_entities[(x, y, z)]
    mob = spawner["SpawnData"]["entity"]["id"]
    assert mob in ("minecraft:zombie", "minecraft:skeleton", "minecraft:spider")
    chests = [e for e in chunk.block_entities.values() if e["id"] == "minecraft:chest"]
    assert 1 <= len(chests) <= 2 and all(chest_items(e) for e in chests)
    lx, lz = x & 15, z & 15
    floor = _names(chunk.blocks[y - 1 - MIN_Y, lz - 2 : lz + 3, lx - 2 : lx + 3])
    assert set(floor) <= {"cobblestone", "mossy_cobblestone"}


def test_ruined_portal_has_a_broken_frame_netherrack_and_a_chest():
    x, _, z = locate_structure(SEED, "ruined_portal", (0, 0))
    layout = structure_layout(SEED, "ruined_portal", x >> 4, z >> 4)
    names = _names(layout.states)
    assert names["obsidian"] + names["crying_obsidian"] >= 6
    assert names["obsidian"] + names["crying_obsidian"] <= 14  # partly broken
    assert names["netherrack"] > 20
    assert [e["id"] for e in layout.block_entities.values()] == ["minecraft:chest"]


def test_locate_finds_what_generation_places():
    for kind, marker in (("village", "bell"), ("desert_pyramid", "blue_terracotta")):
        x, y, z = locate_structure(SEED, kind, (100, -50))
        chunk = generate_chunk(SEED, x >> 4, z >> 4)
        column = _names(chunk.blocks[:, z & 15, x & 15])
        assert column[marker] == 1, kind
        assert abs(y - chunk_columns(SEED, x >> 4, z >> 4).height[z & 15, x & 15] - 1) == 0
    with pytest.raises(WorldError, match="structure 'castle'"):
        locate_structure(SEED, "castle", (0, 0))


def test_locate_structure_returns_the_nearest_start():
    x, _, z = locate_structure(SEED, "village", (0, 0))
    best = min(
        math.hypot(s[0] * 16 + 8, s[1] * 16 + 8)
        for rz in range(-6, 7)
        for rx in range(-6, 7)
        if (s := region_start(SEED, "village", rx, rz)) is not None
    )
    assert math.hypot(x, z) == best


def test_locate_biome_and_text():
    x, z = locate_biome(SEED, "desert", (0, 0))
    assert biome_at(SEED, x, z) == "desert" and (x % 32, z % 32) == (0, 0)
    assert locate_biome(SEED, "minecraft:plains", (5, 5)) is not None
    with pytest.raises(WorldError, match="biome 'nether_wastes'"):
        locate_biome(SEED, "nether_wastes", (0, 0))
    text = locate_text(SEED, "village", (0, 0))
    assert re.fullmatch(r"The nearest village is at \[-?\d+, ~, -?\d+\] \(\d+ blocks away\)", text)
    assert locate_text(SEED, "desert", (0, 0)).startswith("The nearest desert is at [")


def test_loot_is_seeded_and_within_the_tables():
    a = chest_entity(SEED, "simple_dungeon", (1, 2, 3))
    assert a == chest_entity(SEED, "simple_dungeon", (1, 2, 3))
    assert chest_items(a) != chest_items(chest_entity(SEED, "simple_dungeon", (1, 2, 4)))
    items = {f"minecraft:{e.item}" for pool in TABLES["simple_dungeon"] for e in pool.entries}
    slots = [s for s, _, _ in chest_items(a)]
    assert len(set(slots)) == len(slots) and all(0 <= s < 27 for s in slots)
    assert 5 <= len(slots) <= 10 and all(i in items for _, i, _ in chest_items(a))
    with pytest.raises(WorldError, match="loot table 'nope'"):
        chest_entity(SEED, "nope", (0, 0, 0))


def test_villages_take_their_biome_style_and_stay_out_of_water():
    marks = {"plains": "oak_planks", "desert": "cut_sandstone", "savanna": "acacia_planks",
             "taiga": "spruce_planks", "snowy_plains": "snow"}  # fmt: skip
    seen = set()
    for rz in range(-3, 4):
        for rx in range(-3, 4):
            start = region_start(SEED, "village", rx, rz)
            if start is None:
                continue
            biome = biome_at(SEED, start[0] * 16 + 8, start[1] * 16 + 8)
            layout = structure_layout(SEED, "village", *start)
            names = _names(layout.states)
            if biome in marks:
                assert names[marks[biome]] > 0, biome
                seen.add(biome)
            beds = [y for (_, y, _), s in zip(layout.positions.tolist(), layout.states.tolist(),
                                              strict=True)
                    if registry().block_of(s).name.endswith("_bed")]  # fmt: skip
            assert min(beds) > 64  # floors stand on dry land above sea level (63)
    assert len(seen) >= 3
