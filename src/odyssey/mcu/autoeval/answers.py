"""Strict validation of the judge's answers: one JSON object, all six dimensions, nothing else.

Each function returns the parsed value and a list of problems; any problem makes the answer
invalid (the caller retries with the problems as feedback). Nothing is coerced: ``"7"``,
``"**3**"``, ``"N/A"``, ``7.0`` and ``true`` are not scores. The one tolerance: the whole answer
may be wrapped in a single Markdown code fence (```` ```json ... ``` ````), which is no prose.
"""

from __future__ import annotations

import json
import re
from typing import Any

from odyssey.mcu.autoeval.criteria import DIMENSIONS, criteria_problems, key_problems
from odyssey.mcu.autoeval.prompts import LABELS

_FENCE = re.compile(r"^```[a-zA-Z]*\s*\n(?P<body>.*)\n```$", re.DOTALL)
MAX_QUOTE = 60


def _quote(text: str) -> str:
    text = text.strip()
    return repr(text if len(text) <= MAX_QUOTE else text[:MAX_QUOTE] + "...")


class _DuplicateKeyError(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    for k in keys:
        if keys.count(k) > 1:
            raise _DuplicateKeyError(k)
    return dict(pairs)


def json_object(text: str) -> tuple[dict[str, Any] | None, list[str]]:
    """The answer as a JSON object, or the problems that stop it being exactly one."""
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced["body"].strip()
    if not body:
        return None, ["the answer is empty; expected only a JSON object"]
    start, end = body.find("{"), body.rfind("}")
    if start == -1 or end == -1:
        return None, [f"the answer holds no JSON object: it starts {_quote(body)}"]
    problems = []
    if start > 0:
        problems.append(f"there is text before the JSON object: {_quote(body[:start])}")
    if end < len(body) - 1:
        problems.append(f"there is text after the JSON object: {_quote(body[end + 1 :])}")
    try:
        value = json.loads(body[start : end + 1], object_pairs_hook=_no_duplicates)
    except _DuplicateKeyError as e:
        return None, [*problems, f"the key {e.args[0]!r} appears twice in one object"]
    except json.JSONDecodeError as e:
        return None, [*problems, f"the JSON object does not parse: {e}"]
    if problems:
        return None, [*problems, "reply with only the JSON object"]
    if not isinstance(value, dict):
        return None, [f"expected a JSON object, got {type(value).__name__}"]
    return value, []


def _dimension_problems(answer: dict[str, Any], field: str) -> list[str]:
    problems = key_problems(answer)
    for d in DIMENSIONS:
        if d not in answer:
            continue
        entry = answer[d]
        if not isinstance(entry, dict):
            problems.append(f'{d!r} must be an object with "evidence" and "{field}"')
            continue
        keys = set(entry)
        if keys != {"evidence", field}:
            lacking = sorted({"evidence", field} - keys)
            more = sorted(keys - {"evidence", field})
            said = [f"lacks {', '.join(lacking)}"] if lacking else []
            said += [f"has unexpected keys {', '.join(more)}"] if more else []
            problems.append(f'{d!r} {" and ".join(said)} (expected exactly "evidence", "{field}")')
        if "evidence" in entry and not (
            isinstance(entry["evidence"], str) and entry["evidence"].strip()
        ):
            problems.append(f"{d!r}.evidence must be a non-empty string")
    return problems


def score_problem(dimension: str, score: Any) -> str | None:
    """Why ``score`` is no valid score (an integer 0..10), or None."""
    if isinstance(score, bool) or not isinstance(score, int):
        kind = "a string" if isinstance(score, str) else type(score).__name__
        shown = json.dumps(score) if not isinstance(score, str) else _quote(score)
        return f"{dimension!r}.score is {kind} {shown}; expected a bare integer from 0 to 10"
    if not 0 <= score <= 10:
        return f"{dimension!r}.score is {score}, outside 0 to 10"
    return None


def rating(text: str) -> tuple[dict[str, tuple[int, str]] | None, list[str]]:
    """``{dimension: (score, evidence)}`` from a rating answer, or the problems."""
    answer, problems = json_object(text)
    if answer is None:
        return None, problems
    problems = _dimension_problems(answer, "score")
    for d in DIMENSIONS:
        entry = answer.get(d)
        if isinstance(entry, dict) and "score" in entry:
            problem = score_problem(d, entry["score"])
            if problem:
                problems.append(problem)
    if problems:
        return None, problems
    return {d: (answer[d]["score"], answer[d]["evidence"].strip()) for d in DIMENSIONS}, []


def comparison(text: str) -> tuple[dict[str, tuple[str, str]] | None, list[str]]:
    """``{dimension: (label, evidence)}`` from a comparison answer, or the problems."""
    answer, problems = json_object(text)
    if answer is None:
        return None, problems
    problems = _dimension_problems(answer, "result")
    for d in DIMENSIONS:
        entry = answer.get(d)
        if isinstance(entry, dict) and "result" in entry and entry["result"] not in LABELS:
            allowed = ", ".join(repr(label) for label in LABELS)
            problems.append(
                f"{d!r}.result is {json.dumps(entry['result'])}; expected exactly one of {allowed}"
            )
    if problems:
        return None, problems
    return {d: (answer[d]["result"], answer[d]["evidence"].strip()) for d in DIMENSIONS}, []


def criteria(text: str) -> tuple[dict[str, list[str]] | None, list[str]]:
    """Generated criteria ``{dimension: [rules]}``, or the problems."""
    answer, problems = json_object(text)
    if answer is None:
        return None, problems
    problems = criteria_problems(answer)
    return (None, problems) if problems else (answer, [])


def band(score: int) -> str:
    """The prompt's band of a 0..10 score: ``0``, ``1-3``, ``4-6``, ``7-9`` or ``10``."""
    if score == 0:
        return "0"
    if score == 10:
        return "10"
    return {1: "1-3", 2: "1-3", 3: "1-3", 4: "4-6", 5: "4-6", 6: "4-6"}.get(score, "7-9")
