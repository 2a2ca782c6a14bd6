"""AutoEval's three requests: rate one episode, compare two, write criteria for a task.

A request is one user message: the task, the criteria, the sampled frames as ``image_url`` parts
(JPEG data URLs) and our answer-format instruction (prompts.py); MCU sent the frames as a second
user message and asked for a text format it then parsed loosely (mcu-notes.md §5.4-5.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from odyssey.agents.llm.messages import Message, Provider
from odyssey.agents.llm.models import ModelSpec
from odyssey.agents.llm.providers import make_provider
from odyssey.mcu.autoeval import answers
from odyssey.mcu.autoeval.criteria import Criteria, parse_criteria_data
from odyssey.mcu.autoeval.judge import (
    DEFAULT_ATTEMPTS,
    RESULT_FILE,
    Asked,
    Judgement,
    ask,
    write_judgement,
)
from odyssey.mcu.autoeval.prompts import (
    comparison_format,
    criteria_format,
    rating_format,
    system_prompt,
)
from odyssey.mcu.autoeval.sampling import Sampled, Sampling, sample_stream
from odyssey.sim.game import TICKS_PER_SECOND


@dataclass(frozen=True)
class TaskText:
    """What the judge is told the task is: its id (criteria files are named by it) and text."""

    id: str
    text: str


def _images(sampled: Sampled) -> list[dict[str, Any]]:
    return [{"type": "image_url", "image_url": {"url": url}} for url in sampled.urls]


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def _spacing(sampled: Sampled) -> str:
    if len(sampled.ticks) < 2:
        return ""
    gaps = sorted(b - a for a, b in zip(sampled.ticks, sampled.ticks[1:], strict=False))
    return f", about {gaps[len(gaps) // 2] / TICKS_PER_SECOND:g} s of game time apart"


def _head(task: TaskText, criteria: Criteria, what: str) -> str:
    return (
        f"The task is {task.id!r}: {task.text}\n"
        f"Follow these grading criteria to {what}:\n\n{criteria.prompt_text()}\n"
    )


def rating_request(task: TaskText, criteria: Criteria, sampled: Sampled) -> Message:
    intro = _head(task, criteria, "score the agent's performance in the video")
    frames = f"Here are {len(sampled.urls)} frames of the video, in order{_spacing(sampled)}:"
    parts = [_text(intro + "\n" + frames), *_images(sampled), _text(rating_format())]
    return {"role": "user", "content": parts}


def comparison_request(task: TaskText, criteria: Criteria, a: Sampled, b: Sampled) -> Message:
    intro = _head(task, criteria, "compare the agents' performance in videos A and B")
    parts = [
        _text(intro + f"\nHere are {len(a.urls)} frames of video A, in order{_spacing(a)}:"),
        *_images(a),
        _text(f"Here are {len(b.urls)} frames of video B, in order{_spacing(b)}:"),
        *_images(b),
        _text(comparison_format()),
    ]
    return {"role": "user", "content": parts}


def _criteria_json(criteria: Criteria) -> dict[str, Any]:
    return {
        "source": criteria.source,
        "sha256": criteria.sha256(),
        "missing": list(criteria.missing),
        **criteria.extra,
    }


def _finish(judgement: Judgement, asked: Asked) -> Judgement:
    judgement.attempts = asked.attempts
    judgement.usage = asked.usage
    judgement.cost_usd = asked.cost_usd
    judgement.failure = asked.failure
    return judgement


def rate_episode(
    episode: Path,
    task: TaskText,
    criteria: Criteria,
    spec: ModelSpec,
    sampling: Sampling | None = None,
    prompts_dir: Path | None = None,
    attempts: int = DEFAULT_ATTEMPTS,
    provider: Provider | None = None,
    write: bool = True,
) -> Judgement:
    """Rates an episode's frame stream in the six dimensions; writes ``EPISODE/autoeval.json``."""
    episode = Path(episode)
    sampling = sampling or Sampling()
    sampled = sample_stream(episode, sampling)
    prompt = system_prompt("rating", prompts_dir)
    provider = provider or make_provider(spec)
    asked = ask(
        provider, prompt.text, rating_request(task, criteria, sampled), answers.rating, attempts
    )
    value = asked.value
    judgement = Judgement(
        kind="rating",
        task_id=task.id,
        task_text=task.text,
        episodes=[str(episode)],
        model={"alias": spec.alias, "model": spec.model},
        prompt=prompt.to_json(),
        criteria=_criteria_json(criteria),
        sampling=sampling.to_json() | {"frames": [sampled.to_json()]},
        ok=value is not None,
        scores={d: s for d, (s, _) in value.items()} if value else None,
        evidence={d: e for d, (_, e) in value.items()} if value else None,
    )
    _finish(judgement, asked)
    if write:
        write_judgement(judgement, episode / RESULT_FILE)
    return judgement


def compare_episodes(
    a: Path,
    b: Path,
    task: TaskText,
    criteria: Criteria,
    spec: ModelSpec,
    sampling: Sampling | None = None,
    prompts_dir: Path | None = None,
    attempts: int = DEFAULT_ATTEMPTS,
    provider: Provider | None = None,
    out: Path | None = None,
) -> Judgement:
    """Compares two episodes per dimension; writes the result to ``out`` when given."""
    sampling = sampling or Sampling()
    sampled_a, sampled_b = sample_stream(Path(a), sampling), sample_stream(Path(b), sampling)
    prompt = system_prompt("comparison", prompts_dir)
    provider = provider or make_provider(spec)
    request = comparison_request(task, criteria, sampled_a, sampled_b)
    asked = ask(provider, prompt.text, request, answers.comparison, attempts)
    value = asked.value
    judgement = Judgement(
        kind="comparison",
        task_id=task.id,
        task_text=task.text,
        episodes=[str(a), str(b)],
        model={"alias": spec.alias, "model": spec.model},
        prompt=prompt.to_json(),
        criteria=_criteria_json(criteria),
        sampling=sampling.to_json() | {"frames": [sampled_a.to_json(), sampled_b.to_json()]},
        ok=value is not None,
        results={d: r for d, (r, _) in value.items()} if value else None,
        evidence={d: e for d, (_, e) in value.items()} if value else None,
    )
    _finish(judgement, asked)
    if out is not None:
        write_judgement(judgement, Path(out))
    return judgement


def generate_criteria(
    task: TaskText,
    spec: ModelSpec,
    prompts_dir: Path | None = None,
    attempts: int = DEFAULT_ATTEMPTS,
    provider: Provider | None = None,
) -> tuple[Criteria | None, Asked]:
    """Criteria for ``task`` written by the model (None when no valid answer came)."""
    prompt = system_prompt("criteria", prompts_dir)
    provider = provider or make_provider(spec)
    request: Message = {
        "role": "user",
        "content": f"The task I want graded is {task.id!r}: {task.text}\n\n{criteria_format()}",
    }
    asked = ask(provider, prompt.text, request, answers.criteria, attempts)
    if asked.value is None:
        return None, asked
    criteria = parse_criteria_data(asked.value, f"generated by {spec.alias}")
    extra = {
        "generated": {
            "model": spec.model,
            "prompt": prompt.to_json(),
            "usage": asked.usage,
            "cost_usd": asked.cost_usd,
            "attempts": len(asked.attempts),
        }
    }
    return Criteria(criteria.rules, criteria.source, extra), asked
