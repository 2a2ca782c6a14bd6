"""The brewing stand, as vanilla 1.21.11's PotionBrewing (addVanillaMixes) and
BrewingStandBlockEntity.serverTick.

A stand has five slots: three bottles (0-2), the ingredient (3) and blaze powder fuel (4). One
blaze powder gives 20 brews (``fuel``); a brew takes 400 ticks and stops when the ingredient
changes or nothing can be brewed any more. When it finishes every bottle that has a mix turns
into its result, one ingredient is used (its crafting remainder stays or drops), the sound
``block.brewing_stand.brew`` plays and the block's ``has_bottle_0..2`` properties follow the
bottles. Stands tick while the player is away: every stand this game has opened is ticked
each survival tick (vanilla ticks the block entities of loaded chunks). Breaking a stand drops
its contents.

Recipes: water + nether wart → awkward, + redstone → mundane, + glowstone → thick, + fermented
spider eye → weakness; awkward + sugar, rabbit foot, blaze powder, glistering melon, spider eye,
ghast tear, magma cream, pufferfish, golden carrot, phantom membrane, turtle helmet → the
matching potions (water + any of them → mundane); fermented spider eye conversions; redstone →
long, glowstone → strong; gunpowder → splash, dragon's breath → lingering.

Deliberate difference: comparators do not read a stand's contents yet (the stands live in the
mechanic's state, not in the world's block entities).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from odyssey.sim import redstone
from odyssey.sim.inventory import ItemStack, Stack, crafting_remainder
from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.potion_table import POTION_ITEMS, potion_id, with_item, with_potion

Pos = tuple[int, int, int]
Key = tuple[str, int, int, int]
BREW_TICKS = 400
FUEL_USES = 20  # BrewingStandBlockEntity.FUEL_USES per blaze powder
BOTTLES, INGREDIENT, FUEL = (0, 1, 2), 3, 4

# PotionBrewing.addContainerRecipe
CONTAINER_MIXES = {("potion", "gunpowder"): "splash_potion",
                   ("splash_potion", "dragon_breath"): "lingering_potion"}  # fmt: skip


def _vanilla_mixes() -> dict[tuple[str, str], str]:
    mixes: dict[tuple[str, str], str] = {}

    def mix(source: str, item: str, result: str) -> None:
        mixes[(source, item)] = result

    def start(item: str, result: str) -> None:  # addStartMix
        mix("water", item, "mundane")
        mix("awkward", item, result)

    mix("water", "glowstone_dust", "thick")
    mix("water", "redstone", "mundane")
    mix("water", "nether_wart", "awkward")
    start("breeze_rod", "wind_charged")
    start("slime_block", "oozing")
    start("stone", "infested")
    start("cobweb", "weaving")
    mix("awkward", "golden_carrot", "night_vision")
    mix("night_vision", "redstone", "long_night_vision")
    mix("night_vision", "fermented_spider_eye", "invisibility")
    mix("long_night_vision", "fermented_spider_eye", "long_invisibility")
    mix("invisibility", "redstone", "long_invisibility")
    start("magma_cream", "fire_resistance")
    mix("fire_resistance", "redstone", "long_fire_resistance")
    start("rabbit_foot", "leaping")
    mix("leaping", "redstone", "long_leaping")
    mix("leaping", "glowstone_dust", "strong_leaping")
    mix("leaping", "fermented_spider_eye", "slowness")
    mix("long_leaping", "fermented_spider_eye", "long_slowness")
    mix("slowness", "redstone", "long_slowness")
    mix("slowness", "glowstone_dust", "strong_slowness")
    mix("awkward", "turtle_helmet", "turtle_master")
    mix("turtle_master", "redstone", "long_turtle_master")
    mix("turtle_master", "glowstone_dust", "strong_turtle_master")
    mix("swiftness", "fermented_spider_eye", "slowness")
    mix("long_swiftness", "fermented_spider_eye", "long_slowness")
    start("sugar", "swiftness")
    mix("swiftness", "redstone", "long_swiftness")
    mix("swiftness", "glowstone_dust", "strong_swiftness")
    mix("awkward", "pufferfish", "water_breathing")
    mix("water_breathing", "redstone", "long_water_breathing")
    start("glistering_melon_slice", "healing")
    mix("healing", "glowstone_dust", "strong_healing")
    mix("healing", "fermented_spider_eye", "harming")
    mix("strong_healing", "fermented_spider_eye", "strong_harming")
    mix("harming", "glowstone_dust", "strong_harming")
    mix("poison", "fermented_spider_eye", "harming")
    mix("long_poison", "fermented_spider_eye", "harming")
    mix("strong_poison", "fermented_spider_eye", "strong_harming")
    start("spider_eye", "poison")
    mix("poison", "redstone", "long_poison")
    mix("poison", "glowstone_dust", "strong_poison")
    start("ghast_tear", "regeneration")
    mix("regeneration", "redstone", "long_regeneration")
    mix("regeneration", "glowstone_dust", "strong_regeneration")
    start("blaze_powder", "strength")
    mix("strength", "redstone", "long_strength")
    mix("strength", "glowstone_dust", "strong_strength")
    mix("water", "fermented_spider_eye", "weakness")
    mix("weakness", "redstone", "long_weakness")
    start("phantom_membrane", "slow_falling")
    mix("slow_falling", "redstone", "long_slow_falling")
    return mixes


POTION_MIXES = _vanilla_mixes()
INGREDIENTS = frozenset(i for _, i in POTION_MIXES) | frozenset(i for _, i in CONTAINER_MIXES)


def is_ingredient(stack: Stack) -> bool:
    """PotionBrewing.isIngredient."""
    return stack is not None and stack.item in INGREDIENTS


def is_fuel(stack: Stack) -> bool:
    return stack is not None and stack.item == "blaze_powder"


def is_bottle(stack: Stack) -> bool:
    """PotionSlot.mayPlaceItem: potions of any kind and glass bottles."""
    return stack is not None and stack.item in (*POTION_ITEMS, "glass_bottle")


def mix(ingredient: ItemStack, bottle: ItemStack) -> ItemStack | None:
    """PotionBrewing.mix: the brewed bottle, None when this pair has no mix."""
    if bottle.item not in POTION_ITEMS:
        return None
    container = CONTAINER_MIXES.get((bottle.item, ingredient.item))
    if container is not None:
        return with_item(bottle, container)
    potion = potion_id(bottle)
    result = POTION_MIXES.get((potion, ingredient.item)) if potion is not None else None
    return with_potion(bottle, result) if result is not None else None


@dataclass
class BrewingStand:
    """One stand's block entity: its five slots, brew timer, fuel and the ingredient that
    started the brew."""

    items: list[Stack] = field(default_factory=lambda: [None] * 5)
    brew_time: int = 0
    fuel: int = 0
    ingredient: str | None = None

    def get(self, index: int) -> Stack:
        return self.items[index]

    def set(self, index: int, stack: Stack) -> None:
        self.items[index] = stack

    def brewable(self) -> bool:
        """BrewingStandBlockEntity.isBrewable."""
        ing = self.items[INGREDIENT]
        if not is_ingredient(ing):
            return False
        return any(self.items[i] is not None and mix(ing, self.items[i]) is not None
                   for i in BOTTLES)  # fmt: skip

    def tick(self) -> tuple[bool, ItemStack | None]:
        """serverTick: (brewed this tick, a remainder to drop at the stand)."""
        fuel = self.items[FUEL]
        if self.fuel <= 0 and is_fuel(fuel):
            self.fuel = FUEL_USES
            self.items[FUEL] = fuel.with_count(fuel.count - 1)
        brewable = self.brewable()
        ing = self.items[INGREDIENT]
        if self.brew_time > 0:
            self.brew_time -= 1
            if self.brew_time == 0 and brewable:
                return True, self._brew()
            if not brewable or ing is None or ing.item != self.ingredient:
                self.brew_time = 0
        elif brewable and self.fuel > 0:
            self.fuel -= 1
            self.brew_time = BREW_TICKS
            self.ingredient = ing.item
        return False, None

    def _brew(self) -> ItemStack | None:
        """doBrew: every bottle with a mix turns, one ingredient is used up."""
        ing = self.items[INGREDIENT]
        for i in BOTTLES:
            bottle = self.items[i]
            if bottle is not None:
                self.items[i] = mix(ing, bottle) or bottle
        left = ing.with_count(ing.count - 1)
        remainder = crafting_remainder(ing.item)
        if remainder is not None and left is None:
            self.items[INGREDIENT] = remainder
            return None
        self.items[INGREDIENT] = left
        return remainder


# -- the game's stands ---------------------------------------------------------------------


@dataclass
class Stands:
    by_pos: dict[Key, BrewingStand] = field(default_factory=dict)


def stands(game) -> Stands:
    found = game.survival.mechanics.get("brewing")
    if found is None:
        found = game.survival.mechanics["brewing"] = Stands()
    return found


def stand_at(game, pos: Pos) -> BrewingStand:
    """The stand's block entity at ``pos`` (made empty the first time)."""
    key = (game.survival.dimension, *pos)
    table = stands(game).by_pos
    if key not in table:
        table[key] = BrewingStand()
    return table[key]


@hooks.on_use_block("brewing_stand")
def _use(game, hit, held) -> bool:
    from odyssey.sim.mechanics.brewing_menu import open_brewing_stand

    if game.survival.gamemode == "spectator":
        return False
    open_brewing_stand(game, tuple(hit.pos))
    return True


@hooks.on_removed("brewing_stand")
def _removed(game, pos: Pos, old: int, state: int) -> None:
    """Containers.dropContents when the stand is broken or replaced."""
    from odyssey.sim.mechanics.container_drops import drop_contents

    name = game.world.registry.block_of(state).name
    if name == "brewing_stand":
        return
    stand = stands(game).by_pos.pop((game.survival.dimension, *pos), None)
    if stand is None:
        return
    for stack in stand.items:
        if stack is not None:
            drop_contents(game, pos, stack)


@hooks.on_player_tick
def tick_stands(game, before) -> None:
    found = game.survival.mechanics.get("brewing")
    if found is None:
        return
    dim = game.survival.dimension
    reg = game.world.registry
    for key, stand in list(found.by_pos.items()):
        if key[0] != dim:
            continue  # vanilla: that dimension's chunks are not loaded
        pos = key[1:]
        state = game.world.get_block(*pos)
        if reg.block_of(state).name != "brewing_stand":
            del found.by_pos[key]
            continue
        brewed, remainder = stand.tick()
        if brewed:
            hooks.sound(game, "block.brewing_stand.brew", pos)
            game.emit("brewed", 0.0, pos, "brewing_stand")
        if remainder is not None:
            from odyssey.sim.mechanics.container_drops import drop_contents

            drop_contents(game, pos, remainder)
        show_bottles(game, pos, stand)


def show_bottles(game, pos: Pos, stand: BrewingStand) -> None:
    """The block's has_bottle_0..2 properties follow the bottle slots."""
    reg = game.world.registry
    old = game.world.get_block(*pos)
    flags = {f"has_bottle_{i}": "true" if stand.items[i] is not None else "false"
             for i in BOTTLES}  # fmt: skip
    props = reg.properties(old)
    if all(props.get(k) == v for k, v in flags.items()):
        return
    game.set_block(pos, redstone.with_props(reg, old, **flags))
