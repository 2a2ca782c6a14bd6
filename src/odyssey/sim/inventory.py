"""Item stacks and the player's inventory, with vanilla's container indices and insertion order.

An ``ItemStack`` is immutable (vanilla mutates stacks in place; here every change makes a new
stack), and an empty slot is ``None``. ``PlayerInventory`` is vanilla's ``Inventory``: container
indices 0-8 hotbar, 9-35 main, 36-39 armour (feet, legs, chest, head) and 40 offhand.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from odyssey.sim.player import SimError
from odyssey.world.items import ItemType, items, strip_namespace

HOTBAR = range(0, 9)
MAIN = range(9, 36)
STORAGE = range(0, 36)  # hotbar and main: where Inventory.add puts things
FEET, LEGS, CHEST, HEAD, OFFHAND = 36, 37, 38, 39, 40
SIZE = 41
CONTAINER_MAX = 99  # Container.getMaxStackSize(): no slot holds more than this


class InventoryError(SimError):
    """Bad inventory input: an unknown item or slot name, a count below 1."""


Components = tuple[tuple[str, Any], ...]


def _freeze(value: Any) -> Any:
    """Dicts and lists as sorted tuples, so stacks compare and hash by value."""
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


@dataclass(frozen=True)
class ItemStack:
    """An item, a count and data components (``damage``, ``enchantments``, ``custom_name`` ...).

    Vanilla's ItemStack; components are stored frozen (a dict becomes sorted pairs).
    """

    item: str
    count: int = 1
    components: Components = ()

    def __post_init__(self) -> None:
        name = strip_namespace(self.item)
        if not items().has(name):
            items().item(name)  # raises ItemError naming the unknown item
        if name == "air":
            raise InventoryError("an item stack cannot hold air: use None for an empty slot")
        if not isinstance(self.count, int) or self.count < 1:
            raise InventoryError(f"item stack of {name}: count must be an integer >= 1, "
                                 f"got {self.count!r}")  # fmt: skip
        object.__setattr__(self, "item", name)
        # component ids without their namespace, as vanilla's registry treats them the same
        components = {strip_namespace(str(k)): v for k, v in dict(self.components).items()}
        object.__setattr__(self, "components", _freeze(components))

    @classmethod
    def of(cls, item: str, count: int = 1, **components: Any) -> ItemStack:
        return cls(item, count, _freeze(components))

    # -- item facts ---------------------------------------------------------------------------

    @property
    def type(self) -> ItemType:
        return items().item(self.item)

    def component(self, key: str, default: Any = None) -> Any:
        return dict(self.components).get(key, default)

    @property
    def max_stack_size(self) -> int:
        """The ``max_stack_size`` component, else 1 for damageable items, else the item's."""
        size = self.component("max_stack_size")
        if size is not None:
            return int(size)
        return 1 if self.max_damage > 0 else self.type.stack_size

    @property
    def max_damage(self) -> int:
        return int(self.component("max_damage", self.type.max_damage))

    @property
    def damage(self) -> int:
        return int(self.component("damage", 0))

    @property
    def enchantments(self) -> dict[str, int]:
        """Enchantment ids (without ``minecraft:``) and their levels."""
        found = dict(self.component("enchantments", ()))
        if set(found) == {"levels"}:  # 1.20.5-1.21.4's {levels: {...}} form
            found = dict(found["levels"])
        return {strip_namespace(str(k)): int(v) for k, v in found.items()}

    def is_damageable(self) -> bool:
        """ItemStack.isDamageableItem: has durability and is not unbreakable."""
        return self.max_damage > 0 and self.component("unbreakable") is None

    def is_damaged(self) -> bool:
        return self.is_damageable() and self.damage > 0

    def is_stackable(self) -> bool:
        """ItemStack.isStackable: more than one fits and it is not a damaged tool."""
        return self.max_stack_size > 1 and not self.is_damaged()

    # -- comparisons and changes --------------------------------------------------------------

    def same_item(self, other: ItemStack | None) -> bool:
        return other is not None and other.item == self.item

    def same_item_same_components(self, other: ItemStack | None) -> bool:
        """ItemStack.isSameItemSameComponents: what may share a slot."""
        return other is not None and other.item == self.item and other.components == self.components

    def with_count(self, count: int) -> ItemStack | None:
        """This stack with another count (None when it drops to zero or below)."""
        if count <= 0:
            return None
        return self if count == self.count else ItemStack(self.item, count, self.components)

    def with_component(self, key: str, value: Any) -> ItemStack:
        comps = dict(self.components)
        if value is None:
            comps.pop(key, None)
        else:
            comps[key] = value
        return ItemStack(self.item, self.count, _freeze(comps))

    def hurt(self, amount: int) -> ItemStack | None:
        """The stack after ``amount`` durability damage; None when it broke (damage >= max).
        ItemStack.hurtAndBreak without Unbreaking (whose chance the caller rolls)."""
        if not self.is_damageable() or amount <= 0:
            return self
        damage = self.damage + amount
        if damage >= self.max_damage:
            return self.with_count(self.count - 1) if self.count > 1 else None
        return self.with_component("damage", damage)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": f"minecraft:{self.item}", "count": self.count}
        if self.components:
            out["components"] = {k: v for k, v in self.components}
        return out


Stack = ItemStack | None


def stack_max(stack: ItemStack) -> int:
    """Inventory.getMaxStackSize(stack): the item's limit within a container's 99."""
    return min(CONTAINER_MAX, stack.max_stack_size)


# Item.getCraftingRemainder: what stays behind when an item is used up in crafting or as fuel.
CRAFTING_REMAINDER = {"milk_bucket": "bucket", "water_bucket": "bucket", "lava_bucket": "bucket",
                      "honey_bottle": "glass_bottle", "dragon_breath": "glass_bottle"}  # fmt: skip


def crafting_remainder(item: str) -> ItemStack | None:
    name = CRAFTING_REMAINDER.get(strip_namespace(item))
    return ItemStack(name) if name else None


def usable_for_crafting(stack: ItemStack) -> bool:
    """Inventory.isUsableForCrafting: the recipe book skips damaged, enchanted, named items."""
    return not (stack.is_damaged() or stack.enchantments or stack.component("custom_name"))


# -- slot names ----------------------------------------------------------------------------

ARMOR_SLOTS = {"feet": FEET, "legs": LEGS, "chest": CHEST, "head": HEAD}


def slot_index(name: str, selected: int = 0) -> int:
    """The container index of a ``/item replace``-style slot name (SlotRanges): ``weapon``,
    ``weapon.mainhand`` (the selected hotbar slot), ``weapon.offhand``, ``armor.head|chest|
    legs|feet``, ``hotbar.0-8``, ``inventory.0-26`` (index 9-35), ``container.0-35``."""
    key = strip_namespace(name.strip())
    if key in ("weapon", "weapon.mainhand"):
        return selected
    if key == "weapon.offhand":
        return OFFHAND
    if key.startswith("armor.") and key[6:] in ARMOR_SLOTS:
        return ARMOR_SLOTS[key[6:]]
    ranges = {"hotbar.": (0, 9, 0), "inventory.": (0, 27, 9), "container.": (0, 36, 0)}
    for prefix, (lo, hi, base) in ranges.items():
        number = key.removeprefix(prefix)
        if key.startswith(prefix) and number.isdigit() and lo <= int(number) < hi:
            return base + int(number)
    raise InventoryError(f"unknown inventory slot {name!r}: expected weapon.mainhand, "
                         "weapon.offhand, armor.head|chest|legs|feet, hotbar.0-8, "
                         "inventory.0-26 or container.0-35")  # fmt: skip


def equipment_slot(stack: ItemStack) -> str:
    """LivingEntity.getEquipmentSlotForItem for a player: the ``equippable`` component's slot
    (head, chest, legs, feet, offhand), else mainhand. Items carry it as in vanilla's Items."""
    slot = stack.component("equippable")
    if slot is not None:
        return str(slot)
    name = stack.item
    if name.endswith(("_helmet", "_head", "_skull")) or name == "carved_pumpkin":
        return "head"
    if name.endswith("_chestplate") or name == "elytra":
        return "chest"
    if name.endswith("_leggings"):
        return "legs"
    if name.endswith("_boots"):
        return "feet"
    return "offhand" if name == "shield" else "mainhand"


# -- the inventory -------------------------------------------------------------------------


@dataclass
class PlayerInventory:
    """Vanilla's Inventory: 41 slots, the selected hotbar slot, creative's infinite items."""

    slots: list[Stack] = field(default_factory=lambda: [None] * SIZE)
    selected: int = 0
    creative: bool = False

    def __post_init__(self) -> None:
        if len(self.slots) != SIZE:
            raise InventoryError(f"inventory: expected {SIZE} slots, got {len(self.slots)}")
        self.select(self.selected)

    def get(self, index: int) -> Stack:
        return self.slots[self._check(index)]

    def set(self, index: int, stack: Stack) -> None:
        self.slots[self._check(index)] = stack

    def select(self, hotbar: int) -> None:
        if not 0 <= hotbar <= 8:
            raise InventoryError(f"selected hotbar slot must be 0-8, got {hotbar}")
        self.selected = hotbar

    @property
    def mainhand(self) -> Stack:
        return self.slots[self.selected]

    @property
    def offhand(self) -> Stack:
        return self.slots[OFFHAND]

    def _check(self, index: int) -> int:
        if not 0 <= index < SIZE:
            raise InventoryError(f"inventory index must be 0-{SIZE - 1}, got {index}")
        return index

    # -- Inventory.add ------------------------------------------------------------------------

    def _has_space_for(self, dest: Stack, stack: ItemStack) -> bool:
        """Inventory.hasRemainingSpaceForItem."""
        return (dest is not None and dest.same_item_same_components(stack)
                and dest.is_stackable() and dest.count < stack_max(dest))  # fmt: skip

    def slot_with_space(self, stack: ItemStack) -> int:
        """Inventory.getSlotWithRemainingSpace: selected, offhand, then 0-35 (-1: none)."""
        for index in (self.selected, OFFHAND, *STORAGE):
            if self._has_space_for(self.slots[index], stack):
                return index
        return -1

    def free_slot(self) -> int:
        """Inventory.getFreeSlot: the first empty slot of 0-35 (-1: none)."""
        return next((i for i in STORAGE if self.slots[i] is None), -1)

    def _add_to(self, index: int, stack: ItemStack) -> Stack:
        here = self.slots[index]
        room = stack_max(here or stack) - (here.count if here else 0)
        moved = min(stack.count, room)
        if moved <= 0:
            return stack
        self.slots[index] = stack.with_count((here.count if here else 0) + moved)
        return stack.with_count(stack.count - moved)

    def add(self, stack: Stack) -> Stack:
        """Inventory.add: put a stack in, one slot at a time (a damaged item only into an empty
        slot); returns what did not fit (None: all of it; creative keeps nothing back)."""
        if stack is None:
            return None
        if stack.is_damaged():
            free = self.free_slot()
            if free >= 0:
                self.slots[free] = stack
                return None
            return None if self.creative else stack
        rest: Stack = stack
        while rest is not None:
            index = self.slot_with_space(rest)
            index = self.free_slot() if index < 0 else index
            if index < 0:
                break
            before = rest.count
            rest = self._add_to(index, rest)
            if rest is not None and rest.count == before:
                break
        return None if self.creative else rest

    def place_back(self, stack: Stack) -> list[ItemStack]:
        """Inventory.placeItemBackInInventory: as add, and what does not fit is dropped
        (returned, for the caller to spawn; vanilla does not count these as ``dropped``)."""
        rest: Stack = stack
        while rest is not None:
            index = self.slot_with_space(rest)
            index = self.free_slot() if index < 0 else index
            if index < 0:
                return [rest]
            rest = self._add_to(index, rest)
        return []

    # -- queries ------------------------------------------------------------------------------

    def count(self, item: str) -> int:
        """Inventory.countItem: how many of an item, over all 41 slots."""
        name = strip_namespace(item)
        return sum(s.count for s in self.slots if s is not None and s.item == name)

    def find(self, item: str) -> int:
        """Inventory.findSlotMatchingItem by name: the first slot 0-35 holding it (-1: none)."""
        name = strip_namespace(item)
        return next((i for i in STORAGE if (s := self.slots[i]) and s.item == name), -1)

    def remove(self, item: str, count: int) -> int:
        """Take up to ``count`` of an item (slots in index order, /clear's order); returns how
        many were removed."""
        name, left = strip_namespace(item), count
        for index, here in enumerate(self.slots):
            if left <= 0:
                break
            if here is not None and here.item == name:
                taken = min(left, here.count)
                self.slots[index] = here.with_count(here.count - taken)
                left -= taken
        return count - left

    def __iter__(self) -> Iterator[tuple[int, ItemStack]]:
        return ((i, s) for i, s in enumerate(self.slots) if s is not None)

    def copy(self) -> PlayerInventory:
        return PlayerInventory(list(self.slots), self.selected, self.creative)

    def snapshot(self) -> tuple[Stack, ...]:
        return tuple(self.slots)
