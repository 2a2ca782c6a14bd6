"""AutoEval's agreement with people (Cohen's kappa on textbook numbers, hand-made CSVs) and the
``judge``/``compare``/``agreement`` commands against a local OpenAI-chat server."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np
import pytest
import typer
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "agents"))

from llm_servers import ReplayServer, chat_reply

from conftest import SHARED, shared_path
from odyssey.cli.mcu_judge_cmd import agreement as agreement_cmd
from odyssey.cli.mcu_judge_cmd import compare, judge
from odyssey.episode.framestream import FrameWriter
from odyssey.mcu.autoeval import DIMENSIONS, agreement, cohen_kappa, read_human, write_judgement
from odyssey.mcu.autoeval.answers import band
from odyssey.mcu.autoeval.judge import Judgement
from odyssey.mcu.needs import McuError

TP, AC = "Task Progress", "Action Control"


def table(cells: list[list[int]]) -> tuple[list[int], list[int]]:
    """Two raters' labels from a contingency table (rows: rater A, columns: rater B)."""
    a, b = [], []
    for i, row in enumerate(cells):
        for j, count in enumerate(row):
            a += [i] * count
            b += [j] * count
    return a, b


def test_cohen_kappa_on_textbook_numbers() -> None:
    # Wikipedia "Cohen's kappa", worked examples: po 0.7, pe 0.5 -> 0.4; po 0.6, pe 0.54 -> 0.1304
    assert cohen_kappa(*table([[20, 5], [10, 15]])) == pytest.approx(0.4)
    assert cohen_kappa(*table([[45, 15], [25, 15]])) == pytest.approx(0.06 / 0.46)
    # three categories, by hand: po 0.8, pe (0.3*0.3 + 0.3*0.3 + 0.4*0.4) = 0.34 -> 0.697
    a, b = table([[25, 5, 0], [5, 20, 5], [0, 5, 35]])
    assert cohen_kappa(a, b) == pytest.approx((0.8 - 0.34) / (1 - 0.34))
    assert cohen_kappa(["x", "y"], ["x", "y"]) == 1.0
    assert cohen_kappa(["x", "x"], ["x", "x"]) is None  # chance agreement 1: undefined
    assert cohen_kappa([], []) is None
    assert cohen_kappa(["x", "y"], ["y", "x"]) == pytest.approx(-1.0)


def test_bands_follow_the_prompt_scale() -> None:
    assert [band(s) for s in range(11)] == ["0", *["1-3"] * 3, *["4-6"] * 3, *["7-9"] * 3, "10"]


def rating(episode: str, score: int | None) -> Judgement:
    ok = score is not None
    return Judgement(
        kind="rating", task_id="t", task_text="t", episodes=[f"/runs/{episode}"], model={},
        prompt={}, criteria={}, sampling={}, ok=ok,
        scores=dict.fromkeys(DIMENSIONS, score) if ok else None,
    )  # fmt: skip


def test_rating_agreement_on_a_hand_made_csv(tmp_path: Path) -> None:
    human = tmp_path / "human.csv"
    human.write_text(
        "episode,dimension,score,rater\n"
        f"e1,{TP},8,ann\ne1,{AC},10,ann\ne2,{TP},3,ann\ne2,{AC},2,ann\n"
        f"e3,{TP},5,ann\ne9,{TP},5,ann\n"
    )
    results = []
    for name, score in (("e1", 7), ("e2", 2), ("e3", None)):
        results.append(tmp_path / name / "autoeval.json")
        write_judgement(rating(name, score), results[-1])
    from odyssey.mcu.autoeval import read_judgement

    report = agreement(human, [read_judgement(p) for p in results])
    rows = {r.dimension: r for r in report.dimensions}
    assert report.kind == "rating" and report.human_only == 1 and report.failed == 1
    # Task Progress: (8,7) and (3,2) share bands 7-9 and 1-3
    assert (rows[TP].n, rows[TP].agreement, rows[TP].kappa) == (2, 1.0, 1.0)
    assert rows[TP].exact == 0.0 and rows[TP].mean_abs_diff == 1.0
    # Action Control: (10,7) differ, (2,2) agree: po 0.5, pe 0.25 -> 1/3
    assert rows[AC].agreement == 0.5 and rows[AC].kappa == pytest.approx(1 / 3)
    assert rows[AC].exact == 0.5 and rows[AC].mean_abs_diff == 1.5
    # pooled: po 0.75, pe 0.25*0.5 + 0.5*0.5 = 0.375 -> 0.6
    assert rows["overall"].n == 4 and rows["overall"].kappa == pytest.approx(0.6)
    assert rows["Creative Attempts"].n == 0 and rows["Creative Attempts"].kappa is None


def test_comparison_agreement_and_bad_csvs(tmp_path: Path) -> None:
    human = tmp_path / "pairs.csv"
    human.write_text(f"pair,dimension,label\na|b,{TP},A is better\na|b,{AC},tie\n")
    auto = Judgement(
        kind="comparison", task_id="t", task_text="t", episodes=["x/a", "y/b"], model={},
        prompt={}, criteria={}, sampling={}, ok=True,
        results=dict.fromkeys(DIMENSIONS, "A is better"),
    )  # fmt: skip
    report = agreement(human, [auto])
    rows = {r.dimension: r for r in report.dimensions}
    assert rows[TP].agreement == 1.0 and rows[TP].kappa is None  # one label each: undefined
    assert rows[AC].agreement == 0.0 and rows["overall"].agreement == 0.5
    assert rows["overall"].kappa == pytest.approx(0.0)
    cases = {
        "episode,dimension,score\ne1,Speed,3\n": "line 2: unknown dimension 'Speed'",
        f"episode,dimension,score\ne1,{TP},**3**\n": "score '**3**' is not an integer",
        f"episode,dimension,score\ne1,{TP},11\n": "score '11' is not an integer from 0 to 10",
        f"pair,dimension,label\na|b,{TP},A\n": "label 'A' is not one of",
        f"episode,dimension,score\ne1,{TP},3\ne1,{TP},4\n": "line 3: 'e1' / 'Task Progress' is",
        "who,what\nx,y\n": "expected a header with columns episode,dimension,score",
    }
    for text, message in cases.items():
        (tmp_path / "bad.csv").write_text(text)
        with pytest.raises(McuError, match=message.replace("*", r"\*")):
            read_human(tmp_path / "bad.csv")


def write_stream(folder: Path, n: int = 12) -> Path:
    with FrameWriter(folder, 32, 24) as writer:
        for i in range(n):
            writer.add(np.full((24, 32, 3), 20 * i, np.uint8), tick=5 * i)
    return folder


def models_file(tmp_path: Path, base_url: str) -> Path:
    entry = {"provider": "openai", "api": "chat_completions", "base_url": base_url,
             "model": "replay-model", "price_per_mtok": {"input": 2.0, "output": 8.0}}  # fmt: skip
    path = tmp_path / "models.json"
    path.write_text(json.dumps({"judge": entry}))
    return path


def app() -> typer.Typer:
    """The commands as the lead registers them under ``odyssey mcu``."""
    mcu = typer.Typer()
    mcu.command("judge")(judge)
    mcu.command("compare")(compare)
    mcu.command("agreement")(agreement_cmd)
    root = typer.Typer()
    root.add_typer(mcu, name="mcu")
    return root


def test_cli_judge_compare_and_agreement(tmp_path: Path) -> None:
    criteria_dir = shared_path(SHARED / "reference/mcu-data/minestudio/benchmark/auto_eval")
    a, b = write_stream(tmp_path / "ep-a"), write_stream(tmp_path / "ep-b", 8)
    (a / "task.yaml").write_text("id: sleep_in_bed\ntext: Sleep in a bed to skip the night.\n")
    score = json.dumps({d: {"evidence": "lies in bed", "score": 8} for d in DIMENSIONS})
    label = json.dumps({d: {"evidence": "A sleeps", "result": "A is better"} for d in DIMENSIONS})
    generated = json.dumps({d: [f"rule {i}"] for i, d in enumerate(DIMENSIONS)})
    runner = CliRunner()
    with ReplayServer("openai-chat", [chat_reply(score)]) as srv:
        models = models_file(tmp_path, srv.base_url)
        common = ["--model", "judge", "--models-file", str(models)]
        crit = ["--criteria-dir", str(criteria_dir / "criteria_files")]
        result = runner.invoke(app(), ["mcu", "judge", str(a), *common, *crit, "--every", "3"])
        assert result.exit_code == 0, result.output
        assert "Task Progress" in result.output and "cost $0.0031" in result.output
        saved = json.loads((a / "autoeval.json").read_text())
        assert saved["task_id"] == "sleep_in_bed" and saved["scores"]["Creative Attempts"] == 8
        assert saved["criteria"]["source"].endswith("criteria_files/sleep_in_bed.txt")
        assert saved["sampling"]["frames"][0]["indices"] == [0, 3, 6, 9]
        assert len(srv.requests) == 1

    # no criteria given: the model writes them first; the task text comes from --task-text
    with ReplayServer("openai-chat", [chat_reply(generated), chat_reply("**3**")]) as srv:
        models = models_file(tmp_path, srv.base_url)
        args = ["mcu", "judge", str(b), "--model", "judge", "--models-file", str(models),
                "--task-text", "Sleep in a bed.", "--attempts", "1"]  # fmt: skip
        result = runner.invoke(app(), args)
    assert result.exit_code == 1 and "judgement FAILED" in result.output
    assert json.loads((b / "criteria.json").read_text())["Task Progress"] == ["rule 0"]
    assert json.loads((b / "autoeval.json").read_text())["scores"] is None

    with ReplayServer("openai-chat", [chat_reply(label)]) as srv:
        models = models_file(tmp_path, srv.base_url)
        args = ["mcu", "compare", str(a), str(b), "--model", "judge", "--models-file",
                str(models), "--task-text", "Sleep.", "--criteria",
                str(criteria_dir / "criteria_files/sleep_in_bed.txt")]  # fmt: skip
        result = runner.invoke(app(), args)
    assert result.exit_code == 0, result.output
    assert json.loads((a / "autoeval-vs-ep-b.json").read_text())["results"][TP] == "A is better"

    human = tmp_path / "human.csv"
    human.write_text(f"episode,dimension,score\nep-a,{TP},9\nep-a,{AC},2\nep-b,{TP},0\n")
    out = tmp_path / "agreement.json"
    result = runner.invoke(app(), ["mcu", "agreement", str(human), str(a), str(b), "--json",
                                   str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["failed"] == 1 and report["dimensions"][0]["agreement"] == 1.0
    bad = runner.invoke(app(), ["mcu", "judge", str(tmp_path / "nowhere"), *common,
                                "--task-text", "x", *crit])  # fmt: skip
    assert bad.exit_code == 2 and "nowhere" in bad.output
