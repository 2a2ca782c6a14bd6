"""The report's HTML: plain f-strings, every value through ``html.escape``; no scripts.

Numeric table cells carry the exact figure in ``data-value`` (and its name in ``data-key``) so the
page can be checked against ``aggregate()`` without parsing formatted text.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from odyssey.bench.interactions import CATEGORIES, LABELS, classify_action
from odyssey.bench.report_plots import STAGE_LABELS
from odyssey.episode.metrics import AFTER_FIRST_STOP, BEFORE_FIRST_STOP, SUCCESS

if TYPE_CHECKING:
    from odyssey.bench.layout import RunManifest
    from odyssey.bench.report import AgentFigures, EpisodeView

CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:1200px;padding:0 1em}
table{border-collapse:collapse;margin:.6em 0 1.4em}th,td{border:1px solid #ccc;padding:3px 7px}
th{background:#f2f2f2;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}
.ok{color:#1d7a3a;font-weight:600}.bad{color:#b3261e;font-weight:600}.muted{color:#777}
.plots img,.map img{max-width:100%;border:1px solid #ddd}
.shots{display:flex;flex-wrap:wrap;gap:10px}.shots figure{margin:0;width:300px}
.shots img{width:300px;border:1px solid #ccc}figcaption{font-size:12px;color:#555}
pre{white-space:pre-wrap;margin:0;font-size:12px}.legend span{margin-right:1.2em}
"""
HEAD = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    '<link rel="icon" href="data:,"><title>{title}</title><style>{css}</style></head><body>'
)


def page(title: str, body: str) -> str:
    return HEAD.format(title=escape(title), css=CSS) + body + "</body></html>\n"


def fmt(value: Any, kind: str = "num") -> str:
    """A figure as text: ``pct`` (a rate as %), ``usd``, ``int`` or ``num``; None is a dash."""
    if value is None:
        return "—"
    if kind == "pct":
        return f"{value * 100:.1f}%"
    if kind == "usd":
        return f"${value:.4f}"
    if kind == "int":
        return f"{int(value):,}"
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def num(key: str, value: Any, kind: str = "num") -> str:
    data = escape(json.dumps(value))
    return f'<td class="n" data-key="{escape(key)}" data-value="{data}">{fmt(value, kind)}</td>'


def table(head: Sequence[str], rows: Sequence[str], cls: str = "") -> str:
    ths = "".join(f"<th>{escape(h)}</th>" for h in head)
    return (
        f'<table class="{cls}"><thead><tr>{ths}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
    )


RESULT_COLUMNS = (
    ("episodes", "task_runs", "int"), ("scored", "scored_task_runs", "int"),
    ("infra", "infrastructure_errors", "int"), ("SR", "success_rate", "pct"),
    ("SR outdoor", "success_rate_outdoor", "pct"), ("SR indoor", "success_rate_indoor", "pct"),
    ("C", "checkpoint_coverage", "pct"), ("SPL", "static_spl_mean", "num"),
    ("turns", "turns_mean", "num"), ("PL", "path_length_3d_mean", "num"),
)  # fmt: skip


def _agent_cells(f: AgentFigures) -> str:
    return f"<td>{escape(f.run_id)}</td><td>{escape(f.agent)}</td>"


def results_table(figs: Sequence[AgentFigures]) -> str:
    """The paper's Table 1 layout, one row per agent and run (same agent's runs side by side)."""
    rows = []
    for f in sorted(figs, key=lambda f: (f.agent, f.run_index)):
        cells = "".join(num(key, f.figures[key], kind) for _, key, kind in RESULT_COLUMNS)
        cells += num("tokens", f.tokens, "int") + num("cost_usd", f.cost_usd, "usd")
        rows.append(f'<tr data-run="{escape(f.run_id)}" data-agent="{escape(f.agent)}">'
                    f"{_agent_cells(f)}{cells}</tr>")  # fmt: skip
    head = ["run", "agent", *(c for c, _, _ in RESULT_COLUMNS), "tokens", "cost (USD)"]
    return table(head, rows, "results")


def per_map_table(figs: Sequence[AgentFigures]) -> str:
    maps = sorted({m for f in figs for m in f.by_map})
    rows = []
    for m in maps:
        cells = "".join(
            num("success_rate", f.by_map[m]["success_rate"], "pct") if m in f.by_map
            else '<td class="muted">—</td>'
            for f in figs
        )  # fmt: skip
        rows.append(f'<tr data-map="{escape(m)}"><td>{escape(m)}</td>{cells}</tr>')
    return table(["map", *(f"SR {f.label}" for f in figs)], rows, "per-map")


def outcomes_table(figs: Sequence[AgentFigures]) -> str:
    rows = []
    for f in figs:
        stages, stays = f.figures["failure_stages"], f.figures["local_stays"]
        cells = "".join(
            num(s, stages[s], "int") for s in (SUCCESS, AFTER_FIRST_STOP, BEFORE_FIRST_STOP)
        )
        if f.loop_agent:
            cells += num("stays", stays["count"], "int")
            cells += num("stay_episodes", stays["episodes_with_stay"], "int")
            cells += num("stay_rate", stays["episode_rate"], "pct")
        else:
            cells += (
                '<td colspan="3" class="muted">no turns: a scripted agent has no local stays</td>'
            )
        rows.append(f'<tr data-run="{escape(f.run_id)}" data-agent="{escape(f.agent)}">'
                    f"{_agent_cells(f)}{cells}</tr>")  # fmt: skip
    stages = [STAGE_LABELS[s] for s in (SUCCESS, AFTER_FIRST_STOP, BEFORE_FIRST_STOP)]
    head = ["run", "agent", *stages, "local stays", "episodes with a stay", "stay rate"]
    return table(head, rows, "outcomes")


def interactions_table(figs: Sequence[AgentFigures]) -> str:
    rows = []
    for f in figs:
        if not f.interactions["actions"]:
            cells = f'<td colspan="{len(CATEGORIES) + 2}" class="muted">no model actions</td>'
        else:
            keys = ("actions", "exec", *CATEGORIES)
            cells = "".join(num(k, f.interactions.get(k, 0), "int") for k in keys)
        rows.append(f'<tr data-run="{escape(f.run_id)}" data-agent="{escape(f.agent)}">'
                    f"{_agent_cells(f)}{cells}</tr>")  # fmt: skip
    return table(["run", "agent", "actions", "exec", *(LABELS[c] for c in CATEGORIES)], rows,
                 "interactions")  # fmt: skip


def _success(view: EpisodeView) -> str:
    row = view.row
    if not row.finished:
        return f'<span class="muted">{escape(row.state)}</span>'
    if row.infrastructure_error:
        return '<span class="muted">infrastructure error</span>'
    return '<span class="ok">success</span>' if row.success else '<span class="bad">failed</span>'


def episodes_table(views: Sequence[EpisodeView]) -> str:
    rows = []
    for v in views:
        r = v.row
        rows.append(
            f"<tr><td>{escape(r.run_id)}</td><td>{escape(r.agent)}</td><td>{r.seed}</td>"
            f'<td><a href="{escape(v.href)}">{escape(r.task_id)}</a></td>'
            f"<td>{escape(r.map_id or '')}</td><td>{_success(v)}</td>"
            f"<td>{escape(r.terminal_reason or '')}</td>"
            f'<td class="n">{r.ordered_reached}/{r.ordered_total}</td></tr>'
        )
    return table(["run", "agent", "seed", "task", "map", "result", "terminal reason", "stops"],
                 rows, "episodes")  # fmt: skip


RUN_COLUMNS = ("run", "suite", "agents", "seeds", "clock", "status", "created (UTC)")


def index_page(
    manifests: Sequence[RunManifest],
    figs: Sequence[AgentFigures],
    views: Sequence[EpisodeView],
    images: dict[str, str],
) -> str:
    """The report's front page."""
    run_rows = [
        f"<tr><td>{escape(m.run_id)}</td><td>{escape(str(m.suite.get('name', '')))}</td>"
        f"<td>{escape(', '.join(m.agents))}</td><td>{m.seeds}</td><td>{escape(m.clock)}</td>"
        f"<td>{escape(m.status)}</td><td>{escape(m.created_at_utc)}</td></tr>"
        for m in manifests
    ]
    plots = "".join(
        f'<h3>{escape(title)}</h3><img src="{escape(images[key])}" alt="{escape(title)}">'
        for key, title in (("success_vs_cost", "Success rate against cost"),
                           ("outcomes", "Outcomes"), ("local_stays", "Local stays"),
                           ("interactions", "Interaction categories")))  # fmt: skip
    body = (
        "<h1>Odyssey evaluation report</h1>"
        + table(RUN_COLUMNS, run_rows, "runs")
        + "<h2>Results</h2>" + results_table(figs)
        + '<p class="muted">Rates and means over scored episodes (infrastructure failures apart); '
        "C is the share of intermediate stops reached; PL the 3-D path length in blocks.</p>"
        + "<h2>Success rate per map</h2>" + per_map_table(figs)
        + "<h2>Outcomes and local stays</h2>" + outcomes_table(figs)
        + "<h2>Interaction categories</h2>" + interactions_table(figs)
        + f'<div class="plots"><h2>Plots</h2>{plots}</div>'
        + "<h2>Episodes</h2>" + episodes_table(views)
    )  # fmt: skip
    return page("Odyssey evaluation report", body)


def _facts(view: EpisodeView) -> str:
    r = view.row
    facts = [
        ("task", r.task_id), ("map", r.map_id), ("agent", r.agent), ("seed", r.seed),
        ("result", None), ("terminal reason", r.terminal_reason),
        ("stops reached", f"{r.ordered_reached}/{r.ordered_total}"), ("SPL", fmt(r.static_spl)),
        ("path length (3-D, blocks)", fmt(r.path_length_3d)),
        ("duration (game s)", fmt(r.duration_sec)),
        ("turns", r.turns), ("tokens", fmt(r.tokens, "int")), ("cost", fmt(r.cost_usd, "usd")),
    ]  # fmt: skip
    rows = [f"<tr><th>{k}</th><td>{_success(view) if k == 'result' else escape(str(v))}</td></tr>"
            for k, v in facts]  # fmt: skip
    return f'<table class="facts">{"".join(rows)}</table>'


def _map(view: EpisodeView) -> str:
    if view.map_png is None:
        return f'<p class="muted">{escape(view.map_note or "no map picture")}</p>'
    legend = ('<p class="legend"><span style="color:#e62828">━ agent (1 Hz samples)</span>'
              '<span style="color:#286eff">━ reference path</span><span>● S start, 1… stops, '
              "T target</span></p>")  # fmt: skip
    note = f'<p class="muted">{escape(view.map_note)}</p>' if view.map_note else ""
    return f'<div class="map"><img src="{view.map_png}" alt="path on the map">{legend}{note}</div>'


def _rows_table(items: Sequence[dict[str, Any]], cols: Sequence[tuple[str, Any]], cls: str) -> str:
    if not items:
        return '<p class="muted">none</p>'
    rows = ["<tr>" + "".join(f"<td>{escape(str(get(i)))}</td>" for _, get in cols) + "</tr>"
            for i in items]  # fmt: skip
    return table([c for c, _ in cols], rows, cls)


def _actions(view: EpisodeView) -> str:
    if not view.loop_agent:
        return '<p class="muted">a scripted agent: its actions are engine inputs, not commands</p>'
    rows = []
    for i, a in enumerate(view.actions, 1):
        found = classify_action(a)
        names = ", ".join(LABELS[c] for c in CATEGORIES if c in found)
        rows.append(
            f"<tr><td>{i}</td><td>{escape(a.type)}</td><td><pre>{escape(a.content)}</pre></td>"
            f"<td>{escape(names)}</td></tr>"
        )
    return table(["#", "type", "command", "categories"], rows, "actions")


EVENT_COLUMNS = (
    ("time (UTC)", lambda e: e.get("created_at_utc")),
    ("kind", lambda e: e.get("kind")),
    ("message", lambda e: e.get("message")),
)
CLAIM_COLUMNS = (
    ("time (UTC)", lambda c: c.get("received_at_utc")),
    ("game s", lambda c: (c.get("request") or {}).get("elapsed_sec")),
    ("accepted", lambda c: (c.get("response") or {}).get("accepted")),
    ("reason", lambda c: (c.get("response") or {}).get("reason")),
)


def episode_page(view: EpisodeView, root: str) -> str:
    """One episode's page; ``root`` leads back to the report's root (``../../``)."""
    r = view.row
    shots = "".join(
        f'<figure><img src="{escape(src)}" alt="screenshot {i}">'
        f"<figcaption>#{i} {escape(label)}</figcaption></figure>"
        for i, (src, label) in enumerate(view.screenshots, 1)
    )
    events = _rows_table(view.events, EVENT_COLUMNS, "events")
    claims = _rows_table(view.claims, CLAIM_COLUMNS, "claims")
    body = (
        f'<p><a href="{root}index.html">← report</a></p>'
        f"<h1>{escape(r.task_id)} · {escape(r.agent)} · seed {r.seed}</h1>"
        f"<p>{escape(view.prompt)}</p>" + _facts(view)
        + "<h2>Path</h2>" + _map(view)
        + "<h2>Evaluator events</h2>" + events + "<h2>Claims</h2>" + claims
        + "<h2>Actions</h2>" + _actions(view)
        + f'<h2>Screenshots</h2><div class="shots">{shots or "<p class=muted>none</p>"}</div>'
    )  # fmt: skip
    return page(f"{r.task_id} · {r.agent}", body)
