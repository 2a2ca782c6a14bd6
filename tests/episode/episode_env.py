"""Episode fixtures: two built-in maps in a private cache and a small catalog resolved on them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from odyssey.episode.runner import run_episode
from odyssey.maps.catalog import resolve_map
from odyssey.tasks import load_catalog, resolve_task

STOPS = {
    "palace-001": [("PAL-WP-02", "Garden Hall"), ("PAL-WP-04", "Gun Room"),
                   ("PAL-WP-06", "Ballroom")],
    # a loop: the target is the start, armed only after the middle stop
    "palace-002": [("PAL-WP-03", "Housekeeper's Room"), ("PAL-WP-05", "Stone Gallery"),
                   ("PAL-WP-03", "Housekeeper's Room")],
    "hotel-001": [("HOT-WP-01", "Tour Desk"), ("HOT-WP-03", "Guest Relations Office"),
                  ("HOT-WP-06", "Lobby Lounge"), ("HOT-WP-05", "Reception")],
}  # fmt: skip


def catalog_data(eval_setting: dict | None = None) -> dict:
    tasks = []
    for task_id, stops in STOPS.items():
        tasks.append(
            {
                "task_id": task_id,
                "prompt": "Visit " + ", then ".join(f"“{name}”" for _, name in stops) + ".",
                "map_id": task_id.rsplit("-", 1)[0],
                "waypoints": [{"id": i, "name": n, "caption": n[0]} for i, n in stops],
                "eval_setting": eval_setting or {},
                "metadata": {},
            }
        )
    return {"schema_version": 2, "tasks": tasks}


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    """ODYSSEY_CACHE in a tmp folder, the two maps built there, the catalog resolved."""
    root = tmp_path_factory.mktemp("episodes")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ODYSSEY_CACHE", str(root / "cache"))
        maps = {m: resolve_map(m) for m in ("palace", "hotel")}
        path = root / "tasks.json"
        path.write_text(json.dumps(catalog_data()), encoding="utf-8")
        catalog = load_catalog(path)
        tasks = {t.task_id: resolve_task(t, maps[t.map_id]) for t in catalog.tasks}
        yield {"maps": maps, "tasks": tasks, "catalog": path, "root": root}


def run(env, task_id: str, agent, out: Path, **kw) -> dict:
    """Runs one task of ``env`` with ``agent`` into ``out``; returns the summary."""
    task = env["tasks"][task_id]
    return run_episode(task, env["maps"][task.map_id], agent, out, **kw)
