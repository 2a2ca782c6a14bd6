"""Built-in maps built once into a private cache, each with its validation report (shared by
the acceptance tests of the real places)."""

from __future__ import annotations

from pathlib import Path

import pytest

from odyssey.maps.catalog import build_map
from odyssey.maps.check import check_map


def build_and_check(map_ids, cache: Path) -> dict:
    """``{map id: (build result, check report)}`` with ``ODYSSEY_CACHE`` set to ``cache``."""
    out = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(cache))
        for map_id in map_ids:
            result = build_map(map_id)
            out[map_id] = (result, check_map(result.path))
    return out
