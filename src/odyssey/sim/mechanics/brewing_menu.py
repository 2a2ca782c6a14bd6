"""The brewing stand's window, as vanilla 1.21.11's BrewingStandMenu (menu type
``brewing_stand``): slots 0-2 the bottles (PotionSlot: potions and glass bottles, one each),
3 the ingredient (IngredientsSlot: brewing ingredients), 4 the fuel (FuelSlot: blaze powder),
5-31 the main inventory (inventory 9-35), 32-40 the hotbar (inventory 0-8).

Shift-click (quickMoveStack): from the stand to the inventory, hotbar end first; from the
inventory, blaze powder to the fuel slot (when that slot is full it stops there), ingredients to
the ingredient slot, bottles to the bottle slots, anything else between main and hotbar.
The screen closes when the stand is gone or the player is more than 4 blocks past reach
(Container.stillValid).
"""

from __future__ import annotations

import math

from odyssey.sim.inventory import ItemStack, PlayerInventory, Stack
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.brewing import (
    FUEL,
    INGREDIENT,
    BrewingStand,
    is_bottle,
    is_fuel,
    is_ingredient,
    stand_at,
)
from odyssey.sim.slots import Menu, Slot
from odyssey.sim.stats import Stats

Pos = tuple[int, int, int]
STILL_VALID = 4.5 + 4.0  # Player.canInteractWithBlock(pos, 4.0)


class PotionSlot(Slot):
    def may_place(self, stack: ItemStack) -> bool:
        return is_bottle(stack)

    def max_stack(self, stack: ItemStack) -> int:
        return 1


class IngredientsSlot(Slot):
    def may_place(self, stack: ItemStack) -> bool:
        return is_ingredient(stack)


class FuelSlot(Slot):
    def may_place(self, stack: ItemStack) -> bool:
        return is_fuel(stack)


class BrewingStandMenu(Menu):
    """BrewingStandMenu over one stand's block entity."""

    kind = "brewing_stand"

    def __init__(
        self, stand: BrewingStand, inventory: PlayerInventory, stats: Stats | None = None
    ) -> None:
        super().__init__(inventory, stats)
        self.stand = stand
        for i in range(3):
            self.add_slot(PotionSlot(self, stand, i))
        self.add_slot(IngredientsSlot(self, stand, INGREDIENT))
        self.add_slot(FuelSlot(self, stand, FUEL))
        for i in range(9, 36):
            self.add_slot(Slot(self, inventory, i))
        for i in range(9):
            self.add_slot(Slot(self, inventory, i))

    @property
    def menu_type(self) -> str:
        return "brewing_stand"

    def container_stacks(self) -> list[Stack]:
        return list(self.stand.items)

    def quick_move_stack(self, index: int) -> Stack:
        """BrewingStandMenu.quickMoveStack."""
        stop = False

        def route(stack: ItemStack) -> tuple[bool, Stack]:
            nonlocal stop
            if index <= FUEL:
                return self.move_item_stack_to(stack, 5, 41, True)
            if is_fuel(stack):
                moved, rest = self.move_item_stack_to(stack, 4, 5, False)
                if moved:
                    stop = True  # vanilla returns EMPTY: the rest stays where it was
                    return moved, rest
                if is_ingredient(stack):
                    return self.move_item_stack_to(stack, 3, 4, False)
                return False, stack
            if is_ingredient(stack):
                return self.move_item_stack_to(stack, 3, 4, False)
            if is_bottle(stack):
                return self.move_item_stack_to(stack, 0, 3, False)
            if 5 <= index < 32:
                return self.move_item_stack_to(stack, 32, 41, False)
            return self.move_item_stack_to(stack, 5, 32, False)

        moved = self.quick_move_common(index, route, result_slot=None)
        return None if stop else moved


def open_brewing_stand(game, pos: Pos) -> BrewingStandMenu:
    """Open the stand's screen at ``pos`` (closing any other)."""
    from odyssey.sim.actions import close_screen

    s = game.survival
    close_screen(game)
    menu = BrewingStandMenu(stand_at(game, pos), s.inventory, s.stats)
    s.menu, s.menu_kind, s.menu_pos = menu, "brewing_stand", pos
    s.stats.add("custom", "interact_with_brewingstand")
    game.emit("container_opened", 0.0, pos, "brewing_stand")
    return menu


@hooks.on_player_tick
def keep_screen(game, before) -> None:
    """stillValid: close when the stand is gone, too far, or the player died."""
    s = game.survival
    if not isinstance(s.menu, BrewingStandMenu) or s.menu_pos is None:
        return
    pos = s.menu_pos
    name = game.world.registry.block_of(game.world.get_block(*pos)).name
    x, y, z = game.player.pos
    ey = y + game.player.eye_height
    d = [max(pos[0] - x, 0.0, x - pos[0] - 1), max(pos[1] - ey, 0.0, ey - pos[1] - 1),
         max(pos[2] - z, 0.0, z - pos[2] - 1)]  # fmt: skip
    far = math.sqrt(sum(v * v for v in d)) > STILL_VALID
    if name != "brewing_stand" or far or game.player.dead:
        from odyssey.sim.actions import close_screen

        close_screen(game)
