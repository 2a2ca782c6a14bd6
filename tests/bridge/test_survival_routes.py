"""The control routes of a survival game through the real mcapi client (a subprocess against a
started server): commands in chat, the hotbar, the inventory, crafting, dropping, a container
screen and its clicks; and a navigation game answering them as before."""

from __future__ import annotations

import json

import numpy as np
import pytest
from test_mcapi import mcapi
from test_server import Served

from odyssey.sim.entities.state import EntityStore
from odyssey.sim.survival import Survival


@pytest.fixture
def survival(tmp_path_factory):
    s = Served(tmp_path_factory.mktemp("sv"))
    with s.game.lock:
        s.game.survival = Survival(seed=3)
        s.game.survival.entities = EntityStore(3)
        s.game.survival.rules["do_mob_spawning"] = False
    yield s
    s.close()


def query(served: Served, *args: str) -> dict:
    result = mcapi(served, *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_commands_hotbar_inventory_and_crafting(survival):
    assert mcapi(survival, "chat", "/give @s minecraft:oak_log 2").returncode == 0
    assert survival("chat", text="/give @s minecraft:plank 1")["success"] is False
    state = query(survival, "state")["data"]
    assert state["food"] == 20 and state["gamemode"] == "SURVIVAL"
    assert state["held_item"] == {"item": "minecraft:oak_log", "count": 2}
    assert mcapi(survival, "craft", "oak_planks", "--times", "2").returncode == 0
    slots = {s["item"]: s["count"] for s in query(survival, "inventory")["slots"]}
    assert slots == {"minecraft:oak_planks": 8}
    assert mcapi(survival, "hotbar", "3").returncode == 0
    assert query(survival, "state")["data"]["selected_slot"] == 2
    assert survival.game.survival.stats.get("crafted", "oak_planks") == 8
    stats = query(survival, "stats")["stats"]
    assert stats["minecraft:crafted"] == {"minecraft:oak_planks": 8}


def test_inventory_screen_clicks_and_dropping(survival):
    survival("chat", text="/give @s minecraft:stone 10")
    assert mcapi(survival, "open-inventory").returncode == 0
    assert query(survival, "state")["data"]["container"] == "inventory"
    # right-click the hotbar slot 0 (screen slot 36): pick up half the stack
    assert mcapi(survival, "window-click", "--slot", "36", "--button", "1").returncode == 0
    inv = query(survival, "inventory")
    assert inv["carried"] == {"item": "minecraft:stone", "count": 5}
    # left-click an empty main slot (screen slot 9): put it down
    mcapi(survival, "window-click", "--slot", "9", "--button", "0")
    assert mcapi(survival, "close-gui").returncode == 0
    counts = {s["slot"]: s["count"] for s in query(survival, "inventory")["slots"]}
    assert counts == {0: 5, 9: 5}
    assert mcapi(survival, "drop").returncode == 0
    counts = {s["slot"]: s["count"] for s in query(survival, "inventory")["slots"]}
    assert counts == {0: 4, 9: 5}
    items = [e for e in survival.game.survival.entities.entities.values() if e.type == "item"]
    assert len(items) == 1 and (items[0].item, items[0].count) == ("stone", 1)


def test_navigation_games_run_no_commands_and_have_no_inventory(tmp_path):
    nav = Served(tmp_path)
    try:
        reply = nav("chat", text="/give @s minecraft:stone 1")
        assert reply["success"] is True and reply["message"] == "Chat message sent"
        assert nav.game.survival is None
        result = mcapi(nav, "inventory")
        assert result.returncode == 1 and "Not a survival game" in result.stderr
        assert mcapi(nav, "window-click", "--slot", "0", "--button", "0").returncode == 1
    finally:
        nav.close()


def test_keys_and_mouse_clicks_work_the_inventory_screen(survival):
    from odyssey.render.containers import slot_center

    survival("chat", text="/give @s minecraft:stone 10")
    survival("gui_key", key="2")
    assert survival.game.survival.inventory.selected == 1
    survival("gui_key", key="1")
    survival("gui_key", key="e")
    assert survival.game.survival.menu_kind == "inventory"
    size = (survival.screen.view.settings.width, survival.screen.view.settings.height)
    x, y = slot_center("inventory", size, 36)  # hotbar slot 0
    survival("mouse", action="move", x=x, y=y)
    survival("mouse", action="click", button=3)  # right: half the stack
    x, y = slot_center("inventory", size, 9)
    survival("mouse", action="move", x=x, y=y)
    survival("mouse", action="click", button=1)  # left: put it down
    survival("gui_key", key="Escape")
    s = survival.game.survival
    assert s.menu is None
    assert (s.inventory.get(0).count, s.inventory.get(9).count) == (5, 5)
    survival("gui_key", key="q")
    assert s.inventory.get(0).count == 4 and s.stats.get("dropped", "stone") == 1


def test_time_and_weather_commands_show_in_screenshots(survival):
    def brightness() -> float:
        import base64
        import io

        from PIL import Image

        data = base64.b64decode(survival("screenshot", format="png")["data"])
        return float(np.asarray(Image.open(io.BytesIO(data))).mean())

    day = brightness()
    assert survival("chat", text="/time set midnight")["success"]
    night = brightness()
    assert night < day * 0.6
    assert survival("chat", text="/weather rain")["success"]
    brightness()
    assert survival.screen.view.settings.rain


def test_anvil_rename_and_menu_buttons_through_mcapi(survival):
    game = survival.game
    with game.lock:
        x, y, z = (int(v) for v in game.player.pos)
        game.set_block((x, y - 1, z + 2), game.world.registry.default_state("anvil"))
    survival("chat", text="/give @s minecraft:iron_sword 1")
    survival("chat", text="/xp add @s 5 levels")
    # no screen open: the button and the rename are refused with a reason
    refused = mcapi(survival, "menu-button", "0")
    assert refused.returncode != 0 and "no buttons" in refused.stderr
    assert mcapi(survival, "rename", "Excalibur").returncode != 0
    assert mcapi(survival, "right-click-block", str(x), str(y - 1), str(z + 2)).returncode == 0
    assert query(survival, "state")["data"]["container"] == "anvil"
    assert mcapi(survival, "window-click", "--slot", "30", "--button", "0", "--type",
                 "QUICK_MOVE").returncode == 0  # fmt: skip
    assert mcapi(survival, "rename", "Excalibur").returncode == 0
    assert mcapi(survival, "window-click", "--slot", "2", "--button", "0", "--type",
                 "QUICK_MOVE").returncode == 0  # fmt: skip
    swords = [st for st in game.survival.inventory.slots if st is not None]
    assert [(st.item, st.component("custom_name")) for st in swords] == [
        ("iron_sword", "Excalibur")
    ]
