"""AtomicTasks built by hand for the configuration generator's tests (the library is not needed):
one per verb, with the category and sub-category the taxonomy gives that kind of task."""

from __future__ import annotations

from odyssey.mcu.rules import ItemRule, Rule, StatRule
from odyssey.mcu.task import AtomicTask

CATEGORY = {
    "craft": ("craft", "craft_items"), "mine": ("mine", "ore"), "smelt": ("craft", "smelt"),
    "find": ("find", "find_items"), "combat": ("combat", "fight_mobs"),
    "hunt": ("combat", "hunt_animals"), "eat": ("tool_use", "eat_food"),
    "drink": ("tool_use", "drink_potion"), "brew": ("craft", "brew_potions"),
    "enchant": ("craft", "enchant_tools"), "trade": ("trade", "buy_items"),
    "sell": ("trade", "sell_goods"), "repair": ("others", "repair_tools"),
    "rename": ("others", "rename_items"), "combine": ("others", "combine_tools"),
    "shear": ("animal_care", "trap_animals"), "plant": ("tool_use", "plant_seeds"),
    "feed": ("tool_use", "feed_animals"), "breed": ("animal_care", "guide_animals"),
    "tame": ("animal_care", "tame_animals"), "lead": ("animal_care", "guide_animals"),
    "ride": ("motion", "other_motion"), "sleep": ("tool_use", "interact_with_tools"),
    "pillar": ("motion", "other_motion"), "dive": ("motion", "dive_underwater"),
    "climb": ("motion", "climb"), "drop": ("motion", "drop_items"),
    "jump": ("motion", "other_motion"), "build": ("build", "homes_shelters"),
    "light": ("art", "lighting"),
}  # fmt: skip


def task(verb: str, target: str, count: int = 1, success: Rule | None = None) -> AtomicTask:
    category, sub = CATEGORY.get(verb, ("others", "rename_items"))
    rule = success or StatRule(category="custom", key="jump")
    return AtomicTask(id=f"{verb}_{target}", text=f"{verb} {target.replace('_', ' ')}",
                      category=category, subcategory=sub, verb=verb, target=target, count=count,
                      success=rule)  # fmt: skip


def craft(item: str) -> AtomicTask:
    return task("craft", item, success=ItemRule(item=item))
