"""Building iron and snow golems (vanilla 1.21.11 CarvedPumpkinBlock.trySpawnGolem).

A carved pumpkin or jack o'lantern placed as the head of a pattern turns the pattern into a
golem: two snow blocks under it make a snow golem; a T of four iron blocks (the body under the
head, an arm on each side of it, the legs under the body) with air at both sides of the head
and of the legs makes an iron golem, the arms along x or along z. The snow golem is checked
first, as in vanilla. The blocks become air, then the golem appears at the bottom block
(x + 0.5, y + 0.05, z + 0.5); an iron golem built this way is ``player_created`` (it never turns
on players). The behaviour is ``entities.golem_ai``.

Deliberate difference: only upright patterns count (vanilla's BlockPattern also matches the
lying and upside-down orientations).
"""

from __future__ import annotations

from odyssey.sim.mechanics import hooks

Pos = tuple[int, int, int]


def _name(game, pos: Pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def _is_air(game, pos: Pos) -> bool:
    return _name(game, pos) in ("air", "cave_air", "void_air")


def snow_golem_blocks(game, head: Pos) -> list[Pos] | None:
    """SnowGolem pattern "^", "#", "#": the blocks it takes (head first), or None."""
    x, y, z = head
    body = [(x, y - 1, z), (x, y - 2, z)]
    if all(_name(game, p) == "snow_block" for p in body):
        return [head, *body]
    return None


def iron_golem_blocks(game, head: Pos) -> list[Pos] | None:
    """IronGolem pattern "~^~", "###", "~#~" upright along x or z: the blocks it takes."""
    x, y, z = head
    for ax, az in ((1, 0), (0, 1)):
        iron = [(x, y - 1, z), (x + ax, y - 1, z + az), (x - ax, y - 1, z - az), (x, y - 2, z)]
        air = [(x + ax, y, z + az), (x - ax, y, z - az),
               (x + ax, y - 2, z + az), (x - ax, y - 2, z - az)]  # fmt: skip
        if all(_name(game, p) == "iron_block" for p in iron) and all(_is_air(game, p)
                                                                     for p in air):  # fmt: skip
            return [head, *iron]
    return None


def _spawn(game, kind: str, blocks: list[Pos], feet: Pos, **fields):
    from odyssey.sim.player_body import entity_store as _store

    for pos in blocks:
        game.set_block(pos, 0)  # vanilla: setBlock(AIR, 2), then updatePatternBlocks
    x, y, z = feet
    e = _store(game.survival).add(kind, (x + 0.5, y + 0.05, z + 0.5), **fields)
    game.emit("golem_built", 0.0, feet, kind)
    return e


@hooks.on_placed("carved_pumpkin", "jack_o_lantern")
def try_spawn_golem(game, pos, state, old) -> None:
    """CarvedPumpkinBlock.onPlace → trySpawnGolem."""
    pos = tuple(pos)
    blocks = snow_golem_blocks(game, pos)
    if blocks is not None:
        _spawn(game, "snow_golem", blocks, blocks[-1])
        return
    blocks = iron_golem_blocks(game, pos)
    if blocks is not None:
        e = _spawn(game, "iron_golem", blocks, blocks[-1])
        e.components["player_created"] = True
