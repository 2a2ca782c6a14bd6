"""``odyssey report``: a run folder of real demo episodes (oracle, random) plus a synthetic
loop-agent episode, the report built from it, and its numbers checked against ``aggregate()``."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from odyssey.bench import interactions as ia
from odyssey.bench.layout import EpisodeKey, RunManifest, read_manifest, write_manifest
from odyssey.bench.report import build_report
from odyssey.bench.rows import load_run_rows
from odyssey.cli.report_cmd import report_app
from odyssey.episode.metrics import aggregate

LOOP_AGENT = "llm:fake"
# One exec command per category (and their expected categories), then the control actions.
COMMANDS: list[tuple[str, set[str]]] = [
    ("xdo key m", {"map_key"}),
    ("mcapi look --yaw 90 --pitch 0", {"look"}),
    ("mcapi look-at 10 64 -3", {"look"}),
    ("mcapi press MOVE_FORWARD 2", {"movement"}),
    ("mcapi state", {"state_query"}),
    ("mcapi right-click-block 52 65 4", {"block_use"}),
    (
        "python3 -c \"from PIL import Image; print(Image.open('shot.jpg').size)\"",
        {"image_processing"},
    ),
    (
        "mcapi look --yaw 45 && mcapi press MOVE_FORWARD 1; mcapi state",
        {"look", "movement", "state_query", "command_sequence"},
    ),
    ("for i in 1 2 3; do mcapi press JUMP 0.2; done", {"loop", "movement"}),
    ("sleep 3", {"wait"}),
    ("echo 'mcapi state; for x in y'", {"other"}),
]
CONTROL = [("skip", {"wait"}), ("stop_execute", {"wait"}), ("claim_done", {"claim"})]


def expected_counts() -> Counter[str]:
    counts: Counter[str] = Counter()
    for _, cats in COMMANDS + CONTROL:
        counts.update(cats)
    counts["actions"] = len(COMMANDS) + len(CONTROL)
    counts["exec"] = len(COMMANDS)
    return counts


def _call(n: int, args: dict) -> dict:
    function = {"name": ia.TOOL_NAME, "arguments": json.dumps(args)}
    call = {"id": f"call_{n}", "type": "function", "function": function}
    return {"role": "assistant", "content": None, "tool_calls": [call]}


def write_loop_episode(source: Path, folder: Path) -> None:
    """A loop agent's episode: a real episode's verifier files, a model's record and turns."""
    shutil.copytree(source, folder)
    actions = [{"type": "exec", "content": c} for c, _ in COMMANDS]
    actions += [{"type": t} for t, _ in CONTROL]
    messages = [{"role": "user", "content": [{"type": "text", "text": "task\n"}]}]
    for n, args in enumerate(actions, 1):
        messages.append(_call(n, args))
        messages.append({"role": "tool", "tool_call_id": f"call_{n}", "content": "{}"})
    old = folder / "agent-record" / "messages.jsonl"
    shots = [json.loads(line)["message"] for line in old.read_text().splitlines()]
    messages += [m for m in shots if m["role"] == "user"]  # the real screenshots and labels
    lines = [{"schema_version": 1, "seq": i, "message": m} for i, m in enumerate(messages, 1)]
    old.write_text("".join(json.dumps(line) + "\n" for line in lines))
    # 12 turns in one block column (one local stay), then 3 elsewhere
    turns = [[10.5, 64.0, 3.5]] * 12 + [[20.5, 64.0, 3.5], [21.5, 64.0, 3.5], [22.5, 64.0, 3.5]]
    (folder / "turns.jsonl").write_text(
        "".join(
            json.dumps({"turn": i, "tick": i, "position": p}) + "\n" for i, p in enumerate(turns, 1)
        )
    )
    status = {"status": "stopped", "stop_reason": "claim_done_accepted",
              "llm_request_success": len(turns), "usage": {"total_tokens": 12345},
              "cost_usd": 0.25}  # fmt: skip
    (folder / "agent-status.json").write_text(json.dumps(status))


def make_run(root: Path, run_id: str = "run-a") -> Path:
    """A run folder: two demo tasks (two maps) x oracle and random, and one loop episode."""
    from odyssey.agents import make_agent
    from odyssey.episode.runner import run_episode
    from odyssey.tasks import resolve_task
    from odyssey.tasks.suites import load_suite, suite_maps

    catalog, refs = load_suite("demo")
    maps = suite_maps("demo")
    tasks = [catalog.tasks[0], catalog.tasks[4]]
    assert tasks[0].map_id != tasks[1].map_id
    run_dir = root / run_id
    for task in tasks:
        resolved = resolve_task(task, maps[task.map_id])
        for agent in ("oracle", "random"):
            out = EpisodeKey(task.task_id, agent, 0).folder(run_dir)
            run_episode(resolved, maps[task.map_id], make_agent(agent, 0), out,
                        reference_length=refs[task.task_id]["reference_length"],
                        screenshots=True)  # fmt: skip
    source = EpisodeKey(tasks[0].task_id, "random", 0).folder(run_dir)
    write_loop_episode(source, EpisodeKey(tasks[0].task_id, LOOP_AGENT, 0).folder(run_dir))
    manifest = RunManifest(run_id, {"name": "demo", "version": "1", "task_count": 2},
                           ["oracle", "random", LOOP_AGENT], 1, "lockstep", {})  # fmt: skip
    write_manifest(run_dir, manifest)
    return run_dir


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(run folder, report folder), built once for the module with a private cache."""
    root = tmp_path_factory.mktemp("report")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(root / "cache"))
        run_dir = make_run(root)
        out = root / "report"
        build_report([run_dir], out)
    return run_dir, out


class Cells(HTMLParser):
    """Table rows with ``data-run``/``data-agent`` (by table class) and every ``img src``."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, dict[tuple[str, str], dict[str, object]]] = {}
        self.images: list[str] = []
        self.links: list[str] = []
        self._table = self._row = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self._table = self.tables.setdefault(a.get("class") or "", {})
        elif tag == "tr" and "data-agent" in a and self._table is not None:
            self._row = self._table.setdefault((a["data-run"], a["data-agent"]), {})
        elif tag == "td" and "data-key" in a and self._row is not None:
            self._row[a["data-key"]] = json.loads(a["data-value"])
        elif tag == "img":
            self.images.append(a["src"])
        elif tag == "a":
            self.links.append(a["href"])


def parse(page: Path) -> Cells:
    cells = Cells()
    cells.feed(page.read_text(encoding="utf-8"))
    return cells


def test_report_files_exist(built):
    run_dir, out = built
    assert (out / "index.html").is_file()
    for name in ("success_vs_cost", "outcomes", "local_stays", "interactions"):
        assert (out / "img" / f"{name}.png").stat().st_size > 1000
    pages = sorted(out.glob("episodes/*/*/s*/*/index.html"))
    assert len(pages) == len(load_run_rows(run_dir)) == 5
    for page in pages:
        assert (page.parent / "map.png").is_file()
        assert list((page.parent / "shots").glob("*.jpg"))


def test_tables_equal_aggregate(built):
    run_dir, out = built
    rows = load_run_rows(run_dir)
    tables = parse(out / "index.html").tables
    assert set(tables["results"]) == {("run-a", a) for a in ("oracle", "random", LOOP_AGENT)}
    for agent in ("oracle", "random", LOOP_AGENT):
        mine = [r for r in rows if r.agent == agent]
        figures = aggregate([r.outcome for r in mine])
        cells = tables["results"][("run-a", agent)]
        for key in (
            "task_runs",
            "success_rate",
            "success_rate_indoor",
            "success_rate_outdoor",
            "checkpoint_coverage",
            "static_spl_mean",
            "turns_mean",
            "path_length_3d_mean",
        ):
            assert cells[key] == figures[key], (agent, key)  # fmt: skip
        assert cells["tokens"] == sum(r.tokens for r in mine)
        stages = tables["outcomes"][("run-a", agent)]
        for stage, n in figures["failure_stages"].items():
            assert stages[stage] == n
    assert tables["results"][("run-a", "oracle")]["success_rate"] == 1.0
    assert tables["results"][("run-a", "random")]["cost_usd"] == 0
    assert tables["results"][("run-a", LOOP_AGENT)]["cost_usd"] == 0.25
    assert tables["results"][("run-a", LOOP_AGENT)]["tokens"] == 12345
    assert tables["outcomes"][("run-a", LOOP_AGENT)]["stays"] == 1
    assert "stays" not in tables["outcomes"][("run-a", "oracle")]  # scripted: said, not zero
    assert "a scripted agent has no local stays" in (out / "index.html").read_text()


def test_interaction_counts(built):
    _, out = built
    cells = parse(out / "index.html").tables["interactions"]
    expected = expected_counts()
    loop = cells[("run-a", LOOP_AGENT)]
    for key in ("actions", "exec", *ia.CATEGORIES):
        assert loop[key] == expected.get(key, 0), key
    assert cells[("run-a", "oracle")] == {}  # baselines run no commands


def test_every_image_and_link_resolves(built):
    _, out = built
    pages = [out / "index.html", *out.glob("episodes/**/index.html")]
    seen = 0
    for page in pages:
        cells = parse(page)
        for src in cells.images + [h for h in cells.links if not h.startswith("#")]:
            assert (page.parent / src).resolve().is_file(), (page, src)
            seen += 1
    assert seen > 20


def test_episode_page_shows_events_claims_and_labels(built):
    _, out = built
    page = next(out.glob("episodes/*/oracle/s0/palace-*/index.html")).read_text()
    assert "final_destination_recorded" in page and "claim_done_arrived" in page
    assert "initial trajectory snapshot" in page and "final snapshot" in page
    loop_page = next(out.glob("episodes/*/llm-fake/s0/*/index.html")).read_text()
    assert "right-click-block" in loop_page and "image processing" in loop_page


@pytest.mark.parametrize(("command", "categories"), COMMANDS)
def test_classify_command(command, categories):
    assert ia.classify_command(command) == categories


@pytest.mark.parametrize(
    ("command", "categories"),
    [
        ("xdo key Escape", {"other"}),
        ("xdo keydown w; sleep 2; xdo keyup w", {"movement", "wait", "command_sequence"}),
        (
            "python3 - <<'EOF'\nimport numpy as np\nfor i in range(3): print(i)\nEOF",
            {"image_processing"},
        ),
        ("python3 -c 'print(1)'", {"other"}),
        ("while true; do mcapi state; sleep 1; done", {"loop", "state_query", "wait"}),
        ('echo "a && b"', {"other"}),
        ("ls\npwd", {"command_sequence"}),
        ("convert shot.png -crop 10x10 out.png", {"image_processing"}),
    ],
)
def test_classify_edge_cases(command, categories):
    assert ia.classify_command(command) == categories


def test_cli_compares_two_runs_and_rejects_a_non_run(built, tmp_path):
    run_dir, _ = built
    second = tmp_path / "run-b"
    shutil.copytree(run_dir, second)
    write_manifest(second, replace(read_manifest(run_dir), run_id="run-b"))
    out = tmp_path / "cmp"
    result = CliRunner().invoke(report_app, [str(run_dir), str(second), "--out", str(out)])
    assert result.exit_code == 0, result.output
    results = parse(out / "index.html").tables["results"]
    assert {k[0] for k in results} == {"run-a", "run-b"} and len(results) == 6
    assert results[("run-a", "oracle")] == results[("run-b", "oracle")]
    bad = CliRunner().invoke(report_app, [str(tmp_path / "nothing"), "--out", str(out)])
    assert bad.exit_code == 2 and "not a run folder" in bad.output
