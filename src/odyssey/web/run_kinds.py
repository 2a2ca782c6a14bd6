"""Run folders of other kinds than ``odyssey eval``'s, shown by the dashboard through a
``RunKind`` the upper layers provide (``mcu.dashboard`` for ``odyssey mcu run``): the web layer
stays below them and only lays out what a kind hands it.

A kind names the manifest file that marks its run folders and turns a folder into plain JSON:

- ``summary(folder)``: ``name``, ``suite``, ``status`` and ``agents`` (per agent ``agent``,
  ``planned``, ``finished``, ``running``, ``successes``, ``scored``, ``success_rate``,
  ``infrastructure_errors``), as the runs list shows every run;
- ``detail(folder)``: the summary plus ``title``, ``columns`` ([key, heading] pairs) and
  ``episodes`` (each with ``ref``, its folder under ``episodes/``, a ``label``, ``success``,
  ``terminal_reason`` and the columns' keys);
- ``episode(folder)``: ``title``, ``facts`` ([name, value] pairs), ``text``, ``video`` (a file
  name in the folder, or None) and ``sections`` (each a ``title`` and ``lines`` of text).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class RunKind(Protocol):
    name: str
    manifest: str

    def summary(self, folder: Path) -> dict[str, Any]: ...

    def detail(self, folder: Path) -> dict[str, Any]: ...

    def episode(self, folder: Path) -> dict[str, Any]: ...


def kind_of(folder: Path, kinds: tuple[RunKind, ...]) -> RunKind | None:
    """The kind whose manifest ``folder`` holds (None: not a run of any of them)."""
    return next((k for k in kinds if (folder / k.manifest).is_file()), None)


def kind_folders(runs_dir: Path, kinds: tuple[RunKind, ...]) -> list[tuple[Path, RunKind]]:
    """The folders directly under ``runs_dir`` that are runs of one of ``kinds``."""
    if not runs_dir.is_dir():
        return []
    found = ((p, kind_of(p, kinds)) for p in sorted(runs_dir.iterdir()) if p.is_dir())
    return [(p, k) for p, k in found if k is not None]
