"""The survival player's air supply and drowning, as vanilla 1.21.11's LivingEntity.baseTick.

While the eyes are in water (not in a bubble column) the air drops by one a tick (of 300); each
time it reaches -20 it goes back to 0 and the player takes 2 drowning damage (game rule
``drowning_damage``). Respiration on the helmet (the oxygen_bonus attribute, one per level)
keeps the air on a tick with chance 1 - 1/(level + 1); water breathing or conduit power, and
creative or spectator mode, stop the loss. Out of water the air comes back 4 a tick. A turtle
shell helmet gives 10 s of water breathing while the eyes are out of water.

The compiled physics counts air too (``layout.S_AIR``) for navigation games, where none of the
above applies. In a survival game this module owns the air: it keeps it in
``game.survival.mechanics["breath"]`` and writes it back to the player's state each tick, never
below -18 there, so the kernel's own count never reaches -20 and never drowns the player itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.sim import layout as k
from odyssey.sim.mechanics import hooks
from odyssey.sim.player import PlayerState

MAX_AIR = 300
DROWN_AT = -20
KERNEL_FLOOR = -18  # the kernel's count stays above its own drowning threshold
TURTLE_BREATHING = 200


@dataclass
class Breath:
    air: int = MAX_AIR
    dead: bool = False  # the player was dead: a respawned player breathes afresh


def air_of(game) -> int:
    """The survival player's air supply (300 full; drowning hurts each time it runs to -20)."""
    found = game.survival.mechanics.get("breath")
    return MAX_AIR if found is None else found.air


def _breath(game) -> Breath:
    found = game.survival.mechanics.get("breath")
    if found is None:
        found = game.survival.mechanics["breath"] = Breath()
    return found


def respiration(game) -> int:
    helmet = game.survival.inventory.get(39)
    if helmet is None:
        return 0
    enchantments = helmet.enchantments
    return int(enchantments.get("respiration", enchantments.get("minecraft:respiration", 0)))


def _eyes_in_water(game) -> bool:
    internal = game.player.internal
    if not internal or not internal[k.S_EYE_IN_WATER]:
        return False
    x, y, z = game.player.pos
    eye = game.world.get_block(int(x // 1), int((y + game.player.eye_height) // 1), int(z // 1))
    return game.world.registry.block_of(eye).name != "bubble_column"


@hooks.on_player_tick
def _breathe(game, before) -> None:
    s = game.survival
    p = game.player
    b = _breath(game)
    if p.dead:
        b.dead = True
        return
    if b.dead:
        b.air, b.dead = MAX_AIR, False
    eyes = _eyes_in_water(game)
    helmet = s.inventory.get(39)
    if helmet is not None and helmet.item == "turtle_helmet" and not eyes:
        left, _ = s.effects.get("water_breathing", (0, 0))
        if 0 <= left < TURTLE_BREATHING:
            s.effects["water_breathing"] = (TURTLE_BREATHING, 0)
    if eyes:
        protected = ("water_breathing" in s.effects or "conduit_power" in s.effects
                     or s.gamemode in ("creative", "spectator"))  # fmt: skip
        if not protected:
            level = respiration(game)
            if level <= 0 or s.rng.random() < 1.0 / (level + 1):
                b.air -= 1
            if b.air == DROWN_AT:
                b.air = 0
                if s.rules.get("drowning_damage", True):
                    from odyssey.sim.actions import hurt_player

                    hurt_player(game, 2.0, "drown")
    elif b.air < MAX_AIR:
        b.air = min(b.air + 4, MAX_AIR)
    _write_air(game, max(b.air, KERNEL_FLOOR))


def _write_air(game, air: int) -> None:
    p = game.player
    if p.internal and p.internal[k.S_AIR] == air:
        return
    st = p.to_array()
    st[k.S_AIR] = air
    game.player = PlayerState.from_array(st, p.attributes)
