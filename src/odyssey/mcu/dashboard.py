"""MCU runs in the dashboard (``odyssey serve``): the ``web.run_kinds.RunKind`` for run folders
of ``odyssey mcu run`` — progress and success per agent, the episodes with their category and
end, and one episode's task, result, recorded video, set-up commands, actions and AutoEval
scores; episodes of a run with ``--live`` show while they run (``mcu.live``'s files)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from odyssey.episode.live import LIVE_JSON
from odyssey.mcu.needs import McuError
from odyssey.mcu.report import rate
from odyssey.mcu.run import MANIFEST, load_results

MAX_ACTIONS = 500  # actions listed on an episode page (the file keeps them all)
COLUMNS = [["category", "category"], ["progress", "progress"], ["decisions", "decisions"],
           ["game_seconds", "game s"]]  # fmt: skip


def _manifest(folder: Path) -> dict[str, Any]:
    path = folder / MANIFEST
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
        if not all(isinstance(manifest.get(k), list) for k in ("tasks", "seeds", "agents")):
            raise ValueError("expected lists 'tasks', 'seeds' and 'agents'")
    except (OSError, ValueError, AttributeError) as e:
        raise McuError(f"{path}: not a readable MCU run manifest ({e})") from None
    return manifest


def running(folder: Path) -> list[tuple[Path, dict[str, Any]]]:
    """The episodes of a run still running: no ``completion.json``, a ``live.json`` that says
    so (a killed run's last live file says so too until the run is resumed)."""
    out = []
    for live in sorted((folder / "episodes").glob(f"*/s*/*/*/{LIVE_JSON}")):
        if (live.parent / "completion.json").is_file():
            continue
        try:
            state = json.loads(live.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # replaced between the listing and the read: skip it
            continue
        if state.get("status") == "running":
            out.append((live.parent, state))
    return out


class McuRunKind:
    """Run folders holding ``mcu-run.json``."""

    name = "mcu"
    manifest = MANIFEST

    def summary(self, folder: Path) -> dict[str, Any]:
        return self._summary(folder, _manifest(folder), load_results(folder), running(folder))

    def _summary(self, folder: Path, manifest: dict[str, Any], results: list[dict],
                 live: list[tuple[Path, dict]]) -> dict:  # fmt: skip
        planned = len(manifest["tasks"]) * len(manifest["seeds"])
        agents = []
        for agent in manifest["agents"]:
            figures = rate([r for r in results if r["agent"] == agent])
            busy = sum(state.get("agent") == agent for _, state in live)
            agents.append({
                "agent": agent, "planned": planned, "finished": figures["episodes"],
                "running": busy, "successes": figures["successes"], "scored": figures["scored"],
                "success_rate": figures["success_rate"],
                "infrastructure_errors": figures["infrastructure_errors"],
            })  # fmt: skip
        done = len(results) >= planned * len(manifest["agents"])
        return {
            "name": folder.name,
            "run_id": folder.name,
            "suite": f"mcu {manifest.get('selector') or '?'} ({manifest.get('difficulty')})",
            "status": "finished" if done else "incomplete",
            "created_at_utc": manifest.get("created_utc"),
            "agents": agents,
        }

    def detail(self, folder: Path) -> dict[str, Any]:
        manifest, results, live = _manifest(folder), load_results(folder), running(folder)
        summary = self._summary(folder, manifest, results, live)
        root = folder / "episodes"
        episodes = [{
            "ref": Path(r["folder"]).relative_to(root).as_posix(),
            "label": f"{r['agent']} s{r['seed']} {r['difficulty']}/{r['task_id']}",
            "success": r["success"] if r["programmatic"] else None,
            "terminal_reason": r["terminal_reason"],
            "infrastructure_error": r["infrastructure_error"],
            "category": r.get("category") or "",
            "progress": r.get("progress"),
            "decisions": r.get("decisions"),
            "game_seconds": r.get("game_seconds"),
        } for r in results]  # fmt: skip
        episodes += [_live_entry(path.relative_to(root), state) for path, state in live]
        title = f"MCU run {folder.name} ({summary['suite']}, {summary['status']})"
        return summary | {"title": title, "columns": COLUMNS, "episodes": episodes,
                          "manifest": manifest}  # fmt: skip

    def episode(self, folder: Path) -> dict[str, Any]:
        done = folder / "completion.json"
        if not done.is_file():
            return _unfinished(folder)
        r = json.loads(done.read_text(encoding="utf-8"))
        end = "success" if r["success"] else r["terminal_reason"]
        facts = [["agent", r["agent"]], ["seed", r["seed"]], ["difficulty", r["difficulty"]],
                 ["category", f"{r.get('category')}/{r.get('subcategory') or '–'}"],
                 ["end", end], ["progress", r.get("progress")], ["decisions", r.get("decisions")],
                 ["game s", r.get("game_seconds")], ["wall s", r.get("wall_seconds")]]  # fmt: skip
        sections = [{"title": "Success rule", "lines": [r.get("rule") or "judged by AutoEval"]}]
        if r.get("error"):
            sections.append({"title": "Error", "lines": [r["error"]]})
        sections.append({"title": "Set-up commands", "lines": _setup_lines(folder)})
        sections.append({"title": "Actions", "lines": _action_lines(folder)})
        if r.get("agent_notes"):
            sections.append({"title": "Agent notes", "lines": [str(n) for n in r["agent_notes"]]})
        judged = folder / "autoeval.json"
        if judged.is_file():
            scores = json.loads(judged.read_text(encoding="utf-8")).get("scores") or {}
            lines = [f"{k}: {v}" for k, v in scores.items()]
            sections.append({"title": "AutoEval", "lines": lines})
        video = "frames.webm" if (folder / "frames.webm").is_file() else None
        return {"title": f"{r['task_id']} · {r['agent']}", "facts": facts, "text": r["text"],
                "video": video, "sections": sections}  # fmt: skip


def _setup_lines(folder: Path) -> list[str]:
    path = folder / "setup.json"
    outcomes = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else []
    return [f"{'ok' if o['ok'] else 'FAILED'}  {o['command']}  → {o['message']}" for o in outcomes]


def _action_lines(folder: Path) -> list[str]:
    path = folder / "actions.jsonl"
    if not path.is_file():
        return []
    lines = []
    with path.open(encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i == MAX_ACTIONS:
                lines.append(f"… (the rest in {path.name})")
                break
            step = json.loads(line)
            lines.append(f"tick {step.get('tick')}: {json.dumps(step.get('action'))}")
    return lines


def _unfinished(folder: Path) -> dict[str, Any]:
    """An episode without its result: its live state when it has one."""
    try:
        state = json.loads((folder / LIVE_JSON).read_text(encoding="utf-8"))
    except (OSError, ValueError):  # no live files (run without --live), or mid-replacement
        state = None
    if state is None:
        return {"title": f"{folder.name} (unfinished)", "facts": [], "text": "", "video": None,
                "sections": []}  # fmt: skip
    facts = [["status", state.get("status")], ["tick", state.get("tick")],
             ["game s", state.get("time_s")], ["progress", state.get("progress")],
             ["decisions", state.get("decisions")],
             ["end", state.get("terminal_reason")]]  # fmt: skip
    title = f"{state.get('task_id')} · {state.get('agent')}"
    return {"title": title, "facts": facts, "text": state.get("text") or "", "video": None,
            "sections": [], "live": state}  # fmt: skip


def _live_entry(ref: Path, state: dict[str, Any]) -> dict[str, Any]:
    """A running episode on the run page (``ref``: agent/sSEED/difficulty/task)."""
    agent, seed, difficulty, task = ref.parts
    return {"ref": ref.as_posix(), "live": True, "label": f"{agent} {seed} {difficulty}/{task}",
            "success": None, "terminal_reason": "running", "infrastructure_error": False,
            "category": "", "progress": state.get("progress"), "decisions": state.get("decisions"),
            "game_seconds": state.get("time_s")}  # fmt: skip
