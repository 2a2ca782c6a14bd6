"""How an in-process agent's actions reach the game: as requests over the control server's Unix
socket, the wire protocol ``mcapi`` speaks (one request per connection), so the oracle and the
other scripted agents drive the player exactly as a command would, without a process per action."""

from __future__ import annotations

from typing import Any

from odyssey.bridge.protocol import INPUT_KEYS, ControlError, call
from odyssey.episode.protocol import ClaimDone, Hold, Look, Use, Wait
from odyssey.sim.game import TICKS_PER_SECOND

REQUEST_TIMEOUT_S = 30.0  # plus the game time a wait asks for


class ControlActions:
    """Mixin for the runner's episode: needs ``control`` (a ControlServer), ``game``,
    ``record``, ``held``, ``refused``, ``ignored_uses`` and ``claim()``."""

    control: Any
    clock: Any
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
            self.look(action.yaw, action.pitch)
        elif isinstance(action, Use):
            self.use(action.pos)
        elif isinstance(action, Wait):
            self.hold_keys(())
            self.request("wait", seconds=action.ticks / TICKS_PER_SECOND)
        elif isinstance(action, Hold):
            if action.yaw is not None or action.pitch is not None:
                p = self.game.player
                yaw = p.yaw if action.yaw is None else action.yaw
                self.look(yaw, p.pitch if action.pitch is None else action.pitch)
            for pos in action.use:
                self.use(tuple(pos))
            self.hold_keys(action.keys)
            self.request("wait", seconds=action.ticks / TICKS_PER_SECOND)
            # keys are released when the action ends, as mcapi press does; in lockstep no time
            # passes before the next action, which sets its own keys, so the release waits for
            # it (two requests fewer per tick for the tick-by-tick oracle, same game)
            if self.clock.kind != "lockstep":
                self.hold_keys(())
        return None

    def look(self, yaw: float, pitch: float) -> None:
        """Turn, unless the player already looks exactly there."""
        p = self.game.player
        if (yaw, pitch) != (p.yaw, p.pitch):
            self.request("look", yaw=yaw, pitch=pitch)

    def request(self, route: str, **params: Any) -> dict[str, Any] | None:
        """One request over the control socket on the agent's behalf (what ``mcapi`` sends); a
        refusal (4xx) is counted and ignored, as a server ignores a bad packet; a failure of the
        server or the connection raises."""
        timeout = REQUEST_TIMEOUT_S + float(params.get("seconds", 0.0))
        try:
            return call(str(self.control.socket_path), route, params, None, timeout)
        except ControlError as e:
            if e.status == 0 or e.status >= 500:
                raise RuntimeError(f"control route {route}: {e.error}") from None
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
