"""Episode: the independent verifier's decisions, claim arbitration, evaluator events and the
metrics of one episode and of many (Mine Odyssey notes §5)."""

from odyssey.episode.claims import (
    CLAIM_ATTEMPT_LIMIT,
    ClaimFeedback,
    ClaimResult,
    rejection_message,
)
from odyssey.episode.events import (
    INFRASTRUCTURE_REASONS,
    SCORED_REASONS,
    Event,
    VerifierError,
    is_infrastructure,
)
from odyssey.episode.metrics import (
    EpisodeOutcome,
    ReachedStop,
    TrajectoryMetrics,
    aggregate,
    checkpoint_summary,
    failure_stage,
    local_stays,
    static_spl,
)
from odyssey.episode.verifier import ArrivalPolicy, OutOfBoundsPolicy, Sample, Stop, Verifier

__all__ = [
    "CLAIM_ATTEMPT_LIMIT",
    "INFRASTRUCTURE_REASONS",
    "SCORED_REASONS",
    "ArrivalPolicy",
    "ClaimFeedback",
    "ClaimResult",
    "EpisodeOutcome",
    "Event",
    "OutOfBoundsPolicy",
    "ReachedStop",
    "Sample",
    "Stop",
    "TrajectoryMetrics",
    "Verifier",
    "VerifierError",
    "aggregate",
    "checkpoint_summary",
    "failure_stage",
    "is_infrastructure",
    "local_stays",
    "rejection_message",
    "static_spl",
]
