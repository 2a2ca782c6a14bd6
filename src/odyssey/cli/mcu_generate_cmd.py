"""``odyssey mcu generate TASK_ID``: a task configuration for one library task, verified in the
engine. With no ``--model`` the rule-based generator writes it (offline); with a model, the model
proposes it over up to ``--rounds`` rounds of verification feedback, and ``--fallback rules``
uses the rule-based generator when no round passes.

Exit codes: 0 a verified configuration was written, 1 none passed verification (the rounds are
still recorded), 2 bad input (unknown task, model or file).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Literal

import typer

from odyssey.atomic import write_text_atomic
from odyssey.cli.errors import fail, friendly_errors
from odyssey.mcu.confgen.verify import Verification, verify_config
from odyssey.mcu.config import TaskConfig, dump_config, write_config

EXIT_UNVERIFIED = 1


@friendly_errors
def generate(
    task_id: Annotated[str, typer.Argument(help="Library task id, e.g. craft_to_stick.")],
    model: Annotated[
        str | None, typer.Option(help="Model alias (models file); none: the rule-based generator.")
    ] = None,
    models_file: Annotated[
        Path | None, typer.Option("--models-file", help="Models file (default $ODYSSEY_MODELS).")
    ] = None,
    rounds: Annotated[int, typer.Option(help="Model rounds at most (propose, verify, fix).")] = 3,
    out: Annotated[
        Path | None, typer.Option(help="Where to write the configuration (YAML); default stdout.")
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(help="Where to write the model's rounds as JSON (default: beside --out)."),
    ] = None,
    seed: Annotated[
        int, typer.Option(help="Seed of the layout (rules) or the model's sampling.")
    ] = 0,
    fallback: Annotated[
        Literal["none", "rules"],
        typer.Option(help="When no model round passes: 'rules' uses the rule-based generator."),
    ] = "none",
) -> None:
    """Generate and verify the set-up commands of one MCU task."""
    from odyssey.mcu.library.library import build_library

    task = build_library().get(task_id)
    if rounds < 1:
        raise fail(f"--rounds must be at least 1, got {rounds}")
    config: TaskConfig | None
    if model is None:
        config = _rules(task, seed)
    else:
        config = _model(task, model, models_file, rounds, seed, out, record)
        if config is None and fallback == "rules":
            print(
                "no model round passed: falling back to the rule-based generator", file=sys.stderr
            )
            config = _rules(task, seed)
    if config is None:
        raise typer.Exit(EXIT_UNVERIFIED)
    result = verify_config(config, task)
    _report(result)
    if out is None:
        sys.stdout.write(dump_config(config))
    else:
        write_config(config, out)
        print(f"wrote {out}", file=sys.stderr)
    if not result.ok:
        raise typer.Exit(EXIT_UNVERIFIED)


def _rules(task, seed: int) -> TaskConfig:
    from odyssey.mcu.confgen.rulebased import generate_config

    return generate_config(task, seed=seed)


def _model(task, alias, models_file, rounds, seed, out, record) -> TaskConfig | None:
    from odyssey.agents.llm.models import resolve_model
    from odyssey.mcu.confgen.llm import generate_with_model

    spec = resolve_model(alias, models_file)
    gen = generate_with_model(task, spec, rounds=rounds, seed=seed)
    path = record or (out.with_suffix(".generation.json") if out is not None else None)
    if path is not None:
        write_text_atomic(path, gen.to_json() + "\n")
        print(f"wrote {path}", file=sys.stderr)
    cost = f", ${gen.cost_usd:.4f}" if gen.cost_usd is not None else ""
    print(f"{task.id}: model {alias}: {gen.status} after {len(gen.rounds)} round(s){cost}",
          file=sys.stderr)  # fmt: skip
    return gen.config


def _report(result: Verification) -> None:
    passed = sum(c.ok for c in result.checks)
    print(f"{result.config_id}: {'verified' if result.ok else 'NOT verified'} "
          f"({passed}/{len(result.checks)} checks passed)", file=sys.stderr)  # fmt: skip
    for check in result.failures:
        print(f"  [{check.name}] {check.message}", file=sys.stderr)
