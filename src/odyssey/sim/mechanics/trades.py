"""Villager trade tables (vanilla 1.21.11 ``VillagerTrades.TRADES``, the non-experimental set) and
the merchant offers they make.

Each profession has five levels (novice, apprentice, journeyman, expert, master) of listings;
``new_offers`` picks two distinct listings of a level with the game's random stream, as
``Villager.updateTrades`` / ``addOffersFromItemListings(offers, listings, 2)`` do (indices drawn
until two differ, then taken in ascending order, a ``HashSet<Integer>``'s order). The listing
kinds are vanilla's: EmeraldForItems (``buy``: items → 1 emerald, price multiplier 0.05),
ItemsForEmeralds (``sell``), ItemsAndEmeraldsToItems (``swap``: emeralds + items → items),
EnchantedItemForEmeralds (``enchanted``: cost = base + level, level 5..19),
EnchantBookForEmeralds (``book``) and DyedArmorForEmeralds (``dyed``).

Deliberate differences: treasure maps (cartographer) are left out, so the cartographer's
apprentice and journeyman levels have one offer each; enchanted items carry one enchantment,
the item kind's main one, at level ``1 + (enchanting level - 5) // 5`` (capped at its maximum)
instead of EnchantmentHelper's weighted roll; an enchanted book's enchantment is drawn uniformly
from vanilla's tradeable list (its level uniformly up to the maximum, cost 2 + rand(5 + 10 ×
level) + 3 × level, doubled for treasure enchantments, at most 64, plus a book); leather armour
is sold undyed; suspicious stew and tipped arrows carry no effect; the fisherman's boat is the
plains villager's oak boat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LEVEL_NAMES = ("novice", "apprentice", "journeyman", "expert", "master")
COLOURS = ("white", "orange", "magenta", "light_blue", "yellow", "lime", "pink", "gray",
           "light_gray", "cyan", "purple", "blue", "brown", "green", "red", "black")  # fmt: skip


@dataclass(frozen=True)
class Listing:
    """One VillagerTrades.ItemListing: ``a`` × ``a_count`` (+ ``b`` × ``b_count``) → ``result``
    × ``count``; ``kind`` says how the offer is made from it (see the module docstring)."""

    kind: str
    a: str
    a_count: int
    result: str
    count: int
    max_uses: int
    xp: int
    mult: float = 0.05
    b: str = ""
    b_count: int = 0


@dataclass
class Offer:
    """A MerchantOffer: costs, result, uses, demand and the villager experience it gives."""

    a: str
    a_count: int
    result: str
    count: int
    max_uses: int
    xp: int
    mult: float = 0.05
    b: str = ""
    b_count: int = 0
    result_components: dict[str, Any] = field(default_factory=dict)
    uses: int = 0
    demand: int = 0
    special_price: int = 0

    def cost_a(self) -> int:
        """MerchantOffer.getModifiedCostCount: base + max(0, floor(base × demand × mult)) +
        special price, clamped to 1..max stack size (emeralds and most items: 64)."""
        extra = max(0, int(self.a_count * self.demand * self.mult // 1))
        return max(1, min(64, self.a_count + extra + self.special_price))

    @property
    def out_of_stock(self) -> bool:
        return self.uses >= self.max_uses

    def restock(self) -> None:
        """MerchantOffer.updateDemand then resetUses (Villager.restock)."""
        self.demand = self.demand + self.uses - (self.max_uses - self.uses)
        self.uses = 0


def buy(item: str, count: int, max_uses: int, xp: int) -> Listing:
    return Listing("buy", item, count, "emerald", 1, max_uses, xp)


def sell(item: str, emeralds: int, count: int, max_uses: int, xp: int,
         mult: float = 0.05) -> Listing:  # fmt: skip
    return Listing("sell", "emerald", emeralds, item, count, max_uses, xp, mult)


def swap(item: str, n: int, emeralds: int, to: str, to_n: int, max_uses: int, xp: int) -> Listing:
    return Listing("swap", "emerald", emeralds, to, to_n, max_uses, xp, 0.05, item, n)


def enchanted(item: str, base: int, max_uses: int, xp: int, mult: float = 0.05) -> Listing:
    return Listing("enchanted", "emerald", base, item, 1, max_uses, xp, mult)


def book(xp: int) -> Listing:
    return Listing("book", "emerald", 0, "enchanted_book", 1, 12, xp, 0.2, "book", 1)


def dyed(item: str, cost: int, max_uses: int = 12, xp: int = 1) -> Listing:
    return Listing("dyed", "emerald", cost, item, 1, max_uses, xp, 0.2)


def each_colour(fmt: str, emeralds: int, count: int, max_uses: int, xp: int) -> list[Listing]:
    return [sell(fmt.format(c), emeralds, count, max_uses, xp) for c in COLOURS]


ARMOUR = 0.2
TRADES: dict[str, tuple[list[Listing], ...]] = {
    "farmer": (
        [buy("wheat", 20, 16, 2), buy("potato", 26, 16, 2), buy("carrot", 22, 16, 2),
         buy("beetroot", 15, 16, 2), sell("bread", 1, 6, 16, 1)],
        [buy("pumpkin", 6, 12, 10), sell("pumpkin_pie", 1, 4, 12, 5), sell("apple", 1, 4, 16, 5)],
        [sell("cookie", 3, 18, 12, 10), buy("melon", 4, 12, 20)],
        [sell("cake", 1, 1, 12, 15)] + [sell("suspicious_stew", 1, 1, 12, 15)] * 6,
        [sell("golden_carrot", 3, 3, 12, 30), sell("glistering_melon_slice", 4, 3, 12, 30)],
    ),
    "fisherman": (
        [buy("string", 20, 16, 2), buy("coal", 10, 16, 2),
         swap("cod", 6, 1, "cooked_cod", 6, 16, 1), sell("cod_bucket", 3, 1, 16, 1)],
        [buy("cod", 15, 16, 10), swap("salmon", 6, 1, "cooked_salmon", 6, 16, 5),
         sell("campfire", 2, 1, 12, 5)],
        [buy("salmon", 13, 16, 20), enchanted("fishing_rod", 3, 3, 10, ARMOUR)],
        [buy("tropical_fish", 6, 12, 30)],
        [buy("pufferfish", 4, 12, 30), buy("oak_boat", 1, 12, 30)],
    ),
    "shepherd": (
        [buy("white_wool", 18, 16, 2), buy("brown_wool", 18, 16, 2), buy("black_wool", 18, 16, 2),
         buy("gray_wool", 18, 16, 2), sell("shears", 2, 1, 12, 1)],
        [buy(f"{c}_dye", 12, 16, 10) for c in ("white", "gray", "black", "light_blue", "lime")]
        + each_colour("{}_wool", 1, 1, 16, 5) + each_colour("{}_carpet", 1, 4, 16, 5),
        [buy(f"{c}_dye", 12, 16, 20) for c in ("yellow", "light_gray", "orange", "red", "pink")]
        + each_colour("{}_bed", 3, 1, 12, 10),
        [buy(f"{c}_dye", 12, 16, 30)
         for c in ("brown", "purple", "blue", "green", "magenta", "cyan")]
        + each_colour("{}_banner", 3, 1, 12, 15),
        [sell("painting", 2, 3, 12, 30)],
    ),
    "fletcher": (
        [buy("stick", 32, 16, 2), sell("arrow", 1, 16, 12, 1),
         swap("gravel", 10, 1, "flint", 10, 12, 1)],
        [buy("flint", 26, 12, 10), sell("bow", 2, 1, 12, 5)],
        [buy("string", 14, 16, 20), sell("crossbow", 3, 1, 12, 10)],
        [buy("feather", 24, 16, 30), enchanted("bow", 2, 3, 15)],
        [buy("tripwire_hook", 8, 12, 30), enchanted("crossbow", 3, 3, 15),
         swap("arrow", 5, 2, "tipped_arrow", 5, 12, 30)],
    ),
    "librarian": (
        [buy("paper", 24, 16, 2), book(1), sell("bookshelf", 9, 1, 12, 1)],
        [buy("book", 4, 12, 10), book(5), sell("lantern", 1, 1, 12, 5)],
        [buy("ink_sac", 5, 12, 20), book(10), sell("glass", 1, 4, 12, 10)],
        [buy("writable_book", 2, 12, 30), book(15), sell("clock", 5, 1, 12, 15),
         sell("compass", 4, 1, 12, 15)],
        [sell("name_tag", 20, 1, 12, 30)],
    ),
    "cartographer": (
        [buy("paper", 24, 16, 2), sell("map", 7, 1, 12, 1)],
        [buy("glass_pane", 11, 16, 10)],
        [buy("compass", 1, 12, 20)],
        [sell("item_frame", 7, 1, 12, 15), *each_colour("{}_banner", 3, 1, 12, 15)],
        [sell("globe_banner_pattern", 8, 1, 12, 30)],
    ),
    "cleric": (
        [buy("rotten_flesh", 32, 16, 2), sell("redstone", 1, 2, 12, 1)],
        [buy("gold_ingot", 3, 12, 10), sell("lapis_lazuli", 1, 1, 12, 5)],
        [buy("rabbit_foot", 2, 12, 20), sell("glowstone", 4, 1, 12, 10)],
        [buy("turtle_scute", 4, 12, 30), buy("glass_bottle", 9, 12, 30),
         sell("ender_pearl", 5, 1, 12, 15)],
        [buy("nether_wart", 22, 12, 30), sell("experience_bottle", 3, 1, 12, 30)],
    ),
    "armorer": (
        [buy("coal", 15, 16, 2), sell("iron_leggings", 7, 1, 12, 1, ARMOUR),
         sell("iron_boots", 4, 1, 12, 1, ARMOUR), sell("iron_helmet", 5, 1, 12, 1, ARMOUR),
         sell("iron_chestplate", 9, 1, 12, 1, ARMOUR)],
        [buy("iron_ingot", 4, 12, 10), sell("bell", 36, 1, 12, 5, ARMOUR),
         sell("chainmail_boots", 1, 1, 12, 5, ARMOUR),
         sell("chainmail_leggings", 3, 1, 12, 5, ARMOUR)],
        [buy("lava_bucket", 1, 12, 20), buy("diamond", 1, 12, 20),
         sell("chainmail_helmet", 1, 1, 12, 10, ARMOUR),
         sell("chainmail_chestplate", 4, 1, 12, 10, ARMOUR), sell("shield", 5, 1, 12, 10, ARMOUR)],
        [enchanted("diamond_leggings", 14, 3, 15, ARMOUR),
         enchanted("diamond_boots", 8, 3, 15, ARMOUR)],
        [enchanted("diamond_helmet", 8, 3, 30, ARMOUR),
         enchanted("diamond_chestplate", 16, 3, 30, ARMOUR)],
    ),
    "weaponsmith": (
        [buy("coal", 15, 16, 2), sell("iron_axe", 3, 1, 12, 1, ARMOUR),
         enchanted("iron_sword", 2, 3, 1)],
        [buy("iron_ingot", 4, 12, 10), sell("bell", 36, 1, 12, 5, ARMOUR)],
        [buy("flint", 24, 12, 20)],
        [buy("diamond", 1, 12, 30), enchanted("diamond_axe", 12, 3, 15, ARMOUR)],
        [enchanted("diamond_sword", 8, 3, 30, ARMOUR)],
    ),
    "toolsmith": (
        [buy("coal", 15, 16, 2), sell("stone_axe", 1, 1, 12, 1, ARMOUR),
         sell("stone_shovel", 1, 1, 12, 1, ARMOUR), sell("stone_pickaxe", 1, 1, 12, 1, ARMOUR),
         sell("stone_hoe", 1, 1, 12, 1, ARMOUR)],
        [buy("iron_ingot", 4, 12, 10), sell("bell", 36, 1, 12, 5, ARMOUR)],
        [buy("flint", 30, 12, 20), enchanted("iron_axe", 1, 3, 10, ARMOUR),
         enchanted("iron_shovel", 2, 3, 10, ARMOUR), enchanted("iron_pickaxe", 3, 3, 10, ARMOUR),
         sell("diamond_hoe", 4, 1, 3, 10, ARMOUR)],
        [buy("diamond", 1, 12, 30), enchanted("diamond_axe", 12, 3, 15, ARMOUR),
         enchanted("diamond_shovel", 5, 3, 15, ARMOUR)],
        [enchanted("diamond_pickaxe", 13, 3, 30, ARMOUR)],
    ),
    "butcher": (
        [buy("chicken", 14, 16, 2), buy("porkchop", 7, 16, 2), buy("rabbit", 4, 16, 2),
         sell("rabbit_stew", 1, 1, 12, 1)],
        [buy("coal", 15, 16, 2), sell("cooked_porkchop", 1, 5, 16, 5),
         sell("cooked_chicken", 1, 8, 16, 5)],
        [buy("mutton", 7, 16, 20), buy("beef", 10, 16, 20)],
        [buy("dried_kelp_block", 10, 12, 30)],
        [buy("sweet_berries", 10, 12, 30)],
    ),
    "leatherworker": (
        [buy("leather", 6, 16, 2), dyed("leather_leggings", 3), dyed("leather_chestplate", 7)],
        [buy("flint", 26, 12, 10), dyed("leather_helmet", 5, 12, 5),
         dyed("leather_boots", 4, 12, 5)],
        [buy("rabbit_hide", 9, 12, 20), dyed("leather_chestplate", 7)],
        [buy("turtle_scute", 4, 12, 30), dyed("leather_horse_armor", 6, 12, 15)],
        [sell("saddle", 6, 1, 12, 30, ARMOUR), dyed("leather_helmet", 5, 12, 30)],
    ),
    "mason": (
        [buy("clay_ball", 10, 16, 2), sell("brick", 1, 10, 16, 1)],
        [buy("stone", 20, 16, 10), sell("chiseled_stone_bricks", 1, 4, 16, 5)],
        [buy("granite", 16, 16, 20), buy("andesite", 16, 16, 20), buy("diorite", 16, 16, 20),
         sell("dripstone_block", 1, 4, 16, 10), sell("polished_andesite", 1, 4, 16, 10),
         sell("polished_diorite", 1, 4, 16, 10), sell("polished_granite", 1, 4, 16, 10)],
        [buy("quartz", 12, 12, 30), *each_colour("{}_terracotta", 1, 1, 12, 15),
         *each_colour("{}_glazed_terracotta", 1, 1, 12, 15)],
        [sell("quartz_pillar", 1, 1, 12, 30), sell("quartz_block", 1, 1, 12, 30)],
    ),
}  # fmt: skip

# EnchantmentHelper's main enchantment for a traded enchanted item, by the item's name ending.
MAIN_ENCHANTMENT = (("sword", "sharpness", 5), ("_axe", "efficiency", 5),
                    ("pickaxe", "efficiency", 5), ("shovel", "efficiency", 5),
                    ("boots", "protection", 4), ("leggings", "protection", 4),
                    ("chestplate", "protection", 4), ("helmet", "protection", 4),
                    ("crossbow", "quick_charge", 3), ("bow", "power", 5),
                    ("fishing_rod", "lure", 3))  # fmt: skip
# The #tradeable enchantments with their maximum levels; treasure ones cost double.
TRADEABLE = (("protection", 4), ("fire_protection", 4), ("feather_falling", 4),
             ("blast_protection", 4), ("projectile_protection", 4), ("respiration", 3),
             ("aqua_affinity", 1), ("thorns", 3), ("depth_strider", 3), ("frost_walker", 2),
             ("binding_curse", 1), ("sharpness", 5), ("smite", 5), ("bane_of_arthropods", 5),
             ("knockback", 2), ("fire_aspect", 2), ("looting", 3), ("sweeping_edge", 3),
             ("efficiency", 5), ("silk_touch", 1), ("unbreaking", 3), ("fortune", 3),
             ("power", 5), ("punch", 2), ("flame", 1), ("infinity", 1), ("luck_of_the_sea", 3),
             ("lure", 3), ("loyalty", 3), ("impaling", 5), ("riptide", 3), ("channeling", 1),
             ("multishot", 1), ("quick_charge", 3), ("piercing", 4), ("density", 5),
             ("breach", 4), ("mending", 1), ("vanishing_curse", 1))  # fmt: skip
TREASURE = frozenset({"frost_walker", "binding_curse", "mending", "vanishing_curse"})


def next_int(rng, n: int) -> int:
    """Random.nextInt(n) from the game's numpy generator."""
    return int(rng.integers(n)) if n > 0 else 0


def make_offer(listing: Listing, rng) -> Offer:
    """ItemListing.getOffer: the offer a listing makes (random parts drawn from ``rng``)."""
    li = listing
    if li.kind == "enchanted":
        level = 5 + next_int(rng, 15)
        comps: dict[str, Any] = {}
        for ending, ench, top in MAIN_ENCHANTMENT:
            if li.result.endswith(ending):
                comps = {"enchantments": {ench: min(top, 1 + (level - 5) // 5)}}
                break
        return Offer("emerald", min(li.a_count + level, 64), li.result, 1, li.max_uses, li.xp,
                     li.mult, result_components=comps)  # fmt: skip
    if li.kind == "book":
        name, top = TRADEABLE[next_int(rng, len(TRADEABLE))]
        level = 1 + next_int(rng, top)
        cost = 2 + next_int(rng, 5 + level * 10) + 3 * level
        cost = min(64, cost * 2 if name in TREASURE else cost)
        return Offer("emerald", cost, "enchanted_book", 1, li.max_uses, li.xp, li.mult,
                     "book", 1, {"stored_enchantments": {name: level}})  # fmt: skip
    return Offer(li.a, li.a_count, li.result, li.count, li.max_uses, li.xp, li.mult,
                 li.b, li.b_count)  # fmt: skip


def pick_listings(listings: list[Listing], rng, count: int = 2) -> list[Listing]:
    """addOffersFromItemListings: ``count`` distinct listings (all when there are fewer)."""
    if len(listings) <= count:
        return list(listings)
    chosen: set[int] = set()
    while len(chosen) < count:
        chosen.add(next_int(rng, len(listings)))
    return [listings[i] for i in sorted(chosen)]


def new_offers(profession: str, level: int, rng) -> list[Offer]:
    """Villager.updateTrades: the two new offers of ``profession`` at ``level`` (1..5)."""
    table = TRADES.get(profession)
    if table is None or not 1 <= level <= len(table):
        return []
    return [make_offer(li, rng) for li in pick_listings(table[level - 1], rng)]


def offers_from_nbt(tag: Any) -> list[Offer]:
    """The ``Offers`` compound of /summon's villager NBT (vanilla's MerchantOffers codec):
    ``{Recipes:[{buy:{id,count}, buyB:{...}, sell:{...}, maxUses, uses, xp, priceMultiplier,
    demand, specialPrice}]}``; ``Count`` (before 1.20.5) is read as ``count``. Raises
    ValueError naming the field that is wrong."""
    from odyssey.errors import OdysseyError
    from odyssey.world.items import items

    if not isinstance(tag, dict) or not isinstance(tag.get("Recipes", []), list):
        raise ValueError("Offers: expected {Recipes:[...]}")

    def stack(recipe: dict, key: str, index: int) -> tuple[str, int]:
        part = recipe.get(key)
        if not isinstance(part, dict) or "id" not in part:
            raise ValueError(f"Offers.Recipes[{index}].{key}: expected {{id:..., count:...}}")
        try:
            name = items().item(str(part["id"])).name
        except OdysseyError:
            msg = f"Offers.Recipes[{index}].{key}.id: unknown item {part['id']!r}"
            raise ValueError(msg) from None
        return name, int(part.get("count", part.get("Count", 1)))

    offers = []
    for i, recipe in enumerate(tag.get("Recipes", [])):
        if not isinstance(recipe, dict):
            raise ValueError(f"Offers.Recipes[{i}]: expected a compound")
        a, a_count = stack(recipe, "buy", i)
        result, count = stack(recipe, "sell", i)
        b, b_count = stack(recipe, "buyB", i) if "buyB" in recipe else ("", 0)
        offers.append(Offer(a, a_count, result, count, int(recipe.get("maxUses", 4)),
                            int(recipe.get("xp", 1)), float(recipe.get("priceMultiplier", 0.0)),
                            b, b_count, uses=int(recipe.get("uses", 0)),
                            demand=int(recipe.get("demand", 0)),
                            special_price=int(recipe.get("specialPrice", 0))))  # fmt: skip
    return offers
