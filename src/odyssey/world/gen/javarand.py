"""Java's 48-bit LCG (``java.util.Random`` / Minecraft's ``LegacyRandomSource``).

Only used where matching vanilla exactly is cheap and visible: the End's pillar heights come
from a shuffle seeded by the world seed, so the same seed gives vanilla's pillar order.
"""

from __future__ import annotations

_MULT = 0x5DEECE66D
_MASK48 = (1 << 48) - 1


class JavaRandom:
    """The subset of ``java.util.Random`` the generators use."""

    def __init__(self, seed: int) -> None:
        self.state = (seed ^ _MULT) & _MASK48

    def next_bits(self, bits: int) -> int:
        """``next(bits)``: the top ``bits`` of the next state, as a signed 32-bit int."""
        self.state = (self.state * _MULT + 0xB) & _MASK48
        value = self.state >> (48 - bits)
        return value - (1 << 32) if value >= 1 << 31 else value

    def next_long(self) -> int:
        """``nextLong()`` as Java's signed 64-bit value."""
        value = ((self.next_bits(32) << 32) + self.next_bits(32)) & ((1 << 64) - 1)
        return value - (1 << 64) if value >= 1 << 63 else value

    def next_int(self, bound: int) -> int:
        """``nextInt(bound)``: uniform in 0..bound-1 with Java's rejection rule."""
        if bound <= 0:
            raise ValueError(f"bound must be positive, got {bound}")
        if bound & -bound == bound:
            return (bound * self.next_bits(31)) >> 31
        while True:
            bits = self.next_bits(31)
            value = bits % bound
            if bits - value + bound - 1 < 1 << 31:  # Java's int overflow check
                return value


def shuffled(n: int, rng: JavaRandom) -> list[int]:
    """``Util.toShuffledList(IntStream.range(0, n), rng)``: Fisher-Yates from the end."""
    items = list(range(n))
    for i in range(n, 1, -1):
        j = rng.next_int(i)
        items[i - 1], items[j] = items[j], items[i - 1]
    return items
