"""An MCU run's figures: success per agent, difficulty, category and sub-category (programmatic
tasks; infrastructure failures left out and counted), mean rule progress, and AutoEval's six
dimensions where episodes were judged — as ``summary.json``, a Markdown table and an HTML page
with charts."""

from __future__ import annotations

import html
import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from odyssey.atomic import write_text_atomic
from odyssey.mcu import taxonomy
from odyssey.mcu.run import load_results

DIMENSIONS = ("Task Progress", "Action Control", "Error Recognition and Correction",
              "Creative Attempts", "Task Completion Efficiency",
              "Material Selection and Usage")  # fmt: skip


def rate(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Success figures of some results: scored ones only, open-ended tasks counted apart."""
    scored = [r for r in rows if r["scored"] and r["programmatic"]]
    wins = sum(r["success"] for r in scored)
    progress = [r["progress"] for r in scored]
    return {
        "episodes": len(rows),
        "scored": len(scored),
        "successes": wins,
        "success_rate": round(wins / len(scored), 4) if scored else None,
        "mean_progress": round(sum(progress) / len(progress), 4) if progress else None,
        "infrastructure_errors": sum(r["infrastructure_error"] for r in rows),
        "open_ended": sum(not r["programmatic"] for r in rows),
    }


def _autoeval(rows: Sequence[dict[str, Any]]) -> dict[str, float | None]:
    scores: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        got = (r.get("autoeval") or {}).get("scores") or {}
        for dim in DIMENSIONS:
            if isinstance(got.get(dim), int | float):
                scores[dim].append(float(got[dim]))
    return {d: round(sum(v) / len(v), 3) if (v := scores.get(d)) else None for d in DIMENSIONS}


def summarise(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Figures per (agent, difficulty): overall, per category and sub-category, AutoEval."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in results:
        groups[(r["agent"], r["difficulty"])].append(r)
    out = []
    for (agent, difficulty), rows in sorted(groups.items()):
        cats: dict[str, list] = defaultdict(list)
        subs: dict[str, list] = defaultdict(list)
        compositions = [r for r in rows if r.get("parts")]
        for r in rows:
            cats[r.get("category") or "uncategorised"].append(r)
            if r.get("subcategory"):
                subs[f"{r['category']}/{r['subcategory']}"].append(r)
        out.append({
            "agent": agent, "difficulty": difficulty, "overall": rate(rows),
            "atomic": rate([r for r in rows if not r.get("parts")]),
            "compositions": rate(compositions),
            "categories": {c: rate(v) for c, v in sorted(cats.items())},
            "subcategories": {s: rate(v) for s, v in sorted(subs.items())},
            "autoeval": _autoeval(rows),
        })  # fmt: skip
    return {"groups": out}


def _pct(rate: float | None) -> str:
    return "–" if rate is None else f"{100 * rate:.1f} %"


def _title(category: str) -> str:
    return taxonomy.CATEGORIES[category].title if category in taxonomy.CATEGORIES else category


def markdown(summary: dict[str, Any]) -> str:
    lines = ["| agent | difficulty | tasks | success | atomic | compositions | progress | infra |",
             "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for g in summary["groups"]:
        o = g["overall"]
        lines.append(f"| {g['agent']} | {g['difficulty']} | {o['scored']} | "
                     f"{o['successes']}/{o['scored']} ({_pct(o['success_rate'])}) | "
                     f"{_pct(g['atomic']['success_rate'])} | "
                     f"{_pct(g['compositions']['success_rate'])} | "
                     f"{_pct(o['mean_progress'])} | {o['infrastructure_errors']} |")  # fmt: skip
    lines += ["", "Success per category (programmatic tasks):", ""]
    for g in summary["groups"]:
        lines += [f"**{g['agent']} · {g['difficulty']}**", "", "| category | success |",
                  "|---|---|"]  # fmt: skip
        for c, r in g["categories"].items():
            lines.append(f"| {_title(c)} | {r['successes']}/{r['scored']} "
                         f"({_pct(r['success_rate'])}) |")  # fmt: skip
        lines.append("")
        dims = g["autoeval"]
        if any(v is not None for v in dims.values()):
            lines += ["| AutoEval dimension | mean score (0-10) |", "|---|---|"]
            lines += [f"| {d} | {'–' if v is None else v} |" for d, v in dims.items()]
            lines.append("")
    return "\n".join(lines) + "\n"


def _charts(summary: dict[str, Any], out: Path) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    files = []
    groups = summary["groups"]
    cats = sorted({c for g in groups for c in g["categories"]})
    if cats:
        fig, ax = plt.subplots(figsize=(10, 4))
        width = 0.8 / max(1, len(groups))
        for i, g in enumerate(groups):
            values = [100 * (g["categories"].get(c, {}).get("success_rate") or 0) for c in cats]
            ax.bar([k + i * width for k in range(len(cats))], values, width,
                   label=f"{g['agent']} · {g['difficulty']}")  # fmt: skip
        ax.set_xticks([k + 0.4 - width / 2 for k in range(len(cats))])
        ax.set_xticklabels([_title(c) for c in cats], rotation=30, ha="right")
        ax.set_ylabel("success %")
        ax.set_ylim(0, 100)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(out / "mcu-categories.png", dpi=90, metadata={"Software": None})
        plt.close(fig)
        files.append("mcu-categories.png")
    judged = [g for g in groups if any(v is not None for v in g["autoeval"].values())]
    if judged:
        fig, ax = plt.subplots(figsize=(10, 4))
        width = 0.8 / len(judged)
        for i, g in enumerate(judged):
            values = [g["autoeval"][d] or 0 for d in DIMENSIONS]
            ax.bar([k + i * width for k in range(len(DIMENSIONS))], values, width,
                   label=f"{g['agent']} · {g['difficulty']}")  # fmt: skip
        ax.set_xticks([k + 0.4 - width / 2 for k in range(len(DIMENSIONS))])
        ax.set_xticklabels(DIMENSIONS, rotation=20, ha="right", fontsize=8)
        ax.set_ylabel("AutoEval score (0-10)")
        ax.set_ylim(0, 10)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(out / "mcu-autoeval.png", dpi=90, metadata={"Software": None})
        plt.close(fig)
        files.append("mcu-autoeval.png")
    return files


def write_report(run_dir: Path | str) -> Path:
    """``summary.json``, ``report.md``, ``report.html`` (with charts) in the run folder."""
    run_dir = Path(run_dir)
    results = load_results(run_dir)
    summary = summarise(results)
    write_text_atomic(run_dir / "summary.json", json.dumps(summary, indent=2))
    md = markdown(summary)
    write_text_atomic(run_dir / "report.md", md)
    charts = _charts(summary, run_dir)
    rows = "".join(
        f"<tr><td>{html.escape(r['agent'])}</td><td>{r['difficulty']}</td>"
        f"<td>{html.escape(r['task_id'])}</td><td>{html.escape(r['text'])}</td>"
        f"<td>{_title(r.get('category') or '')}</td><td>{r['terminal_reason']}</td>"
        f"<td>{'yes' if r['success'] else 'no'}</td><td>{_pct(r['progress'])}</td></tr>"
        for r in results
    )
    page = (
        "<!doctype html><html><head><meta charset='utf-8'><title>MCU run</title><style>"
        "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 6px;font-size:13px}</style></head><body>"
        f"<h1>MCU run {html.escape(run_dir.name)}</h1>"
        + "".join(f"<img src='{c}' alt='{c}'><br>" for c in charts)
        + f"<pre>{html.escape(md)}</pre><h2>Episodes</h2><table><tr><th>agent</th>"
        "<th>difficulty</th><th>task</th><th>text</th><th>category</th><th>end</th>"
        f"<th>success</th><th>progress</th></tr>{rows}</table></body></html>"
    )
    write_text_atomic(run_dir / "report.html", page)
    return run_dir / "report.html"
