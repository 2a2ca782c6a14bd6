"""A recorded MCU run judged end to end: the episode's frames (WebM + sidecar) are the agent's
screen, ``odyssey mcu judge-run`` rates every episode against a local model server speaking the
OpenAI API, and the report shows the six dimensions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "agents"))

from llm_servers import ReplayServer, chat_reply

from odyssey.episode.framestream import frame_count, read_frames
from odyssey.mcu.config import TaskConfig
from odyssey.mcu.report import DIMENSIONS
from odyssey.mcu.rules import parse_rule
from odyssey.mcu.run import load_results, run_mcu

JUMP = TaskConfig(
    id="jump", text="jump", category="motion", subcategory="other_motion", time_limit_s=2,
    success=parse_rule({"kind": "stat", "category": "custom", "key": "jump"}),
)  # fmt: skip


def rating(score: int) -> dict:
    answer = {d: {"evidence": "the agent stands still", "score": score} for d in DIMENSIONS}
    return chat_reply(text=json.dumps(answer))


def test_a_recorded_run_is_judged_and_reported(tmp_path) -> None:
    run_dir = run_mcu([JUMP], ["noop"], tmp_path / "run",
                      options={"size": (160, 90), "frame_fps": 4.0})  # fmt: skip
    [episode] = load_results(run_dir)
    folder = Path(episode["folder"])
    assert frame_count(folder) == 9  # game time 0 .. 2 s at 4 frames per second
    frames = list(read_frames(folder))
    assert [f.tick for f in frames] == list(range(0, 41, 5))
    assert frames[0].rgb.shape == (90, 160, 3) and frames[0].rgb.std() > 5  # a real view
    criteria = tmp_path / "criteria"
    criteria.mkdir()
    (criteria / "jump.json").write_text(json.dumps({d: ["jumps at least once"]
                                                    for d in DIMENSIONS}))  # fmt: skip
    replies = [chat_reply(text="Task Progress: **3**"), rating(2)]  # the first is retried
    with ReplayServer("openai-chat", replies) as srv:
        models = tmp_path / "models.json"
        models.write_text(json.dumps({"judge": {"provider": "openai", "base_url": srv.base_url,
                                                "model": "replay-model"}}))  # fmt: skip
        done = subprocess.run(
            [sys.executable, "-m", "odyssey", "mcu", "judge-run", str(run_dir), "--model",
             "judge", "--models-file", str(models), "--criteria-dir", str(criteria)],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert len(srv.requests) == 2
    judged = json.loads((folder / "autoeval.json").read_text())
    assert judged["ok"] and judged["scores"] == dict.fromkeys(DIMENSIONS, 2)
    assert len(judged["attempts"]) == 2
    summary = json.loads((run_dir / "summary.json").read_text())
    assert summary["groups"][0]["autoeval"]["Task Progress"] == 2.0
    assert "| Task Progress | 2.0 |" in (run_dir / "report.md").read_text()
    assert (run_dir / "mcu-autoeval.png").is_file()
