"""The agent loop against a scripted provider and a lockstep fake harness (loop_fakes)."""

from __future__ import annotations

import json

import pytest
from loop_fakes import (
    ACCEPT,
    TASK,
    TS,
    FakeHarness,
    ScriptedProvider,
    Spec,
    act,
    jpeg,
    last_user_text,
    reply_calls,
    run_loop,
    text_reply,
    texts,
)

from odyssey.agents.llm.frames import FrameFilter, FrameFilterConfig
from odyssey.agents.llm.loop import AgentLoop, LoopLimits
from odyssey.agents.llm.messages import ProviderError
from odyssey.agents.llm.tools import action_tools
from odyssey.episode.harness_api import ClaimAnswer
from odyssey.episode.record import AgentRecord


def _all_text(messages) -> str:
    return "\n".join(t for m in messages for t in texts(m))


def _tool_body(messages, call_id: str) -> dict:
    found = [m for m in messages if m["role"] == "tool" and m["tool_call_id"] == call_id]
    assert len(found) == 1
    return json.loads(found[0]["content"])


def test_start_pinned_task_initial_snapshot_and_tools() -> None:
    result, provider, harness, _, _ = run_loop(
        [act("c1", "claim_done")], FakeHarness(claims=[ACCEPT])
    )
    system, messages, tools = provider.requests[0]
    assert system == "SYS" and tools == action_tools()
    assert messages[0] == {"role": "user", "content": [{"type": "text", "text": TASK + "\n"}]}
    parts = messages[1]["content"]
    assert parts[0] == {
        "type": "text",
        "text": f"[Screenshot at {TS}] [initial trajectory snapshot]\n",
    }
    assert parts[1]["image_url"]["url"].startswith("data:image/jpeg;base64,")
    assert (result.status, result.stop_reason) == ("stopped", "claim_done_accepted")
    assert harness.thinking_log == [True, False]


def test_exec_that_finishes_before_the_observation() -> None:
    h = FakeHarness(specs={"echo hi": Spec(0.5, "hi\n")}, claims=[ACCEPT])
    result, provider, h, _, _ = run_loop([act("c1", "exec", "echo hi"), act("c2", "claim_done")], h)
    messages = provider.requests[1][1]
    assert _tool_body(messages, "c1") == {"status": "received"}
    assert last_user_text(messages) == (
        f"[Action Event at {TS}] Action Start\nTool call ID: c1\n"
        f"[Action Event at {TS}] Action End (exit_code=0)\nTool call ID: c1\n"
        f"[Command Result at {TS}]\nTool call ID: c1\nStdout:\nhi\n\nExit code: 0\n"
        f"[Screenshot at {TS}] [post-exec snapshot]\n"
    )
    assert h.t < 1.0  # the wait returned when the command ended, not after 2 s
    assert result.decisions == 2


def test_running_command_ends_in_a_later_turn_inside_async_notice() -> None:
    h = FakeHarness(specs={"sleep 3": Spec(3.0)}, think_s=2.0, claims=[ACCEPT])
    items = [act("c1", "exec", "sleep 3", observe=1.5), act("c2", "skip"), act("c3", "claim_done")]
    _, provider, h, _, _ = run_loop(items, h)
    second = last_user_text(provider.requests[1][1])
    assert "Action Start" in second and "[observe_after snapshot]" in second
    assert "Action End" not in second
    # Started at 2 s (after thinking), observed at 3.5 s, ended at 5 s: during the 2nd request.
    third = last_user_text(provider.requests[2][1])
    start = third.index("[Async Notice Start at")
    end = third.index("[Async Notice End at")
    assert start < third.index("Action End (exit_code=0)\nTool call ID: c1") < end
    assert start < third.index("[post-exec snapshot]") < end < third.index("[post-skip snapshot]")
    assert start < third.index(f"[Command Result at {TS}]\nTool call ID: c1\nExit code: 0") < end


def test_silent_results_follow_mine_odyssey() -> None:
    cmds = {
        "mcapi look --yaw 30": Spec(),
        "mcapi look --yaw 30 && mcapi state": Spec(stdout=""),
        'mcapi chat "mcapi state"': Spec(),
        "true": Spec(),
        "mcapi press JUMP": Spec(exit_code=1, stderr='{"success": false}'),
    }
    items = [act(f"c{i}", "exec", c) for i, c in enumerate(cmds)] + [act("z", "claim_done")]
    _, provider, _, _, _ = run_loop(items, FakeHarness(specs=cmds, claims=[ACCEPT]))
    shown = [
        "[Command Result" in last_user_text(provider.requests[i + 1][1]) for i in range(len(cmds))
    ]
    assert shown == [False, True, False, True, True]
    assert "Action End (exit_code=0)" in last_user_text(provider.requests[1][1])


def test_exec_interrupts_a_running_exec() -> None:
    h = FakeHarness(specs={"sleep 100": Spec(100.0), "echo b": Spec(0.1, "b")}, claims=[ACCEPT])
    items = [act("c1", "exec", "sleep 100", observe=1), act("c2", "exec", "echo b")]
    _, provider, h, _, _ = run_loop([*items, act("c3", "claim_done")], h)
    text = last_user_text(provider.requests[2][1])
    assert text.startswith(
        f"[Action Event at {TS}] Action Interrupted because a new `exec` action is starting\n"
        "Tool call ID: c1\nRelated tool call ID: c2\n"
        f"[Earlier Interrupted Command Result at {TS}]\n"
        "This result belongs to an earlier command and does not finish the current command.\n"
        "Tool call ID: c1\nExit code: -15\n"
        f"[Action Event at {TS}] Action Start\nTool call ID: c2\n"
    )
    assert h.stopped == ["task1"]


def test_command_timeout() -> None:
    h = FakeHarness(specs={"sleep 100": Spec(100.0)}, claims=[ACCEPT])
    items = [act("c1", "exec", "sleep 100", observe=10), act("c2", "claim_done")]
    _, provider, h, _, _ = run_loop(items, h, bash_timeout_s=3)
    text = last_user_text(provider.requests[1][1])
    assert f"[Action Event at {TS}] Action Timeout\nTool call ID: c1\n" in text
    assert "Stderr:\nCommand timed out after 3 seconds.\nExit code: 124\n" in text
    assert "[post-exec snapshot]" in text and 3.0 <= h.t < 3.2


def test_observe_after_is_clamped_to_one_second() -> None:
    h = FakeHarness(specs={"sleep 9": Spec(9.0)}, claims=[ACCEPT])
    run_loop([act("c1", "exec", "sleep 9", observe=0.1), act("c2", "claim_done")], h)
    assert h.waits == [1.0]


def test_skip_and_stop_execute() -> None:
    h = FakeHarness(specs={"sleep 50": Spec(50.0)}, claims=[ACCEPT])
    items = [
        act("c1", "skip"),
        act("c2", "exec", "sleep 50", observe=1),
        act("c3", "stop_execute"),
        act("c4", "stop_execute"),
        act("c5", "claim_done"),
    ]
    _, provider, h, _, _ = run_loop(items, h)
    assert h.waits[0] == 2.0
    assert last_user_text(provider.requests[1][1]) == f"[Screenshot at {TS}] [post-skip snapshot]\n"
    stopped = last_user_text(provider.requests[3][1])
    assert stopped == (
        f"[Action Event at {TS}] Action End (exit_code=-15)\nTool call ID: c2\n"
        f"[Command Result at {TS}]\nTool call ID: c2\nExit code: -15\n"
        f"[Screenshot at {TS}] [post-stop_execute snapshot]\n"
    )
    idle = last_user_text(provider.requests[4][1])
    assert idle == f"[Screenshot at {TS}] [post-stop_execute snapshot]\n"


def test_claim_rejected_then_accepted() -> None:
    rejection = (
        "[Navigation evaluator] claim_done rejected. The following locations have not yet been "
        'visited and recorded in the required order: "A" -> "B". Remaining attempts: 2.'
    )
    h = FakeHarness(claims=[ClaimAnswer(False, False, "not_arrived", rejection), ACCEPT])
    result, provider, _, _, _ = run_loop([act("c1", "claim_done"), act("c2", "claim_done")], h)
    assert last_user_text(provider.requests[1][1]) == rejection
    assert result.stop_reason == "claim_done_accepted" and result.decisions == 2


def test_terminal_claim_rejection_stops() -> None:
    h = FakeHarness(claims=[ClaimAnswer(False, True, "claim_attempts_exhausted", "no more")])
    result, *_ = run_loop([act("c1", "claim_done"), act("c2", "skip")], h)
    assert result.stop_reason == "claim_attempts_exhausted"


def test_evaluator_events_are_injected_verbatim() -> None:
    event = (
        '[Navigation evaluator] Confirmed that required waypoint "Well" has been visited and '
        "recorded."
    )
    h = FakeHarness(evaluator=[(1.0, event)], claims=[ACCEPT])
    _, provider, _, _, _ = run_loop([act("c1", "skip"), act("c2", "claim_done")], h)
    assert last_user_text(provider.requests[1][1]).startswith(event)


def _args(**kw) -> str:
    return json.dumps(kw)


@pytest.mark.parametrize(
    ("reply", "error"),
    [
        (text_reply("thinking only"), "expected exactly one tool call, got 0"),
        (
            reply_calls(
                [
                    ("a", "minecraft_action", _args(type="skip")),
                    ("b", "minecraft_action", _args(type="skip")),
                ]
            ),
            "expected exactly one tool call, got 2",
        ),
        (
            reply_calls([("a", "minecraft_action", "{")]),
            "arguments are not valid JSON (Expecting property name enclosed in double quotes)",
        ),
        (
            reply_calls([("a", "minecraft_action", _args(type="fly"))]),
            'type must be one of exec, skip, stop_execute, claim_done, got "fly"',
        ),
        (
            reply_calls([("a", "minecraft_action", _args(type="exec"))]),
            "exec needs a non-empty string content (the Bash command)",
        ),
        (
            reply_calls([("a", "minecraft_action", _args(type="skip", why="x"))]),
            "unexpected field(s) why",
        ),
    ],
)
def test_invalid_replies_get_feedback_and_the_loop_continues(reply, error) -> None:
    result, provider, _, _, _ = run_loop(
        [reply, act("c2", "claim_done")], FakeHarness(claims=[ACCEPT])
    )
    messages = provider.requests[1][1]
    assert last_user_text(messages) == (
        f"[Invalid response at {TS}] Your previous reply did not contain exactly one valid "
        f"`minecraft_action` tool call. Validation error: {error}. So no action was executed. "
        "Please call `minecraft_action` exactly once now (allowed types: exec, skip, "
        "stop_execute, claim_done)."
    )
    for call in reply.tool_calls:
        assert _tool_body(messages, call.id) == {"status": "rejected", "error": error}
    assert (result.stop_reason, result.decisions, result.llm_request_success) == (
        "claim_done_accepted",
        2,
        2,
    )


def test_three_consecutive_failures_stop() -> None:
    items = [
        ProviderError("timeout", "slow"),
        act("c1", "skip"),
        ProviderError("server", "500"),
        ProviderError("connection", "reset"),
        ProviderError("rate_limit", "429"),
        act("never", "skip"),
    ]
    result, _, _, _, sleeps = run_loop(items)
    assert result.stop_reason == "max_consecutive_llm_failures"
    assert (result.llm_request_total, result.llm_request_success, result.llm_request_failed) == (
        5,
        1,
        4,
    )
    assert result.consecutive_llm_failures == 3 and sleeps == [2.0, 2.0, 2.0]


def test_empty_reply_is_a_failed_request() -> None:
    empty = text_reply("  ")
    result, *_ = run_loop([empty, empty, empty, act("c", "skip")], max_consecutive_failures=3)
    assert result.stop_reason == "max_consecutive_llm_failures" and result.decisions == 0


def test_context_length_error_resets_the_context() -> None:
    h = FakeHarness(specs={"mcapi state": Spec(0.1, "{}")}, claims=[ACCEPT])
    items = [
        act("c1", "exec", "mcapi state"),
        ProviderError("context_length", "prompt too long"),
        act("c2", "claim_done"),
    ]
    result, provider, _, _, _ = run_loop(items, h)
    messages = provider.requests[2][1]
    assert [m["role"] for m in messages] == ["user", "user", "user"]
    assert messages[0]["content"][0]["text"] == TASK + "\n"
    reset = texts(messages[1])[0]
    assert reset.startswith(
        f"[Context Reset at {TS}] LLM request failed after retries while conversation exceeded "
        "round limit. Context was reset to recover. staged_buffer_recovered=0. "
        "error=context_length: prompt too long\nObservation mode is currently `event_only`. "
        f"Your most recent `exec` action was: `mcapi state` (issued at {TS})."
    )
    assert texts(messages[2]) == [f"[Screenshot at {TS}] [post-reset snapshot]\n"]
    assert result.stop_reason == "claim_done_accepted"


def test_summary_barrier_request_and_reset() -> None:
    h = FakeHarness(specs={"sleep 60": Spec(60.0)}, claims=[ACCEPT])
    items = [
        act("c1", "exec", "sleep 60", observe=1),
        act("c2", "skip"),  # the 2nd reply reaches turn_threshold=2: withheld
        text_reply("<summary>walk <action>exec</action></summary>"),
        text_reply("<summary>draft</summary> better: <summary>at the well, go north</summary>"),
        act("c3", "claim_done"),
    ]
    result, provider, h, _, _ = run_loop(items, h, turn_threshold=2)
    _, messages, tools = provider.requests[2]
    assert tools is None
    assert _tool_body(messages, "c2")["status"] == "rejected"
    text = last_user_text(messages)
    assert text.startswith(
        f"[Summary barrier at {TS}] The previous `skip` response was not executed because the "
        "context reached an automatic-summary boundary. Any earlier running command is being "
        "stopped. Summarize the state after the stop; do not assume the withheld action occurred."
        f"[Action Event at {TS}] Action End (exit_code=-15)\nTool call ID: c1\n"
    )
    assert h.stopped == ["task1"] and h.waits == [1.0]  # the skip did not run
    assert (
        f"[Summary Request at {TS}] You have taken **2** turns in the current window "
        "(threshold: 2). Before continuing, write a concise summary" in text
    )
    # The first summary holds `<action`: rejected, asked again.
    assert provider.requests[3][2] is None
    assert last_user_text(provider.requests[3][1]).startswith(
        f"[Invalid summary response at {TS}] Your previous reply did not contain a usable "
        "summary and has NOT been executed."
    )
    after = provider.requests[4][1]
    assert provider.requests[4][2] == action_tools()
    assert len(after) == 3 and after[0]["content"][0]["text"] == TASK + "\n"
    summarized = texts(after[1])[0]
    assert summarized.startswith(f"[Context Summarized at {TS}] Your previous context is too long")
    assert "Your most recent `exec` action was: `sleep 60`" in summarized
    assert summarized.endswith(
        "\n\n**Summary:**\nat the well, go north\n\nContinue your task from here."
    )
    assert texts(after[2]) == [f"[Screenshot at {TS}] [post-reset snapshot]\n"]
    assert (result.summaries, result.decisions, result.llm_request_success) == (1, 3, 5)


def test_token_threshold_triggers_a_barrier() -> None:
    items = [
        act("c1", "skip", tokens=500),
        text_reply("<summary>s</summary>"),
        act("c2", "claim_done"),
    ]
    result, provider, _, _, _ = run_loop(items, FakeHarness(claims=[ACCEPT]), token_threshold=400)
    text = last_user_text(provider.requests[1][1])
    assert "The previous `skip` response was not executed" in text
    assert "[post-stop_execute snapshot]" in text
    assert "combined context+response tokens on the previous turn totalled **505**" in text
    assert result.summaries == 1


def test_limits_terminal_and_crash() -> None:
    result, *_ = run_loop([act(f"c{i}", "skip") for i in range(5)], max_decisions=3)
    assert (result.stop_reason, result.decisions) == ("max_llm_request_successes", 3)
    result, *_ = run_loop(
        [act(f"c{i}", "skip") for i in range(5)], FakeHarness(terminal_at_calls=2)
    )
    assert (result.stop_reason, result.decisions) == ("verifier_terminal", 2)
    result, *_ = run_loop([act(f"c{i}", "skip") for i in range(50)], watchdog_s=5)
    assert result.stop_reason == "watchdog" and result.decisions == 3

    def broken(n: int) -> bytes:
        raise RuntimeError("no display")

    result, *_ = run_loop([act("c1", "skip")], FakeHarness(frames=broken))
    assert (result.status, result.stop_reason) == ("crashed", "exception:RuntimeError")


def test_running_exec_is_stopped_at_the_end() -> None:
    h = FakeHarness(specs={"sleep 60": Spec(60.0)}, claims=[ACCEPT])
    run_loop([act("c1", "exec", "sleep 60", observe=1), act("c2", "claim_done")], h)
    assert h.stopped == ["task1"]


def test_duplicate_observe_after_frames_are_filtered() -> None:
    h = FakeHarness(specs={"sleep 60": Spec(60.0)}, frames=lambda n: jpeg(90), claims=[ACCEPT])
    items = [act("c1", "exec", "sleep 60", observe=1), act("c2", "claim_done")]
    result, provider, _, record, _ = run_loop(items, h)
    assert "observe_after snapshot" not in _all_text(provider.requests[1][1])
    assert result.frame_filter["counts"]["dropped:exact_duplicate"] == 1
    assert len(record.screenshots) == 1


def test_archive_order_usage_and_file_references() -> None:
    h = FakeHarness(specs={"echo x": Spec(0.1, "x")}, claims=[ACCEPT])
    result, provider, _, record, _ = run_loop(
        [act("c1", "exec", "echo x"), act("c2", "claim_done")], h
    )
    roles = [m["role"] for m in record.messages]
    assert roles == ["system", "user", "user", "assistant", "tool", "user", "assistant", "tool"]
    assert record.messages[0] == {"role": "system", "content": "SYS"}
    assistant = record.messages[3]
    assert assistant["usage"]["total_tokens"] == 15 and assistant["cost_usd"] == 0.001
    images = [
        p["image_url"]["url"]
        for m in record.messages
        if m["role"] == "user"
        for p in m["content"]
        if p.get("type") == "image_url"
    ]
    assert images == ["screenshots/screenshot_001.jpg", "screenshots/screenshot_002.jpg"]
    assert [name for name, _ in record.screenshots] == images
    live = provider.requests[1][1]
    assert live[1]["content"][1]["image_url"]["url"].startswith("data:image/jpeg;base64,")
    assert result.usage.total_tokens == 30 and result.cost_usd == pytest.approx(0.002)


def test_post_exec_fallback_when_every_frame_was_dropped() -> None:
    h = FakeHarness(frames=lambda n: jpeg(90), claims=[ACCEPT])
    provider = ScriptedProvider([act("c1", "exec", "true"), act("c2", "claim_done")])
    frames = FrameFilter(FrameFilterConfig(force_labels=frozenset({"initial trajectory snapshot"})))
    loop = AgentLoop(
        provider,
        h,
        TASK,
        AgentRecord(),
        LoopLimits(),
        "SYS",
        lambda: TS,
        sleep=lambda s: None,
        clock=lambda: h.t,
        frame_filter=frames,
    )
    loop.run()
    text = last_user_text(provider.requests[1][1])
    assert f"[Screenshot at {TS}] [post-exec fallback kept]\n" in text
    assert frames.summary()["fallback_reinserted"] == 1


def test_limits_from_the_formal_settings_are_the_defaults() -> None:
    from odyssey.episode.settings import Settings

    assert LoopLimits.from_settings(Settings()) == LoopLimits()


def test_a_used_up_script_stops_the_agent() -> None:
    result, provider, _, _, _ = run_loop([act("c1", "skip")])
    assert (result.stop_reason, result.status) == ("provider_exhausted", "stopped")
    assert (result.llm_request_total, result.llm_request_failed) == (1, 0)
    assert len(provider.requests) == 2


def test_rate_limits_back_off_doubling_up_to_a_minute() -> None:
    items = [
        ProviderError("rate_limit", "429"),
        ProviderError("rate_limit", "429"),
        act("c1", "skip"),
        ProviderError("rate_limit", "429"),
        ProviderError("server", "500"),
        act("c2", "skip"),
    ]
    result, _, _, _, sleeps = run_loop(items)
    assert sleeps == [5.0, 10.0, 5.0, 2.0]  # a success resets the doubling
    assert result.llm_request_failed == 4 and result.stop_reason != "max_consecutive_llm_failures"
