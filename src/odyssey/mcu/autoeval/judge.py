"""Asking the judge model: one request, strict validation, retries with feedback, a record.

Every judgement (a rating, a comparison, generated criteria) is a conversation: the request, then
for each invalid answer the model's answer and a user message saying exactly what was wrong, up to
``attempts`` answers. The first valid answer is the result; when none is valid, or the provider
fails (its own retries are the model spec's ``max_retries``), the judgement is recorded as failed
with no scores. Usage and cost are summed over all attempts.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from odyssey.agents.llm.messages import Message, Provider, ProviderError
from odyssey.atomic import write_text_atomic
from odyssey.mcu.needs import McuError

AUTOEVAL_VERSION = 1
DEFAULT_ATTEMPTS = 3
RESULT_FILE = "autoeval.json"
Validator = Callable[[str], tuple[Any, list[str]]]


@dataclass
class Attempt:
    """One answer: its raw text, what was wrong with it (empty: valid), usage and cost."""

    raw: str
    problems: list[str]
    usage: dict[str, int]
    cost_usd: float | None
    error: str | None = None  # a provider failure instead of an answer


@dataclass
class Asked:
    """The outcome of one judgement conversation."""

    value: Any  # the validated answer, or None
    attempts: list[Attempt]
    failure: str | None = None

    @property
    def usage(self) -> dict[str, int]:
        total: dict[str, int] = {}
        for a in self.attempts:
            for k, v in a.usage.items():
                total[k] = total.get(k, 0) + v
        return total

    @property
    def cost_usd(self) -> float | None:
        costs = [a.cost_usd for a in self.attempts if a.cost_usd is not None]
        return sum(costs) if costs else None


def feedback(problems: list[str], attempt: int, attempts: int) -> str:
    left = attempts - attempt
    return (
        f"Your answer is invalid and was not recorded ({left} more attempt"
        f"{'s' if left != 1 else ''} allowed). Problems:\n"
        + "\n".join(f"- {p}" for p in problems)
        + "\nReply again with only the corrected JSON object, nothing else."
    )


def ask(
    provider: Provider,
    system: str,
    request: Message,
    validate: Validator,
    attempts: int = DEFAULT_ATTEMPTS,
) -> Asked:
    """Asks until an answer passes ``validate`` or ``attempts`` answers have failed."""
    if attempts < 1:
        raise McuError(f"attempts must be at least 1, got {attempts}")
    messages: list[Message] = [request]
    record: list[Attempt] = []
    for n in range(1, attempts + 1):
        try:
            reply = provider.complete(system, messages, None)
        except ProviderError as e:
            record.append(Attempt("", [], {}, None, error=str(e)))
            return Asked(None, record, f"provider error: {e}")
        value, problems = validate(reply.text)
        record.append(Attempt(reply.text, problems, reply.usage.to_json(), reply.cost_usd))
        if not problems:
            return Asked(value, record)
        messages = [*messages, reply.message, _user(feedback(problems, n, attempts))]
    last = "; ".join(record[-1].problems)
    return Asked(None, record, f"no valid answer in {attempts} attempts (last: {last})")


def _user(text: str) -> Message:
    return {"role": "user", "content": text}


@dataclass
class Judgement:
    """A rating (``scores``) or comparison (``results``) with everything needed to audit it."""

    kind: str  # "rating" | "comparison"
    task_id: str
    task_text: str
    episodes: list[str]  # the episode folder(s); a comparison's are A then B
    model: dict[str, Any]  # alias, model name
    prompt: dict[str, str]  # source, version, sha256
    criteria: dict[str, Any]  # source, sha256, missing
    sampling: dict[str, Any]  # rule and parameters, and the frames shown per episode
    ok: bool
    scores: dict[str, int] | None = None  # rating: dimension -> 0..10
    results: dict[str, str] | None = None  # comparison: dimension -> label
    evidence: dict[str, str] | None = None
    failure: str | None = None
    attempts: list[Attempt] = field(default_factory=list)
    usage: dict[str, int] = field(default_factory=dict)
    cost_usd: float | None = None
    version: int = AUTOEVAL_VERSION

    @property
    def episode(self) -> str:
        """The id human ratings use: the (first) episode folder's name."""
        return Path(self.episodes[0]).name

    @property
    def pair(self) -> str:
        """The id human comparisons use: ``<A folder name>|<B folder name>``."""
        return "|".join(Path(e).name for e in self.episodes)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def judgement_from_json(data: Any, where: str) -> Judgement:
    """A judgement read back from its JSON."""
    try:
        attempts = [Attempt(**a) for a in data.get("attempts", [])]
        return Judgement(**(data | {"attempts": attempts}))
    except (TypeError, AttributeError) as e:
        raise McuError(f"{where}: not an AutoEval result: {e}") from e


def write_judgement(judgement: Judgement, path: Path) -> Path:
    """Writes the judgement's JSON atomically (a reader never sees half a file)."""
    text = json.dumps(judgement.to_json(), indent=2, ensure_ascii=False) + "\n"
    return write_text_atomic(Path(path), text)


def read_judgement(path: Path) -> Judgement:
    """Reads ``autoeval.json`` (or a folder holding it) or a comparison file."""
    path = Path(path)
    if path.is_dir():
        path = path / RESULT_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise McuError(f"{path}: cannot read the AutoEval result: {e}") from e
    except json.JSONDecodeError as e:
        raise McuError(f"{path}: not valid JSON: {e}") from e
    return judgement_from_json(data, str(path))
