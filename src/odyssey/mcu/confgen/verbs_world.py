"""Rule-based set-ups of the animal, motion, building and art verbs: shear, plant, feed, breed,
tame, lead, ride, sleep, pillar, dive, climb, drop, jump, build, light, trap, dig, swim, walking
(sprint, sneak, walk) and decorate."""

from __future__ import annotations

from odyssey.mcu.confgen import kits
from odyssey.mcu.confgen.graph import reg
from odyssey.mcu.confgen.plan import MORE, SPOTS, TURNED_EAST, Plan
from odyssey.mcu.needs import McuError

BUILD_KIT = ("oak_planks", "cobblestone", "glass", "oak_log", "stone_bricks")


def shear(p: Plan, target: str, count: int) -> None:
    mob = target if target in kits.SHEARABLE else "sheep"
    p.give("shears")
    for _ in range(count):
        p.summon(mob)


def plant(p: Plan, target: str, count: int) -> None:
    if not kits.is_item(target) or reg().block_for_item(target) is None:
        raise McuError(f"plant {target}: {target!r} is not an item that can be planted")
    p.give(target, count * MORE)
    support = {"cocoa_beans": "jungle_log", "nether_wart": "soul_sand"}.get(target)
    if target == "glow_berries":  # hangs from the underside of a block
        p.commands.append(f"/setblock {p.spot(dy=2)} minecraft:stone")
    elif support == "jungle_log":
        p.setblock(support)
    elif support is not None:
        p.commands.append(f"/setblock {p.spot(dy=-1)} minecraft:{support}")
    if target.endswith(("seeds", "carrot", "potato", "pitcher_pod")):
        # a 3×3 field of farmland two blocks out, watered from its middle
        p.commands.append(f"/fill {p.at(1, -1, -1)} {p.at(3, 1, -1)} minecraft:farmland")
        p.commands.append(f"/setblock {p.at(2, 0, -1)} minecraft:water")
        p.used = 3  # keep stations off the field
        p.give("iron_hoe")


def feed(p: Plan, target: str, count: int, mobs: int = 1) -> None:
    food = kits.animal_food(target)
    if target in ("wolf", "cat"):  # they eat only once tamed
        p.give(kits.tame_item(target), 16)
    p.give(food, max(4, mobs * count * MORE))
    for _ in range(mobs * count):
        p.summon(target)


def breed(p: Plan, target: str, count: int) -> None:
    feed(p, target, count, mobs=2)


def tame(p: Plan, target: str, count: int) -> None:
    item = kits.tame_item(target)
    if item is not None:
        p.give(item, 16 * count)
    else:
        p.give("golden_apple", 8)  # feeding raises a horse's temper
    for _ in range(count):
        p.summon(target)


def lead(p: Plan, target: str, count: int) -> None:
    p.give("lead", count * MORE)
    if not kits.is_mob(target):  # "tie to a fence" (a leash knot): an animal and a fence post
        p.give("oak_fence", 4)
        p.setblock("oak_fence")
        target = "cow"
    for _ in range(count):
        p.summon(target)


def ride(p: Plan, target: str, count: int) -> None:
    if target.endswith(("boat", "minecart", "raft")) and kits.is_item(target):
        p.give(target, MORE)
        if target.endswith("minecart"):
            p.commands.append(f"/setblock {p.spot()} minecraft:rail")
        return
    for item in kits.RIDE_ITEMS.get(target, ()):
        p.give(item, MORE)
    if target in ("horse", "donkey", "mule", "camel"):
        p.give("golden_apple", 8)
    p.summon(target)


def sleep(p: Plan, target: str, count: int) -> None:
    facing = TURNED_EAST[p.turn]  # from the foot towards the head
    p.commands.append("/time set night")
    p.commands.append(f"/setblock {p.at(2, 0)} minecraft:white_bed[part=foot,facing={facing}]")
    p.commands.append(f"/setblock {p.at(3, 0)} minecraft:white_bed[part=head,facing={facing}]")
    p.used = 3


def pillar(p: Plan, target: str, count: int) -> None:
    p.give("dirt", 64)


def dive(p: Plan, target: str, count: int) -> None:
    # a pool next to the player: 3×3 across, 3 deep, its edge 2 blocks away
    p.commands.append(f"/fill {p.at(2, -1, -3)} {p.at(4, 1, -1)} minecraft:water")
    p.used = len(SPOTS)


def climb(p: Plan, target: str, count: int) -> None:
    facing = TURNED_EAST[(p.turn + 2) % 4]  # the ladder faces the player, its back on the stone
    p.commands.append(f"/fill {p.at(3, 0)} {p.at(3, 0, 5)} minecraft:stone")
    p.commands.append(f"/fill {p.at(2, 0)} {p.at(2, 0, 5)} minecraft:ladder[facing={facing}]")
    p.give("ladder", 16)
    p.used = 1


def drop(p: Plan, target: str, count: int) -> None:
    item = target if kits.is_item(target) else "dirt"
    p.give(item, count * MORE)


def jump(p: Plan, target: str, count: int) -> None:
    p.commands.append("/time set day")


def build(p: Plan, target: str, count: int) -> None:
    text = target.lower()
    for item in BUILD_KIT:
        p.give(item, 64)
    extras = {"golem": ("snow_block", "iron_block", "carved_pumpkin"),
              "portal": ("obsidian", "flint_and_steel"),
              "redstone": ("redstone", "repeater", "lever", "redstone_torch", "piston"),
              "gate": ("redstone", "lever", "redstone_torch"),
              "circuit": ("redstone", "repeater", "comparator", "lever", "redstone_lamp"),
              "house": ("oak_door", "torch", "glass_pane"),
              "waterfall": ("water_bucket",), "farm": ("water_bucket", "wheat_seeds", "iron_hoe"),
              "fence": ("oak_fence", "oak_fence_gate")}  # fmt: skip
    for word, kit in extras.items():
        if word in text:
            for item in kit:
                p.give(item, 1 if item.endswith(("_bucket", "_steel", "_hoe")) else 32)
    p.setblock("crafting_table")


def light(p: Plan, target: str, count: int) -> None:
    p.commands.append("/time set night")
    p.give("torch", 64)
    if kits.is_item(target) and target != "torch":
        p.give(target, max(2, count * MORE))


def trap(p: Plan, target: str, count: int) -> None:
    if not kits.is_mob(target):
        raise McuError(f"trap {target}: {target!r} is not a mob")
    for item in ("oak_fence", "oak_planks", "cobblestone"):
        p.give(item, 64)
    p.give("oak_fence_gate", 2)
    p.give("oak_boat", 1)
    p.give("lead", 2)
    p.summon(target, "{NoAI:1b}" if target in ("blaze", "phantom", "ghast", "vex") else "")


def dig(p: Plan, target: str, count: int) -> None:
    p.give("iron_shovel")
    p.give("iron_pickaxe")


def swim(p: Plan, target: str, count: int) -> None:
    # a pool 3 long, 5 across and 2 deep, its edge 2 blocks away: room to swim
    p.commands.append(f"/fill {p.at(2, -2, -2)} {p.at(4, 2, -1)} minecraft:water")
    p.used = len(SPOTS)


def move(p: Plan, target: str, count: int) -> None:
    p.commands.append("/time set day")


def decorate(p: Plan, target: str, count: int) -> None:
    for item in ("poppy", "dandelion", "flower_pot", "white_carpet", "red_carpet", "lantern",
                 "white_banner", "painting", "white_wool", "red_wool", "blue_wool"):  # fmt: skip
        p.give(item, 16)
