"""Queries over the run store with DuckDB: one in-memory table of episodes, one row per episode.

The rows come from :func:`odyssey.bench.rows.load_run_rows` (the episode folders are the source of
truth); the per-episode analyses that need more than one number (failure stage, local stays) are
computed by :mod:`odyssey.episode.metrics` before the rows enter the table, so SQL only filters,
groups, counts and sums. Means and rates are finished in Python with the same arithmetic as
:func:`odyssey.episode.metrics.aggregate` (float means over the values in load order), so a
summary agrees with ``aggregate()`` over the same episodes figure for figure.

Rates and means are over **scored** episodes; infrastructure failures are counted apart, and
unfinished (incomplete) episodes appear only in ``episodes``/``incomplete``. Spend (tokens, cost)
is over every finished episode, infrastructure failures included: the money was spent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from odyssey.bench.layout import DONE, INFRA
from odyssey.bench.rows import EpisodeRow, load_run_rows
from odyssey.episode.metrics import (
    AFTER_FIRST_STOP,
    BEFORE_FIRST_STOP,
    LOCAL_STAY_TURNS,
    SUCCESS,
    failure_stage,
    local_stays,
    rounded,
)
from odyssey.errors import OdysseyError

TABLE = "episodes"
GROUP_KEYS = ("run_id", "agent", "seed", "map_id", "environment", "task_id")
RunDirs = Path | str | Sequence[Path | str]


class QueryError(OdysseyError):
    """A query that cannot be answered as asked (unknown grouping column, missing DuckDB)."""


def _stage(row: EpisodeRow) -> str | None:
    return failure_stage(row.outcome) if row.outcome is not None else None


def _stays(row: EpisodeRow) -> int:
    return len(local_stays(row.outcome.turn_positions)) if row.outcome is not None else 0


def _oracle_arrived(row: EpisodeRow) -> bool:
    return bool(row.outcome and row.outcome.oracle_arrived)


# (column, DuckDB type, value from the row); ``ordinal`` is the load order, kept so that float
# means sum their values in the order aggregate() would.
COLUMNS: tuple[tuple[str, str, Callable[[EpisodeRow], Any]], ...] = (
    ("run_id", "VARCHAR", lambda r: r.run_id),
    ("folder", "VARCHAR", lambda r: str(r.folder)),
    ("task_id", "VARCHAR", lambda r: r.task_id),
    ("agent", "VARCHAR", lambda r: r.agent),
    ("seed", "INTEGER", lambda r: r.seed),
    ("state", "VARCHAR", lambda r: r.state),
    ("finished", "BOOLEAN", lambda r: r.state in (DONE, INFRA)),
    ("map_id", "VARCHAR", lambda r: r.map_id),
    ("environment", "VARCHAR", lambda r: r.environment),
    ("success", "BOOLEAN", lambda r: r.success),
    ("scored", "BOOLEAN", lambda r: r.scored),
    ("infrastructure_error", "BOOLEAN", lambda r: r.infrastructure_error),
    ("terminal_reason", "VARCHAR", lambda r: r.terminal_reason),
    ("oracle_arrived", "BOOLEAN", _oracle_arrived),
    ("ordered_total", "INTEGER", lambda r: r.ordered_total),
    ("ordered_reached", "INTEGER", lambda r: r.ordered_reached),
    ("static_spl", "DOUBLE", lambda r: r.static_spl),
    ("path_length_3d", "DOUBLE", lambda r: r.path_length_3d),
    ("path_length_xz", "DOUBLE", lambda r: r.path_length_xz),
    ("duration_sec", "DOUBLE", lambda r: r.duration_sec),
    ("turns", "INTEGER", lambda r: r.turns),
    ("tokens", "BIGINT", lambda r: r.tokens),
    ("cost_usd", "DOUBLE", lambda r: r.cost_usd),
    ("failure_stage", "VARCHAR", _stage),
    ("local_stays", "INTEGER", _stays),
)
COLUMN_NAMES = tuple(c[0] for c in COLUMNS)


def _run_dir_list(run_dirs: RunDirs) -> list[Path]:
    if isinstance(run_dirs, (str, Path)):
        return [Path(run_dirs)]
    return [Path(d) for d in run_dirs]


def connect_rows(rows: Sequence[EpisodeRow]) -> Any:
    """An in-memory DuckDB connection holding ``rows`` as the table ``episodes``."""
    try:
        import duckdb
    except ImportError as e:
        raise QueryError("queries over runs need DuckDB: pip install 'duckdb>=1.0'") from e
    con = duckdb.connect(":memory:")
    schema = ", ".join(f"{name} {kind}" for name, kind, _ in COLUMNS)
    con.execute(f"CREATE TABLE {TABLE} (ordinal INTEGER, {schema})")
    values = [(i, *(get(r) for _, _, get in COLUMNS)) for i, r in enumerate(rows)]
    if values:
        marks = ", ".join("?" * (len(COLUMNS) + 1))
        con.executemany(f"INSERT INTO {TABLE} VALUES ({marks})", values)
    return con


def load_rows(run_dirs: RunDirs) -> list[EpisodeRow]:
    """The rows of one run folder or several, in load order (RunStoreError for a non-run)."""
    return [row for d in _run_dir_list(run_dirs) for row in load_run_rows(d)]


def connect(run_dirs: RunDirs) -> Any:
    """A DuckDB connection over one run folder or several (table ``episodes``), for ad-hoc SQL."""
    return connect_rows(load_rows(run_dirs))


def _dicts(cursor: Any) -> list[dict[str, Any]]:
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, values, strict=True)) for values in cursor.fetchall()]


def episodes(run_dirs: RunDirs) -> list[dict[str, Any]]:
    """One plain dict per episode (the ``COLUMNS``), ordered by run, agent, seed and task."""
    con = connect(run_dirs)
    try:
        cols = ", ".join(COLUMN_NAMES)
        order = "run_id, agent, seed, task_id"
        return _dicts(con.execute(f"SELECT {cols} FROM {TABLE} ORDER BY {order}"))
    finally:
        con.close()


_SCORED = "FILTER (WHERE scored)"
_SUMMARY_SQL = f"""
    count(*) AS episodes,
    count(*) FILTER (WHERE NOT finished) AS incomplete,
    count(*) FILTER (WHERE finished) AS task_runs,
    count(*) {_SCORED} AS scored_task_runs,
    count(*) FILTER (WHERE finished AND infrastructure_error) AS infrastructure_errors,
    count(*) FILTER (WHERE scored AND success) AS successes,
    count(*) FILTER (WHERE scored AND environment = 'outdoor') AS n_outdoor,
    count(*) FILTER (WHERE scored AND success AND environment = 'outdoor') AS hits_outdoor,
    count(*) FILTER (WHERE scored AND environment = 'indoor') AS n_indoor,
    count(*) FILTER (WHERE scored AND success AND environment = 'indoor') AS hits_indoor,
    coalesce(sum(ordered_reached) {_SCORED}, 0) AS cp_reached,
    coalesce(sum(ordered_total) {_SCORED}, 0) AS cp_total,
    list(static_spl ORDER BY ordinal) FILTER (WHERE scored AND static_spl IS NOT NULL) AS spl,
    list(path_length_3d ORDER BY ordinal) {_SCORED} AS pl3,
    list(path_length_xz ORDER BY ordinal) {_SCORED} AS plxz,
    coalesce(sum(turns) {_SCORED}, 0) AS turns_total,
    count(*) FILTER (WHERE failure_stage = '{BEFORE_FIRST_STOP}' AND scored) AS stage_before,
    count(*) FILTER (WHERE failure_stage = '{AFTER_FIRST_STOP}' AND scored) AS stage_after,
    count(*) FILTER (WHERE failure_stage = '{SUCCESS}' AND scored) AS stage_success,
    coalesce(sum(local_stays) {_SCORED}, 0) AS stays,
    count(*) FILTER (WHERE scored AND local_stays > 0) AS stay_episodes,
    coalesce(sum(tokens) FILTER (WHERE finished), 0) AS tokens_total,
    list(cost_usd ORDER BY ordinal) FILTER (WHERE finished AND cost_usd IS NOT NULL) AS costs,
    count(*) FILTER (WHERE finished AND cost_usd IS NULL) AS cost_unknown
"""


def _rate(hits: int, total: int) -> float | None:
    # the same expression as metrics.aggregate's rates
    return rounded(hits / total) if total else None


def _mean(values: Sequence[float] | None) -> float | None:
    # the same expression as metrics.aggregate's means (a plain sum, in load order)
    return rounded(sum(values) / len(values)) if values else None


def _finish(raw: dict[str, Any], by: Sequence[str]) -> dict[str, Any]:
    """A summary row from the SQL's counts and value lists, in aggregate()'s names."""
    scored, runs = raw["scored_task_runs"], raw["task_runs"]
    costs = raw["costs"] or []
    return {
        **{k: raw[k] for k in by},
        "episodes": raw["episodes"],
        "incomplete": raw["incomplete"],
        "task_runs": runs,
        "scored_task_runs": scored,
        "infrastructure_errors": raw["infrastructure_errors"],
        "successes": raw["successes"],
        "success_rate": _rate(raw["successes"], scored),
        "success_rate_outdoor": _rate(raw["hits_outdoor"], raw["n_outdoor"]),
        "success_rate_indoor": _rate(raw["hits_indoor"], raw["n_indoor"]),
        "scored_outdoor": raw["n_outdoor"],
        "scored_indoor": raw["n_indoor"],
        "attempt_success_rate_including_infrastructure": _rate(raw["successes"], runs),
        "checkpoint_coverage": _rate(raw["cp_reached"], raw["cp_total"]),
        "static_spl_mean": _mean(raw["spl"]),
        "path_length_3d_mean": _mean(raw["pl3"]),
        "path_length_xz_mean": _mean(raw["plxz"]),
        "turns_mean": _rate(raw["turns_total"], scored),
        "turns_total": raw["turns_total"],
        "failure_stages": {
            BEFORE_FIRST_STOP: raw["stage_before"],
            AFTER_FIRST_STOP: raw["stage_after"],
            SUCCESS: raw["stage_success"],
        },
        "local_stays": {
            "min_turns": LOCAL_STAY_TURNS,
            "count": raw["stays"],
            "episodes_with_stay": raw["stay_episodes"],
            "episode_rate": _rate(raw["stay_episodes"], scored),
        },
        "tokens_total": raw["tokens_total"],
        "tokens_mean": _rate(raw["tokens_total"], runs),
        # None when no finished episode has a price; partial when some lack one
        "cost_usd_total": rounded(sum(costs)) if costs else None,
        "cost_usd_partial": bool(costs) and raw["cost_unknown"] > 0,
    }


def summarize(con: Any, by: Sequence[str] = ("agent",)) -> list[dict[str, Any]]:
    """Summary rows grouped by ``by`` (columns of ``GROUP_KEYS``) over an open connection."""
    by = tuple(by)
    unknown = [k for k in by if k not in GROUP_KEYS]
    if unknown:
        raise QueryError(f"cannot group by {unknown}: expected some of {', '.join(GROUP_KEYS)}")
    keys = ", ".join(by)
    group = f"GROUP BY {keys} ORDER BY {', '.join(f'{k} NULLS LAST' for k in by)}" if by else ""
    select = f"{keys}, {_SUMMARY_SQL}" if by else _SUMMARY_SQL
    raws = _dicts(con.execute(f"SELECT {select} FROM {TABLE} {group}"))
    return [_finish(raw, by) for raw in raws if raw["episodes"]]


def summary(run_dirs: RunDirs, by: Sequence[str] = ("agent",)) -> list[dict[str, Any]]:
    """Benchmark figures per group (default per agent) of one run folder or several.

    Each row: the group's keys, ``episodes`` (folders on disk) and ``incomplete``, then
    :func:`~odyssey.episode.metrics.aggregate`'s figures under its names (``success_rate``,
    ``checkpoint_coverage``, ``static_spl_mean``, ``turns_mean``, ``path_length_3d_mean``, ...),
    ``scored_outdoor``/``scored_indoor``, and spend: ``tokens_total``, ``tokens_mean`` (per
    finished episode), ``cost_usd_total`` (None when unpriced) and ``cost_usd_partial``.
    ``by=()`` gives one row over everything.
    """
    con = connect(run_dirs)
    try:
        return summarize(con, by)
    finally:
        con.close()
