"""Driving the player through a MineStudio task by the game's keys (look, hold attack/use, walk),
for the scripted runs in ``test_mcu_playable_runs``."""

from __future__ import annotations

import math
from pathlib import Path

from conftest import SHARED, shared_path
from odyssey.mcu.setup import SharedChunks, overworld_game, run_setup
from odyssey.sim.game import Game
from odyssey.sim.player import InputState
from odyssey.sim.reach import crosshair_block, outline_boxes

CONFIGS = SHARED / "reference/mcu-data/minestudio/benchmark/task_configs"
Pos = tuple[int, int, int]


def task_game(chunks: SharedChunks, config: str) -> Game:
    """A fresh survival game at the overworld's spawn with ``config`` ("simple/collect_dirt")
    set up; every set-up command must have run (or failed as in 1.16.5)."""
    game = overworld_game(chunks)
    game.survival.rules["do_mob_spawning"] = False  # only the config's own mobs
    outcomes = run_setup(game, shared_path(Path(CONFIGS)) / f"{config}.yaml")
    assert all(o.accepted for o in outcomes), [o for o in outcomes if not o.accepted]
    return game


def feet(game: Game) -> Pos:
    x, y, z = game.player.pos
    return (math.floor(x), math.floor(y), math.floor(z))


def name_at(game: Game, pos: Pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def look_at(game: Game, x: float, y: float, z: float) -> None:
    px, py, pz = game.player.pos
    dx, dy, dz = x - px, y - (py + game.player.eye_height), z - pz
    game.look(math.degrees(math.atan2(-dx, dz)), -math.degrees(math.atan2(dy, math.hypot(dx, dz))))


def hold(game: Game, ticks: int, **keys: bool) -> None:
    """Hold keys for ``ticks`` ticks, then release them for a few (a next press is a new one)."""
    game.hold(InputState(**keys))
    game.run(ticks)
    game.hold(InputState())
    game.run(5)


def face_point(game: Game, pos: Pos) -> tuple[float, float, float]:
    """The point of the block's outline (its first box) at ``pos`` nearest the player's eye."""
    px, py, pz = game.player.pos
    ey = py + game.player.eye_height
    boxes = outline_boxes(game.world, game.world.get_block(*pos))
    lo, hi = (boxes[0][:3], boxes[0][3:]) if len(boxes) else ((0, 0, 0), (1, 1, 1))
    return tuple(min(max(v, p + a + 0.02), p + b - 0.02)
                 for v, p, a, b in zip((px, ey, pz), pos, lo, hi, strict=True))  # fmt: skip


def _break_hit(game: Game, limit: int) -> None:
    """Hold attack on the block under the crosshair until it changes."""
    hit = crosshair_block(game.world, game.player)
    assert hit is not None, "nothing under the crosshair"
    before = game.world.get_block(*hit.pos)
    game.hold(InputState(attack=True))
    for _ in range(limit):
        game.tick()
        if game.world.get_block(*hit.pos) != before:
            break
    game.hold(InputState())
    game.run(5)


def aim(game: Game, pos: Pos, point: tuple[float, float, float]) -> None:
    """Look at ``point`` on block ``pos``, first punching away the plants in the way (the
    crosshair meets grass and flowers before the block behind them, as in vanilla)."""
    for _ in range(6):
        look_at(game, *point)
        hit = crosshair_block(game.world, game.player)
        if hit is None or hit.pos == pos:
            return
        state = game.world.get_block(*hit.pos)
        assert not len(game.world.registry.collision_boxes(state)), (
            f"{name_at(game, hit.pos)} at {hit.pos} is in the way of {pos}"
        )
        _break_hit(game, 40)
    raise AssertionError(f"could not aim at {pos}")


def aim_entity(game: Game, e) -> None:
    """Look at the middle of entity ``e``, punching away the plants in between first."""
    for _ in range(6):
        look_at(game, e.x, e.y + e.height / 2 if hasattr(e, "height") else e.y + 0.6, e.z)
        hit = crosshair_block(game.world, game.player)
        px, py, pz = game.player.pos
        gap = math.dist((px, py + game.player.eye_height, pz), (e.x, e.y + 0.5, e.z)) - 0.5
        if hit is None or hit.distance >= gap:
            return
        state = game.world.get_block(*hit.pos)
        assert not len(game.world.registry.collision_boxes(state)), f"a wall before {e.type}"
        _break_hit(game, 40)


def dig(game: Game, pos: Pos, limit: int = 600) -> None:
    """Hold attack on ``pos`` until it is air; whatever solid block the crosshair meets first on
    the way is broken too, as a player's would be."""
    gone = ("air", "cave_air", "water")  # seagrass and waterlogged blocks leave their water
    for _ in range(6):
        if name_at(game, pos) in gone:
            return
        look_at(game, *face_point(game, pos))
        _break_hit(game, limit)
    assert name_at(game, pos) in gone, f"{pos} is still {name_at(game, pos)}"


def walk_to(game: Game, x: float, z: float, ticks: int = 8) -> None:
    """Face (x, z) at eye level and walk towards it for ``ticks`` ticks, then wait for pickups."""
    look_at(game, x, game.player.pos[1] + game.player.eye_height, z)
    hold(game, ticks, forward=True)
    game.run(20)


def pillar_up(game: Game) -> None:
    """Jump and place the held block under the feet (a one-block pillar jump)."""
    y0 = game.player.pos[1]
    game.look(game.player.yaw, 90.0)
    game.hold(InputState(jump=True, use=True))
    for _ in range(20):
        game.tick()
        if game.player.pos[1] >= y0 + 1 and game.player.on_ground:
            break
    game.hold(InputState())
    game.run(5)
    assert game.player.pos[1] == y0 + 1, f"pillar jump from {y0} ended at {game.player.pos}"


def inventory(game: Game) -> dict[str, int]:
    out: dict[str, int] = {}
    for stack in game.survival.inventory.slots:
        if stack is not None:
            out[stack.item] = out.get(stack.item, 0) + stack.count
    return out


def select(game: Game, item: str) -> None:
    """Select the hotbar slot holding ``item``."""
    inv = game.survival.inventory
    for i in range(9):
        stack = inv.get(i)
        if stack is not None and stack.item == item:
            inv.select(i)
            return
    raise AssertionError(f"no {item} in the hotbar: {inventory(game)}")


def use_on(
    game: Game, pos: Pos, face_y: float = 0.5, top: bool = False, point: tuple | None = None
) -> None:
    """Right-click block ``pos``: the face nearest the player ``face_y`` up it, with ``top``
    the middle of its top face at height ``face_y`` (below 1 for blocks lower than a cube), or
    the given ``point`` on it."""
    x, _, z = face_point(game, pos)
    if top:
        x, z = pos[0] + 0.5, pos[2] + 0.5
    aim(game, pos, point or (x, pos[1] + min(face_y, 0.999), z))
    hold(game, 1, use=True)
