"""The world layer: block and item registries, sparse chunk storage, Anvil/NBT reading and
writing."""

from odyssey.world.anvil import open_world, save_world
from odyssey.world.blocks import AIR, BlockFlag, BlockRegistry, BlockState, registry
from odyssey.world.chunk import Chunk
from odyssey.world.items import ItemError, ItemRegistry, ItemType, items
from odyssey.world.leveldat import LevelInfo, PlayerPose
from odyssey.world.storage import Dimension, World

__all__ = [
    "AIR",
    "BlockFlag",
    "BlockRegistry",
    "BlockState",
    "Chunk",
    "Dimension",
    "ItemError",
    "ItemRegistry",
    "ItemType",
    "LevelInfo",
    "PlayerPose",
    "World",
    "items",
    "open_world",
    "registry",
    "save_world",
]
