"""Generating tasks for one map: ordered routes of 2-12 stops with a persona, a purpose and a
prompt in the map's language, each admitted only when the navigation layer plans its reference
path and the path follower walks it in the physics, every stop reached.

Deterministic for a seed: one ``random.Random(seed)`` draws every choice and candidates are tried
in a fixed order. The reference length of each admitted task is returned for SPL, keyed by task
id together with the task's digest.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from odyssey.maps.package import load_package
from odyssey.maps.waypoints import Waypoint
from odyssey.nav import NavGraph, Route, follow, plan_route
from odyssey.sim.game import Game
from odyssey.sim.player import PlayerState
from odyssey.tasks.prompts import language_of, pick_theme, render_prompt, themes_for
from odyssey.tasks.resolve import resolve_task
from odyssey.tasks.schema import Task, TaskCatalog, TaskError, TaskMetadata, TaskWaypoint

# Waypoints per task, weighted like Mine Odyssey's final 180 (2:2 3:28 4:54 5:51 6:34 7:7 8:3
# 12:1, mean 4.71) with a little weight on 9-11 so every length can occur.
STOP_WEIGHTS = {2: 4, 3: 28, 4: 54, 5: 51, 6: 34, 7: 9, 8: 4, 9: 2, 10: 1, 11: 1, 12: 1}
ATTEMPTS_PER_TASK = 8  # candidate routes tried per wanted task before giving up
PROMPT_STYLE = "odyssey_template_v1"
# BCP 47 tags of the prompt languages: the English is British, the French that of France, the
# Spanish Latin American (tú, no words only Spain uses).
LANGUAGE_TAGS = {"fi": "fi-FI", "en": "en-GB", "fr": "fr-FR", "ru": "ru-RU", "es": "es-419"}
STAIR_RISE = 0.4  # a walked step rising or falling at least this much is on stairs or a slope


class TaskGenerationError(TaskError):
    """A map on which tasks cannot be generated (too few waypoints, no world)."""


@dataclass(frozen=True)
class RouteStats:
    """What a reference route asks of the walker (recorded in the task's metadata)."""

    length: float
    ascent: float
    descent: float
    height_range: float
    doors: int
    stairs: int  # flights: runs of walked steps that rise or fall
    ladders: int  # runs of climbing steps
    buttons: int

    def metadata(self) -> dict[str, Any]:
        return {
            "reference_length": round(self.length, 3),
            "elevation_change": round(self.ascent + self.descent, 3),
            "ascent": round(self.ascent, 3),
            "descent": round(self.descent, 3),
            "height_range": round(self.height_range, 3),
            "doors": self.doors,
            "stairs": self.stairs,
            "ladders": self.ladders,
            "buttons": self.buttons,
        }


def route_stats(route: Route) -> RouteStats:
    """Length, elevation change and interactions counted from a route's steps."""
    ascent = descent = 0.0
    stairs = ladders = 0
    on_stairs = on_ladder = False
    heights = [s.pos[1] for s in route.steps] or [0.0]
    for prev, step in zip(route.steps, route.steps[1:], strict=False):
        dy = step.pos[1] - prev.pos[1]
        ascent += max(dy, 0.0)
        descent += max(-dy, 0.0)
        stair = step.action in ("walk", "jump") and abs(dy) >= STAIR_RISE
        stairs += stair and not on_stairs
        ladders += step.action == "climb" and not on_ladder
        on_stairs, on_ladder = stair, step.action == "climb"
    return RouteStats(
        length=route.length,
        ascent=ascent,
        descent=descent,
        height_range=max(heights) - min(heights),
        doors=sum(s.action == "open_door" for s in route.steps),
        stairs=stairs,
        ladders=ladders,
        buttons=sum(s.action == "press_button" for s in route.steps),
    )


def difficulty(stats: RouteStats, stops: int) -> str:
    """easy / medium / hard from stops, length and what the route asks of the walker."""
    # Weights and cut-offs put about a third of odyssey-v1 in each class.
    score = stops / 4 + stats.length / 300 + stats.height_range / 15
    score += (stats.doors + stats.buttons + 2 * stats.ladders) / 10
    return "easy" if score < 2.8 else "medium" if score < 4.4 else "hard"


class _Chooser:
    """Draws ordered stops: each next stop among the nearest unused ones (a random neighbourhood
    size gives short and long legs), never an ordered pair already used on the map."""

    def __init__(self, waypoints: list[Waypoint], rng: random.Random) -> None:
        self.points = waypoints
        self.rng = rng
        self.used_pairs: set[tuple[str, str]] = set()

    def route(self, stops: int) -> list[Waypoint] | None:
        rng = self.rng
        chain = [self.points[rng.randrange(len(self.points))]]
        near = rng.choice((3, 5, 8, 12, len(self.points)))
        while len(chain) < stops:
            here = chain[-1]
            seen = {w.id for w in chain}
            options = [
                w
                for w in self.points
                if w.id not in seen and (here.id, w.id) not in self.used_pairs
            ]
            if not options:
                return None
            options.sort(key=lambda w: (_dist(here, w), w.id))
            chain.append(options[rng.randrange(min(near, len(options)))])
        return chain

    def admit(self, chain: list[Waypoint]) -> None:
        self.used_pairs.update((a.id, b.id) for a, b in itertools.pairwise(chain))


def _dist(a: Waypoint, b: Waypoint) -> float:
    return math.dist(a.position.as_tuple(), b.position.as_tuple())


def _stop_count(rng: random.Random, most: int) -> int:
    sizes = [n for n in STOP_WEIGHTS if n <= most]
    return rng.choices(sizes, weights=[STOP_WEIGHTS[n] for n in sizes])[0]


def generate_tasks(
    map_dir: Path | str,
    count: int,
    seed: int = 0,
    first_number: int = 1,
    max_length: float | None = None,
) -> tuple[TaskCatalog, dict[str, dict[str, Any]]]:
    """Up to ``count`` admitted tasks on the map package in ``map_dir`` (fewer only when the
    attempts run out) and their references ``{task_id: {task_digest, reference_length}}``.
    ``max_length`` (blocks) turns away longer reference paths, for quick suites."""
    if count < 0:
        raise TaskGenerationError(f"count must be 0 or more, got {count}")
    package = load_package(map_dir)
    map_id = package.map_id
    points = list(package.waypoints.waypoints)
    if len(points) < 2:
        raise TaskGenerationError(f"{map_dir}: map {map_id!r} has fewer than two waypoints")
    if not (package.root / "world").is_dir():
        raise TaskGenerationError(f"{map_dir}: map {map_id!r} has no world/ to plan routes in")
    world = package.open_world()
    graph = NavGraph(world)
    rng = random.Random(seed)
    chooser = _Chooser(points, rng)
    language = language_of(package.manifest.locale)
    themes = themes_for(map_id, package.manifest.environment)
    tasks: list[Task] = []
    references: dict[str, dict[str, Any]] = {}
    attempts = 0
    while len(tasks) < count and attempts < count * ATTEMPTS_PER_TASK:
        attempts += 1
        chain = chooser.route(_stop_count(rng, len(points)))
        theme = pick_theme(themes, rng)
        if chain is None:
            continue
        route = plan_route(graph, [w.position.as_tuple() for w in chain])
        too_long = max_length is not None and route.length > max_length
        if not route.reachable or too_long or not _walks(graph, route):
            continue
        chooser.admit(chain)
        stats = route_stats(route)
        names = [w.name for w in chain]
        task_id = f"{map_id}-{first_number + len(tasks):03d}"
        metadata = TaskMetadata(
            source_route_id=f"odyssey-generated-s{seed}",
            title_local=theme.text(language).title,
            topic_local=theme.key,
            prompt_language=LANGUAGE_TAGS[language],
            prompt_style=PROMPT_STYLE,
            difficulty=difficulty(stats, len(chain)),
            prompt_en=render_prompt(theme, names, "en"),
            persona_en=theme.text("en").persona,
            purpose_en=theme.text("en").purpose,
            stops=len(chain),
            **stats.metadata(),
        )
        task = Task(
            task_id=task_id,
            prompt=render_prompt(theme, names, language),
            map_id=map_id,
            waypoints=[TaskWaypoint(id=w.id, name=w.name, caption=_caption(w)) for w in chain],
            metadata=metadata,
        )
        tasks.append(task)
        references[task_id] = {
            "task_digest": resolve_task(task, package.waypoints).digest,
            "reference_length": round(route.length, 3),
        }
    return TaskCatalog(tasks=tasks), references


def _caption(w: Waypoint) -> str:
    # Mine Odyssey: the initials, or the name's first character when there are none.
    return (w.caption or "").strip() or w.name[0]


def _walks(graph: NavGraph, route: Route) -> bool:
    """The follower reaches every stop in the physics; the world is restored afterwards because
    doors opened on the way stay open."""
    game = Game(graph.world, PlayerState(pos=route.steps[0].pos, on_ground=True))
    before = game.snapshot()
    try:
        result = follow(game, route, max_ticks=int(20 * (60 + 2 * route.length)))
    finally:
        game.restore(before)
    return all(result.reached)
