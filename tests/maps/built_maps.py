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


def assert_valid(result, report, least_waypoints: int, locale: str, bbox) -> list:
    """A built map passed its check, has enough waypoints, its locale and its box; its
    waypoints."""
    waypoints = result.built.waypoints
    assert report.ok, (report.format_problems, [(w.id, w.problem) for w in report.failures])
    assert len(report.waypoints) == len(waypoints) >= least_waypoints
    assert result.built.locale == locale
    assert result.built.origin["bbox"] == pytest.approx(bbox)
    return waypoints


def sign_lines(world) -> set[str]:
    """Every non-empty line written on a sign of the world."""
    return {
        line
        for chunk in world.chunks()
        for entity in chunk.block_entities.values()
        for line in entity["front_text"]["messages"]
        if line
    }
