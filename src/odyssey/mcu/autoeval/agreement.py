"""How far AutoEval agrees with people: agreement rate and Cohen's kappa per dimension.

Human files are CSV with a header row (other columns, e.g. ``rater`` or ``note``, are ignored):

- ratings: ``episode,dimension,score``: ``episode`` is the episode folder's name (a judgement's
  ``episode``), ``dimension`` one of the six names, ``score`` an integer 0..10;
- comparisons: ``pair,dimension,label``: ``pair`` is ``<A folder name>|<B folder name>`` (a
  judgement's ``pair``), ``label`` one of ``A is better``, ``B is better``, ``tie``,
  ``both are bad``.

Scores are compared on the prompt's bands (0 / 1-3 / 4-6 / 7-9 / 10), the scale the judge is
asked to use, so 7 and 8 agree; the exact-score agreement and the mean absolute difference are
reported too. Comparisons agree when the labels are equal. Failed judgements and items rated by
only one side are counted, not scored.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from odyssey.mcu.autoeval.answers import band
from odyssey.mcu.autoeval.criteria import DIMENSIONS
from odyssey.mcu.autoeval.judge import Judgement
from odyssey.mcu.autoeval.prompts import LABELS
from odyssey.mcu.needs import McuError

RATING_COLUMNS = ("episode", "dimension", "score")
COMPARISON_COLUMNS = ("pair", "dimension", "label")
OVERALL = "overall"


def cohen_kappa(a: Sequence[Any], b: Sequence[Any]) -> float | None:
    """Cohen's kappa of two raters' labels for the same items; None when it is undefined (no items,
    or both raters gave one and the same label to everything, so chance agreement is 1)."""
    if len(a) != len(b):
        raise ValueError(f"kappa needs as many labels from each rater ({len(a)} vs {len(b)})")
    if not a:
        return None
    labels = sorted(set(a) | set(b), key=str)
    index = {label: i for i, label in enumerate(labels)}
    table = np.zeros((len(labels), len(labels)))
    for x, y in zip(a, b, strict=True):
        table[index[x], index[y]] += 1
    n = table.sum()
    observed = np.trace(table) / n
    expected = float((table.sum(axis=1) * table.sum(axis=0)).sum() / (n * n))
    if expected >= 1.0:
        return None
    return float((observed - expected) / (1.0 - expected))


@dataclass(frozen=True)
class HumanLabel:
    item: str  # episode or pair id
    dimension: str
    value: Any  # int score or str label


def read_human(path: Path) -> tuple[str, list[HumanLabel]]:
    """(``"rating"`` or ``"comparison"``, the labels) from a human CSV; bad rows raise McuError."""
    path = Path(path)
    try:
        with path.open(newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            rows = list(reader)
            header = tuple(h.strip() for h in reader.fieldnames or ())
    except OSError as e:
        raise McuError(f"{path}: cannot read the human ratings: {e}") from e
    if set(RATING_COLUMNS) <= set(header):
        kind, columns = "rating", RATING_COLUMNS
    elif set(COMPARISON_COLUMNS) <= set(header):
        kind, columns = "comparison", COMPARISON_COLUMNS
    else:
        raise McuError(
            f"{path}: expected a header with columns {','.join(RATING_COLUMNS)} (ratings) or "
            f"{','.join(COMPARISON_COLUMNS)} (comparisons), got {','.join(header) or 'none'}"
        )
    labels, seen = [], set()
    for line, row in enumerate(rows, 2):
        cells = {str(k).strip(): v for k, v in row.items() if k is not None}
        item, dimension, raw = (str(cells.get(c) or "").strip() for c in columns)
        where = f"{path}: line {line}"
        if not item:
            raise McuError(f"{where}: empty {columns[0]}")
        if dimension not in DIMENSIONS:
            raise McuError(
                f"{where}: unknown dimension {dimension!r} "
                f"(expected one of {', '.join(DIMENSIONS)})"
            )
        value: Any = raw
        if kind == "rating":
            if not raw.isdigit() or not 0 <= int(raw) <= 10:
                raise McuError(f"{where}: score {raw!r} is not an integer from 0 to 10")
            value = int(raw)
        elif raw not in LABELS:
            raise McuError(f"{where}: label {raw!r} is not one of {', '.join(LABELS)}")
        if (item, dimension) in seen:
            raise McuError(f"{where}: {item!r} / {dimension!r} is rated twice")
        seen.add((item, dimension))
        labels.append(HumanLabel(item, dimension, value))
    return kind, labels


@dataclass
class DimensionAgreement:
    dimension: str  # one of DIMENSIONS, or "overall" (all dimensions pooled)
    n: int  # items both sides rated
    agreement: float | None  # share of items in the same band / with the same label
    kappa: float | None
    exact: float | None = None  # ratings: share with the very same score
    mean_abs_diff: float | None = None  # ratings


@dataclass
class AgreementReport:
    kind: str
    dimensions: list[DimensionAgreement]
    human_only: int  # human items with no judgement of that episode / pair
    failed: int  # human items whose judgement failed (no scores)
    judgements: int
    notes: list[str] = field(default_factory=list)


def _agreement(dimension: str, pairs: list[tuple[Any, Any]], kind: str) -> DimensionAgreement:
    if not pairs:
        return DimensionAgreement(dimension, 0, None, None)
    if kind == "rating":
        human = [band(h) for h, _ in pairs]
        auto = [band(a) for _, a in pairs]
        diffs = [abs(h - a) for h, a in pairs]
        exact = sum(d == 0 for d in diffs) / len(pairs)
        mad = float(np.mean(diffs))
    else:
        human, auto = [h for h, _ in pairs], [a for _, a in pairs]
        exact = mad = None
    agree = sum(h == a for h, a in zip(human, auto, strict=True)) / len(pairs)
    return DimensionAgreement(dimension, len(pairs), agree, cohen_kappa(human, auto), exact, mad)


def agreement(human_csv: Path, judgements: Sequence[Judgement]) -> AgreementReport:
    """Agreement of ``judgements`` with the human file, per dimension and pooled."""
    kind, labels = read_human(human_csv)
    by_item: dict[str, Judgement] = {}
    for j in judgements:
        if j.kind != kind:
            continue
        key = j.episode if kind == "rating" else j.pair
        if key in by_item:
            raise McuError(
                f"two {kind} results for {key!r}: {by_item[key].episodes} and {j.episodes}"
            )
        by_item[key] = j
    pairs: dict[str, list[tuple[Any, Any]]] = {d: [] for d in DIMENSIONS}
    human_only = failed = 0
    for label in labels:
        j = by_item.get(label.item)
        if j is None:
            human_only += 1
            continue
        values = j.scores if kind == "rating" else j.results
        if not j.ok or values is None:
            failed += 1
            continue
        pairs[label.dimension].append((label.value, values[label.dimension]))
    rows = [_agreement(d, pairs[d], kind) for d in DIMENSIONS]
    pooled = [p for d in DIMENSIONS for p in pairs[d]]
    rows.append(_agreement(OVERALL, pooled, kind))
    notes = ["scores agree when they fall in the same band: 0, 1-3, 4-6, 7-9, 10"]
    return AgreementReport(
        kind, rows, human_only, failed, len(by_item), notes if kind == "rating" else []
    )
