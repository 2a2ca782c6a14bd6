"""The dashboard's routes over a real runs folder: JSON shapes, live and finished episodes,
the replay's steps, the top-down map, files served only from inside the runs folder."""

# ruff: noqa: F811 (the runs fixture is imported from web_env and named as a parameter)

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from web_env import RUN, TASK, FakeEpisode, runs  # noqa: F401

from odyssey.web import create_app

EP = f"/api/episodes/{RUN}/oracle/s0/{TASK}"
LIVE_EP = f"/api/episodes/{RUN}/random/s0/{TASK}"


@pytest.fixture
def client(runs, tmp_path):
    return TestClient(create_app(runs["runs"], topdown_dir=tmp_path / "topdown"))


@pytest.fixture
def live_episode(runs):
    fake = FakeEpisode(runs["live"], runs["stops"], period_s=3600)  # written once, by hand
    fake.start()
    yield fake
    fake.stop()
    import shutil

    shutil.rmtree(runs["live"])


def test_runs_list_shows_progress_and_success(client, live_episode):
    data = client.get("/api/runs").json()
    (run,) = data["runs"]
    assert run["name"] == RUN and run["suite"] == "web-test"
    agents = {a["agent"]: a for a in run["agents"]}
    assert agents["oracle"] == {
        "agent": "oracle", "planned": 1, "finished": 1, "running": 0, "successes": 1,
        "scored": 1, "infrastructure_errors": 0, "success_rate": 1.0,
    }  # fmt: skip
    assert agents["random"]["finished"] == 0 and agents["random"]["running"] == 1


def test_run_detail_lists_episodes(client, live_episode):
    data = client.get(f"/api/runs/{RUN}").json()
    episodes = {e["agent"]: e for e in data["episodes"]}
    assert episodes["oracle"]["ref"] == f"oracle/s0/{TASK}" and episodes["oracle"]["success"]
    assert episodes["oracle"]["stops"] == [1, 1]
    assert episodes["random"]["live"] and episodes["random"]["success"] is None
    assert data["manifest"]["run_id"] == RUN


def test_live_route_gives_state_and_new_messages(client, live_episode):
    first = client.get(LIVE_EP + "/live").json()
    assert first["state"]["status"] == "running" and first["state"]["tick"] == 0
    assert first["last_seq"] == 1 and first["messages"][0]["seq"] == 1
    live_episode.tick = 200
    live_episode.write()
    later = client.get(LIVE_EP + f"/live?since={first['last_seq']}").json()
    assert later["state"]["tick"] == 200 and [m["seq"] for m in later["messages"]] == [11]
    frame = client.get(later["files_base"] + later["state"]["frame"])
    assert frame.status_code == 200 and frame.content[:2] == b"\xff\xd8"


def test_finished_episode_live_state(client, runs):
    state = client.get(EP + "/live").json()["state"]
    assert state["status"] == "finished" and state["terminal_reason"] == "claim_done_arrived"
    assert all(s["reached"] for s in state["stops"]) and len(state["path"]) > 5
    assert state["claims"][0]["accepted"] is True
    assert state["events"][-1]["kind"] == "final_destination_recorded"


def test_finished_state_without_live_json_is_rebuilt_from_results(runs, tmp_path):
    import shutil

    from odyssey.web.episode_view import live_state

    copy = shutil.copytree(runs["finished"], tmp_path / "ep")
    (copy / "live.json").unlink(missing_ok=True)
    rebuilt = live_state(copy)
    assert rebuilt["status"] == "finished" and all(s["reached"] for s in rebuilt["stops"])
    rows = [json.loads(x) for x in (copy / "positions.jsonl").read_text().splitlines()]
    assert rebuilt["path"] == [[r["position"][k] for k in "xyz"] for r in rows]
    assert [s["name"] for s in rebuilt["stops"]] == [s["name"] for s in runs["stops"]]


def test_replay_steps(client):
    data = client.get(EP + "/replay").json()
    steps = data["steps"]
    assert len(steps) > 3 and steps[0]["label"] == "initial trajectory snapshot"
    assert steps[-2]["calls"][0]["arguments"]["type"] == "claim_done"
    assert all(s["position"] is not None for s in steps)
    assert steps[0]["position"] == data["state"]["path"][0]
    shot = client.get(data["files_base"] + steps[0]["screenshot"])
    assert shot.status_code == 200 and shot.headers["content-type"] == "image/jpeg"
    assert any("evaluator" in s["result"] for s in steps)


def test_map_placement_and_picture(client, runs):
    placement = client.get(EP + "/map").json()
    assert placement["available"] and placement["blocks_per_pixel"] == 1
    picture = client.get(placement["image"])
    assert picture.status_code == 200 and picture.content[:4] == b"\x89PNG"
    import io

    from PIL import Image

    size = Image.open(io.BytesIO(picture.content)).size
    assert size == (placement["width_px"], placement["height_px"])
    # every stop of the task lies on the picture under the transform the page uses
    for stop in runs["stops"]:
        x, _, z = stop["position"]
        px = (x - placement["origin_x"]) / placement["blocks_per_pixel"]
        pz = (z - placement["origin_z"]) / placement["blocks_per_pixel"]
        assert 0 <= px < size[0] and 0 <= pz < size[1]
    assert client.get(EP + "/map").json()["key"] == placement["key"]  # cached, same picture


@pytest.mark.parametrize(
    "url",
    [
        "/files/../run.json",
        "/files/%2e%2e/%2e%2e/etc/passwd",
        f"/files/{RUN}/..%2f..%2fsecret.txt",
        f"/files/{RUN}/episodes/oracle/s0/{TASK}/..%2f..%2f..%2f..%2f..%2fsecret.txt",
        "/files//etc/passwd",
        f"/files/{RUN}/episodes/oracle/s0/{TASK}/.hidden.json",
        "/api/topdown/..%2f..%2fsecret.txt",
        f"/api/episodes/{RUN}/oracle/s0/..%2f..%2f/live",
        f"/api/runs/..%2f{RUN}",
    ],
)
def test_paths_outside_the_runs_folder_are_refused(client, runs, url):
    (runs["root"] / "secret.txt").write_text("secret")
    response = client.get(url)
    assert response.status_code == 404 and "secret" not in response.text


def test_a_link_out_of_the_runs_folder_is_refused(client, runs):
    (runs["root"] / "secret.txt").write_text("secret")
    link = runs["finished"] / "leak.txt"
    link.symlink_to(runs["root"] / "secret.txt")
    try:
        assert client.get(f"/files/{RUN}/episodes/oracle/s0/{TASK}/leak.txt").status_code == 404
    finally:
        link.unlink()


def test_only_episode_files_are_served(client, runs):
    (runs["finished"] / "notes.py").write_text("print()")
    assert client.get(f"/files/{RUN}/episodes/oracle/s0/{TASK}/notes.py").status_code == 404
    ok = client.get(f"/files/{RUN}/episodes/oracle/s0/{TASK}/completion.json")
    assert ok.status_code == 200 and ok.json()["success"] is True


@pytest.mark.parametrize(
    "url",
    [
        "/api/runs/nope",
        f"/api/episodes/{RUN}/oracle/s9/{TASK}/live",
        f"/api/episodes/nope/oracle/s0/{TASK}/replay",
        "/api/topdown/0123456789abcdef0123456789abcdef.png",
        f"/files/{RUN}/episodes/oracle/s0/{TASK}/missing.jpg",
    ],
)
def test_unknown_things_are_404(client, url):
    assert client.get(url).status_code == 404


def test_pages_are_html_shells(client):
    for url, kind in [("/", "runs"), (f"/runs/{RUN}", "run"), (EP.replace("/api", ""), "episode")]:
        page = client.get(url)
        assert page.status_code == 200 and f'data-page="{kind}"' in page.text
    assert client.get("/static/dashboard.js").status_code == 200


def test_a_broken_run_folder_is_listed_with_its_reason(runs, tmp_path):
    import shutil

    root = tmp_path / "runs"
    shutil.copytree(runs["run"], root / RUN)
    (root / "old").mkdir()
    (root / "old" / "run.json").write_text('{"kind": "odyssey-eval-run", "schema_version": 0}')
    client = TestClient(create_app(root, topdown_dir=tmp_path / "topdown"))
    listed = {r["name"]: r for r in client.get("/api/runs").json()["runs"]}
    assert "another version" in listed["old"]["error"] and "error" not in listed[RUN]
    assert client.get("/api/runs/old").status_code == 422
