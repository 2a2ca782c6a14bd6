"""How an in-process agent's actions reach the game: through the control server's routes, the
same ones ``mcapi`` uses over the socket (``handle()`` is called directly: no socket, no process),
so the oracle and the other scripted agents drive the player exactly as a command would."""

from __future__ import annotations

from typing import Any

from odyssey.bridge.protocol import INPUT_KEYS
from odyssey.episode.protocol import ClaimDone, Hold, Look, Use, Wait
from odyssey.sim.game import TICKS_PER_SECOND


class ControlActions:
    """Mixin for the runner's episode: needs ``control`` (a ControlServer), ``game``,
    ``record``, ``held``, ``refused``, ``ignored_uses`` and ``claim()``."""

    control: Any
    game: Any
    record: Any
    held: set[str]
    refused: int
    ignored_uses: int

    def claim(self) -> Any:  # provided by the episode
        raise NotImplementedError

    def apply(self, action) -> Any:
        """Carries out one action through the control server's routes (the same ones ``mcapi``
        uses); returns the claim result for a claim, else None."""
        self.record.action(action)
        if isinstance(action, ClaimDone):
            with self.game.lock:
                return self.claim()
        if isinstance(action, Look):
            self.request("look", yaw=action.yaw, pitch=action.pitch)
        elif isinstance(action, Use):
            self.use(action.pos)
        elif isinstance(action, Wait):
            self.hold_keys(())
            self.request("wait", seconds=action.ticks / TICKS_PER_SECOND)
        elif isinstance(action, Hold):
            if action.yaw is not None or action.pitch is not None:
                p = self.game.player
                yaw = p.yaw if action.yaw is None else action.yaw
                self.request(
                    "look", yaw=yaw, pitch=p.pitch if action.pitch is None else action.pitch
                )
            for pos in action.use:
                self.use(tuple(pos))
            self.hold_keys(action.keys)
            self.request("wait", seconds=action.ticks / TICKS_PER_SECOND)
            self.hold_keys(())  # keys are released when the action ends, as mcapi press does
        return None

    def request(self, route: str, **params: Any) -> dict[str, Any] | None:
        """One control request on the agent's behalf; a refusal (4xx) is counted and ignored,
        as a server ignores a bad packet; a server failure (5xx) raises."""
        reply = self.control.handle({"route": route, "params": params, "lease": None})
        if reply["ok"]:
            return reply["body"]
        if reply["status"] >= 500:
            raise RuntimeError(f"control route {route}: {reply['error']}")
        self.refused += 1
        return None

    def hold_keys(self, keys) -> None:
        """Press exactly ``keys`` (engine names), releasing the others."""
        wanted = set(keys)
        for input_type, key in INPUT_KEYS.items():
            if (key in wanted) != (key in self.held):
                self.request("input", type=input_type, state=key in wanted)
        self.held = wanted

    def use(self, pos) -> None:
        """Right-click; a block out of reach is ignored, as a server ignores it."""
        before = self.refused
        if pos is None:
            self.request("right_click")
        else:
            x, y, z = pos
            self.request("right_click_block", x=x, y=y, z=z)
        self.ignored_uses += self.refused - before
