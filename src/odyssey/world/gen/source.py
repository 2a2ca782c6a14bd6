"""A chunk source that generates chunks when first asked and remembers which it made (so that
saving a lazily generated world writes them): the base of every dimension's provider."""

from __future__ import annotations

from odyssey.errors import WorldError
from odyssey.world.chunk import Chunk
from odyssey.world.storage import World


class GeneratedSource:
    """A ``storage.ChunkSource`` over a generator: subclasses say how to ``make`` a chunk."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.generated: set[tuple[int, int]] = set()

    def positions(self) -> list[tuple[int, int]]:
        """Chunks generated so far (the world is endless; saving writes these)."""
        return sorted(self.generated)

    def load(self, cx: int, cz: int) -> Chunk:
        """Generate chunk (cx, cz)."""
        self.generated.add((cx, cz))
        return self.make(cx, cz)

    def chunk(self, cx: int, cz: int) -> Chunk:
        """Same as ``load``: the chunk at (cx, cz)."""
        return self.load(cx, cz)

    def make(self, cx: int, cz: int) -> Chunk:
        raise NotImplementedError


def pregenerate(
    world: World, source: GeneratedSource, centre: tuple[int, int], radius_blocks: int
) -> World:
    """Fill ``world`` with every chunk within ``radius_blocks`` (a square) of chunk ``centre``."""
    if radius_blocks < 0:
        raise WorldError(f"radius must be 0 or more blocks, got {radius_blocks}")
    r = -(-radius_blocks // 16)
    for cz in range(centre[1] - r, centre[1] + r + 1):
        for cx in range(centre[0] - r, centre[0] + r + 1):
            made = source.make(cx, cz)
            chunk = world.chunk(cx, cz, create=True)
            assert chunk is not None
            chunk.sections, chunk.biomes = made.sections, made.biomes
            chunk.block_entities = made.block_entities
            chunk.dirty = True
    return world
