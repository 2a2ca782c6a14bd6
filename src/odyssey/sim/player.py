"""The player's state, inputs and attributes as plain frozen data (what ``physics.step`` takes)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, fields, replace

import numpy as np

from odyssey.errors import OdysseyError
from odyssey.sim import layout as k

KEYS = ("forward", "back", "left", "right", "jump", "sneak", "sprint", "attack", "use")
STANDING_EYE, CROUCHING_EYE, SWIMMING_EYE = 1.62, 1.27, 0.4


class SimError(OdysseyError):
    """Bad simulation input: unknown keys, non-finite numbers, a player inside a block."""


@dataclass(frozen=True)
class InputState:
    """Keys held during one tick, like a client's key bindings."""

    forward: bool = False
    back: bool = False
    left: bool = False
    right: bool = False
    jump: bool = False
    sneak: bool = False
    sprint: bool = False
    attack: bool = False
    use: bool = False
    # not a key: an item is in use (eating, drinking, a drawn bow, a raised shield), which
    # slows walking to a fifth and keeps sprinting from starting (LocalPlayer.modifyInput)
    using_item: bool = False

    @classmethod
    def of(cls, keys: list[str] | tuple[str, ...] | set[str]) -> InputState:
        """Inputs from key names; an unknown name is a SimError listing the valid ones."""
        unknown = sorted(set(keys) - set(KEYS))
        if unknown:
            raise SimError(
                f"unknown key(s) {', '.join(unknown)}; expected some of {', '.join(KEYS)}"
            )
        return cls(**{key: True for key in keys})

    def keys(self) -> list[str]:
        """Names of the keys held."""
        return [key for key in KEYS if getattr(self, key)]

    def as_array(self) -> np.ndarray:
        return np.array([*(getattr(self, key) for key in KEYS), self.using_item], dtype=np.int8)


@dataclass(frozen=True)
class PlayerAttributes:
    """Vanilla attribute values (1.21.11 defaults); ``scale`` resizes the player."""

    scale: float = 1.0
    movement_speed: float = float(np.float32(0.1))
    jump_strength: float = float(np.float32(0.42))
    step_height: float = float(np.float32(0.6))
    gravity: float = 0.08
    safe_fall_distance: float = 3.0
    fall_damage_multiplier: float = 1.0
    sneaking_speed: float = float(np.float32(0.3))

    def as_array(self, min_y: int) -> np.ndarray:
        values = [getattr(self, f.name) for f in fields(self)]
        for f, value in zip(fields(self), values, strict=True):
            if not math.isfinite(value) or value < 0:
                raise SimError(f"attribute {f.name} must be a finite number >= 0, got {value}")
        if not 0.0625 <= self.scale <= 16:
            raise SimError(
                f"attribute scale must be 0.0625..16 (vanilla's range), got {self.scale}"
            )
        return np.array([*values, float(min_y)], dtype=np.float64)


@dataclass(frozen=True)
class PlayerState:
    """Where the player is and how it moves. Position = feet; yaw 0 = +Z, 90 = -X; pitch + down."""

    pos: tuple[float, float, float]
    vel: tuple[float, float, float] = (0.0, 0.0, 0.0)
    yaw: float = 0.0
    pitch: float = 0.0
    on_ground: bool = False
    health: float = 20.0
    fall_distance: float = 0.0
    sprinting: bool = False
    pose: int = 0  # 0 standing, 1 crouching, 2 swimming (sets the box and eye height)
    in_water: bool = False
    in_lava: bool = False
    collided_horizontally: bool = False
    collided_vertically: bool = False
    dead: bool = False
    attributes: PlayerAttributes = field(default_factory=PlayerAttributes)
    # The rest of the vanilla state the next tick depends on (jump delay, stuck multiplier,
    # supporting block, invulnerability, fluid heights, ...), in the kernel's layout.
    internal: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        for name in ("pos", "vel"):
            value = getattr(self, name)
            if len(value) != 3 or not all(math.isfinite(float(v)) for v in value):
                raise SimError(f"player {name} must be 3 finite numbers, got {value}")
        for name in ("yaw", "pitch", "health", "fall_distance"):
            if not math.isfinite(float(getattr(self, name))):
                raise SimError(f"player {name} must be a finite number, got {getattr(self, name)}")

    @property
    def crouching(self) -> bool:
        return self.pose == k.POSE_CROUCHING

    @property
    def swimming(self) -> bool:
        return self.pose == k.POSE_SWIMMING

    @property
    def eye_height(self) -> float:
        """Camera height above the feet (standing 1.62, crouching 1.27, swimming 0.4) × scale."""
        eye = {k.POSE_CROUCHING: CROUCHING_EYE, k.POSE_SWIMMING: SWIMMING_EYE}.get(
            self.pose, STANDING_EYE
        )
        return float(np.float32(np.float32(eye) * np.float32(self.attributes.scale)))

    def with_look(self, yaw: float, pitch: float) -> PlayerState:
        """The same player looking another way (pitch clamped to -90..90 as vanilla does)."""
        if not (math.isfinite(yaw) and math.isfinite(pitch)):
            raise SimError(f"yaw and pitch must be finite, got {yaw}, {pitch}")
        return replace(self, yaw=float(yaw), pitch=float(min(90.0, max(-90.0, pitch))))

    def to_array(self) -> np.ndarray:
        """The kernel's state vector (``layout``): ``internal`` (or a fresh player's: zeros, a
        full air supply) with the public fields written over it."""
        if self.internal:
            v = list(self.internal)  # filled in a list and converted once: cheaper than numpy
            if len(v) != k.STATE_SIZE:
                raise SimError(f"player internal state must hold {k.STATE_SIZE} numbers, "
                               f"got {len(v)}")  # fmt: skip
        else:
            v = [0.0] * k.STATE_SIZE
            v[k.S_AIR] = k.MAX_AIR
        v[k.S_X : k.S_Z + 1] = self.pos
        v[k.S_VX : k.S_VZ + 1] = self.vel
        v[k.S_YAW], v[k.S_PITCH] = self.yaw, self.pitch
        v[k.S_ON_GROUND] = self.on_ground
        v[k.S_HEALTH] = self.health
        v[k.S_FALL] = self.fall_distance
        v[k.S_SPRINTING] = self.sprinting
        v[k.S_POSE] = self.pose
        v[k.S_IN_WATER] = self.in_water
        v[k.S_IN_LAVA] = self.in_lava
        v[k.S_COLL_H] = self.collided_horizontally
        v[k.S_COLL_V] = self.collided_vertically
        v[k.S_DEAD] = self.dead
        return np.array(v, dtype=np.float64)

    @classmethod
    def from_array(cls, st: np.ndarray, attributes: PlayerAttributes) -> PlayerState:
        v = st.tolist()  # Python floats, exactly the array's values (one conversion, not 54)
        values = {
            "pos": (v[k.S_X], v[k.S_Y], v[k.S_Z]),
            "vel": (v[k.S_VX], v[k.S_VY], v[k.S_VZ]),
            "yaw": v[k.S_YAW],
            "pitch": v[k.S_PITCH],
            "on_ground": bool(v[k.S_ON_GROUND]),
            "health": v[k.S_HEALTH],
            "fall_distance": v[k.S_FALL],
            "sprinting": bool(v[k.S_SPRINTING]),
            "pose": int(v[k.S_POSE]),
            "in_water": bool(v[k.S_IN_WATER]),
            "in_lava": bool(v[k.S_IN_LAVA]),
            "collided_horizontally": bool(v[k.S_COLL_H]),
            "collided_vertically": bool(v[k.S_COLL_V]),
            "dead": bool(v[k.S_DEAD]),
            "attributes": attributes,
            "internal": tuple(v),
        }
        checked = (v[k.S_X], v[k.S_Y], v[k.S_Z], v[k.S_VX], v[k.S_VY], v[k.S_VZ], v[k.S_YAW],
                   v[k.S_PITCH], v[k.S_HEALTH], v[k.S_FALL])  # fmt: skip
        if not all(map(math.isfinite, checked)):
            return cls(**values)  # raises the constructor's SimError
        # What the frozen dataclass's __init__ would store, and __post_init__ would accept
        # (every number above finite), set directly: a third of the cost of __init__.
        player = object.__new__(cls)
        player.__dict__.update(values)
        return player
