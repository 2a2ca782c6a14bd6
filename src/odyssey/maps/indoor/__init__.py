"""Procedural indoor maps: a palace, a hotel tower, an ocean liner and a stadium, each built
deterministically from a seed with named rooms as waypoints (``odyssey maps build-indoor``)."""

from __future__ import annotations

from collections.abc import Callable

from odyssey.errors import OdysseyError
from odyssey.maps.built import BuiltMap

INDOOR_KINDS = ("palace", "hotel", "liner", "stadium")


class IndoorKindError(OdysseyError):
    """An indoor map kind that does not exist."""


def _builder(kind: str) -> Callable[[int], BuiltMap]:
    if kind == "palace":
        from odyssey.maps.indoor.palace import build
    elif kind == "hotel":
        from odyssey.maps.indoor.hotel import build
    elif kind == "liner":
        from odyssey.maps.indoor.liner import build
    elif kind == "stadium":
        from odyssey.maps.indoor.stadium import build
    else:
        raise IndoorKindError(
            f"unknown indoor map kind {kind!r}: expected one of {', '.join(INDOOR_KINDS)}"
        )
    return build


def build_indoor(kind: str, seed: int = 0) -> BuiltMap:
    """Build the indoor map ``kind`` (one of INDOOR_KINDS) from ``seed``."""
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise IndoorKindError(f"seed must be a whole number >= 0, got {seed!r}")
    return _builder(kind)(seed)


__all__ = ["INDOOR_KINDS", "IndoorKindError", "build_indoor"]
