"""Control routes for survival games: the hotbar, dropping, the inventory, container screens,
crafting and slash commands. A navigation game (no survival state) answers them as vanilla
would with nothing to act on, so Mine Odyssey's routes behave exactly as before there."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from odyssey.bridge.routes import RequestError, boolean, choice, integer, text
from odyssey.sim.player import SimError

if TYPE_CHECKING:
    from odyssey.bridge.server import ControlServer


def _act():
    """The survival actions, loaded on first use (a navigation server never needs them)."""
    from odyssey.sim import actions

    return actions


Params = dict[str, Any]
CLICK_TYPES = ("PICKUP", "QUICK_MOVE", "SWAP", "CLONE", "THROW", "QUICK_CRAFT", "PICKUP_ALL")
SCREENS = ("inventory", "crafting_table", "furnace", "smoker", "blast_furnace")


def _survival(server: ControlServer):
    s = server.game.survival
    if s is None:
        raise RequestError(400, "Not a survival game: no inventory")
    return s


def stack_data(stack) -> dict[str, Any] | None:
    if stack is None:
        return None
    out: dict[str, Any] = {"item": f"minecraft:{stack.item}", "count": stack.count}
    if stack.damage:
        out["damage"] = stack.damage
    return out


def survival_state(server: ControlServer) -> dict[str, Any]:
    """The fields ``state`` adds in a survival game."""
    s = server.game.survival
    return {
        "food": s.food.food_level,
        "saturation": round(s.food.saturation, 3),
        "gamemode": s.gamemode.upper(),
        "selected_slot": s.inventory.selected,
        "held_item": stack_data(s.inventory.mainhand),
        "container_id": 1 if s.menu is not None else 0,
        "container": s.menu_kind or None,
        "difficulty": s.difficulty,
    }


def hotbar(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    slot = integer(params, "slot")
    if not 0 <= slot <= 8:
        raise RequestError(400, f"slot: {slot} is out of range; expected 0-8")
    with server.game.lock:
        if server.game.survival is not None:
            _act().select_slot(server.game, slot)
    return {"success": True, "message": "Hotbar slot selected", "slot": slot}


def drop(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    whole = boolean(params, "stack", False)
    with server.game.lock:
        if server.game.survival is not None:
            _act().drop_held(server.game, whole)
    return {"success": True, "message": "Dropped", "stack": whole}


def inventory(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    with server.game.lock:
        s = _survival(server)
        slots = [{"slot": i, **stack_data(st)} for i, st in enumerate(s.inventory.slots)
                 if st is not None]  # fmt: skip
        carried = stack_data(s.menu.carried) if s.menu is not None else None
        return {"success": True, "selected_slot": s.inventory.selected, "slots": slots,
                "container": s.menu_kind or None, "carried": carried,
                "container_slots": _container_slots(s)}  # fmt: skip


def _container_slots(s) -> list[dict[str, Any]] | None:
    if s.menu is None:
        return None
    return [{"slot": i, **stack_data(slot.item())} for i, slot in enumerate(s.menu.slots)
            if slot.item() is not None]  # fmt: skip


def open_screen(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    """Key E: the player's inventory screen (containers open by using their block)."""
    with server.game.lock:
        _survival(server)
        _act().open_screen(server.game, "inventory")
    server.release_all()  # vanilla lets go of the keys when a screen opens
    return {"success": True, "message": "Inventory opened", "container": "inventory"}


def window_click(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    slot = integer(params, "slot")
    button = integer(params, "button")
    kind = choice(params, "type", CLICK_TYPES, "PICKUP")
    with server.game.lock:
        s = server.game.survival
        if s is None or s.menu is None:
            raise RequestError(400, "No container open")
        try:
            _act().click_screen(server.game, slot, button, CLICK_TYPES.index(kind))
        except SimError as e:
            raise RequestError(400, str(e)) from e
        carried = stack_data(s.menu.carried)
    return {"success": True, "message": "Clicked", "slot": slot, "button": button,
            "type": kind, "carried": carried}  # fmt: skip


def menu_button(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    """A button of the open screen (vanilla's container button click: an enchanting offer)."""
    button = integer(params, "button")
    with server.game.lock:
        _survival(server)
        try:
            _act().click_menu_button(server.game, button)
        except SimError as e:
            raise RequestError(400, str(e)) from e
    return {"success": True, "message": "Clicked", "button": button}


def rename_item(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    """The anvil's name field."""
    name = text(params, "text", limit=50)
    with server.game.lock:
        _survival(server)
        try:
            _act().rename_item(server.game, name)
        except SimError as e:
            raise RequestError(400, str(e)) from e
    return {"success": True, "message": "Renamed", "text": name}


def select_trade(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    """A trade of the open villager screen (its payment moves into the slots)."""
    index = integer(params, "index")
    with server.game.lock:
        _survival(server)
        from odyssey.sim.mechanics.villagers import select_trade as select

        try:
            select(server.game, index)
        except SimError as e:
            raise RequestError(400, str(e)) from e
    return {"success": True, "message": "Trade selected", "index": index}


def close_gui(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    with server.game.lock:
        if server.game.survival is not None:
            _act().close_screen(server.game)
    return {"success": True, "message": "Container closed"}


def craft(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    """The recipe book: craft an item from the inventory (3x3 recipes need a table open)."""
    item = text(params, "item", limit=128)
    times = integer(params, "times", 1)
    if not 1 <= times <= 64:
        raise RequestError(400, f"times: {times} is out of range; expected 1-64")
    with server.game.lock:
        _survival(server)
        try:
            made = _act().craft_item(server.game, item.removeprefix("minecraft:"), times)
        except SimError as e:
            raise RequestError(400, str(e)) from e
    return {"success": True, "message": "Crafted", "item": item, "times": made}


def stats(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    """The player's statistics in vanilla's stats file layout."""
    with server.game.lock:
        return {"success": True, **_survival(server).stats.to_json()}


def respawn(server: ControlServer, params: Params, lease: str | None) -> dict[str, Any]:
    """The death screen's Respawn button."""
    with server.game.lock:
        _survival(server)
        try:
            _act().respawn(server.game)
        except SimError as e:
            raise RequestError(400, str(e)) from e
    return {"success": True, "message": "Respawned"}


def command(server: ControlServer, line: str) -> dict[str, Any]:
    """A chat line starting with '/' in a survival game whose rules allow commands."""
    with server.game.lock:
        from odyssey.sim.game_commands import run

        result = run(server.game, line)
    return {"success": result.success, "message": result.message, "count": result.count,
            "backend": "odyssey"}  # fmt: skip


HANDLERS = {
    "hotbar": hotbar,
    "drop": drop,
    "inventory": inventory,
    "open_inventory": open_screen,
    "window_click": window_click,
    "menu_button": menu_button,
    "rename_item": rename_item,
    "select_trade": select_trade,
    "close_gui": close_gui,
    "craft": craft,
    "respawn": respawn,
    "stats": stats,
}
