"""The report's plots as PNG files (matplotlib's Agg canvas; pyplot's global state is never
touched, so building a report changes no backend for the caller).

Each function takes plain numbers per series (one series = one agent of one run) and writes one
picture; the caller decides the file names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from odyssey.bench.interactions import CATEGORIES, LABELS
from odyssey.episode.metrics import AFTER_FIRST_STOP, BEFORE_FIRST_STOP, SUCCESS

DPI = 100
STAGE_COLORS = {SUCCESS: "#2e9d4f", AFTER_FIRST_STOP: "#f0a030", BEFORE_FIRST_STOP: "#d43c3c"}
STAGE_LABELS = {
    SUCCESS: "success",
    AFTER_FIRST_STOP: "failed after the first stop",
    BEFORE_FIRST_STOP: "failed before the first stop",
}


@dataclass(frozen=True)
class Series:
    """One agent of one run, as the plots see it."""

    label: str
    success_rate: float | None
    cost_per_episode_usd: float  # 0 for scripted agents
    stages: Mapping[str, int]  # metrics.failure_stage -> episodes
    stay_rate: float | None  # episodes with a local stay / scored episodes; None: no turns
    interactions: Mapping[str, int]  # interactions category -> actions ({} when no commands)


def _figure(width_in: float, height_in: float):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width_in, height_in), dpi=DPI)
    FigureCanvasAgg(fig)
    return fig


def _save(fig, out: Path) -> Path:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(out, format="png")
    return out


def success_vs_cost(series: Sequence[Series], out: Path) -> Path:
    """Success rate against the mean cost per episode, one point per agent and run."""
    fig = _figure(6.4, 4.2)
    ax = fig.add_subplot()
    for s in series:
        rate = 0.0 if s.success_rate is None else s.success_rate
        ax.scatter([s.cost_per_episode_usd], [rate * 100], s=60, zorder=3)
        ax.annotate(s.label, (s.cost_per_episode_usd, rate * 100), textcoords="offset points",
                    xytext=(6, 4), fontsize=8)  # fmt: skip
    ax.set_xlabel("mean cost per episode (USD; scripted agents 0)")
    ax.set_ylabel("success rate (%)")
    ax.set_ylim(-5, 105)
    ax.grid(alpha=0.3)
    return _save(fig, out)


def outcome_stacks(series: Sequence[Series], out: Path) -> Path:
    """Per agent: successes, failures after the first stop and failures before it (stacked)."""
    fig = _figure(max(4.8, 1.1 * len(series) + 2.5), 4.2)
    ax = fig.add_subplot()
    labels = [s.label for s in series]
    bottoms = [0] * len(series)
    for stage in (SUCCESS, AFTER_FIRST_STOP, BEFORE_FIRST_STOP):
        values = [s.stages.get(stage, 0) for s in series]
        ax.bar(labels, values, bottom=bottoms, color=STAGE_COLORS[stage], label=STAGE_LABELS[stage])
        bottoms = [b + v for b, v in zip(bottoms, values, strict=True)]
    ax.set_ylabel("scored episodes")
    ax.legend(fontsize=8, loc="upper right")
    ax.tick_params(axis="x", labelrotation=20, labelsize=8)
    return _save(fig, out)


def local_stays(series: Sequence[Series], out: Path) -> Path:
    """Share of episodes with a local stay; agents without turns are marked, not drawn as 0."""
    fig = _figure(max(4.8, 1.1 * len(series) + 2.5), 3.8)
    ax = fig.add_subplot()
    labels = [s.label for s in series]
    values = [0.0 if s.stay_rate is None else s.stay_rate * 100 for s in series]
    bars = ax.bar(labels, values, color="#5078c8")
    for bar, s in zip(bars, series, strict=True):
        if s.stay_rate is None:
            ax.annotate("no turns\n(scripted)", (bar.get_x() + bar.get_width() / 2, 1),
                        ha="center", fontsize=7, color="#666")  # fmt: skip
    ax.set_ylabel("episodes with a local stay (%)")
    ax.set_ylim(0, 105)
    ax.tick_params(axis="x", labelrotation=20, labelsize=8)
    return _save(fig, out)


def interaction_bars(series: Sequence[Series], out: Path) -> Path:
    """Actions per interaction category, one bar group per category, one bar per agent."""
    shown = [s for s in series if s.interactions] or list(series)
    fig = _figure(9.0, 4.2)
    ax = fig.add_subplot()
    width = 0.8 / max(1, len(shown))
    for i, s in enumerate(shown):
        xs = [c + i * width for c in range(len(CATEGORIES))]
        ax.bar(xs, [s.interactions.get(c, 0) for c in CATEGORIES], width=width, label=s.label)
    ax.set_xticks([c + 0.4 - width / 2 for c in range(len(CATEGORIES))])
    ax.set_xticklabels([LABELS[c] for c in CATEGORIES], rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("actions")
    if not any(s.interactions for s in series):
        ax.text(0.5, 0.5, "no agent ran shell commands", transform=ax.transAxes, ha="center")
    else:
        ax.legend(fontsize=8)
    return _save(fig, out)
