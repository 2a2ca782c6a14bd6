"""``odyssey eval``: a suite × agents × seeds evaluation, resumable, then its results table.

Register with ``app.add_typer(eval_app, name="eval")``. Exit codes: 0 every episode scored,
2 bad input, 3 some episodes ended as infrastructure failures with no attempts left,
130 interrupted (Ctrl-C or SIGTERM; the same command resumes).
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from odyssey.cli.errors import fail, friendly_errors

eval_app = typer.Typer(
    help="Evaluate agents on a suite.", invoke_without_command=True, add_completion=False
)
EXIT_INFRASTRUCTURE = 3
EXIT_INTERRUPTED = 130


def _split(text: str | None) -> list[str] | None:
    return [p.strip() for p in text.split(",") if p.strip()] if text else None


def _raise_interrupt(signum: int, frame: Any) -> None:
    # SIGTERM (a scheduler stopping the job) stops as cleanly as Ctrl-C does
    raise KeyboardInterrupt


@eval_app.callback()
@friendly_errors
def eval_command(
    suite: Annotated[str, typer.Option(help="Built-in suite: demo or odyssey-v1.")],
    agent: Annotated[
        str,
        typer.Option(
            help="Agents, comma-separated: oracle, random, explorer, llm:ALIAS, script:FILE."
        ),
    ],
    seeds: Annotated[int, typer.Option(help="Episodes per task and agent (seeds 0..N-1).")] = 1,
    workers: Annotated[int, typer.Option(help="Episodes running at once.")] = 2,
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    ray_address: Annotated[
        str | None, typer.Option(help="Ray cluster to connect to (default: a private local one).")
    ] = None,
    clock: Annotated[str, typer.Option(help="lockstep, paused or realtime.")] = "lockstep",
    setting: Annotated[Path | None, typer.Option(help="Settings file (§4.6).")] = None,
    models: Annotated[
        Path | None, typer.Option(help="Models file for llm:ALIAS agents (aliases, URLs, prices).")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Run folder (default runs/<suite>-<timestamp>); an existing run of "
            "the same evaluation is resumed."
        ),
    ] = None,
    retry_limit: Annotated[
        int, typer.Option(help="Attempts per episode for infrastructure failures.")
    ] = 3,
    screenshots: Annotated[
        bool, typer.Option(help="Screenshots (start, evaluator events, end) in the records.")
    ] = False,
    max_decisions: Annotated[
        int | None, typer.Option(help="Step limit per episode (default: the agent's / settings').")
    ] = None,
    tasks: Annotated[
        str | None, typer.Option(help="Only these task ids of the suite, comma-separated.")
    ] = None,
    live: Annotated[
        bool, typer.Option(help="Keep live state and frames for `odyssey serve`.")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress output.")] = False,
    report: Annotated[
        bool, typer.Option(help="Write the HTML report into RUN/report (odyssey report).")
    ] = True,
) -> None:
    """Run every (task, agent, seed) episode, each in its own process; print the results."""
    from odyssey.bench.evaluate import default_out, evaluate
    from odyssey.bench.local import EvaluationInterruptedError

    agents = _split(agent)
    if not agents:
        raise fail("--agent: give at least one agent")
    run_dir = out or default_out(suite)
    progress = _progress(quiet)
    previous = signal.signal(signal.SIGTERM, _raise_interrupt)
    try:
        run_dir = evaluate(
            suite, agents, seeds=seeds, workers=workers, backend=backend, clock=clock,
            settings=setting, out=run_dir, models=models, retry_limit=retry_limit,
            screenshots=screenshots, ray_address=ray_address, max_decisions=max_decisions,
            tasks=_split(tasks), progress=progress, live=live,
        )  # fmt: skip
    except (EvaluationInterruptedError, KeyboardInterrupt):
        print(
            f"interrupted: {run_dir} is resumable; run the same command again to finish it",
            file=sys.stderr,
        )
        raise typer.Exit(EXIT_INTERRUPTED) from None
    finally:
        signal.signal(signal.SIGTERM, previous)
    print(results_text(run_dir))
    print(f"run folder: {run_dir}")
    if report:
        from odyssey.bench.report import build_report

        index = build_report([Path(run_dir)], Path(run_dir) / "report")
        print(f"report: {index}")
    unfinished = _unfinished(run_dir)
    if unfinished:
        print(
            f"{unfinished} episodes ended as infrastructure failures after {retry_limit} "
            "attempts (see attempt.json in their folders); rerun with a higher --retry-limit",
            file=sys.stderr,
        )
        raise typer.Exit(EXIT_INFRASTRUCTURE)


def _progress(quiet: bool) -> Any:
    from odyssey.bench.progress import EvalProgress, LineProgress, RichProgress

    if quiet:
        return EvalProgress()
    if sys.stderr.isatty():
        from rich.console import Console

        return RichProgress(Console(stderr=True))
    return LineProgress(sys.stderr)


def _unfinished(run_dir: Path) -> int:
    from odyssey.bench.layout import read_manifest

    states = read_manifest(run_dir).extra.get("states", {})
    return sum(n for state, n in states.items() if state != "done")


def results_text(run_dir: Path) -> str:
    """The run's results table (``bench.tables``), or a per-agent summary without it."""
    try:
        from odyssey.bench.tables import results_table
    except ImportError:
        return summary_text(run_dir)
    return results_table(run_dir)


def summary_text(run_dir: Path) -> str:
    """Per agent: success rate, SPL and turns over scored episodes (episode.metrics.aggregate)."""
    from odyssey.bench.rows import load_run_rows
    from odyssey.episode.metrics import aggregate

    rows = load_run_rows(run_dir)
    lines = []
    for agent in dict.fromkeys(r.agent for r in rows):
        outcomes = [r.outcome for r in rows if r.agent == agent and r.outcome is not None]
        figures = aggregate(outcomes)
        lines.append(
            f"{agent}: {figures['successes']}/{figures['scored_task_runs']} successes "
            f"(SR {figures['success_rate']}), SPL {figures['static_spl_mean']}, "
            f"turns {figures['turns_mean']}, infrastructure errors "
            f"{figures['infrastructure_errors']}"
        )
    return "\n".join(lines)


if __name__ == "__main__":  # python -m odyssey.cli.eval_cmd, until `odyssey eval` is registered
    eval_app()
