"""The survival player's direct actions (not keys held over ticks): open, click and close screens
and press their buttons, rename at an anvil, choose a hotbar slot, drop, craft with the recipe
book, get items, respawn."""

from __future__ import annotations

from odyssey.sim.crafting import InventoryMenu, craft, open_crafting_table
from odyssey.sim.entities.items import drop_from_player
from odyssey.sim.furnace import open_furnace
from odyssey.sim.inventory import ItemStack
from odyssey.sim.player import SimError
from odyssey.sim.player_body import entity_store, player_view
from odyssey.sim.survival import Survival
from odyssey.sim.windows import click as menu_click
from odyssey.world.items import items

FURNACES = ("furnace", "smoker", "blast_furnace")
CONTAINER_SCREENS = ("generic_9x3", "generic_9x6", "barrel", "ender_chest", "shulker_box", "hopper")


def open_screen(game, kind: str, pos=None) -> None:
    """Open the player's inventory, a crafting table or a furnace (closing any other)."""
    s: Survival = game.survival
    close_screen(game)
    if kind == "inventory":
        s.menu = InventoryMenu(s.inventory, s.stats)
    elif kind == "crafting_table":
        s.menu = open_crafting_table(s.inventory, s.stats)
    elif kind in FURNACES:
        s.menu = open_furnace(s.furnace_at(pos, kind), s.inventory, s.stats, s.rng)
    elif kind == "brewing_stand" and pos is not None:
        from odyssey.sim.mechanics.brewing_menu import open_brewing_stand

        open_brewing_stand(game, tuple(pos))
        return
    elif kind in CONTAINER_SCREENS and pos is not None:
        from odyssey.sim.mechanics.container_screens import open_container

        if not open_container(game, tuple(pos)):
            raise SimError(f"the container at {tuple(pos)} cannot be opened (blocked)")
        return
    else:
        raise SimError(f"no screen {kind!r}: expected inventory, crafting_table, a furnace or"
                       f" a container with its position")  # fmt: skip
    s.menu_kind, s.menu_pos = kind, pos


def close_screen(game) -> None:
    """Close the open screen: the grid's items go back to the inventory (or are dropped)."""
    s: Survival = game.survival
    if s.menu is None:
        return
    for left in s.menu.close():
        drop_from_player(entity_store(s), left.item, left.count, player_view(game))
    s.menu, s.menu_kind, s.menu_pos = None, "", None


def click_screen(game, slot: int, button: int, mode: int) -> None:
    """A click in the open screen with vanilla's slot, button and click type numbers."""
    s: Survival = game.survival
    if s.menu is None:
        raise SimError("No container open")
    result = menu_click(s.menu, slot, button, mode)
    for left in result.drops:
        drop_from_player(entity_store(s), left.item, left.count, player_view(game))
    if result.experience:
        from odyssey.sim.mechanics.experience import add_points

        add_points(game, result.experience)
    if s.menu_kind in CONTAINER_SCREENS and s.menu_pos is not None:
        from odyssey.sim.mechanics.container_screens import contents_changed

        contents_changed(game, tuple(s.menu_pos))


def click_menu_button(game, button: int) -> None:
    """Vanilla's container button click: an enchanting offer (0-2), a stonecutter recipe..."""
    s: Survival = game.survival
    if s.menu is None or not hasattr(s.menu, "click_menu_button"):
        raise SimError(f"the open screen ({s.menu_kind or 'none'}) has no buttons")
    if not s.menu.click_menu_button(button):
        raise SimError(f"button {button} of the {s.menu_kind} screen cannot be used now")


def rename_item(game, name: str) -> None:
    """The anvil's name field (vanilla's rename packet)."""
    from odyssey.sim.mechanics.anvil import set_name

    if game.survival.menu_kind != "anvil":
        raise SimError("no anvil screen is open")
    set_name(game, name)


def select_slot(game, hotbar: int) -> None:
    game.survival.inventory.select(hotbar)


def drop_held(game, whole_stack: bool = False) -> None:
    """The Q key (ctrl+Q: the whole stack): throw the held item forwards."""
    s: Survival = game.survival
    held = s.inventory.mainhand
    if held is None or s.gamemode == "spectator":
        return
    n = held.count if whole_stack else 1
    s.inventory.set(s.inventory.selected, held.with_count(held.count - n))
    drop_from_player(entity_store(s), held.item, n, player_view(game), dict(held.components))
    s.stats.add("dropped", held.item, n)
    s.stats.add("custom", "drop")


def craft_item(game, result: str, times: int = 1) -> int:
    """The recipe book: craft ``result`` up to ``times`` times (a 3x3 recipe needs the
    crafting table open); returns how many were made."""
    s: Survival = game.survival
    grid = 3 if s.menu_kind == "crafting_table" else 2
    outcome = craft(s.inventory, result, times, grid_size=grid, stats=s.stats)
    for left in outcome.drops:
        drop_from_player(entity_store(s), left.item, left.count, player_view(game))
    return outcome.times


def give(game, item: str, count: int = 1, **components) -> int:
    """Add items to the inventory as /give does (what does not fit is dropped at the feet)."""
    s: Survival = game.survival
    if not items().has(item):
        raise SimError(f"Unknown item '{item}'")
    left = s.inventory.add(ItemStack.of(item.removeprefix("minecraft:"), count, **components))
    if left is not None:
        drop_from_player(entity_store(s), left.item, left.count, player_view(game))
    return count


def respawn(game) -> None:
    """The death screen's Respawn: the inventory falls where the player died (unless
    keep_inventory), and the player comes back at its spawn point with full health and food."""
    s: Survival = game.survival
    if not game.player.dead:
        raise SimError("the player is alive: nothing to respawn")
    close_screen(game)
    if not s.rules.get("keep_inventory", False):
        view = player_view(game)
        for i, stack in enumerate(s.inventory.slots):
            if stack is not None:
                components = dict(stack.components)
                drop_from_player(entity_store(s), stack.item, stack.count, view, components)
                s.inventory.set(i, None)
    s.food, s.eating, s.effects = type(s.food)(), 0, {}
    s.stats.values["custom"]["time_since_death"] = 0  # ServerPlayer.die resets both
    s.stats.values["custom"]["time_since_rest"] = 0
    spawn = s.spawn or _world_spawn(game)
    game.teleport(spawn, game.player.yaw, 0.0)
    game._emit("respawn", 0.0)


def _world_spawn(game) -> tuple[float, float, float]:
    info = getattr(game.world, "info", None)
    spawn = getattr(info, "spawn", None)
    if spawn is None:
        return tuple(float(v) for v in game.player.pos)
    return (spawn[0] + 0.5, float(spawn[1]), spawn[2] + 0.5)
