"""Paths the planner returns: positions with the action that reaches each, and their JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Vec3 = tuple[float, float, float]
Pos = tuple[int, int, int]

REACHABLE, UNREACHABLE, PLANNER_LIMIT = "reachable", "unreachable", "planner_limit"
ACTIONS = ("start", "walk", "jump", "drop", "climb", "open_door", "press_button")


@dataclass(frozen=True)
class Step:
    """One node of a path: the feet position, how it is reached from the step before, the block
    acted on (a door to open or a button to press) and whether the body must crouch there."""

    pos: Vec3
    action: str = "walk"
    target: Pos | None = None
    crouch: bool = False

    def to_json(self) -> dict:
        out: dict = {"pos": [round(v, 4) for v in self.pos], "action": self.action}
        if self.target is not None:
            out["target"] = list(self.target)
        if self.crouch:
            out["crouch"] = True
        return out


@dataclass
class Route:
    """A planned route through ordered stops (start, stop 1, ..., target)."""

    status: str
    profile: str
    stops: list[Vec3]
    radius: float = 3.5  # the arrival rule the route was planned with
    radius_y: float = 1.5
    steps: list[Step] = field(default_factory=list)
    stop_steps: list[int] = field(default_factory=list)  # index of the step that reaches each stop
    segment_lengths: list[float] = field(default_factory=list)
    segment_status: list[str] = field(default_factory=list)
    expansions: int = 0
    seconds: float = 0.0
    fall_damage: float = 0.0
    message: str = ""
    # the MovementProfile planned with (the JSON keeps only its name); replans reuse it
    rules: Any = field(default=None, repr=False, compare=False)

    @property
    def length(self) -> float:
        """Blocks along the path (3-D), over the segments planned so far."""
        return float(sum(self.segment_lengths))

    @property
    def reachable(self) -> bool:
        return self.status == REACHABLE

    def to_json(self) -> dict:
        return {
            "status": self.status,
            "profile": self.profile,
            "length_blocks": round(self.length, 4),
            "segments": [
                {"status": s, "length_blocks": round(n, 4)}
                for s, n in zip(self.segment_status, self.segment_lengths, strict=False)
            ],
            "stops": [list(p) for p in self.stops],
            "arrival": {"radius": self.radius, "radius_y": self.radius_y},
            "stop_steps": self.stop_steps,
            "expansions": self.expansions,
            "seconds": round(self.seconds, 4),
            "fall_damage": self.fall_damage,
            "message": self.message,
            "steps": [s.to_json() for s in self.steps],
        }

    @classmethod
    def from_json(cls, data: dict) -> Route:
        steps = [
            Step(
                pos=tuple(s["pos"]),
                action=s.get("action", "walk"),
                target=tuple(s["target"]) if s.get("target") is not None else None,
                crouch=bool(s.get("crouch", False)),
            )
            for s in data.get("steps", [])
        ]
        seg = data.get("segments", [])
        return cls(
            status=data["status"],
            profile=data.get("profile", "odyssey"),
            stops=[tuple(p) for p in data.get("stops", [])],
            radius=float(data.get("arrival", {}).get("radius", 3.5)),
            radius_y=float(data.get("arrival", {}).get("radius_y", 1.5)),
            steps=steps,
            stop_steps=list(data.get("stop_steps", [])),
            segment_lengths=[float(s["length_blocks"]) for s in seg],
            segment_status=[s["status"] for s in seg],
            expansions=int(data.get("expansions", 0)),
            seconds=float(data.get("seconds", 0.0)),
            fall_damage=float(data.get("fall_damage", 0.0)),
            message=data.get("message", ""),
        )
