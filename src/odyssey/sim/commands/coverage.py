"""``python -m odyssey.sim.commands.coverage DIR``: parse every set-up command of every task config.

Each command goes through the ``minestudio-1.16`` dialect and the 1.21.11 parser. A file prints
``OK``, or one line per failing command with the reason; failures that 1.16.5 has too (see
``dialect.known_config_error``) are marked ``KNOWN``. Exit status 1 when any failure is unexplained.
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from odyssey.sim.commands.dialect import known_config_error, translate
from odyssey.sim.commands.errors import CommandError
from odyssey.sim.commands.names import NameCheck, RegistryNames
from odyssey.sim.commands.parser import parse_command
from odyssey.sim.commands.taskyaml import load_task_yaml

COMMAND_KEYS = ("custom_init_commands", "commands")


@dataclass(frozen=True)
class Failure:
    file: str
    command: str
    translated: str
    reason: str
    known: str | None  # why 1.16.5 fails it too, or None


@dataclass
class Coverage:
    files: int = 0
    commands: int = 0
    translated: int = 0
    failures: list[Failure] = field(default_factory=list)
    changes: Counter[str] = field(default_factory=Counter)

    @property
    def unexplained(self) -> list[Failure]:
        return [f for f in self.failures if f.known is None]


def config_commands(path: Path) -> list[str]:
    data = load_task_yaml(path)
    for key in COMMAND_KEYS:
        if isinstance(data.get(key), list):
            return [str(c) for c in data[key]]
    return []


def check_command(line: str, names: NameCheck) -> tuple[str, list[str], CommandError | None]:
    """(translated line, changes, error or None)."""
    translation = translate(line, "minestudio-1.16")
    try:
        parse_command(translation.translated, names)
    except CommandError as e:
        return translation.translated, list(translation.changes), e
    return translation.translated, list(translation.changes), None


def run_coverage(root: Path, names: NameCheck | None = None, out=None) -> Coverage:
    """Check every ``*.yaml`` under ``root``, printing per-file results to ``out``."""
    names = names if names is not None else RegistryNames()
    cov = Coverage()
    for path in sorted(root.rglob("*.yaml")):
        cov.files += 1
        rel = str(path.relative_to(root))
        fails: list[Failure] = []
        commands = config_commands(path)
        for line in commands:
            cov.commands += 1
            translated, changes, error = check_command(line, names)
            cov.translated += bool(changes)
            cov.changes.update(c.split(" → ")[0] if "→" in c else c for c in changes)
            if error is not None:
                known = known_config_error(translated, error, names.is_block)
                fails.append(Failure(rel, line, translated, error.message, known))
        cov.failures += fails
        if out is not None:
            _print_file(out, rel, len(commands), fails)
    return cov


def _print_file(out, rel: str, n: int, fails: list[Failure]) -> None:
    if not fails:
        print(f"OK    {rel} ({n} commands)", file=out)
    for f in fails:
        tag = "KNOWN" if f.known else "FAIL "
        print(f"{tag} {rel}: {f.command}", file=out)
        print(f"        {f.reason}" + (f" [{f.known}]" if f.known else ""), file=out)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python -m odyssey.sim.commands.coverage DIR (a folder of task YAML files)",
              file=sys.stderr)  # fmt: skip
        return 2
    cov = run_coverage(Path(argv[0]), out=sys.stdout)
    ok = cov.commands - len(cov.failures)
    print(f"\n{cov.files} files, {cov.commands} commands: {ok} parse, "
          f"{cov.translated} translated by minestudio-1.16, {len(cov.failures)} fail "
          f"({len(cov.failures) - len(cov.unexplained)} known config errors, "
          f"{len(cov.unexplained)} unexplained)")  # fmt: skip
    reasons = Counter(f.reason for f in cov.failures)
    for reason, count in reasons.most_common():
        print(f"  {count:4d} × {reason}")
    return 1 if cov.unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
