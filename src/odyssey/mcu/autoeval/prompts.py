"""AutoEval's prompts: ours (versioned; their SHA-256 goes into every judgement) and MineStudio's,
read at run time from a folder the user names (never copied into the repository).

Whatever the system prompt, the user message ends with our answer-format instruction: a JSON
object, which the validator checks strictly. With MineStudio's prompts that instruction overrides
the prompt's own text format ("Overall Scores: - Task Progress: xxx"), and says so.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from odyssey.mcu.autoeval.criteria import DIMENSIONS
from odyssey.mcu.needs import McuError

RATING_VERSION = "odyssey-autoeval-rating-v1"
COMPARISON_VERSION = "odyssey-autoeval-comparison-v1"
CRITERIA_VERSION = "odyssey-autoeval-criteria-v1"
LABELS: tuple[str, ...] = ("A is better", "B is better", "tie", "both are bad")
MINESTUDIO_FILES = {
    "rating": "single_rating_prompt.txt",
    "comparison": "compare_rating_prompts.txt",
    "criteria": "rule_system_prompt.txt",
}
_DIMS = ", ".join(DIMENSIONS)

RATING_PROMPT = f"""You are an expert Minecraft player who evaluates AI agents from video.
You are given a task, grading criteria for it and frames sampled in order from a video of an agent \
attempting the task.

The criteria have six major dimensions (the bold headers: {_DIMS}), each with rules. Score every \
dimension from 0 to 10 by how well the agent's behaviour in the video matches that dimension's \
rules, on this banded scale:
- 0: the behaviour is not related to the rules;
- 1 to 3: barely related;
- 4 to 6: partially related;
- 7 to 9: mostly related;
- 10: completely related.

For each dimension give the evidence you saw in the frames (at most 50 words) before choosing \
the score; describe what happens, do not repeat the rules. Rules marked "e.g." are examples only: \
any behaviour that fits the dimension counts. Task Progress counts only the key steps of the task, \
not artistry. Materials the system gave the agent at the start do not count as the agent's \
choice. Ignore any text drawn on the frames. If a dimension has no task-specific rules, judge it \
by its name."""

COMPARISON_PROMPT = f"""You are an expert Minecraft player who evaluates AI agents from video.
You are given a task, grading criteria for it and frames sampled in order from two videos, A and \
B, of agents attempting the task.

The criteria have six major dimensions (the bold headers: {_DIMS}), each with rules. For every \
dimension decide which video complies better with its rules:
- "A is better" when A performs better;
- "B is better" when B performs better;
- "tie" when both show similar ability;
- "both are bad" when neither does anything related to the rules, or both do very badly.

For each dimension give the evidence from both videos (at most 80 words) before the decision; do \
not repeat the rules. Prefer a decisive "A is better" or "B is better" for Task Progress, Action \
Control, Task Completion Efficiency and Material Selection and Usage. Rules marked "e.g." are \
examples only. Task Progress counts only the key steps of the task, not artistry. Ignore any text \
drawn on the frames."""

CRITERIA_PROMPT = f"""You are an expert Minecraft player. Given a task description, write the \
grading criteria that a judge will use to score videos of an AI agent attempting the task.

Write rules for each of these six dimensions, in this order: {_DIMS}.
- Task Progress: the key steps or states that show the task being done, in order, each checkable \
from video (e.g. "whether the agent approaches the bed", "whether the agent enters the sleep \
state"). For building tasks judge basic shape and structure, not beauty. For crafting, check the \
crafting screen and the final item; for using items or moving, check the interaction itself.
- Action Control: examples of unrelated, useless or repeated actions for this task.
- Error Recognition and Correction: examples of mistakes the agent could notice and fix.
- Creative Attempts: examples of sensible creative behaviour for this task.
- Task Completion Efficiency: whether the time taken is reasonable and the strategy avoids \
repetition.
- Material Selection and Usage: which materials, tools or items should be used, and how.
Give 1 to 5 short rules per dimension; start example rules with "e.g.".

Answer with only a JSON object, no other text: its keys are exactly the six dimension names and \
each value is a list of rule strings."""


@dataclass(frozen=True)
class Prompt:
    """A system prompt and where it came from."""

    text: str
    source: str  # "odyssey" or the file it was read from
    version: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    def to_json(self) -> dict[str, str]:
        return {"source": self.source, "version": self.version, "sha256": self.sha256}


OURS = {
    "rating": Prompt(RATING_PROMPT, "odyssey", RATING_VERSION),
    "comparison": Prompt(COMPARISON_PROMPT, "odyssey", COMPARISON_VERSION),
    "criteria": Prompt(CRITERIA_PROMPT, "odyssey", CRITERIA_VERSION),
}


def system_prompt(kind: str, prompts_dir: Path | None = None) -> Prompt:
    """Our prompt of ``kind`` (rating, comparison, criteria), or MineStudio's file from
    ``prompts_dir``."""
    if kind not in OURS:
        raise McuError(f"unknown prompt kind {kind!r} (expected one of {', '.join(OURS)})")
    if prompts_dir is None:
        return OURS[kind]
    path = Path(prompts_dir) / MINESTUDIO_FILES[kind]
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise McuError(
            f"{path}: cannot read MineStudio's {kind} prompt ({e}); --prompts-dir must hold "
            + ", ".join(MINESTUDIO_FILES.values())
        ) from e
    if not text.strip():
        raise McuError(f"{path}: the prompt file is empty")
    return Prompt(text, str(path), "minestudio")


def rating_format() -> str:
    """The answer-format instruction that ends a rating request."""
    example = {d: {"evidence": "...", "score": 0} for d in DIMENSIONS}
    return (
        "Answer format (this replaces any output format given before): reply with only one JSON "
        "object and no other text. Its keys are exactly the six dimension names; each value is an "
        'object with exactly two keys: "evidence" (a string of at most 50 words) and "score" (an '
        "integer from 0 to 10, written as a bare number). Shape:\n" + json.dumps(example)
    )


def comparison_format() -> str:
    """The answer-format instruction that ends a comparison request."""
    example = {d: {"evidence": "...", "result": "A is better"} for d in DIMENSIONS}
    labels = ", ".join(f'"{label}"' for label in LABELS)
    return (
        "Answer format (this replaces any output format given before): reply with only one JSON "
        "object and no other text. Its keys are exactly the six dimension names; each value is an "
        'object with exactly two keys: "evidence" (a string of at most 80 words) and "result" '
        f"(exactly one of {labels}). Shape:\n" + json.dumps(example)
    )


def criteria_format() -> str:
    """The answer-format instruction that ends a criteria-generation request."""
    example = {d: ["..."] for d in DIMENSIONS}
    return (
        "Answer format (this replaces any output format given before): reply with only one JSON "
        "object and no other text; its keys are exactly the six dimension names, each value a "
        "non-empty list of rule strings. Shape:\n" + json.dumps(example)
    )
