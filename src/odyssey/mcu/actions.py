"""What an MCU agent may do: the episode protocol's timed actions (``Hold``, ``Look``, ``Use``,
``Wait``, ``ClaimDone``) plus a survival player's direct actions — choose a hotbar slot, drop,
craft with the recipe book, open the inventory, click in a screen, press a screen's button, pick
a merchant's offer, rename at an anvil, close the screen. These are the controls MineStudio's
agents have (keys, camera, hotbar, inventory, drop, GUI clicks); the recipe book and the offer
list are vanilla's.

``apply_direct(game, action)`` performs a direct action (no game time passes); the timed ones
are run tick by tick by ``mcu.play``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from odyssey.episode.protocol import (
    ActionError,
    ClaimDone,
    Hold,
    Look,
    Use,
    Wait,
    check_action,
)


@dataclass(frozen=True)
class Select:
    """Hotbar key 1-9 (``slot`` 0-8)."""

    slot: int


@dataclass(frozen=True)
class Drop:
    """Q (``whole_stack``: ctrl+Q)."""

    whole_stack: bool = False


@dataclass(frozen=True)
class Craft:
    """The recipe book: craft ``item`` up to ``times`` times (3×3 recipes need the crafting table
    open)."""

    item: str
    times: int = 1


@dataclass(frozen=True)
class OpenInventory:
    pass


@dataclass(frozen=True)
class Click:
    """A click in the open screen with vanilla's slot, button and click type (mode) numbers."""

    slot: int
    button: int = 0
    mode: int = 0


@dataclass(frozen=True)
class MenuButton:
    """A screen's button: an enchanting offer (0-2), a stonecutter recipe, a trade offer..."""

    button: int


@dataclass(frozen=True)
class SelectTrade:
    """A merchant screen's offer list: pick offer ``index`` (fills the payment slots)."""

    index: int


@dataclass(frozen=True)
class Rename:
    name: str


@dataclass(frozen=True)
class CloseScreen:
    pass


TIMED = (Hold, Look, Use, Wait, ClaimDone)
DIRECT = (Select, Drop, Craft, OpenInventory, Click, MenuButton, SelectTrade, Rename,
          CloseScreen)  # fmt: skip
McuAction = Hold | Look | Use | Wait | ClaimDone | Select | Drop | Craft | OpenInventory | Click
McuAction = McuAction | MenuButton | SelectTrade | Rename | CloseScreen


def check_mcu_action(action: Any) -> McuAction:
    """The action if valid; ActionError saying why otherwise."""
    if isinstance(action, TIMED):
        return check_action(action)
    if not isinstance(action, DIRECT):
        raise ActionError(f"not an MCU action: {action!r}")
    if isinstance(action, Select) and not (isinstance(action.slot, int) and 0 <= action.slot < 9):
        raise ActionError(f"Select.slot must be 0..8, got {action.slot!r}")
    if isinstance(action, Craft) and not (isinstance(action.times, int) and action.times >= 1):
        raise ActionError(f"Craft.times must be a positive integer, got {action.times!r}")
    return action


def apply_direct(game, action: McuAction) -> str:
    """Perform a direct action on the game; returns a short result (or the refusal's reason)."""
    from odyssey.sim import player_actions as pa
    from odyssey.sim.player import SimError

    try:
        match action:
            case Select(slot=slot):
                pa.select_slot(game, slot)
                return f"selected hotbar slot {slot + 1}"
            case Drop(whole_stack=whole):
                pa.drop_held(game, whole)
                return "dropped"
            case Craft(item=item, times=times):
                made = pa.craft_item(game, item, times)
                return f"crafted {item} ×{made}"
            case OpenInventory():
                pa.open_screen(game, "inventory")
                return "inventory open"
            case Click(slot=slot, button=button, mode=mode):
                pa.click_screen(game, slot, button, mode)
                return f"clicked slot {slot}"
            case MenuButton(button=button):
                pa.click_menu_button(game, button)
                return f"pressed button {button}"
            case SelectTrade(index=index):
                from odyssey.sim.mechanics.villagers import select_trade

                select_trade(game, index)
                return f"selected trade {index}"
            case Rename(name=name):
                pa.rename_item(game, name)
                return f"named {name!r}"
            case CloseScreen():
                pa.close_screen(game)
                return "screen closed"
    except (SimError, ValueError) as e:  # refused as the game refuses it: the agent may retry
        return f"refused: {e}"
    raise ActionError(f"not a direct action: {action!r}")
