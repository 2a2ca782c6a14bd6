"""Progress of an evaluation: per-agent success so far, elapsed time, ETA and spend.

:class:`EvalProgress` keeps the tallies and is itself the quiet display (tests, ``--quiet``);
:class:`LineProgress` prints one line per finished episode (logs, non-TTY), :class:`RichProgress`
draws a bar per agent. Backends call :meth:`EvalProgress.started` and
:meth:`EvalProgress.finished`; the ETA counts only episodes run in this session, so a resumed
run's kept episodes do not make it look faster than it is.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any, TextIO

from odyssey.bench.layout import DONE
from odyssey.bench.plan import EpisodeSpec
from odyssey.bench.worker import EpisodeReport


@dataclass
class AgentTally:
    """One agent's episodes so far."""

    total: int = 0
    finished: int = 0  # scored, or out of attempts
    successes: int = 0
    failures: int = 0  # infrastructure failures with no attempts left
    spend_usd: float = 0.0

    def line(self) -> str:
        rate = f"{self.successes / self.finished:.0%}" if self.finished else "-"
        fails = f", {self.failures} infra" if self.failures else ""
        return f"{self.finished}/{self.total} done, {self.successes} ok ({rate}){fails}"


class EvalProgress:
    """Tallies per agent; displays nothing (the quiet mode)."""

    def __init__(self) -> None:
        self.agents: dict[str, AgentTally] = {}
        self.began = time.monotonic()
        self.ran_here = 0  # episodes finished in this session (for the ETA)
        self.running = 0

    def begin(self, totals: dict[str, int], kept: list[dict[str, Any]]) -> None:
        """``totals``: planned episodes per agent; ``kept``: finished ones from before a resume
        (``{"agent", "success", "failed", "cost_usd"}``)."""
        self.agents = {a: AgentTally(total=n) for a, n in totals.items()}
        for row in kept:
            tally = self.agents[row["agent"]]
            tally.finished += 1
            tally.successes += bool(row.get("success"))
            tally.failures += bool(row.get("failed"))
            tally.spend_usd += float(row.get("cost_usd") or 0.0)
        self.began = time.monotonic()
        self.show()

    def started(self, spec: EpisodeSpec) -> None:
        """An attempt began."""
        self.running += 1
        self.show()

    def finished(self, report: EpisodeReport, final: bool) -> None:
        """An attempt ended; ``final``: no retry follows (scored, or out of attempts)."""
        self.running = max(0, self.running - 1)
        tally = self.agents.setdefault(report.spec.agent, AgentTally())
        tally.spend_usd += float(report.cost_usd or 0.0)
        if final:
            tally.finished += 1
            self.ran_here += 1
            tally.successes += report.success
            tally.failures += report.state != DONE
        self.show(report, final)

    @property
    def elapsed_s(self) -> float:
        return time.monotonic() - self.began

    @property
    def spend_usd(self) -> float:
        return sum(t.spend_usd for t in self.agents.values())

    @property
    def remaining(self) -> int:
        return sum(t.total - t.finished for t in self.agents.values())

    def eta_s(self) -> float | None:
        """Seconds left at this session's pace; None before the first episode finishes."""
        if not self.ran_here:
            return None
        return self.elapsed_s / self.ran_here * self.remaining

    def summary(self) -> str:
        eta = self.eta_s()
        return (
            f"elapsed {_clock(self.elapsed_s)}, ETA {'-' if eta is None else _clock(eta)}, "
            f"spend ${self.spend_usd:.4f}"
        )

    def show(self, report: EpisodeReport | None = None, final: bool = False) -> None:
        """Redraw (nothing in the quiet mode)."""

    def close(self) -> None:
        """Stop drawing."""


class LineProgress(EvalProgress):
    """One line per finished attempt, for logs and terminals that are not TTYs."""

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__()
        self.stream = stream or sys.stderr

    def show(self, report: EpisodeReport | None = None, final: bool = False) -> None:
        if report is None:
            return
        scored = "failed" if report.state == DONE else report.state
        outcome = "success" if report.success else scored
        if report.state != DONE:
            outcome += f" (attempt {report.attempts}{'' if final else ', will retry'})"
        tally = self.agents[report.spec.agent]
        print(
            f"{report.spec.label()}: {outcome} | {report.spec.agent}: {tally.line()} | "
            f"{self.summary()}",
            file=self.stream,
            flush=True,
        )


class RichProgress(EvalProgress):
    """A bar per agent with its success so far and spend, and one for all episodes with the
    running count, elapsed time, ETA and total spend."""

    def __init__(self, console: Any = None) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        super().__init__()
        self.bars = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[detail]}"),
            console=console,
            transient=False,
        )
        self.ids: dict[str, Any] = {}
        self.footer: Any = None

    def begin(self, totals: dict[str, int], kept: list[dict[str, Any]]) -> None:
        for agent, total in totals.items():
            self.ids[agent] = self.bars.add_task(agent, total=total, detail="")
        self.footer = self.bars.add_task("all", total=sum(totals.values()), detail="")
        self.bars.start()
        super().begin(totals, kept)

    def show(self, report: EpisodeReport | None = None, final: bool = False) -> None:
        if not self.ids:
            return
        for agent, tally in self.agents.items():
            if agent in self.ids:
                detail = f"{tally.successes} ok, ${tally.spend_usd:.4f}"
                if tally.failures:
                    detail += f", {tally.failures} infra"
                self.bars.update(self.ids[agent], completed=tally.finished, detail=detail)
        finished = sum(t.finished for t in self.agents.values())
        detail = f"{self.running} running, {self.summary()}"
        self.bars.update(self.footer, completed=finished, detail=detail)

    def close(self) -> None:
        if self.ids:
            self.show()
            self.bars.stop()


def _clock(seconds: float) -> str:
    seconds = round(seconds)
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
