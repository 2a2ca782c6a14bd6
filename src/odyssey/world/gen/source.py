"""A chunk source that generates chunks when first asked and remembers which it made (so that
saving a lazily generated world writes them): the base of every dimension's provider."""

from __future__ import annotations

from odyssey.world.chunk import Chunk


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
