"""Opening and closing container screens.

Opening (right-click, not when crouching with an item): a chest or ender chest does not open
under a block that conducts redstone (ChestBlock.isBlockedChestByBlock; a sitting cat is not
checked), a shulker box not when the block its lid opens into has a collision box; a double
chest opens only when both halves can. The first open fills a chest from its loot table
(a spectator cannot open an unopened loot chest). Opening counts vanilla's statistics
(``open_chest``, ``trigger_trapped_chest``, ``open_barrel``, ``open_shulker_box``,
``inspect_hopper``, ``open_enderchest``), plays the open sound, and a barrel shows
``open=true`` until its screen closes (with the close sound). The screen closes by itself when
the container is gone or the player is more than 4 blocks beyond reach (ChestMenu.stillValid).

The screen sets ``Survival.menu``, ``menu_kind`` (``generic_9x3`` for a chest,
``generic_9x6`` for a double chest, ``barrel``, ``ender_chest``, ``shulker_box``, ``hopper``)
and ``menu_pos`` as ``sim.actions.open_screen`` does for furnaces.

Deliberate differences: a trapped chest's redstone signal while open is not emitted (the count
of viewers is ``viewers()``); piglins do not anger.
"""

from __future__ import annotations

import math

from odyssey.sim import redstone
from odyssey.sim.mechanics import containers, hooks
from odyssey.sim.mechanics.container_menus import ContainerMenu, generic_menu
from odyssey.sim.mechanics.containers import (
    CHESTS,
    SIZES,
    STORAGE,
    BoxView,
    EnderView,
    Pos,
    block_name,
    blocked_chest,
    box_at,
    chest_halves,
    entity_type,
    key_of,
    shulker_can_open,
    state,
    unpack_loot,
)

OPEN_STAT = {"chest": "open_chest", "trapped_chest": "trigger_trapped_chest",
             "barrel": "open_barrel", "shulker_box": "open_shulker_box",
             "hopper": "inspect_hopper", "ender_chest": "open_enderchest"}  # fmt: skip
SOUNDS = {"chest": "block.chest", "trapped_chest": "block.chest", "barrel": "block.barrel",
          "shulker_box": "block.shulker_box", "ender_chest": "block.ender_chest"}  # fmt: skip
STILL_VALID = 4.5 + 4.0  # Player.canInteractWithBlock(pos, 4.0): reach + 4


@hooks.on_use_block(*STORAGE, "ender_chest")
def use(game, hit, held) -> bool:
    """Right-click on a container: open its screen (the click is used even when blocked)."""
    open_container(game, hit.pos)
    return True


def open_container(game, pos: Pos) -> bool:
    """Open the screen of the container at ``pos`` as the player's right-click does; False
    when it cannot open (blocked, or a loot chest for a spectator)."""
    s = game.survival
    if s.menu is not None:
        from odyssey.sim.actions import close_screen

        close_screen(game)
    name = block_name(game, pos)
    kind = entity_type(name)
    if name == "ender_chest":
        if blocked_chest(game, pos):
            return False
        view = EnderView(state(game))
        return _show(game, pos, "ender_chest", generic_menu("ender_chest", [view], s.inventory,
                                                            s.stats), name)  # fmt: skip
    if name in CHESTS:
        halves = chest_halves(game, pos)
        if any(blocked_chest(game, p) for p in halves):
            return False
    elif kind == "shulker_box" and not shulker_can_open(game, pos):
        return False
    else:
        halves = [pos]
    boxes = [box_at(game, p, unpack=False) for p in halves]
    if s.gamemode == "spectator" and any(b.loot_table for b in boxes if b is not None):
        return False
    for p, b in zip(halves, boxes, strict=True):
        if b is not None and b.loot_table:
            unpack_loot(game, p, b)
    views = [BoxView(game.world, p, b) for p, b in zip(halves, boxes, strict=True) if b]
    screen = "generic_9x6" if len(views) == 2 else "generic_9x3" if name in CHESTS else kind
    size = SIZES.get(kind, 27)
    menu = generic_menu(screen, views, s.inventory, s.stats, size=size)
    return _show(game, pos, screen, menu, name)


def _show(game, pos: Pos, screen: str, menu: ContainerMenu, name: str) -> bool:
    s = game.survival
    kind = entity_type(name)
    s.menu, s.menu_kind, s.menu_pos = menu, screen, pos
    s.stats.add("custom", OPEN_STAT[kind])
    game.emit("container_opened", 0.0, pos, screen)
    if s.gamemode == "spectator":  # ContainerOpenersCounter ignores spectators
        return True
    menu.on_close = lambda: closed(game, pos, name)
    state(game).open_at = key_of(game, pos)
    if kind in SOUNDS:
        hooks.sound(game, SOUNDS[kind] + ".open", pos)
    if name == "barrel":
        _barrel_open(game, pos, True)
    return True


def closed(game, pos: Pos, name: str) -> None:
    """The screen of the container at ``pos`` closed: the close sound, the barrel shut."""
    state(game).open_at = None
    if block_name(game, pos) != name:
        return
    kind = entity_type(name)
    if kind in SOUNDS:
        hooks.sound(game, SOUNDS[kind] + ".close", pos)
    if name == "barrel":
        _barrel_open(game, pos, False)


def viewers(game, pos: Pos) -> int:
    """How many players have the container open (0 or 1: the trapped chest's signal)."""
    return int(state(game).open_at == key_of(game, pos))


def _barrel_open(game, pos: Pos, is_open: bool) -> None:
    reg = game.world.registry
    old = game.world.get_block(*pos)
    new = redstone.with_props(reg, old, open="true" if is_open else "false")
    if new != old:
        game.set_block(pos, new)


@hooks.on_player_tick
def keep_screen(game, before) -> None:
    """ChestMenu.stillValid: close the screen when its container is gone or out of range."""
    s = game.survival
    menu, pos = s.menu, s.menu_pos
    if not isinstance(menu, ContainerMenu) or pos is None:
        return
    name = block_name(game, pos)
    gone = name not in (*STORAGE, "ender_chest")
    if gone or _distance(game, pos) > STILL_VALID or game.player.dead:
        from odyssey.sim.actions import close_screen

        close_screen(game)


def _distance(game, pos: Pos) -> float:
    x, y, z = game.player.pos
    ey = y + game.player.eye_height
    d = [max(pos[0] - x, 0.0, x - pos[0] - 1), max(pos[1] - ey, 0.0, ey - pos[1] - 1),
         max(pos[2] - z, 0.0, z - pos[2] - 1)]  # fmt: skip
    return math.sqrt(sum(v * v for v in d))


def contents_changed(game, pos: Pos) -> None:
    """After a click in the container's screen: comparators beside it (both halves of a double
    chest) read it again."""
    from odyssey.sim.mechanics.comparators import output_changed

    name = game.world.registry.block_of(game.world.get_block(*pos)).name
    for half in containers.chest_halves(game, pos) if name in containers.CHESTS else [pos]:
        output_changed(game, half)
