"""The control server over a real Unix socket, on a small flat world: route bodies, errors,
leases, time in lockstep, and the GUI routes (world map, drag, zoom, F5, mouse look)."""

from __future__ import annotations

import base64
import io
import json
import socket
import stat
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from odyssey.bridge import protocol
from odyssey.bridge.protocol import ControlError, call
from odyssey.bridge.server import ControlServer
from odyssey.episode.settings import Settings
from odyssey.episode.view import EpisodeScreen
from odyssey.sim.clock import LockstepClock, RealtimeClock
from odyssey.sim.game import Game
from odyssey.sim.player import PlayerState
from odyssey.tasks.resolve import ResolvedStop, ResolvedTask, StartPose
from odyssey.world.storage import World

START = (0.5, 64.0, 0.5)
LEVER = (2, 64, 2)


def flat_game() -> Game:
    world = World()
    world.fill((-48, 60, -48), (48, 64, 48), "stone")  # top at y = 63
    world.set_block(*LEVER, "lever[face=floor,facing=north,powered=false]")
    return Game(world, PlayerState(pos=START, on_ground=True))


def flat_task() -> ResolvedTask:
    target = ResolvedStop(waypoint_id="T", name="Tower", caption="T", position=(20.5, 64, 0.5))
    return ResolvedTask(
        id="flat-001", name="flat", prompt="Go to the tower.", map_id="flat",
        start=StartPose(waypoint_id="S", name="Start", position=START),
        stops=(target,), target=target, required_waypoints=(), source={"kind": "catalog"},
        eval_setting={},
    )  # fmt: skip


class Served:
    """A started server over a fresh flat game, and its socket path."""

    def __init__(self, folder: Path, clock: str = "lockstep") -> None:
        self.game = flat_game()
        self.clock = LockstepClock(self.game) if clock == "lockstep" else RealtimeClock(self.game)
        defaults = Settings().task_eval_defaults.model_dump()
        self.screen = EpisodeScreen(self.game, flat_task(), defaults)
        self.path = folder / "c.sock"
        self.server = ControlServer(self.game, self.clock, self.screen, self.path)
        self.server.start()
        self.clock.start()

    def __call__(self, route: str, lease: str | None = None, **params) -> dict:
        return call(str(self.path), route, params, lease=lease, timeout=60)

    def close(self) -> None:
        self.clock.stop()
        self.server.close()
        self.screen.close()


@pytest.fixture
def served(tmp_path_factory):
    s = Served(tmp_path_factory.mktemp("s"))
    yield s
    s.close()


def error_of(served: Served, route: str, lease: str | None = None, **params) -> ControlError:
    with pytest.raises(ControlError) as info:
        served(route, lease, **params)
    return info.value


def raw_request(path: Path, data: bytes) -> dict:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(30)
        sock.connect(str(path))
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        return json.loads(protocol.read_all(sock, protocol.MAX_RESPONSE))


# -- bodies -------------------------------------------------------------------------------------


def test_health_and_state_have_agentbridge_shapes(served):
    health = served("health")
    assert health["success"] and health["status"] == "healthy"
    assert health["minecraft_version"] == "1.21.11" and health["coordinate_lock_enabled"] is True
    assert {"mod_version", "input_backend"} <= set(health)
    data = served("state")["data"]
    assert data["position"] == {"x": 0.5, "y": 64.0, "z": 0.5}
    assert data["block_position"] == {"x": 0, "y": 64, "z": 0}
    assert data["rotation"] == {"yaw": 0.0, "pitch": 0.0}
    assert data["gamemode"] == "ADVENTURE" and data["food"] == 20 and data["container_id"] == 0
    assert data["gui_open"] is False and data["on_ground"] is True
    assert set(data["motion"]) == {"x", "y", "z"} and data["health"] == data["max_health"] == 20
    assert all(type(v) is int for v in data["block_position"].values())


def test_dead_player_has_no_state(served):
    from dataclasses import replace

    served.game.player = replace(served.game.player, dead=True)
    assert error_of(served, "state").error == "Player or game mode not available"


def test_look_sets_vanilla_degrees_and_refuses_pitch_beyond_90(served):
    body = served("look", yaw=-135.5, pitch=30)
    assert body["message"] == "Look direction updated"
    assert (served.game.player.yaw, served.game.player.pitch) == (-135.5, 30.0)
    e = error_of(served, "look", yaw=0, pitch=90.5)
    assert e.status == 400 and "pitch" in e.error and "-90..90" in e.error
    assert served.game.player.pitch == 30.0


def test_right_click_block_uses_blocks_within_reach_only(served):
    reg = served.game.world.registry
    body = served("right_click_block", x=LEVER[0], y=LEVER[1], z=LEVER[2])
    assert body["message"] == "Right-clicked block" and body["position"] == {
        "x": 2,
        "y": 64,
        "z": 2,
    }
    assert reg.properties(served.game.world.get_block(*LEVER))["powered"] == "true"
    e = error_of(served, "right_click_block", x=30, y=64, z=30)
    assert e.status == 400 and "out of reach" in e.error
    assert "z" in error_of(served, "right_click_block", x=1, y=2, z=1.5).error


def test_containers_do_not_exist_yet(served):
    assert served("close_gui") == {"success": True, "message": "Container closed"}
    e = error_of(served, "window_click", window=0, slot=3, button=0, type="PICKUP")
    assert (e.status, e.error) == (400, "No container open")
    assert "slot" in error_of(served, "window_click", button=0).error


def test_chat_is_logged_with_its_tick(served):
    served("wait", seconds=0.5)
    assert served("chat", text="hello there")["content"] == "hello there"
    line = served.server.chat_log[-1]
    assert (line.tick, line.text) == (10, "hello there")
    assert "text" in error_of(served, "chat", text="x" * 300).error


def test_screenshot_is_an_encoded_frame(served):
    body = served("screenshot")
    image = Image.open(io.BytesIO(base64.b64decode(body["data"])))
    assert image.format == "JPEG" and image.size == (854, 480) == (body["width"], body["height"])
    assert body["mime"] == "image/jpeg" and body["tick"] == 0
    png = served("screenshot", format="png")
    assert Image.open(io.BytesIO(base64.b64decode(png["data"]))).format == "PNG"
    assert "format" in error_of(served, "screenshot", format="gif").error


# -- errors -------------------------------------------------------------------------------------


def test_unknown_routes_bad_params_and_bad_requests(served):
    e = error_of(served, "teleport")
    assert e.status == 404 and "teleport" in e.error and "state" in e.error
    e = error_of(served, "input", type="FLY", state=True)
    assert e.status == 400 and e.error.startswith("type:") and "MOVE_FORWARD" in e.error
    assert error_of(served, "press", type="JUMP", duration=-1).error.startswith("duration:")
    assert error_of(served, "wait", seconds="soon").error.startswith("seconds:")
    assert error_of(served, "look", pitch=0).error.startswith("yaw:")
    reply = raw_request(served.path, b"{not json\n")
    assert reply["ok"] is False and reply["status"] == 400
    big = protocol.encode({"route": "chat", "params": {"text": "x" * protocol.MAX_REQUEST}})
    assert raw_request(served.path, big)["status"] == 413
    assert served("health")["success"]  # still serving
    assert served.server.stats()["refused"]["teleport"] == 1


def test_an_exception_inside_is_a_500_and_the_server_goes_on(tmp_path_factory):
    class BrokenScreen(EpisodeScreen):
        def frame(self):
            raise RuntimeError("the renderer broke")

    s = Served(tmp_path_factory.mktemp("b"))
    s.server.screen = BrokenScreen(s.game, flat_task(), {})
    try:
        e = error_of(s, "screenshot")
        assert e.status == 500 and "the renderer broke" in e.error
        assert s("health")["success"] and s.server.stats()["failed"] == {"screenshot": 1}
    finally:
        s.close()


def test_socket_is_private_replaces_a_stale_one_and_is_removed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("p")
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(folder / "c.sock"))
    stale.close()  # the file stays, as after a crash
    s = Served(folder)
    assert stat.S_IMODE((folder / "c.sock").stat().st_mode) == 0o600
    assert s("health")["success"]
    s.close()
    assert not (folder / "c.sock").exists()


# -- keys, leases and time ----------------------------------------------------------------------


def test_keys_of_an_ended_action_are_released_and_refused(served):
    game, server = served.game, served.server
    server.begin_action("a1")
    assert (
        served("input", "a1", type="move_forward", state=True)["message"] == "Input state updated"
    )
    served("input", None, type="JUMP", state=True)  # in-process: not tied to an action
    assert game.inputs.keys() == ["forward", "jump"]
    server.end_action("a1")
    assert game.inputs.keys() == ["jump"]
    e = error_of(served, "input", "a1", type="MOVE_FORWARD", state=True)
    assert e.status == 409 and "a1" in e.error
    assert error_of(served, "press", "a1", type="JUMP").status == 409
    server.begin_action("a2")
    served("input", "a2", type="SNEAK", state=True)
    server.begin_action("a3")  # a new exec interrupts the running one
    assert game.inputs.keys() == ["jump"]
    assert error_of(served, "gui_key", "a2", key="w", action="down").status == 409
    assert served("state", "a2")["success"]  # queries are never refused


def test_press_in_lockstep_advances_exactly_its_duration_and_releases(served):
    game = served.game
    body = served("press", type="MOVE_FORWARD", duration=1.0)
    assert body == {"success": True, "message": "Input tapped", "input": "MOVE_FORWARD",
                    "duration": 1.0, "press": True, "release": True, "ticks": 20}  # fmt: skip
    assert game.tick_count == 20 and game.inputs.keys() == []
    assert game.player.pos[2] > START[2] + 2  # walked south (yaw 0 = +Z)
    served("press", type="JUMP")  # default 0.05 s = one tick
    assert game.tick_count == 21
    assert served("wait", seconds=2.5)["ticks"] == 50 and game.tick_count == 71


def test_a_press_stops_when_its_action_ends(tmp_path_factory):
    s = Served(tmp_path_factory.mktemp("r"), clock="realtime")
    try:
        s.server.begin_action("a")
        out: dict = {}
        thread = threading.Thread(
            target=lambda: out.update(s("press", "a", type="MOVE_FORWARD", duration=60))
        )
        thread.start()
        for _ in range(2000):  # until the key is down (bounded)
            if s.game.inputs.forward:
                break
            time.sleep(0.005)
        assert s.game.inputs.forward
        s.server.end_action("a")
        assert not s.game.inputs.forward  # released at once
        thread.join(timeout=30)
        assert out["release"] and out["ticks"] < 60 * 20
    finally:
        s.close()


# -- GUI ----------------------------------------------------------------------------------------


def test_world_map_opens_with_m_and_closes_with_escape(served):
    first = served.screen.frame()
    assert served("gui_key", key="m")["gui_open"] is True
    assert served("state")["data"]["gui_open"] is True
    shot = served("screenshot", format="png")
    frame = np.asarray(Image.open(io.BytesIO(base64.b64decode(shot["data"]))))
    assert frame.shape == first.shape and np.abs(frame.astype(int) - first).mean() > 20
    served("gui_key", key="Escape")
    assert served("state")["data"]["gui_open"] is False


def test_opening_the_map_releases_held_keys(served):
    served("gui_key", key="w", action="down")
    assert served.game.inputs.forward
    served("gui_key", key="m")
    assert not served.game.inputs.forward
    served("gui_key", key="w", action="down")  # goes to the map, not to the player
    assert not served.game.inputs.forward


def test_drag_pans_and_wheel_zooms_the_map(served):
    served("gui_key", key="m")
    ms = served.screen.view.map_screen
    assert served("mouse_location") == {"success": True, "x": 427, "y": 240, "screen": 0,
                                        "window": "odyssey"}  # fmt: skip
    served("mouse", action="down", button=1)
    served("mouse", action="move", x=60, y=-30, relative=True)
    served("mouse", action="up", button=1)
    x, z = ms.camera()
    assert (x, z) == pytest.approx((START[0] - 60 / 3.0, START[2] + 30 / 3.0))
    served("mouse", action="move", x=2000, y=-5)  # clamped to the screen
    assert served("mouse_location")["x"] == 853 and served("mouse_location")["y"] == 0
    served("mouse", action="click", button=4)
    assert ms.zoom == pytest.approx(3.0 * 1.2)
    served("mouse", action="scroll", steps=-2)
    assert ms.zoom == pytest.approx(3.0 / 1.2)


def test_typing_searches_the_map(served):
    served("gui_key", key="m")
    served("gui_key", key="ctrl+f")
    served("gui_type", text="Tow")
    assert served.screen.view.map_screen.search == "Tow"


def test_f5_switches_third_person_and_back(served):
    assert served("gui_key", key="F5")["used"] is True
    assert served.screen.view.settings.view == "third"
    served("gui_key", key="F5")
    assert served.screen.view.settings.view == "first"


def test_keys_and_mouse_with_no_screen_open(served):
    game = served.game
    served("gui_key", key="w", action="down")
    served("gui_key", key="Control_L", action="down")
    assert game.inputs.keys() == ["forward", "sprint"]
    served("gui_key", key="w", action="up")
    served("gui_key", key="Control_L", action="up")
    served("gui_key", key="space")  # a tap holds for one tick
    assert game.tick_count == 1 and game.inputs.keys() == []
    served("mouse", action="move", x=100, y=-20, relative=True)  # 0.15 degrees per pixel
    assert (game.player.yaw, game.player.pitch) == pytest.approx((15.0, -3.0))
    served("mouse", action="move", x=427 - 200, y=240)  # a warp from the grabbed centre
    assert game.player.yaw == pytest.approx(-15.0)
    assert served("mouse_location")["x"] == 427
    served("gui_key", key="3")
    assert served.screen.view.hotbar.selected == 2
    served("mouse", action="click", button=5)  # wheel down: next slot
    assert served.screen.view.hotbar.selected == 3
    assert "button" in error_of(served, "mouse", action="down", button=9).error


def test_pressing_use_right_clicks_the_block_under_the_crosshair_once(served):
    reg, world = served.game.world.registry, served.game.world
    served("look", yaw=-45.0, pitch=28.0)  # the lever on the floor, 2 blocks away diagonally
    served("press", type="CLICK_RIGHT", duration=0.5)
    assert reg.properties(world.get_block(*LEVER))["powered"] == "true"  # once, not every tick
    served("input", type="CLICK_RIGHT", state=True)
    served("input", type="CLICK_RIGHT", state=True)  # still held: no second use
    assert reg.properties(world.get_block(*LEVER))["powered"] == "false"
    served("mouse", action="click", button=3)
    assert reg.properties(world.get_block(*LEVER))["powered"] == "false"  # use was already down
    served("input", type="CLICK_RIGHT", state=False)
    served("mouse", action="click", button=3)
    assert reg.properties(world.get_block(*LEVER))["powered"] == "true"
