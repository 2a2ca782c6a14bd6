"""A player's statistics in vanilla's categories, as the game keeps them and as
``stats/<uuid>.json`` stores them: ``{"stats": {"minecraft:mined": {"minecraft:stone": 3}}}``.

Rule-based task checks read these ("mine 3 iron ore": ``mined`` of ``iron_ore`` >= 3). Keys are
stored without the ``minecraft:`` prefix and written with it. Distances are in centimetres and
damage in tenths of a heart point, as vanilla counts them.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from odyssey.errors import OdysseyError

CATEGORIES = ("mined", "crafted", "used", "broken", "picked_up", "dropped", "killed",
              "killed_by", "custom")  # fmt: skip
# The custom statistics the engine updates (vanilla has more; unknown ones read as 0).
CUSTOM = ("jump", "walk_one_cm", "sprint_one_cm", "crouch_one_cm", "fall_one_cm", "fly_one_cm",
          "swim_one_cm", "climb_one_cm", "walk_on_water_one_cm", "walk_under_water_one_cm",
          "damage_dealt", "damage_taken", "damage_blocked_by_shield", "deaths", "mob_kills",
          "drop", "play_time", "total_world_time", "time_since_death", "time_since_rest",
          "sneak_time", "interact_with_crafting_table", "interact_with_furnace",
          "interact_with_smoker", "interact_with_blast_furnace", "open_chest", "eat_cake_slice",
          "animals_bred", "sleep_in_bed", "enchant_item", "traded_with_villager",
          "interact_with_anvil", "interact_with_grindstone", "interact_with_brewingstand",
          "open_barrel", "open_shulker_box", "open_enderchest", "inspect_hopper",
          "trigger_trapped_chest", "fill_cauldron", "use_cauldron", "tune_noteblock",
          "play_noteblock", "target_hit", "boat_one_cm", "horse_one_cm",
          "minecart_one_cm")  # fmt: skip


class StatsError(OdysseyError):
    """An unknown statistics category."""


def _plain(name: str) -> str:
    return name.removeprefix("minecraft:")


@dataclass
class Stats:
    """Counters per category and key."""

    values: dict[str, dict[str, int]] = field(default_factory=lambda: defaultdict(dict))

    def add(self, category: str, key: str, amount: int = 1) -> None:
        category, key = _plain(category), _plain(key)
        if category not in CATEGORIES:
            raise StatsError(f"unknown statistics category {category!r}: expected one of"
                             f" {', '.join(CATEGORIES)}")  # fmt: skip
        row = self.values[category]
        row[key] = row.get(key, 0) + int(amount)

    def add_custom(self, keys: tuple[str, ...]) -> None:
        """``add("custom", key)`` for each of ``keys`` (plain names, no ``minecraft:``): the
        counters a tick adds to, without re-checking the category each time."""
        row = self.values["custom"]
        for key in keys:
            row[key] = row.get(key, 0) + 1

    def get(self, category: str, key: str) -> int:
        return self.values.get(_plain(category), {}).get(_plain(key), 0)

    def category(self, category: str) -> dict[str, int]:
        return dict(self.values.get(_plain(category), {}))

    def copy(self) -> Stats:
        return Stats(defaultdict(dict, {c: dict(row) for c, row in self.values.items()}))

    def to_json(self, data_version: int = 4671) -> dict:
        """Vanilla's ``stats/<uuid>.json`` layout (zero counters left out, keys sorted)."""
        stats = {
            f"minecraft:{c}": {f"minecraft:{k}": v for k, v in sorted(row.items()) if v}
            for c, row in sorted(self.values.items())
            if any(row.values())
        }
        return {"stats": stats, "DataVersion": data_version}

    @classmethod
    def from_json(cls, data: dict) -> Stats:
        out = cls()
        for category, row in (data.get("stats") or {}).items():
            for key, value in row.items():
                out.add(category, key, int(value))
        return out
