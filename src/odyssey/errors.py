"""The exception hierarchy every layer raises from, so callers can catch Odyssey's errors as one."""

from __future__ import annotations


class OdysseyError(Exception):
    """Base of every error Odyssey raises on purpose; its message is meant for a person."""


class WorldError(OdysseyError):
    """A world, region file, chunk or level.dat could not be read or written."""


class NotAWorldError(WorldError):
    """A folder given as a world is not a Minecraft world."""


class CorruptChunkError(WorldError):
    """One chunk of a region file is damaged; the rest of the world may still load."""


class NBTError(WorldError):
    """Bytes that should be NBT are not valid NBT."""


class BlockStateError(OdysseyError):
    """A block name or block-state string does not name a known block state."""


def problems_text(problems: list[str], limit: int) -> str:
    """One message for many problems: the first ``limit`` of them, and how many more."""
    shown = problems[:limit]
    more = len(problems) - len(shown)
    return "; ".join(shown) + (f"; and {more} more problems" if more > 0 else "")
