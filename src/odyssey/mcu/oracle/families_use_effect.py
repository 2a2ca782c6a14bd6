"""Oracle skill for ``effect X``: drink (or splash at the feet) a potion that gives it; with
no such potion but a brewing stand near, ``families_use_screens`` brews one first.
"""

from __future__ import annotations

from odyssey.episode.protocol import Hold, Wait
from odyssey.mcu.actions import Click, CloseScreen, OpenInventory, Select
from odyssey.mcu.oracle.core import Ctx, OracleStuckError, Script, skill
from odyssey.mcu.oracle.families_use import bare, find_blocks
from odyssey.mcu.rules import EffectRule

# -- effect X --------------------------------------------------------------------------------


def potions_giving(ctx: Ctx, effect: str) -> list[tuple[int, str]]:
    """Inventory slots of drinkable things that give ``effect`` (potions by their contents)."""
    from odyssey.sim.mechanics.potion_table import effects_of

    inv = ctx.game.survival.inventory
    out = []
    for i, s in enumerate(inv.slots[:36]):
        if s is None or s.item not in ("potion", "splash_potion", "lingering_potion"):
            continue
        if effect in {bare(e[0]) for e in effects_of(s)}:
            out.append((i, s.item))
    return out


@skill("effect", when=lambda ctx, rule: bool(potions_giving(ctx, bare(rule.effect)))
       or not find_blocks(ctx, ("brewing_stand",)))  # brewing: families_use_screens  # fmt: skip
def get_effect(ctx: Ctx, rule: EffectRule) -> Script:
    effect = bare(rule.effect)
    found = potions_giving(ctx, effect)
    if not found:
        raise OracleStuckError(f"no potion giving {effect} in the inventory")
    slot, item = found[0]
    yield from _select_slot(ctx, slot)
    if item == "potion":
        yield Hold(("use",), ticks=36, pitch=-60.0)
    else:  # splash it at the feet
        yield Hold(("use",), ticks=1, pitch=90.0)
    yield Wait(20)


def _select_slot(ctx: Ctx, slot: int) -> Script:
    """Hold the stack in inventory slot ``slot`` (potions differ by contents, not by name)."""
    inv = ctx.game.survival.inventory
    if slot >= 9:
        yield OpenInventory()
        yield Click(slot, inv.selected, 2)
        yield CloseScreen()
        slot = inv.selected
    if inv.selected != slot:
        yield Select(slot)
