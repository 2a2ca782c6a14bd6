"""Obtaining items: ``stat crafted X`` and ``item X`` (unnamed).

A :class:`Planner` works out, from the live inventory, the blocks around and the mobs near, a
list of steps that ends with X in the inventory: craft with the recipe book (a 3×3 recipe at a
crafting table found nearby, or placed from the inventory), smelt in a furnace, mine a block that
drops it, kill a mob that drops it — ingredients planned the same way, recursively (logs → planks
→ sticks → a pickaxe). The steps are then played through actions (``families_craft_exec``).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import cache

from odyssey.mcu.oracle.core import Ctx, OracleStuckError, Script, skill
from odyssey.mcu.oracle.families_gather import (
    block_drop_count,
    blocks_nearby,
    forbidden,
    harvest_tools,
    inventory_counts,
    mobs_dropping,
)
from odyssey.mcu.rules import ItemRule, StatRule
from odyssey.world.items import items

FURNACE_KINDS = ("furnace", "smoker", "blast_furnace")
MAX_DEPTH = 7
MOB_RADIUS = 32.0
ALL_WAYS = ("craft0", "smelt0", "mine", "kill", "craft", "smelt")
MADE_WAYS = ("craft0", "smelt0", "craft", "smelt")  # what counts as ``crafted``


@dataclass(frozen=True)
class Step:
    """One thing to do: ``how`` is craft, smelt, mine, kill or place (a table or furnace)."""

    how: str
    item: str
    times: int
    source: str = ""  # the block mined, the mob killed, the ingredient smelted
    kind: str = ""  # the furnace kind; for mining, "shears": break it with shears
    fuel: str = ""
    fuel_count: int = 0
    table: bool = False  # a 3×3 craft: at a crafting table


@cache
def cooking_sources(result: str) -> tuple[tuple[str, str], ...]:
    """(furnace kind, ingredient) pairs that cook into ``result`` (the plain furnace first)."""
    reg = items()
    out = []
    for kind in FURNACE_KINDS:
        for name in reg.names:
            c = reg.cooking(kind, name)
            if c is not None and c.result == result:
                out.append((kind, name))
    return tuple(out)


def _fits_inventory(recipe) -> bool:
    """The recipe fits the 2×2 inventory grid (else it needs a crafting table)."""
    if recipe.kind == "shaped":
        return recipe.width <= 2 and recipe.height <= 2
    return sum(1 for s in recipe.ingredients if s) <= 4


class Planner:
    """Plans steps over a model of the inventory and the surroundings (nothing is changed)."""

    def __init__(self, ctx: Ctx, avoid: tuple[str, ...] = ()) -> None:
        self.ctx, self.avoid = ctx, forbidden(ctx, avoid)
        self.have = inventory_counts(ctx)
        self.world = blocks_nearby(ctx)
        store = ctx.game.survival.entities
        y = ctx.player.pos[1]  # mobs in caves far below are out of reach
        self.mobs = Counter(e.type for e in store.near(ctx.player.pos, MOB_RADIUS)
                            if not e.dead and e.type != "item" and abs(e.y - y) < 6)  # fmt: skip
        self.table = self.world["crafting_table"] > 0
        self.furnaces = {k for k in FURNACE_KINDS if self.world[k] > 0}
        self.steps: list[Step] = []
        self.busy: set[str] = set()

    # -- state ------------------------------------------------------------------------------

    def _save(self):
        return (Counter(self.have), Counter(self.world), Counter(self.mobs), self.table,
                set(self.furnaces), len(self.steps))  # fmt: skip

    def _load(self, saved) -> None:
        self.have, self.world, self.mobs, self.table, self.furnaces, n = saved
        self.have, self.world, self.mobs = Counter(self.have), Counter(self.world), Counter(
            self.mobs)  # fmt: skip
        self.furnaces = set(self.furnaces)
        del self.steps[n:]

    # -- planning ---------------------------------------------------------------------------

    def need(self, item: str, n: int, depth: int = 0) -> bool:
        """Plan until ``n`` of ``item`` are had (already had ones count)."""
        if self.have[item] >= n:
            return True
        return self.produce(item, n - self.have[item], ALL_WAYS, depth)

    def produce(self, item: str, n: int, ways=ALL_WAYS, depth: int = 0) -> bool:
        """Plan ``n`` more of ``item`` by one of ``ways``."""
        if depth > MAX_DEPTH or item in self.busy:
            return False
        self.busy.add(item)
        try:
            for way in ways:
                saved = self._save()
                if self._way(way, item, n, depth):
                    return True
                self._load(saved)
            return False
        finally:
            self.busy.discard(item)

    def _way(self, way: str, item: str, n: int, depth: int) -> bool:
        match way:
            case "craft0" | "craft":
                return self._craft(item, n, depth, recurse=way == "craft")
            case "smelt0" | "smelt":
                return self._smelt(item, n, depth, recurse=way == "smelt")
            case "mine":
                return self._mine(item, n, depth)
            case "kill":
                return self._kill(item, n)
        raise ValueError(way)

    def _take(self, options, total: int, depth: int, recurse: bool) -> bool:
        """Use up ``total`` of one of ``options`` (an ingredient slot's alternatives)."""
        ranked = sorted(options, key=lambda o: (-self.have[o], -self._near(o), o))
        if self.have[ranked[0]] >= total:
            self.have[ranked[0]] -= total
            return True
        if not recurse:
            return False
        for option in ranked[:4]:
            saved = self._save()
            if self.need(option, total, depth + 1):
                self.have[option] -= total
                return True
            self._load(saved)
        return False

    def _near(self, item: str) -> int:
        """How close ``item`` is to hand: 2 made from what is had, 1 found around, 0 neither."""
        for recipe in items().recipes_for(item):
            if all(any(self.have[o] > 0 for o in opts) for opts in recipe.ingredients if opts):
                return 2
        if any(self.have[i] > 0 for _, i in cooking_sources(item)):
            return 2
        if any(self.world[b] > 0 and block_drop_count(b, item) for b in self.world):
            return 1
        return 0

    def _craft(self, item: str, n: int, depth: int, recurse: bool) -> bool:
        for recipe in items().recipes_for(item):
            if recipe.count < 1:  # a special recipe the table lists without a result count
                continue
            saved = self._save()
            times = math.ceil(n / recipe.count)
            slots = Counter(s for s in recipe.ingredients if s)
            if all(self._take(opts, k * times, depth, recurse) for opts, k in slots.items()):
                table = not _fits_inventory(recipe)
                if table and not self._place("crafting_table", depth, recurse):
                    self._load(saved)
                    continue
                self.steps.append(Step("craft", item, times, table=table))
                self.have[item] += times * recipe.count
                return True
            self._load(saved)
        return False

    def _place(self, block: str, depth: int, recurse: bool) -> bool:
        """A crafting table or a furnace to work at: one nearby, or placed from the inventory."""
        if self.table if block == "crafting_table" else block in self.furnaces:
            return True
        if self.have[block] < 1 and not (recurse and self.need(block, 1, depth + 1)):
            return False
        self.have[block] -= 1
        self.steps.append(Step("place", block, 1))
        if block == "crafting_table":
            self.table = True
        else:
            self.furnaces.add(block)
        return True

    def _smelt(self, item: str, n: int, depth: int, recurse: bool) -> bool:
        for kind, ingredient in cooking_sources(item):
            saved = self._save()
            cook = items().cooking(kind, ingredient)
            if self._take([ingredient], n, depth, recurse) and self._place(kind, depth, recurse):
                fuel = self._fuel(kind, n * cook.ticks, ingredient)
                if fuel is not None:
                    self.steps.append(Step("smelt", item, n, ingredient, kind, *fuel))
                    self.have[item] += n * cook.count
                    return True
            self._load(saved)
        return False

    def _fuel(self, kind: str, ticks: int, ingredient: str) -> tuple[str, int] | None:
        """The fuel (and how much) to burn ``ticks`` long: the longest-burning one had."""
        reg = items()
        best = None
        for item, count in self.have.items():
            burn = reg.fuel_ticks(item) // (1 if kind == "furnace" else 2)
            if burn <= 0 or count <= 0 or item == ingredient or item.endswith("bucket"):
                continue
            need = math.ceil(ticks / burn)
            if need <= count and (best is None or burn > best[2]):
                best = (item, need, burn)
        if best is None:
            return None
        self.have[best[0]] -= best[1]
        return best[0], best[1]

    def _mine(self, item: str, n: int, depth: int) -> bool:
        shears = self.have["shears"] > 0 and "shears" not in self.avoid
        sources = [(b, c, False) for b in list(self.world) if self.world[b] > 0
                   and (c := block_drop_count(b, item)) > 0]  # fmt: skip
        sources += [(b, c, True) for b in list(self.world) if shears and self.world[b] > 0
                    and (c := block_drop_count(b, item, shears=True)) > 0]  # fmt: skip
        for block, each, sheared in sorted(sources, key=lambda s: (bool(harvest_tools(s[0])),
                                                                   -s[1])):  # fmt: skip
            count = math.ceil(n / each)
            if self.world[block] < count:
                continue
            saved = self._save()
            tools = [t for t in harvest_tools(block) if t not in self.avoid]
            had = not harvest_tools(block) or any(self.have[t] > 0 for t in tools)
            if not had and not any(self._tool(t, depth) for t in tools[:3]):
                self._load(saved)
                continue
            self.world[block] -= count
            self.steps.append(Step("mine", item, count, source=block,
                                   kind="shears" if sheared else ""))  # fmt: skip
            self.have[item] += count * each
            return True
        return False

    def _tool(self, tool: str, depth: int) -> bool:
        saved = self._save()
        if self.need(tool, 1, depth + 1):
            return True
        self._load(saved)
        return False

    def _kill(self, item: str, n: int) -> bool:
        for mob, each in sorted(mobs_dropping(item).items(), key=lambda m: -m[1]):
            count = math.ceil(n / each)
            if self.mobs[mob] >= count:
                self.mobs[mob] -= count
                self.steps.append(Step("kill", item, count, source=mob))
                self.have[item] += count * each
                return True
        return False


# -- skills ---------------------------------------------------------------------------------------


def obtain(ctx: Ctx, item: str, n: int, ways=None, tries: int = 3) -> Script:
    """Plan and play until ``n`` of ``item`` are had; ``ways`` (e.g. MADE_WAYS) forces making
    them anew however many are had."""
    from odyssey.mcu.oracle.families_craft_exec import play_steps

    start = ctx.count(item)
    for _ in range(tries):
        got = ctx.count(item) - start if ways else ctx.count(item)
        if got >= n:
            return
        planner = Planner(ctx)
        ok = planner.produce(item, n - got, ways) if ways else planner.need(item, n)
        if not ok:
            raise OracleStuckError(f"no way to get {n - got} {item} from here")
        ctx.notes.append(f"plan for {item}: " + ", ".join(
            f"{s.how} {s.source or s.item}×{s.times}" for s in planner.steps))  # fmt: skip
        yield from play_steps(ctx, planner.steps)


def gather_from_world(ctx: Ctx, item: str, n: int) -> Script:
    """Mine or kill for ``n`` more of ``item`` (what ``picked_up`` counts)."""
    yield from obtain(ctx, item, n, ways=("mine", "kill"), tries=1)


def _can_make(ctx: Ctx, rule) -> bool:
    """A ``crafted X`` rule whose X can be made from here (else another family may know how)."""
    item = _target(rule)
    return (isinstance(rule, StatRule) and item is not None and items().has(item)
            and Planner(ctx).produce(item, rule.at_least, MADE_WAYS))  # fmt: skip


def _can_get(ctx: Ctx, rule) -> bool:
    item = _target(rule)
    return (isinstance(rule, ItemRule) and item is not None and items().has(item)
            and Planner(ctx).need(item, rule.count))  # fmt: skip


def _target(rule) -> str | None:
    if isinstance(rule, StatRule) and rule.category == "crafted":
        return rule.key.removeprefix("minecraft:")
    if isinstance(rule, ItemRule) and rule.named is None:
        return rule.item.removeprefix("minecraft:")
    return None


@skill("stat", when=_can_make)
def craft_skill(ctx: Ctx, rule: StatRule) -> Script:
    """Make ``at_least`` X anew (crafting or smelting; the stat counts what is taken out)."""
    item = _target(rule)
    start = ctx.game.survival.stats.get("crafted", item)
    for _ in range(3):
        made = ctx.game.survival.stats.get("crafted", item) - start
        if made >= rule.at_least:
            return
        yield from obtain(ctx, item, rule.at_least - made, ways=MADE_WAYS, tries=1)


@skill("item", when=_can_get)
def item_skill(ctx: Ctx, rule: ItemRule) -> Script:
    """Have ``count`` X in the inventory, however it comes."""
    yield from obtain(ctx, _target(rule), rule.count)
