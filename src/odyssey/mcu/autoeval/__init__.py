"""AutoEval (mcu-notes.md §5): a vision-language model scores an episode's frame stream in six
dimensions against per-task criteria, or compares two episodes; docs/mcu/autoeval.md."""

from odyssey.mcu.autoeval.agreement import AgreementReport, agreement, cohen_kappa, read_human
from odyssey.mcu.autoeval.criteria import (
    DIMENSIONS,
    Criteria,
    CriteriaError,
    criteria_for,
    load_criteria,
    read_minestudio_criteria,
    write_criteria,
)
from odyssey.mcu.autoeval.judge import Judgement, read_judgement, write_judgement
from odyssey.mcu.autoeval.rate import TaskText, compare_episodes, generate_criteria, rate_episode
from odyssey.mcu.autoeval.sampling import Sampling

__all__ = [
    "DIMENSIONS",
    "AgreementReport",
    "Criteria",
    "CriteriaError",
    "Judgement",
    "Sampling",
    "TaskText",
    "agreement",
    "cohen_kappa",
    "compare_episodes",
    "criteria_for",
    "generate_criteria",
    "load_criteria",
    "rate_episode",
    "read_human",
    "read_judgement",
    "read_minestudio_criteria",
    "write_criteria",
    "write_judgement",
]
