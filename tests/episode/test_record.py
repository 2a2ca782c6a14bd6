"""The agent's record (messages and screenshots), the screen under each eval setting, and the
post-run snapshot check."""

# ruff: noqa: F811 (the env fixture is imported from episode_env and named as a parameter)

from __future__ import annotations

import io
import json
import re

import numpy as np
import pytest
from episode_env import env, run  # noqa: F401
from PIL import Image

from odyssey.agents import OracleAgent
from odyssey.episode.protocol import ClaimDone, Hold, Look, Use, Wait
from odyssey.episode.record import AgentRecord, action_arguments
from odyssey.episode.settings import Settings
from odyssey.episode.snapshot import fingerprint, snapshot_check
from odyssey.episode.view import (
    EpisodeScreen,
    EvalSettingError,
    check_eval_setting,
    view_settings,
)
from odyssey.maps.package import load_package
from odyssey.sim.game import Game, GameRules
from odyssey.sim.player import PlayerAttributes, PlayerState

GUIDE_CYAN = np.array([0, 223, 255])


def test_holds_with_the_same_keys_merge_into_one_tool_call():
    record = AgentRecord()
    record.user_text("Go to the ballroom.\n")
    record.action(Hold(("forward",), 1, yaw=10.0, pitch=0.0))
    record.action(Hold(("forward",), 2, yaw=12.0, pitch=0.0))
    record.action(Hold(("forward", "jump"), 1))
    record.user_text("[Navigation evaluator] ...")
    record.action(Hold(("forward", "jump"), 1))
    record.action(ClaimDone())
    lines = record.archive()
    assert [line["seq"] for line in lines] == list(range(1, 7))
    roles = [line["message"]["role"] for line in lines]
    assert roles == ["user", "assistant", "assistant", "user", "assistant", "assistant"]
    first = json.loads(lines[1]["message"]["tool_calls"][0]["function"]["arguments"])
    assert first == {"type": "hold", "keys": ["forward"], "ticks": 3, "yaw": 12.0, "pitch": 0.0,
                     "decisions": 2}  # fmt: skip
    # an event between two holds keeps them apart, as the agent saw something in between
    assert json.loads(lines[4]["message"]["tool_calls"][0]["function"]["arguments"])["ticks"] == 1
    claim = lines[5]["message"]["tool_calls"][0]
    assert claim["function"]["name"] == "minecraft_action"
    assert json.loads(claim["function"]["arguments"])["type"] == "claim_done"


def test_every_action_has_tool_arguments():
    assert action_arguments(Look(90.0, -10.0)) == {"type": "look", "yaw": 90.0, "pitch": -10.0}
    assert action_arguments(Use((1, 2, 3))) == {"type": "use", "block": [1, 2, 3]}
    assert action_arguments(Wait(40)) == {"type": "wait", "ticks": 40}
    assert action_arguments(Hold(("jump",), 3, use=((4, 5, 6),)))["use"] == [[4, 5, 6]]
    with pytest.raises(TypeError, match="not an action"):
        action_arguments("walk")  # type: ignore[arg-type]


def test_episode_with_screenshots_writes_the_record(env, tmp_path):
    summary = run(env, "palace-001", OracleAgent(), tmp_path, screenshots=True)
    assert summary["success"]
    folder = tmp_path / "agent-record"
    lines = [json.loads(x) for x in (folder / "messages.jsonl").read_text().splitlines()]
    assert json.loads((folder / "messages.json").read_text()) == [x["message"] for x in lines]
    first = lines[0]["message"]
    assert first["role"] == "user" and first["content"][0]["text"].startswith("Visit “Garden Hall”")
    texts = [p.get("text", "") for x in lines if x["message"]["role"] == "user"
             for p in x["message"]["content"]]  # fmt: skip
    labels = [t for t in texts if t.startswith("[Screenshot at ")]
    # start, one per evaluator event (two stops reached, then the final), and the end
    assert [t.split("] [")[1].rstrip("]\n") for t in labels] == [
        "initial trajectory snapshot",
        *["evaluator event snapshot"] * 2,
        "final snapshot",
    ]
    assert any("Confirmed that final destination" in t for t in texts)
    shots = sorted((folder / "screenshots").iterdir())
    stamp = labels[0][len("[Screenshot at ") :].split("]")[0]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d\d", stamp), stamp
    assert [s.name for s in shots] == [f"screenshot_{i:03d}.jpg" for i in range(1, len(shots) + 1)]
    assert len(shots) == len(labels)
    image = Image.open(io.BytesIO(shots[0].read_bytes()))
    assert image.format == "JPEG" and image.size == (854, 480)
    run_json = json.loads((tmp_path / "run.json").read_text())
    assert run_json["screen"]["recorded"] and run_json["screen"]["view"] == "first"


def test_without_screenshots_the_record_has_messages_only(env, tmp_path):
    run(env, "palace-001", OracleAgent(), tmp_path)
    folder = tmp_path / "agent-record"
    assert (folder / "messages.jsonl").exists() and not (folder / "screenshots").exists()


@pytest.fixture(scope="module")
def palace(env):
    task = env["tasks"]["palace-001"]
    package = load_package(env["maps"]["palace"])
    return task, package


def screen_frame(palace, **setting) -> np.ndarray:
    task, package = palace
    eval_setting = {**Settings().task_eval_defaults.model_dump(), **setting}
    player = PlayerState(
        pos=task.start.position,
        attributes=PlayerAttributes(scale=float(eval_setting["player_scale"])),
    ).with_look(task.start.yaw, task.start.pitch)
    game = Game(package.open_world(), player, GameRules())
    screen = EpisodeScreen(game, task, eval_setting)
    try:
        return screen.frame()
    finally:
        screen.close()


def test_eval_settings_change_what_the_agent_sees(palace):
    noon = screen_frame(palace)
    assert noon.shape == (480, 854, 3)
    assert not np.array_equal(screen_frame(palace, six_view_enabled=True), noon)
    assert not np.array_equal(screen_frame(palace, third_person=True), noon)
    hud = screen_frame(palace, hud_enabled=True)
    changed = np.any(hud != noon, axis=2)
    assert changed[:60, :300].any() and not changed[200:, :].any()  # text top left only
    assert screen_frame(palace, time="midnight").mean() < noon.mean() - 20
    assert not np.array_equal(screen_frame(palace, weather="rain"), noon)
    assert not np.array_equal(screen_frame(palace, player_scale=0.5), noon)  # lower eye
    guided = screen_frame(palace, guideline=True)
    cyan = np.all(np.abs(guided.astype(int) - GUIDE_CYAN) <= 12, axis=2)
    plain = np.all(np.abs(noon.astype(int) - GUIDE_CYAN) <= 12, axis=2)
    assert cyan.sum() > 200 and plain.sum() == 0


def test_view_settings_follow_the_eval_setting():
    base = Settings().task_eval_defaults.model_dump()
    v = view_settings("t-1", base)
    assert (v.view, v.fov, v.width, v.height, v.tick_of_day, v.rain, v.hud) == (
        "first", 100.0, 854, 480, 6000, False, False)  # fmt: skip
    assert view_settings("t-1", {**base, "third_person": True}).view == "third"
    assert view_settings("t-1", {**base, "six_view_enabled": True, "third_person": True}).view == (
        "six"
    )
    assert view_settings("t-1", {**base, "time": 13000, "weather": "thunder"}).rain


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"weather": "snow"}, r"task t-1: eval_setting.weather: 'snow' is not one of clear"),
        ({"time": 24000}, r"task t-1: eval_setting.time: 24000"),
        ({"resource_pack_and_shader": True}, r"t-1: eval_setting.resource_pack_and_shader"),
        ({"fog": False}, r"task t-1: eval_setting: unknown field\(s\) fog"),
    ],
)
def test_eval_settings_we_cannot_honour_are_refused(change, message):
    base = Settings().task_eval_defaults.model_dump()
    with pytest.raises(EvalSettingError, match=message):
        check_eval_setting("t-1", {**base, **change}, Settings())


def test_snapshot_check_sees_any_change(tmp_path):
    folder = tmp_path / "map"
    (folder / "world" / "region").mkdir(parents=True)
    (folder / "map.json").write_text("{}")
    (folder / "world" / "region" / "r.0.0.mca").write_bytes(b"\0" * 8192)
    before = fingerprint(folder)
    assert before["file_count"] == 2 and before["total_bytes"] == 8194
    assert snapshot_check(before, folder, "now")["verified"]
    (folder / "world" / "region" / "r.0.0.mca").write_bytes(b"\0" * 8191 + b"\1")
    check = snapshot_check(before, folder, "now")
    assert not check["verified"] and check["actual"]["value"] != before["value"]
    (folder / "world" / "region" / "r.0.0.mca").write_bytes(b"\0" * 8192)
    (folder / "world" / "session.lock").write_bytes(b"")
    assert not snapshot_check(before, folder, "now")["verified"]  # a new file counts too
