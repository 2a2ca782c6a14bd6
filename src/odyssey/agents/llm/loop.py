"""The language-model agent loop (Mine Odyssey notes §3): ask the model for one
``minecraft_action``, carry it out through the :class:`Harness`, show the model what followed,
and repeat until the verifier ends the episode, a claim is settled, or a limit is reached.

Deliberate difference: Mine Odyssey runs an observe thread beside the decision thread; this loop
is synchronous. Observations that happen while the model thinks (a command ending, an evaluator
event) are collected when the reply returns and shown between the Async Notice lines, as there.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from odyssey.agents.llm import observations as obs
from odyssey.agents.llm import summary as sm
from odyssey.agents.llm.conversation import Conversation
from odyssey.agents.llm.frames import FALLBACK_LABEL, FrameFilter
from odyssey.agents.llm.limits import LoopLimits, LoopResult, add_usage
from odyssey.agents.llm.messages import Provider, ProviderError, Reply
from odyssey.agents.llm.prompt import system_prompt
from odyssey.agents.llm.tools import Action, ValidationProblem, action_tools, parse_action
from odyssey.episode.harness_api import CommandResult, Harness
from odyssey.episode.record import AgentRecord, label_stamp

__all__ = ["AgentLoop", "LoopLimits", "LoopResult"]
RATE_LIMIT_MAX_S = 60.0

SUMMARY_ATTEMPTS = 3  # bounded (Mine Odyssey asks again until it gets one)


@dataclass
class _Running:
    call_id: str
    task_id: str
    command: str
    final: CommandResult | None = None  # set once the loop itself ended it (timeout)


class AgentLoop:
    """Runs one episode's conversation; ``run`` never raises for provider or harness trouble."""

    def __init__(
        self,
        provider: Provider,
        harness: Harness,
        task_prompt: str,
        record: AgentRecord,
        limits: LoopLimits | None = None,
        system: str | None = None,
        now: Callable[[], str] | None = None,
        *,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        frame_filter: FrameFilter | None = None,
    ) -> None:
        self.provider, self.harness, self.record = provider, harness, record
        self.task_prompt = task_prompt
        self.limits = limits or LoopLimits()
        self.system = system if system is not None else system_prompt()
        self.now = now or label_stamp
        self.sleep, self.clock = sleep, clock
        self.frames = frame_filter or FrameFilter()
        lim = self.limits
        self.thresholds = sm.SummaryThresholds(
            lim.turn_threshold, lim.token_threshold, lim.image_limit, lim.round_limit
        )
        self.result = LoopResult("stopped", "")
        self.stop_reason: str | None = None
        self.running: _Running | None = None
        self.last_exec: tuple[str, str] | None = None  # (command, issued stamp)
        self.resets = 0
        self.conv: Conversation | None = None
        self._dropped = b""  # the last frame the filter dropped (for the fallback)

    # -- the run ---------------------------------------------------------------------------------

    def run(self) -> LoopResult:
        started = self.clock()
        try:
            self.conv = Conversation(self.record, self.system, self.task_prompt)
            self._snapshot("initial trajectory snapshot")
            while self.stop_reason is None:
                self.stop_reason = self._limit_reached(started)
                if self.stop_reason is None:
                    self._turn()
        except Exception as e:  # a crash ends the episode, it must not escape into the runner
            self.result.status = "crashed"
            self.stop_reason = f"exception:{type(e).__name__}"
        self._finish_run()
        return self.result

    def _limit_reached(self, started: float) -> str | None:
        if self.harness.terminal():
            return "verifier_terminal"
        if self.result.decisions >= self.limits.max_decisions:
            return "max_llm_request_successes"
        if self.clock() - started >= self.limits.watchdog_s:
            return "watchdog"
        return None

    def _finish_run(self) -> None:
        try:
            if self.running is not None:
                self._complete(self.harness.stop_command(self.running.task_id), snapshot=False)
        except Exception:  # best effort: the episode stops the sandbox anyway
            self.running = None
        if self.conv is not None:
            self.conv.flush()  # unsent observations still belong in the record
        self.result.stop_reason = self.stop_reason or "stopped"
        self.result.frame_filter = self.frames.summary()

    def _turn(self) -> None:
        self._deliver_background()
        if self.stop_reason:
            return
        trigger = sm.summary_trigger(self.conv.context, self.thresholds, None)
        # A window without a reply has nothing to summarise (and a reset could not shrink it).
        if trigger is not None and any(m["role"] == "assistant" for m in self.conv.context):
            self._summarize(trigger, withheld=None)
            return
        reply = self._request(action_tools())
        if reply is None:
            return
        self.result.decisions += 1
        self._append_assistant(reply)
        parsed = parse_action(reply)
        trigger = sm.summary_trigger(self.conv.context, self.thresholds, reply.usage.total_tokens)
        self._answer_calls(reply, parsed, barrier=trigger is not None)
        self._collect_async()
        if trigger is not None:
            kind = parsed.type if isinstance(parsed, Action) else "none"
            self._summarize(trigger, withheld=kind)
        elif isinstance(parsed, ValidationProblem):
            self.conv.add_text(obs.invalid_response_text(self.now(), parsed.error))
        else:
            self._act(parsed)

    # -- model requests --------------------------------------------------------------------------

    def _request(self, tools: list[dict[str, Any]] | None) -> Reply | None:
        """One request; a failure is counted, paused after, and may stop or reset the loop."""
        self.conv.flush()
        self.result.llm_request_total += 1
        error: ProviderError | None = None
        self.harness.thinking(True)
        try:
            reply = self.provider.complete(self.system, self.conv.context, tools)
        except ProviderError as e:
            reply, error = None, e
        finally:
            self.harness.thinking(False)
        if reply is not None and not (reply.text.strip() or reply.tool_calls):
            reply, error = None, ProviderError("empty", "reply with neither text nor tool call")
        if reply is not None:
            self.result.llm_request_success += 1
            self.result.consecutive_llm_failures = 0
            self._add_usage(reply)
            return reply
        self._request_failed(error)
        return None

    def _request_failed(self, error: ProviderError) -> None:
        if error.kind == "exhausted":  # a scripted provider has no more calls: it stops itself
            self.result.llm_request_total -= 1  # no request was made
            self.stop_reason = "provider_exhausted"
            return
        self.result.llm_request_failed += 1
        self.result.consecutive_llm_failures += 1
        self._collect_async()
        if self.result.consecutive_llm_failures >= self.limits.max_consecutive_failures:
            self.stop_reason = "max_consecutive_llm_failures"
        else:
            if error.kind == "context_length":
                self._hard_reset(error)
            self.sleep(self._pause_after(error))

    def _pause_after(self, error: ProviderError) -> float:
        """2 s after a failure; after a 429, Mine Odyssey's optional back-off: 5 s doubling with
        each consecutive failure, at most 60 s (``rate_limit_backoff_s`` 0 turns it off)."""
        base = self.limits.rate_limit_backoff_s
        if error.kind != "rate_limit" or base <= 0:
            return self.limits.failure_pause_s
        n = self.result.consecutive_llm_failures - 1
        return min(RATE_LIMIT_MAX_S, base * 2**n)

    def _add_usage(self, reply: Reply) -> None:
        self.result.usage = add_usage(self.result.usage, reply.usage)
        if reply.cost_usd is not None:
            self.result.cost_usd = (self.result.cost_usd or 0.0) + reply.cost_usd

    def _append_assistant(self, reply: Reply) -> None:
        archived = dict(reply.message)
        archived.setdefault("usage", reply.usage.to_json())
        archived.setdefault("cost_usd", reply.cost_usd)
        self.conv.append(reply.message, archived)

    def _answer_calls(
        self, reply: Reply, parsed: Action | ValidationProblem, barrier: bool
    ) -> None:
        for call in reply.tool_calls:
            if barrier:
                error = "withheld: the context reached an automatic-summary boundary"
                self.conv.append(obs.tool_reply(call.id, "rejected", error))
            elif isinstance(parsed, ValidationProblem):
                self.conv.append(obs.tool_reply(call.id, "rejected", parsed.error))
            else:
                self.conv.append(obs.tool_reply(call.id, "received"))

    def _collect_async(self) -> None:
        """Shows what happened while the model was thinking between the Async Notice lines."""
        mark = len(self.conv.pending)
        self._deliver_background()
        if len(self.conv.pending) > mark:
            start = obs.text_part(obs.async_notice_start(self.now()))
            self.conv.pending.insert(mark, (start, start))
            self.conv.add_text(obs.async_notice_end(self.now()))

    # -- actions ---------------------------------------------------------------------------------

    def _act(self, action: Action) -> None:
        if action.type == "exec":
            self._exec(action)
        elif action.type == "skip":
            self._wait(action.observe_after_sec)
            self._deliver_background()
            self._snapshot("post-skip snapshot")
        elif action.type == "stop_execute":
            if self.running is not None:
                self._complete(self.harness.stop_command(self.running.task_id), snapshot=False)
            self._snapshot("post-stop_execute snapshot")
        else:
            self._claim()

    def _exec(self, action: Action) -> None:
        if self.running is not None:
            old = self.running
            stopped = self.harness.stop_command(old.task_id)
            self.running = None
            event = obs.action_event(self.now(), obs.INTERRUPTED, old.call_id, action.call_id)
            self.conv.add_text(event)
            self._show_result(old.call_id, stopped, earlier=True)
        command = action.content or ""
        self.last_exec = (command, self.now())
        self.conv.add_text(obs.action_event(self.now(), "Action Start", action.call_id))
        started = self.harness.start_command(command)
        self.running = _Running(action.call_id, started.action_id, command)
        if started.status != "running":  # rejected at once (e.g. a comment-only command)
            self._complete(started)
            return
        self._wait(action.observe_after_sec)
        if self.running is not None:
            result = self._poll()
            if result.status != "running":
                self._complete(result)
            else:
                self._snapshot("observe_after snapshot")

    def _claim(self) -> None:
        answer = self.harness.claim_done()
        if answer.accepted:
            self.stop_reason = "claim_done_accepted"
        elif answer.terminal:
            already = answer.reason == "already_terminal"
            self.stop_reason = "verifier_terminal" if already else "claim_attempts_exhausted"
        elif answer.message:
            self.conv.add_text(answer.message)

    def _wait(self, seconds: float) -> None:
        """Lets ``seconds`` pass, returning early when the running command ends."""
        if self.running is None:
            self.harness.wait(seconds)
        else:
            self.harness.wait(seconds, until=lambda: self._poll().status != "running")

    # -- commands and observations ---------------------------------------------------------------

    def _poll(self) -> CommandResult:
        """The running command's state; past the command limit it is stopped as timed out."""
        run = self.running
        if run.final is not None:
            return run.final
        result = self.harness.poll_command(run.task_id)
        if result.status == "running" and result.elapsed >= self.limits.bash_timeout_s:
            stopped = self.harness.stop_command(run.task_id)
            note = f"Command timed out after {self.limits.bash_timeout_s:g} seconds."
            stderr = f"{stopped.stderr}\n{note}" if stopped.stderr else note
            result = replace(stopped, status="timed_out", exit_code=124, stderr=stderr)
            run.final = result
        return result

    def _deliver_background(self) -> None:
        """A command that ended since the last look, and new evaluator events."""
        if self.running is not None:
            result = self._poll()
            if result.status != "running":
                self._complete(result)
        for text in self.harness.evaluator_messages():
            self.conv.add_text(text)

    def _complete(self, result: CommandResult, snapshot: bool = True) -> None:
        """The running command ended: its end event, result and the post-exec snapshot."""
        run, self.running = self.running, None
        event = obs.end_event_name(result)
        self.conv.add_text(obs.action_event(self.now(), event, run.call_id))
        self._show_result(run.call_id, result, earlier=False)
        if snapshot and not self._snapshot("post-exec snapshot"):
            self._snapshot_fallback()

    def _show_result(self, call_id: str, result: CommandResult, earlier: bool) -> None:
        if not obs.is_silent_mcapi_success(result):
            self.conv.add_text(obs.command_result_text(self.now(), call_id, result, earlier))

    def _snapshot(self, label: str) -> bool:
        """Takes a screenshot and shows it unless the frame filter drops it."""
        jpeg = self.harness.screenshot()
        decision = self.frames.decide(jpeg, self.clock(), label)
        if decision.kept:
            self._show_frame(jpeg, label)
        else:
            self._dropped = jpeg
        return decision.kept

    def _snapshot_fallback(self) -> None:
        """Every post-action frame was dropped: the last one is shown after all (notes §3.2)."""
        self.frames.note_fallback()
        self._show_frame(self._dropped, FALLBACK_LABEL)

    def _show_frame(self, jpeg: bytes, label: str) -> None:
        ts = self.now()
        name = self.record.add_screenshot(jpeg)
        live = obs.screenshot_parts(ts, label, jpeg)
        self.conv.add_parts(live, obs.screenshot_parts(ts, label, jpeg, url=name))

    # -- summaries and resets --------------------------------------------------------------------

    def _summarize(self, trigger: sm.Trigger, withheld: str | None) -> None:
        """Stops the running command, asks for a ``<summary>`` and starts a new window."""
        if withheld is not None:
            self.conv.add_text(sm.barrier_text(self.now(), withheld))
        if self.running is not None:
            self._complete(self.harness.stop_command(self.running.task_id))
        elif withheld is not None:
            self._snapshot("post-stop_execute snapshot")
        self.conv.add_text(sm.summary_request_text(self.now(), trigger, self.thresholds))
        text = ""
        for _ in range(SUMMARY_ATTEMPTS):
            resets = self.resets
            reply = self._request(None)
            if self.stop_reason or self.resets != resets:
                return
            if reply is None:
                continue
            self._append_assistant(reply)
            for call in reply.tool_calls:  # no tools on summary turns: nothing is executed
                self.conv.append(obs.tool_reply(call.id, "rejected", "summary turn"))
            self._collect_async()
            text = reply.text
            found = sm.extract_summary(text)
            if found is not None:
                self._reset_window(sm.summarized_text(self.now(), found, self._hint()), "summary")
                self.result.summaries += 1
                return
            self.conv.add_text(sm.invalid_summary_text(self.now()))
        # Bounded, unlike Mine Odyssey: after repeated unusable replies the window resets anyway.
        self._reset_window(sm.summarized_text(self.now(), "", self._hint()), "summary")

    def _hard_reset(self, error: ProviderError) -> None:
        self.resets += 1
        staged = sum(1 for part, _ in self.conv.pending if part.get("type") == "text")
        text = sm.context_reset_text(self.now(), staged, str(error), self._hint())
        self._reset_window(text, "context")

    def _reset_window(self, first_text: str, kind: str) -> None:
        """New window: pinned task, ``first_text``, unread observations, post-reset snapshot."""
        unread = self.conv.take_pending()
        self.conv.reset(first_text)
        if unread:
            self.conv.add_text(sm.unread_notice_text(kind))
            self.conv.pending.extend(unread)
        self._snapshot("post-reset snapshot")

    def _hint(self) -> str:
        return sm.last_exec_hint(*self.last_exec) if self.last_exec else ""
