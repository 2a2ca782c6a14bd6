"""``odyssey report``: a static HTML report over one or more run folders.

Everything comes from the episodes' own files: the tables are ``episode.metrics.aggregate`` over
each agent's :class:`EpisodeOutcome` rows (``bench.rows.load_run_rows``) plus the tokens and cost
the agents reported; the plots, maps and screenshots are written beside ``index.html`` so the
folder can be moved or served as it is. Layout of ``DIR``::

    index.html                       tables, plots, the list of episodes
    img/*.png                        the plots
    episodes/<run>/<agent>/s<seed>/<task>/index.html, map.png, shots/*.jpg
    cache/reference-<digest>.json    reference paths, one per task (reused by the next build)
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from odyssey.atomic import write_text_atomic
from odyssey.bench import interactions as ia
from odyssey.bench import report_html as html
from odyssey.bench import report_plots as plots
from odyssey.bench.layout import agent_slug, read_manifest
from odyssey.bench.report_paths import draw_path_picture, picture_from_files, plan_reference
from odyssey.bench.rows import EpisodeRow, load_run_rows
from odyssey.episode.metrics import aggregate
from odyssey.errors import OdysseyError

RECORD = "agent-record"
_SHOT_LABEL = re.compile(r"\[Screenshot at ([^\]]*)\] \[([^\]]*)\]")


class ReportError(OdysseyError):
    """The report cannot be built as asked (no runs, an output folder that is a file)."""


@dataclass
class AgentFigures:
    """One agent of one run: ``aggregate()``'s figures plus tokens, cost and interactions."""

    run_id: str
    run_index: int
    agent: str
    figures: dict[str, Any]
    episodes: int  # every episode folder, finished or not
    tokens: int = 0
    cost_usd: float | None = 0.0  # None: a model agent whose cost is unknown
    loop_agent: bool = False  # a model or script agent (has turns.jsonl)
    interactions: Counter[str] = field(default_factory=Counter)
    by_map: dict[str, dict[str, Any]] = field(default_factory=dict)  # map id -> aggregate()

    @property
    def label(self) -> str:
        return self.agent if self.run_index == 0 else f"{self.agent} (run {self.run_index + 1})"

    @property
    def cost_per_episode_usd(self) -> float:
        scored = self.figures["scored_task_runs"]
        return (self.cost_usd or 0.0) / scored if scored else 0.0


@dataclass
class EpisodeView:
    """What an episode's page shows, and where it lives in the report."""

    row: EpisodeRow
    href: str  # the page, relative to the report's root
    loop_agent: bool
    actions: list[ia.ModelAction]
    prompt: str = ""
    screenshots: list[tuple[str, str]] = field(default_factory=list)  # (src, label)
    map_png: str | None = None
    map_note: str = ""
    events: list[dict[str, Any]] = field(default_factory=list)
    claims: list[dict[str, Any]] = field(default_factory=list)


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-") or "run"


def agent_figures(rows: Sequence[EpisodeRow], run_id: str, run_index: int) -> list[AgentFigures]:
    """Per agent (in order of first appearance): the aggregate over its finished episodes."""
    by_agent: dict[str, list[EpisodeRow]] = {}
    for row in rows:
        by_agent.setdefault(row.agent, []).append(row)
    out = []
    for agent, group in by_agent.items():
        done = [r for r in group if r.outcome is not None]
        loop = any((r.folder / "turns.jsonl").exists() for r in done)
        costs = [r.cost_usd for r in done]
        cost = (
            None if loop and costs and all(c is None for c in costs) else sum(c or 0 for c in costs)
        )
        counts: Counter[str] = Counter()
        for r in done if loop else []:
            counts += ia.count_interactions(ia.model_actions(ia.read_messages(r.folder / RECORD)))
        maps: dict[str, list[EpisodeRow]] = {}
        for r in done:
            maps.setdefault(r.map_id or "?", []).append(r)
        out.append(
            AgentFigures(
                run_id, run_index, agent, aggregate([r.outcome for r in done]), len(group),
                tokens=sum(r.tokens for r in done), cost_usd=cost, loop_agent=loop,
                interactions=counts,
                by_map={m: aggregate([r.outcome for r in g]) for m, g in sorted(maps.items())},
            )
        )  # fmt: skip
    return out


def screenshots_of(record_dir: Path) -> list[tuple[str, str]]:
    """(file name in the record, label) for each screenshot, in the order the agent saw them;
    files the messages never show come last, unlabelled."""
    out: list[tuple[str, str]] = []
    for message in ia.read_messages(record_dir):
        content = message.get("content")
        if message.get("role") != "user" or not isinstance(content, list):
            continue
        label = ""
        for part in content:
            if not isinstance(part, dict):
                continue
            if part.get("type") == "text":
                found = _SHOT_LABEL.search(part.get("text") or "")
                label = f"{found.group(2)} · {found.group(1)}" if found else ""
            elif part.get("type") == "image_url":
                url = (part.get("image_url") or {}).get("url") or ""
                if not url.startswith("data:") and (record_dir / url).is_file():
                    out.append((url, label))
    seen = {name for name, _ in out}
    shots = sorted((record_dir / "screenshots").glob("*.jpg"))
    out += [(f"screenshots/{p.name}", "") for p in shots if f"screenshots/{p.name}" not in seen]
    return out


def _jsonl(path: Path) -> list[dict[str, Any]]:
    out = []
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a torn last line
    return out


class _Maps:
    """Worlds (one open at a time: episodes are drawn map by map) and reference paths."""

    def __init__(self, cache_dir: Path) -> None:
        self.cache_dir = cache_dir
        self.world_dir: str | None = None
        self.world: Any = None

    def open(self, map_dir: str) -> Any:
        if map_dir != self.world_dir:
            from odyssey.maps.package import load_package

            self.world, self.world_dir = load_package(map_dir).open_world(), map_dir
        return self.world

    def reference(self, run: dict[str, Any], world: Any) -> list[tuple[float, float, float]]:
        task = run["task"]
        path = self.cache_dir / f"reference-{slug(str(run.get('task_digest') or task['id']))}.json"
        if path.exists():
            return [tuple(p) for p in json.loads(path.read_text(encoding="utf-8"))]
        start = tuple(task["start"]["position"])
        steps = plan_reference(world, start, [tuple(s["position"]) for s in task["stops"]])
        write_text_atomic(path, json.dumps([list(p) for p in steps]))
        return steps


def _read_run(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / "run.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _draw_map(view: EpisodeView, run: dict[str, Any], page_dir: Path, maps: _Maps) -> None:
    map_info = run.get("map") or {}
    if "task" not in run or "dir" not in map_info:
        view.map_note = "no map picture: run.json names no task or map folder"
        return
    try:
        world = maps.open(str(map_info["dir"]))
    except (OSError, OdysseyError) as e:  # a map moved or deleted since the run
        view.map_note = f"no map picture: {e}"
        return
    reference = maps.reference(run, world)
    picture = picture_from_files(
        view.row.folder, reference, map_info.get("environment") == "indoor"
    )
    draw_path_picture(world, picture, page_dir / "map.png")
    view.map_png = "map.png"
    if not reference:
        view.map_note = "the reference planner found no route for this task"


def episode_view(
    row: EpisodeRow, run_index: int, run_id: str, out: Path, maps: _Maps
) -> EpisodeView:
    """Write the episode's page, picture and screenshots under ``out``; returns its view."""
    rel = Path("episodes") / f"{run_index + 1}-{slug(run_id)}" / agent_slug(row.agent)
    rel = rel / f"s{row.seed}" / row.task_id
    page_dir = out / rel
    page_dir.mkdir(parents=True, exist_ok=True)
    record = row.folder / RECORD
    loop = (row.folder / "turns.jsonl").exists()
    actions = list(ia.model_actions(ia.read_messages(record))) if loop else []
    run = _read_run(row.folder)
    prompt = str((run.get("task") or {}).get("prompt") or "")
    view = EpisodeView(row, f"{rel.as_posix()}/index.html", loop, actions, prompt)
    for name, label in screenshots_of(record):
        target = page_dir / "shots" / Path(name).name
        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(record / name, target)
        view.screenshots.append((f"shots/{target.name}", label))
    view.events = _jsonl(row.folder / "evaluator-events.jsonl")
    view.claims = _jsonl(row.folder / "claims.jsonl")
    if row.finished:
        _draw_map(view, run, page_dir, maps)
    write_text_atomic(page_dir / "index.html", html.episode_page(view, "../" * len(rel.parts)))
    return view


def _series(figs: list[AgentFigures]) -> list[plots.Series]:
    return [
        plots.Series(
            f.label, f.figures["success_rate"], f.cost_per_episode_usd,
            f.figures["failure_stages"],
            f.figures["local_stays"]["episode_rate"] if f.loop_agent else None,
            {k: f.interactions.get(k, 0) for k in ia.CATEGORIES} if f.interactions["exec"] else {},
        )
        for f in figs
    ]  # fmt: skip


def build_report(runs: Sequence[Path], out: Path) -> Path:
    """Write the report for ``runs`` into ``out``; returns ``out/index.html``."""
    if not runs:
        raise ReportError("give at least one run folder")
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise ReportError(f"--out {out}: exists and is not a folder")
    out.mkdir(parents=True, exist_ok=True)
    manifests = [read_manifest(Path(r)) for r in runs]  # RunStoreError before anything is written
    figs: list[AgentFigures] = []
    views: list[EpisodeView] = []
    maps = _Maps(out / "cache")
    for i, (run, manifest) in enumerate(zip(runs, manifests, strict=True)):
        rows = load_run_rows(Path(run))
        figs += agent_figures(rows, manifest.run_id, i)
        ordered = sorted(rows, key=lambda r: (r.map_id or "", r.task_id, r.agent, r.seed))
        views += [episode_view(r, i, manifest.run_id, out, maps) for r in ordered]
    series = _series(figs)
    images = {
        "success_vs_cost": plots.success_vs_cost(series, out / "img" / "success_vs_cost.png"),
        "outcomes": plots.outcome_stacks(series, out / "img" / "outcomes.png"),
        "local_stays": plots.local_stays(series, out / "img" / "local_stays.png"),
        "interactions": plots.interaction_bars(series, out / "img" / "interactions.png"),
    }
    images = {k: v.relative_to(out).as_posix() for k, v in images.items()}
    index = out / "index.html"
    write_text_atomic(index, html.index_page(manifests, figs, views, images))
    return index
