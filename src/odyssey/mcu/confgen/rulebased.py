"""A rule-based configuration generator: set-up commands (1.21.11 syntax) that make an atomic task
doable with no model, under MCU's soft rules (../shared/reference/mcu-notes.md §4.2).

Give more than needed (twice), never the target item, everything within 4 blocks of the player on
even ground at its feet level (nothing above or around it, so it cannot be buried), the right
workstation placed, targets placed or summoned nearby with the tool that harvests them. ``seed``
turns the layout to one of four sides, so configurations vary without changing what they hold.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from odyssey.mcu.confgen import kits
from odyssey.mcu.confgen import verbs_items as vi
from odyssey.mcu.confgen import verbs_world as vw
from odyssey.mcu.confgen.graph import reg
from odyssey.mcu.confgen.plan import MORE, Plan
from odyssey.mcu.config import TaskConfig
from odyssey.mcu.needs import McuError
from odyssey.mcu.rules import BlockRule, EntityRule, StatRule, leaves
from odyssey.mcu.task import AtomicTask


def generate_config(task: AtomicTask, seed: int = 0) -> TaskConfig:
    """A configuration for ``task`` that verifies clean; McuError for unknown verbs or targets
    the generator cannot set up."""
    make = VERBS.get(task.verb)
    if make is None:
        raise McuError(f"task {task.id}: unknown verb {task.verb!r} (expected one of "
                       f"{', '.join(sorted(VERBS))})")  # fmt: skip
    plan = Plan(turn=random.Random(seed).randrange(4))
    target = task.target.removeprefix("minecraft:")
    if task.verb == "find":
        vi.find(plan, target, task.count, radius(task, target))
    else:
        make(plan, target, max(1, task.count))
    if task.verb in RULE_KITS and task.success is not None:
        _rule_items(plan, task)
    return TaskConfig(
        id=task.id, text=task.text, custom_init_commands=tuple(plan.commands),
        category=task.category, subcategory=task.subcategory, success=task.success,
        judge="autoeval" if task.judge else None, source="generated",
        thinking="; ".join(plan.notes) or None,
    )  # fmt: skip


def radius(task: AtomicTask, target: str) -> int:
    """The radius within which the task's rule counts ``target`` found."""
    for leaf in leaves(task.success) if task.success is not None else ():
        if isinstance(leaf, BlockRule) and target in leaf.blocks:
            return leaf.within
        if isinstance(leaf, EntityRule) and leaf.entity == target:
            return int(leaf.within)
    return vi.FIND_WITHIN


RULE_KITS = ("build", "light", "decorate", "jump", "drop")  # the rule says what to place or use


def _rule_items(p: Plan, task: AtomicTask) -> None:
    """Give what the success rule asks to place (``placed`` block rules) or use: twice the
    count of the first block's item, and a stack of the next two for choice."""
    given = {c.split()[2].split("[")[0].removeprefix("minecraft:") for c in p.commands
             if c.startswith("/give")}  # fmt: skip
    for leaf in leaves(task.success):
        wanted: list[tuple[str, int]] = []
        if isinstance(leaf, BlockRule) and leaf.placed:
            items = [i for b in leaf.blocks if kits.is_block(b) and (i := reg().item_for_block(b))]
            items = list(dict.fromkeys(items))
            wanted = (
                [(items[0], leaf.count * MORE)] + [(i, 64) for i in items[1:3]] if items else []
            )
        elif (
            isinstance(leaf, StatRule)
            and leaf.category in ("used", "dropped")
            and kits.is_item(leaf.key)
        ):
            wanted = [(leaf.key, leaf.at_least * MORE)]
        for item, n in wanted:
            if item not in given:
                p.give(item, min(n, 64))
                given.add(item)


VERBS: dict[str, Callable[[Plan, str, int], None]] = {
    "craft": vi.craft, "mine": vi.mine, "smelt": vi.smelt, "find": vi.find, "combat": vi.combat,
    "hunt": vi.hunt, "eat": vi.eat, "drink": vi.drink, "brew": vi.brew, "enchant": vi.enchant,
    "trade": vi.trade, "sell": vi.sell,
    "repair": lambda p, t, n: vi.anvil(p, t, n, "repair"),
    "rename": lambda p, t, n: vi.anvil(p, t, n, "rename"),
    "combine": lambda p, t, n: vi.anvil(p, t, n, "combine"),
    "shear": vw.shear, "plant": vw.plant, "feed": vw.feed, "breed": vw.breed, "tame": vw.tame,
    "lead": vw.lead, "ride": vw.ride, "sleep": vw.sleep, "pillar": vw.pillar, "dive": vw.dive,
    "climb": vw.climb, "drop": vw.drop, "jump": vw.jump, "build": vw.build, "light": vw.light,
    "use": vi.use, "trap": vw.trap, "dig": vw.dig, "swim": vw.swim, "sprint": vw.move,
    "sneak": vw.move, "walk": vw.move, "decorate": vw.decorate,
}  # fmt: skip
