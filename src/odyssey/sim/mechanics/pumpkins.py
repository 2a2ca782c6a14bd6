"""Carving a pumpkin with shears (vanilla's ``PumpkinBlock.useItemOn``): the pumpkin becomes a
carved pumpkin facing the clicked side (the player, when clicked from above or below), four
pumpkin seeds pop out of that side and the shears wear by one."""

from __future__ import annotations

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.plant_env import pop_resource
from odyssey.sim.reach import facing_of

OPPOSITE = {"north": "south", "south": "north", "west": "east", "east": "west"}
STEP = {"north": (0, 0, -1), "south": (0, 0, 1), "west": (-1, 0, 0), "east": (1, 0, 0)}


@hooks.on_use_block("pumpkin")
def carve(game, hit, held) -> bool:
    if held is None or held.item != "shears" or not game.survival.builds:
        return False
    facing = hit.face if hit.face in STEP else OPPOSITE[facing_of(game.player.yaw)]
    reg = game.world.registry
    game.set_block(hit.pos, reg.state_of("carved_pumpkin", {"facing": facing}))
    dx, _, dz = STEP[facing]
    x, y, z = hit.pos
    pop_resource(game, "pumpkin_seeds", 4, (x + dx, y, z + dz))  # out of the carved face
    s = game.survival
    if s.gamemode != "creative":
        s.inventory.set(s.inventory.selected, held.hurt(1))
    s.stats.add("used", "shears")
    hooks.sound(game, "block.pumpkin.carve", hit.pos)
    return True
