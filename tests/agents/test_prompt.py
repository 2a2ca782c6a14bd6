"""The navigation system prompt: versioned, hashed, and covering what the design asks for."""

from __future__ import annotations

import hashlib

from odyssey.agents.llm.prompt import PROMPT_VERSION, prompt_sha256, system_prompt


def test_hash_matches_the_text_and_is_stable() -> None:
    text = system_prompt()
    assert prompt_sha256() == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert system_prompt() == text
    assert PROMPT_VERSION


def test_covers_the_required_topics() -> None:
    text = system_prompt()
    for needle in [
        "voids",  # map boundaries
        "2.5 blocks",
        "1.5 blocks vertically",
        "3 seconds",
        "2.5 m",
        "claim_done",
        "3 `claim_done` attempts",
        "`exec`",
        "`skip`",
        "`stop_execute`",
        "observe_after_sec",
        "300 seconds",
        "mcapi state",
        "do not show coordinates",
        "mcapi press MOVE_FORWARD 2",
        "mcapi look-at X Y Z",
        "mcapi right-click-block X Y Z",
        "xdo key m",
        "Escape",
        "search the waypoints",
    ]:
        assert needle in text, needle


def test_states_the_true_yaw_and_pitch_signs() -> None:
    text = system_prompt()
    assert "`mcapi look --yaw 30` turns the view 30 degrees to the RIGHT" in text
    assert "positive looking down" in text
    assert "turns left" not in text.replace("`--yaw -30` turns left", "")
