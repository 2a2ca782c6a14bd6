"""``llm:ALIAS`` for MCU: a vision-language model plays the task from screenshots and the
player's state, one ``mcu_action`` tool call per decision (the MCU action set: keys held for a
number of ticks with a camera turn, hotbar, recipe-book crafting, drop, screens and clicks).

Each decision sends the task, the player's state (health, food, inventory, open screen, what the
last direct actions did) and the current screenshot; the context keeps the last
``history_turns`` decisions with images only in the newest ``image_turns``. An answer that is
not exactly one valid ``mcu_action`` call is shown its problem and asked again; three invalid
answers in a row, or a provider failure, end the episode as an infrastructure failure (the
agent's crash: never scored as the model's failure). Token usage and cost are summed.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any, ClassVar

from odyssey.agents.llm.messages import Message, Usage
from odyssey.agents.llm.models import cost_usd, resolve_model
from odyssey.episode.protocol import ClaimDone, Hold, Look, Wait
from odyssey.mcu.actions import (
    Click,
    CloseScreen,
    Craft,
    Drop,
    MenuButton,
    OpenInventory,
    Rename,
    Select,
    SelectTrade,
    check_mcu_action,
)
from odyssey.mcu.needs import McuError
from odyssey.mcu.play import McuObservation

PROMPT_VERSION = "mcu-vlm-1"
SYSTEM_PROMPT = """You play Minecraft (Java 1.21) in survival mode to complete one task.
Each turn you get the task, your state and a first-person screenshot. Answer with exactly one
call of the tool mcu_action. Actions:
- hold: hold keys (forward, back, left, right, jump, sneak, sprint, attack, use) for `ticks`
  game ticks (20 per second), optionally turning first to absolute `yaw`/`pitch` degrees
  (yaw 0 = south, 90 = west; pitch 90 = straight down). Hold attack to break blocks or hit mobs;
  use to place the held block, eat, or open what the crosshair points at.
- look: turn to `yaw`/`pitch`.  - wait: let `ticks` pass.
- select: hotbar `slot` 1-9.  - drop: throw the held item (`whole_stack` for all).
- craft: craft `item` `times` times with the recipe book (3x3 recipes need an open crafting
  table: look at it and hold use for 1 tick first).
- open_inventory, close_screen, click (`slot`, `button`, `mode` in vanilla's numbering),
  menu_button (`button`), select_trade (`button` = the offer's index in a villager's list),
  rename (`name`, at an anvil).
- claim_done: you believe the task is complete (ends the episode).
"""
ACTIONS = ("hold", "look", "wait", "select", "drop", "craft", "open_inventory", "close_screen",
           "click", "menu_button", "select_trade", "rename", "claim_done")  # fmt: skip
KEYS = ["forward", "back", "left", "right", "jump", "sneak", "sprint", "attack", "use"]
MCU_ACTION_TOOL: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": "mcu_action",
        "description": "Perform exactly one action in the game.",
        "parameters": {
            "type": "object",
            "properties": {
                "type": {"type": "string", "enum": list(ACTIONS)},
                "keys": {"type": "array", "items": {"type": "string", "enum": KEYS}},
                "ticks": {"type": "integer", "minimum": 1, "maximum": 200},
                "yaw": {"type": "number"},
                "pitch": {"type": "number", "minimum": -90, "maximum": 90},
                "slot": {"type": "integer"},
                "item": {"type": "string"},
                "times": {"type": "integer", "minimum": 1},
                "button": {"type": "integer"},
                "mode": {"type": "integer"},
                "name": {"type": "string"},
                "whole_stack": {"type": "boolean"},
            },
            "required": ["type"],
            "additionalProperties": False,
        },
    },
}
MAX_INVALID = 3


class ActionFormatError(ValueError):
    """A tool call's arguments that do not make an MCU action."""


def action_from_args(args: dict[str, Any]):
    """The MCU action a valid ``mcu_action`` call asks for; ActionFormatError otherwise."""
    kind = args.get("type")
    try:
        match kind:
            case "hold":
                return Hold(tuple(args.get("keys", ())), int(args.get("ticks", 10)),
                            args.get("yaw"), args.get("pitch"))  # fmt: skip
            case "look":
                return Look(float(args["yaw"]), float(args.get("pitch", 0.0)))
            case "wait":
                return Wait(int(args.get("ticks", 20)))
            case "select":
                return Select(int(args["slot"]) - 1)
            case "drop":
                return Drop(bool(args.get("whole_stack", False)))
            case "craft":
                return Craft(str(args["item"]), int(args.get("times", 1)))
            case "open_inventory":
                return OpenInventory()
            case "close_screen":
                return CloseScreen()
            case "click":
                return Click(int(args["slot"]), int(args.get("button", 0)),
                             int(args.get("mode", 0)))  # fmt: skip
            case "menu_button":
                return MenuButton(int(args["button"]))
            case "select_trade":
                return SelectTrade(int(args["button"]))
            case "rename":
                return Rename(str(args["name"]))
            case "claim_done":
                return ClaimDone()
    except (KeyError, TypeError, ValueError) as e:
        raise ActionFormatError(f"{kind}: missing or bad argument ({e})") from e
    raise ActionFormatError(f"type must be one of {', '.join(ACTIONS)}, got {kind!r}")


def state_text(obs: McuObservation) -> str:
    items = ", ".join(f"slot {s + 1 if s < 9 else s}: {item} x{n}" for s, item, n in obs.inventory)
    x, y, z = obs.player.pos
    lines = [f"Time: {obs.time_s:.1f} s. Health {obs.health:.0f}/20, food {obs.food}/20.",
             f"Position ({x:.1f}, {y:.1f}, {z:.1f}), yaw {obs.player.yaw:.0f}, pitch "
             f"{obs.player.pitch:.0f}. Selected hotbar slot {obs.selected + 1}.",
             f"Inventory: {items or 'empty'}.",
             f"Open screen: {obs.screen or 'none'}."]  # fmt: skip
    lines += [f"Result: {m}" for m in obs.messages]
    return "\n".join(lines)


class VlmAgent:
    """A model from the models file playing an MCU task."""

    name: ClassVar[str] = "llm"
    privileged: ClassVar[bool] = False
    needs_screen: ClassVar[bool] = True

    def __init__(self, alias: Any, models_file: Path | None = None, history_turns: int = 8,
                 image_turns: int = 2, provider: Any = None) -> None:  # fmt: skip
        from odyssey.agents.llm.providers import make_provider

        self.spec = resolve_model(alias, models_file)
        self.name = f"llm:{self.spec.alias}"  # type: ignore[misc]
        self.provider = provider or make_provider(self.spec)
        self.history_turns, self.image_turns = history_turns, image_turns
        self.turns: list[list[Message]] = []
        self.usage = Usage()
        self.cost_usd = 0.0
        self.requests = 0
        self.invalid = 0
        self.notes: list[str] = []
        self.task = ""

    def start(self, observation: McuObservation) -> None:
        self.task = observation.text

    def _context(self) -> list[Message]:
        recent = self.turns[-self.history_turns :]
        out: list[Message] = [{"role": "user", "content": f"Task: {self.task}"}]
        for i, turn in enumerate(recent):
            keep_images = i >= len(recent) - self.image_turns
            for message in turn:
                content = message.get("content")
                if not keep_images and isinstance(content, list):
                    content = [p for p in content if p.get("type") != "image_url"]
                    message = {**message, "content": content}
                out.append(message)
        return out

    def act(self, observation: McuObservation):
        parts: list[dict[str, Any]] = [{"type": "text", "text": state_text(observation)}]
        if observation.screenshot is not None:
            from odyssey.render.screen import encode_jpeg

            jpeg = base64.b64encode(encode_jpeg(observation.screenshot(), 75)).decode()
            parts.append({"type": "image_url",
                          "image_url": {"url": f"data:image/jpeg;base64,{jpeg}"}})  # fmt: skip
        turn: list[Message] = [{"role": "user", "content": parts}]
        self.turns.append(turn)
        for _ in range(MAX_INVALID):
            reply = self.provider.complete(SYSTEM_PROMPT, self._context(), [MCU_ACTION_TOOL])
            self._count(reply)
            turn.append(reply.message)
            try:
                return self._action(reply)
            except ActionFormatError as e:
                self.invalid += 1
                calls = reply.tool_calls
                problem = f"Invalid answer: {e}. Call mcu_action exactly once."
                if calls:
                    turn.append({"role": "tool", "tool_call_id": calls[0].id, "content": problem})
                else:
                    turn.append({"role": "user", "content": problem})
        raise McuError(f"{self.name}: {MAX_INVALID} invalid answers in a row")

    def _count(self, reply) -> None:
        self.requests += 1
        u = reply.usage
        self.usage = Usage(self.usage.input_tokens + u.input_tokens,
                           self.usage.output_tokens + u.output_tokens,
                           self.usage.cached_input_tokens + u.cached_input_tokens,
                           self.usage.reasoning_tokens + u.reasoning_tokens)  # fmt: skip
        cost = reply.cost_usd if reply.cost_usd is not None else cost_usd(self.spec, u)
        self.cost_usd += cost or 0.0

    def _action(self, reply):
        calls = [c for c in reply.tool_calls if c.name == "mcu_action"]
        if len(reply.tool_calls) != 1 or len(calls) != 1:
            raise ActionFormatError(f"expected one mcu_action call, got {len(reply.tool_calls)}")
        try:
            args = json.loads(calls[0].arguments or "{}")
        except json.JSONDecodeError as e:
            raise ActionFormatError(f"arguments are not JSON ({e.msg})") from e
        if not isinstance(args, dict):
            raise ActionFormatError("arguments must be a JSON object")
        action = action_from_args(args)
        try:
            checked = check_mcu_action(action)
        except ValueError as e:
            raise ActionFormatError(str(e)) from e
        # the call is answered in the next user turn (tool results precede it)
        self.turns[-1].append({"role": "tool", "tool_call_id": calls[0].id, "content": "done"})
        return checked
