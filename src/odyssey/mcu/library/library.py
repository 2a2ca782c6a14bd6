"""The atomic task library: every family's tasks and rejected candidates in a fixed order, with
look-up by id, selection and counts.

Selectors are comma-separated terms, each an id, a glob over ids (``craft_to_*``),
``category:<id>``, ``subcategory:<id>`` or ``verb:<verb>``; a task matching any term is
selected, in library order. A term that matches nothing is an error (a typo must not silently
select fewer tasks).
"""

from __future__ import annotations

import difflib
import fnmatch
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache

from odyssey.mcu import taxonomy
from odyssey.mcu.library import gen_build, gen_hand, gen_items, gen_potions, gen_world
from odyssey.mcu.needs import McuError
from odyssey.mcu.task import AtomicTask, Rejected

# Family generators in library order (MCU's list order, roughly).
FAMILIES: tuple[Callable[[], Iterable[AtomicTask | Rejected]], ...] = (
    gen_world.creatures, gen_items.craft, gen_build.build, gen_hand.tool_use, gen_hand.animals,
    gen_items.eat, gen_world.mine, gen_hand.motion, gen_world.find_biomes,
    gen_world.find_structures, gen_world.find_blocks, gen_items.enchant, gen_potions.drink,
    gen_potions.trade, gen_items.anvil, gen_potions.brew, gen_items.smelt, gen_build.art,
    gen_build.redstone,
)  # fmt: skip
SELECTOR_KINDS = ("category", "subcategory", "verb")


class LibraryError(McuError):
    """An unknown task id or a selector that selects nothing."""


@dataclass(frozen=True)
class Library:
    tasks: tuple[AtomicTask, ...]
    rejected: tuple[Rejected, ...]
    _by_id: dict[str, AtomicTask] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_id: dict[str, AtomicTask] = {}
        for t in self.tasks:
            if t.id in by_id:
                raise LibraryError(f"duplicate task id {t.id!r}")
            by_id[t.id] = t
        object.__setattr__(self, "_by_id", by_id)

    def __len__(self) -> int:
        return len(self.tasks)

    def __iter__(self) -> Iterator[AtomicTask]:
        return iter(self.tasks)

    def get(self, id: str) -> AtomicTask:
        """The task called ``id``; LibraryError with close matches when there is none."""
        found = self._by_id.get(id)
        if found is None:
            close = difflib.get_close_matches(id, list(self._by_id), n=5)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise LibraryError(f"unknown MCU task {id!r}{hint}")
        return found

    def select(self, selector: str) -> tuple[AtomicTask, ...]:
        """The tasks matching ``selector`` (see the module docstring), in library order."""
        terms = [t.strip() for t in selector.split(",") if t.strip()]
        if not terms:
            raise LibraryError("empty task selector: expected ids, globs, category:<id>, "
                               "subcategory:<id> or verb:<verb>, separated by commas")  # fmt: skip
        matchers = [self._matcher(t) for t in terms]
        chosen = set()
        for term, match in zip(terms, matchers, strict=True):
            hits = {t.id for t in self.tasks if match(t)}
            if not hits:
                raise LibraryError(f"selector term {term!r} matches no task")
            chosen |= hits
        return tuple(t for t in self.tasks if t.id in chosen)

    def _matcher(self, term: str) -> Callable[[AtomicTask], bool]:
        kind, sep, value = term.partition(":")
        if sep:
            if kind == "category":
                taxonomy.check(value, where=f"selector {term!r}")
                return lambda t: t.category == value
            if kind == "subcategory":
                return lambda t: t.subcategory == value
            if kind == "verb":
                return lambda t: t.verb == value
            raise LibraryError(f"selector term {term!r}: unknown kind {kind!r}, expected one of "
                               f"{', '.join(SELECTOR_KINDS)}")  # fmt: skip
        if any(c in term for c in "*?["):
            return lambda t: fnmatch.fnmatchcase(t.id, term)
        self.get(term)  # a clear error for an unknown id
        return lambda t: t.id == term

    def stats(self) -> dict:
        """Counts: tasks per category and sub-category (in taxonomy order, empty ones too),
        programmatic/judged totals, rejected per reason."""
        per_sub = Counter((t.category, t.subcategory) for t in self.tasks)
        categories = {}
        for cat in taxonomy.CATEGORIES.values():
            subs = {s: per_sub[(cat.id, s)] for s in cat.subcategories}
            categories[cat.id] = {"title": cat.title, "tasks": sum(subs.values()),
                                  "subcategories": subs}  # fmt: skip
        reasons = Counter(r.reason for r in self.rejected)
        return {
            "tasks": len(self.tasks),
            "programmatic": sum(t.programmatic for t in self.tasks),
            "judged": sum(t.judge for t in self.tasks),
            "hand_written": sum(t.source == "hand" for t in self.tasks),
            "categories": categories,
            "rejected": len(self.rejected),
            "rejected_by_reason": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        }


def assemble(families: Iterable[Callable[[], Iterable[AtomicTask | Rejected]]]) -> Library:
    tasks: list[AtomicTask] = []
    rejected: list[Rejected] = []
    for family in families:
        for entry in family():
            (tasks if isinstance(entry, AtomicTask) else rejected).append(entry)
    return Library(tuple(tasks), tuple(rejected))


@cache
def build_library() -> Library:
    """The library from the registries and the hand-written families (built once per process)."""
    return assemble(FAMILIES)
