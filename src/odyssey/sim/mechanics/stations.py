"""The work stations' screens (enchanting table, anvil, grindstone): opening them from a
right-click and closing them when the block is gone or out of reach.

A station's menu keeps its inputs in its own slots (vanilla's ``SimpleContainer`` of
EnchantmentMenu, ItemCombinerMenu, GrindstoneMenu); closing the screen gives them back to the
player (``AbstractContainerMenu.clearContainer``) or drops what does not fit.
"""

from __future__ import annotations

import math

from odyssey.sim.inventory import ItemStack, PlayerInventory
from odyssey.sim.mechanics import hooks
from odyssey.sim.slots import ItemList, Menu, Slot
from odyssey.sim.stats import Stats

Pos = tuple[int, int, int]
STILL_VALID = 4.5 + 4.0  # Player.canInteractWithBlock(pos, 4.0): reach + 4


class StationMenu(Menu):
    """A menu over ``inputs`` (its own container) at a block of one of ``blocks``."""

    blocks: frozenset[str] = frozenset()

    def __init__(self, inventory: PlayerInventory, stats: Stats | None, size: int) -> None:
        super().__init__(inventory, stats)
        self.inputs = ItemList([None] * size)

    def add_inventory_slots(self) -> None:
        """The 27 main slots (inventory 9-35), then the 9 hotbar slots, as vanilla numbers."""
        for i in range(9, 36):
            self.add_slot(Slot(self, self.inventory, i))
        for i in range(9):
            self.add_slot(Slot(self, self.inventory, i))

    def close(self) -> list[ItemStack]:
        """AbstractContainerMenu.removed + clearContainer: inputs go back to the player."""
        drops = super().close()
        for i, stack in enumerate(self.inputs.items):
            self.inputs.items[i] = None
            drops += self.inventory.place_back(stack)
        return drops


def block_name(game, pos: Pos) -> str:
    return game.world.registry.block_of(game.world.get_block(*pos)).name


def open_station(game, pos: Pos, kind: str, menu: StationMenu) -> None:
    """Show ``menu`` as the screen ``kind`` for the block at ``pos`` (closing any other)."""
    s = game.survival
    if s.menu is not None:
        from odyssey.sim.actions import close_screen

        close_screen(game)
    s.menu, s.menu_kind, s.menu_pos = menu, kind, pos
    game.emit("container_opened", 0.0, pos, kind)


def distance(game, pos: Pos) -> float:
    """From the player's eyes to the nearest point of the block at ``pos``."""
    x, y, z = game.player.pos
    ey = y + game.player.eye_height
    d = [max(pos[0] - x, 0.0, x - pos[0] - 1), max(pos[1] - ey, 0.0, ey - pos[1] - 1),
         max(pos[2] - z, 0.0, z - pos[2] - 1)]  # fmt: skip
    return math.sqrt(sum(v * v for v in d))


@hooks.on_player_tick
def keep_station(game, before) -> None:
    """stillValid: close the screen when its block is gone or out of range."""
    s = game.survival
    menu, pos = s.menu, s.menu_pos
    if not isinstance(menu, StationMenu) or pos is None:
        return
    gone = block_name(game, pos) not in menu.blocks
    if gone or distance(game, pos) > STILL_VALID or game.player.dead:
        from odyssey.sim.actions import close_screen

        close_screen(game)
