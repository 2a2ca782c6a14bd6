"""``python -m odyssey.mcu.playability DIR [--markdown OUT]``: which MineStudio task
configurations the engine can play.

For each ``*.yaml`` under ``DIR`` (MineStudio's ``simple/`` and ``hard/`` folders): its set-up
commands run through the ``minestudio-1.16`` dialect in a fresh survival game on a generated
overworld (``mcu.setup``), and the capabilities its task needs (``mcu.needs``) are checked
against the engine (``mcu.capabilities``). A config is **playable** when its set-up ran (failures
that 1.16.5 has too are allowed and said) and every capability it needs exists; otherwise it is
**out of scope**, with the reasons. Open-ended tasks (``judge``) count as playable when their
mechanics exist: their success needs the visual judge that issue #15 brings.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from odyssey.errors import OdysseyError
from odyssey.mcu.capabilities import Capability, available_capabilities
from odyssey.mcu.needs import PLANNED, needs_of
from odyssey.mcu.setup import WORLD_SEED, CommandOutcome, SharedChunks, overworld_game, run_setup
from odyssey.sim.commands.taskyaml import load_task_yaml

__all__ = ["Verdict", "available_capabilities", "classify", "main", "markdown", "report"]
PLAYABLE, OUT_OF_SCOPE = "playable", "out of scope"


@dataclass(frozen=True)
class Verdict:
    """One config's status, with the reasons for it and remarks that do not change it."""

    task: str
    difficulty: str  # "simple" | "hard" (the config's folder)
    status: str
    reasons: tuple[str, ...] = ()
    remarks: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()  # the capabilities among the reasons
    setup: tuple[CommandOutcome, ...] = field(default=(), repr=False)

    @property
    def playable(self) -> bool:
        return self.status == PLAYABLE


def classify(
    task: str, difficulty: str, setup: list[CommandOutcome], caps: Mapping[str, Capability]
) -> Verdict:
    """The verdict for one config from its set-up outcomes and the engine's capabilities."""
    needs = needs_of(task)
    missing = tuple(c for c in needs.for_set(difficulty) if not caps[c].available)
    reasons = [f"missing {c} ({PLANNED.get(c, 'unplanned')}): {caps[c].evidence}" for c in missing]
    reasons += [f"setup failed: {o.command} -> {o.message}" for o in setup if not o.accepted]
    remarks = [f"setup: {o.command} fails in 1.16.5 too ({o.known})"
               for o in setup if not o.ok and o.known]  # fmt: skip
    remarks += [f"setup: '{o.command}' has no leading '/': MineStudio sends it as chat (no effect "
                "there); it runs here" for o in setup if not o.command.startswith("/")]  # fmt: skip
    if needs.judge:
        remarks.append("open-ended: success needs the visual judge (#15)")
    if needs.note:
        remarks.append(needs.note)
    status = OUT_OF_SCOPE if reasons else PLAYABLE
    return Verdict(task, difficulty, status, tuple(reasons), tuple(remarks), missing, tuple(setup))


def report(
    root: Path, caps: Mapping[str, Capability] | None = None, chunks: SharedChunks | None = None
) -> list[Verdict]:
    """Verdicts for every config under ``root``, sorted by task then set."""
    caps = caps if caps is not None else available_capabilities()
    chunks = chunks if chunks is not None else SharedChunks(WORLD_SEED)
    verdicts = []
    for path in sorted(root.rglob("*.yaml"), key=lambda p: (p.stem, p.parent.name)):
        load_task_yaml(path)  # a file that is not a task config fails here, by name
        needs_of(path.stem, str(path))  # so does an unknown task
        setup = run_setup(overworld_game(chunks, settle=0), path)  # set-ups need no ticks
        verdicts.append(classify(path.stem, path.parent.name, setup, caps))
    return verdicts


def totals(verdicts: list[Verdict]) -> dict[str, tuple[int, int]]:
    """(playable, all) overall and per set."""
    out: dict[str, tuple[int, int]] = {}
    for key in ("all", *sorted({v.difficulty for v in verdicts})):
        group = [v for v in verdicts if key in ("all", v.difficulty)]
        out[key] = (sum(v.playable for v in group), len(group))
    return out


def playable_after(verdicts: list[Verdict], issue: str) -> int:
    """Configs playable once every capability planned for ``issue`` lands (setups unchanged)."""
    later = [v for v in verdicts if not v.playable and all(o.accepted for o in v.setup)
             and all(PLANNED.get(c) == issue for c in v.missing)]  # fmt: skip
    return sum(v.playable for v in verdicts) + len(later)


def missing_by_issue(verdicts: list[Verdict]) -> dict[str, dict[str, int]]:
    """Missing capability -> configs it keeps out, grouped by the issue that brings it."""
    out: dict[str, dict[str, int]] = {}
    for cap in (c for v in verdicts for c in v.missing):
        issue = out.setdefault(PLANNED.get(cap, "unplanned"), {})
        issue[cap] = issue.get(cap, 0) + 1
    return out


def _pct(n: int, d: int) -> str:
    return f"{n}/{d} ({100.0 * n / d:.1f} %)" if d else "0/0"


def text(verdicts: list[Verdict]) -> str:
    lines = []
    for v in verdicts:
        lines.append(f"{v.status.upper():13} {v.difficulty:6} {v.task}")
        lines += [f"    - {r}" for r in v.reasons] + [f"    . {r}" for r in v.remarks]
    lines.append("")
    lines += [f"playable {key}: {_pct(*nd)}" for key, nd in totals(verdicts).items()]
    lines.append(f"playable once #14 lands: {_pct(playable_after(verdicts, '#14'), len(verdicts))}")
    for issue, caps in sorted(missing_by_issue(verdicts).items()):
        lines.append(f"missing ({issue}): " + ", ".join(f"{c} ({n})" for c, n in caps.items()))
    return "\n".join(lines) + "\n"


def _cell(items: tuple[str, ...]) -> str:
    return "<br>".join(i.replace("|", "\\|") for i in items) or "—"


def markdown(verdicts: list[Verdict], caps: Mapping[str, Capability]) -> str:
    """The report as a markdown page (docs/mcu/playability.md)."""
    t = totals(verdicts)
    out = [
        "# MineStudio task configurations: playability",
        "",
        "Generated by `python -m odyssey.mcu.playability DIR --markdown docs/mcu/playability.md`"
        " (DIR: MineStudio's `minestudio/benchmark/task_configs`). Do not edit by hand.",
        "",
        "A config is *playable* when its set-up commands run in a survival game on a generated "
        "overworld (failures that 1.16.5 has too are allowed and listed) and every capability "
        "its task needs exists in the engine. Open-ended tasks are playable when their "
        "mechanics exist; their success needs the visual judge of #15.",
        "",
        "| set | playable |",
        "|---|---|",
        *[f"| {k} | {_pct(*nd)} |" for k, nd in t.items()],
        f"| all, once #14 lands | {_pct(playable_after(verdicts, '#14'), len(verdicts))} |",
        "",
        "| task | set | status | reasons | remarks |",
        "|---|---|---|---|---|",
        *[f"| {v.task} | {v.difficulty} | {v.status} | {_cell(v.reasons)} | {_cell(v.remarks)} |"
          for v in verdicts],
        "",
        "## Missing capabilities by issue",
        "",
        *[f"- {issue}: " + ", ".join(f"`{c}` ({n} configs)" for c, n in caps_.items())
          for issue, caps_ in sorted(missing_by_issue(verdicts).items())],
        "",
        "## Capabilities",
        "",
        "| capability | available | evidence |",
        "|---|---|---|",
        *[f"| `{c.name}` | {'yes' if c.available else 'no'} | {_cell((c.evidence,))} |"
          for c in caps.values()],
    ]  # fmt: skip
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = None
    if len(argv) == 3 and argv[1] == "--markdown":
        out = Path(argv[2])
    elif len(argv) != 1:
        argv = []
    if not argv or not Path(argv[0]).is_dir():
        print("usage: python -m odyssey.mcu.playability DIR [--markdown OUT]"
              " (DIR: a folder of task YAML files)", file=sys.stderr)  # fmt: skip
        return 2
    caps = available_capabilities()
    try:
        verdicts = report(Path(argv[0]), caps)
    except OdysseyError as e:  # a file that is not a config of a known task
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(text(verdicts), end="")
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(markdown(verdicts, caps), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
