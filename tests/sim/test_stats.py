"""Statistics: vanilla's categories and its stats file layout."""

from __future__ import annotations

import pytest

from odyssey.sim.stats import Stats, StatsError


def test_counts_by_category_with_or_without_the_namespace():
    s = Stats()
    s.add("mined", "minecraft:stone", 2)
    s.add("minecraft:mined", "stone")
    s.add("custom", "jump")
    assert s.get("mined", "stone") == 3 and s.get("minecraft:mined", "minecraft:stone") == 3
    assert s.get("crafted", "stick") == 0 and s.category("custom") == {"jump": 1}


def test_vanilla_file_layout_round_trips():
    s = Stats()
    s.add("crafted", "oak_planks", 4)
    s.add("custom", "interact_with_crafting_table")
    s.add("killed", "zombie", 0)
    data = s.to_json()
    assert data == {"stats": {"minecraft:crafted": {"minecraft:oak_planks": 4},
                              "minecraft:custom": {"minecraft:interact_with_crafting_table": 1}},
                    "DataVersion": 4671}  # fmt: skip
    assert Stats.from_json(data).to_json() == data


def test_copy_is_independent_and_unknown_category_is_refused():
    s = Stats()
    s.add("used", "bread")
    c = s.copy()
    c.add("used", "bread")
    assert (s.get("used", "bread"), c.get("used", "bread")) == (1, 2)
    with pytest.raises(StatsError, match="unknown statistics category 'mind'"):
        s.add("mind", "stone")
