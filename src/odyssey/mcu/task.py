"""An atomic MCU task as the library holds it: the instruction, its place in the taxonomy, what it
acts on, and how success is decided (a rule, or AutoEval for open-ended tasks).

A configuration generator (``mcu.confgen``) turns an ``AtomicTask`` into a runnable
``TaskConfig`` (set-up commands); the library records tasks that cannot be done as
``Rejected`` with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.mcu import taxonomy
from odyssey.mcu.needs import McuError
from odyssey.mcu.rules import Rule


@dataclass(frozen=True)
class AtomicTask:
    """One atomic task. ``verb`` says what kind of act it is (``craft``, ``mine``, ``find``,
    ``combat``, ``hunt``, ``smelt``, ``eat``, ``drink``, ``build``, ...) and ``target`` what it
    acts on (an item, block, mob, biome or structure id; free text for open-ended tasks)."""

    id: str  # unique, snake case: "craft_to_stick", "mine_iron_ore", "find_village"
    text: str  # the instruction in MCU's wording: "craft to stick"
    category: str
    subcategory: str
    verb: str
    target: str
    count: int = 1
    success: Rule | None = None  # programmatic tasks
    judge: bool = False  # open-ended (AutoEval scores it); may be set along with a rule
    source: str = "rules"  # "rules": generated from the registries; "hand": written by hand
    note: str = ""

    def __post_init__(self) -> None:
        taxonomy.check(self.category, self.subcategory, where=f"task {self.id}")
        if self.success is None and not self.judge:
            raise McuError(f"task {self.id}: needs a success rule or judge=True")

    @property
    def programmatic(self) -> bool:
        return self.success is not None


@dataclass(frozen=True)
class Rejected:
    """A candidate the library left out, and why (no recipe, unbreakable, not in 1.21.11...)."""

    text: str
    verb: str
    target: str
    reason: str
