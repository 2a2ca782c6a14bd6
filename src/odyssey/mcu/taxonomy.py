"""MCU's task taxonomy: 11 categories and their sub-categories.

Neither MCU nor MineStudio ships labels; the names are those printed in MCU's sunburst figure
(``figs/mcu.png``, 40 labelled slices; ../shared/reference/mcu-notes.md §1.3). Ids are ours
(snake case); titles are the figure's. Sub-categories marked *ours* are not in the figure: they
hold task kinds the figure's slices leave out (smelting under "Craft Tools" is in the figure;
"other motion" is ours).
"""

from __future__ import annotations

from dataclasses import dataclass

from odyssey.errors import OdysseyError


class TaxonomyError(OdysseyError):
    """A category or sub-category that MCU's taxonomy does not have."""


@dataclass(frozen=True)
class Category:
    id: str
    title: str
    subcategories: dict[str, str]  # id -> title


CATEGORIES: dict[str, Category] = {
    c.id: c
    for c in (
        Category("craft", "Craft Tools", {
            "craft_items": "Craft Items", "enchant_tools": "Enchant Tools",
            "brew_potions": "Brew Potions", "smelt": "Smelt Ores & Foods"}),
        Category("find", "Find & Navigation", {
            "identify_terrain": "Identify Terrain", "find_ecosystems": "Find Ecosystems",
            "spot_creatures": "Spot Creatures", "find_items": "Find Items",
            "find_resources": "Find Resources"}),
        Category("mine", "Mine Blocks", {
            "ore": "Ore", "stone": "Stone", "coal": "Coal", "redstone": "Redstone",
            "nether": "Nether", "end": "End", "wood": "Wood Mining",
            "other_blocks": "Other Blocks"}),  # ours: the list's ~269 other blocks
        Category("tool_use", "Tool-use", {
            "interact_with_tools": "Interact with Tools", "drink_potion": "Drink Potion",
            "feed_animals": "Feed Animals", "plant_seeds": "Plant Seeds",
            "eat_food": "Eat Food"}),
        Category("build", "Build", {
            "decorative_art": "Decorative Art", "defensive_place": "Defensive Place",
            "redstone_devices": "Redstone Devices", "homes_shelters": "Homes & Shelters"}),
        Category("animal_care", "Animal care", {
            "tame_animals": "Tame Animals", "guide_animals": "Guide Animals",
            "trap_animals": "Trap Animals"}),
        Category("motion", "Motion", {
            "drop_items": "Drop Items", "climb": "Climb", "dive_underwater": "Dive Underwater",
            "other_motion": "Other Motion"}),  # ours: jumps, bridges, MLG water
        Category("art", "Art", {"lighting": "Lighting", "decoration": "Decoration"}),
        Category("trade", "Trade", {"sell_goods": "Sell Goods", "buy_items": "Buy Items"}),
        Category("combat", "Combat", {"fight_mobs": "Fight Mobs", "hunt_animals": "Hunt Animals"}),
        Category("others", "Others", {
            "combine_tools": "Combine Tools", "rename_items": "Rename Items",
            "repair_tools": "Repair Tools"}),
    )
}  # fmt: skip


def check(category: str, subcategory: str | None = None, where: str = "") -> None:
    """Raise TaxonomyError unless ``category`` (and ``subcategory`` in it) exist."""
    prefix = f"{where}: " if where else ""
    if category not in CATEGORIES:
        raise TaxonomyError(f"{prefix}unknown category {category!r}: expected one of "
                            f"{', '.join(CATEGORIES)}")  # fmt: skip
    subs = CATEGORIES[category].subcategories
    if subcategory is not None and subcategory not in subs:
        raise TaxonomyError(f"{prefix}unknown sub-category {subcategory!r} of {category!r}: "
                            f"expected one of {', '.join(subs)}")  # fmt: skip


def title(category: str, subcategory: str | None = None) -> str:
    check(category, subcategory)
    c = CATEGORIES[category]
    return c.title if subcategory is None else c.subcategories[subcategory]
