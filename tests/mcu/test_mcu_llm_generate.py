"""The language-model configuration loop against a local server replaying scripted replies: bad
configurations are caught by the engine checks, the failures are fed back, the repaired ones
pass, and every round is recorded."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from confgen_tasks import craft, task

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "agents"))
from llm_servers import ReplayServer, chat_reply, loopback_spec

from odyssey.mcu.confgen.llm import Generation, generate_with_model, parse_reply
from odyssey.mcu.confgen.prompt import PROMPT_VERSION
from odyssey.mcu.confgen.verify import verify_config
from odyssey.mcu.needs import McuError
from odyssey.mcu.setup import WORLD_SEED, SharedChunks

PICKAXE_PARTS = ["/give @s minecraft:iron_ingot 6", "/give @s minecraft:stick 4",
                 "/setblock ~2 ~ ~ minecraft:crafting_table"]  # fmt: skip
ZOMBIE_KIT = ["/give @s minecraft:diamond_sword 1", "/time set night"]
IRON_ORE = ["/give @s minecraft:stone_pickaxe 1", "/setblock ~2 ~ ~ minecraft:iron_ore",
            "/setblock ~2 ~ ~1 minecraft:iron_ore"]  # fmt: skip


@pytest.fixture(scope="module")
def chunks() -> SharedChunks:
    return SharedChunks(WORLD_SEED)


def answer(commands: list[str], fenced: bool = False) -> dict:
    body = json.dumps({"text": "a task", "custom_init_commands": commands,
                       "thinking": "- In order to do it, the player needs these."})  # fmt: skip
    text = f"Here is the set-up:\n```json\n{body}\n```\nGood luck!" if fenced else body
    return chat_reply(text=text)


def run_loop(chunks: SharedChunks, t, replies: list, rounds: int = 3) -> tuple[Generation, list]:
    with ReplayServer("openai-chat", replies) as server:
        gen = generate_with_model(t, loopback_spec(server), rounds=rounds, seed=7, chunks=chunks)
        return gen, server.bodies


def last_user(body: dict) -> str:
    return [m for m in body["messages"] if m["role"] == "user"][-1]["content"]


def test_a_config_giving_the_target_is_repaired(chunks: SharedChunks) -> None:
    t = craft("iron_pickaxe")
    given = answer([*PICKAXE_PARTS, "/give @s minecraft:iron_pickaxe 1"])
    gen, bodies = run_loop(chunks, t, [given, answer(PICKAXE_PARTS)])
    assert gen.ok and gen.status == "verified" and len(gen.rounds) == 2
    first, second = gen.rounds
    assert not first.ok and any(c["name"] == "target_absent" and not c["ok"] for c in first.checks)
    assert "iron_pickaxe itself was given" in second.sent  # the feedback sent back
    assert last_user(bodies[1]) == second.sent and "[target_absent]" in second.sent
    assert second.ok and gen.config is not None
    assert list(gen.config.custom_init_commands) == PICKAXE_PARTS
    assert verify_config(gen.config, t, chunks).ok
    assert bodies[0]["seed"] == 7 and bodies[0]["messages"][0]["role"] == "system"


def test_a_mob_summoned_far_away_is_repaired(chunks: SharedChunks) -> None:
    t = task("combat", "zombie")
    gen, bodies = run_loop(
        chunks,
        t,
        [
            answer([*ZOMBIE_KIT, "/summon minecraft:zombie ~20 ~ ~"]),
            answer([*ZOMBIE_KIT, "/summon minecraft:zombie ~3 ~ ~"]),
        ],
    )
    assert gen.ok and [r.ok for r in gen.rounds] == [False, True]
    assert "zombie was summoned 20.0 blocks away" in gen.rounds[1].sent
    assert "zombie was summoned 20.0" in last_user(bodies[1])


def test_a_buried_player_is_repaired(chunks: SharedChunks) -> None:
    t = task("mine", "iron_ore")
    bury = [*IRON_ORE, "/fill ~-2 ~-1 ~-2 ~2 ~3 ~2 minecraft:stone"]
    gen, _ = run_loop(chunks, t, [answer(bury), answer(IRON_ORE)])
    assert gen.ok and [r.ok for r in gen.rounds] == [False, True]
    assert "[not_trapped]" in gen.rounds[1].sent and "inside stone" in gen.rounds[1].sent


def test_a_malformed_reply_is_a_failed_round(chunks: SharedChunks) -> None:
    t = task("mine", "iron_ore")
    gen, bodies = run_loop(chunks, t, [chat_reply(text='Sure! {"custom_init_commands": [oops'),
                                       answer(IRON_ORE, fenced=True)])  # fmt: skip
    assert gen.ok and len(gen.rounds) == 2
    first = gen.rounds[0]
    assert first.parse_error and "not valid JSON" in first.parse_error and first.config is None
    assert "could not be read" in last_user(bodies[1])
    assert gen.rounds[1].config["custom_init_commands"] == IRON_ORE


def test_all_rounds_failing_says_failed_and_records_everything(chunks: SharedChunks) -> None:
    t = craft("iron_pickaxe")
    bad = answer(["/give @s minecraft:iron_pickaxe 1"])
    gen, bodies = run_loop(chunks, t, [bad, chat_reply(text="no idea"), bad], rounds=3)
    assert not gen.ok and gen.status == "failed" and gen.config is None
    assert len(gen.rounds) == 3 == len(bodies)
    data = json.loads(gen.to_json())
    assert data["status"] == "failed" and data["prompt_version"] == PROMPT_VERSION
    assert [r["index"] for r in data["rounds"]] == [1, 2, 3]
    assert data["rounds"][1]["parse_error"] and data["rounds"][2]["checks"]
    assert all(r["usage"]["input_tokens"] == 1200 for r in data["rounds"])
    assert len([m for m in bodies[2]["messages"] if m["role"] == "assistant"]) == 2


def test_an_unreachable_model_fails_the_generation_not_the_program(chunks: SharedChunks) -> None:
    gen, _ = run_loop(chunks, craft("stick"), [], rounds=2)  # the server answers 500
    assert not gen.ok and len(gen.rounds) == 1 and gen.rounds[0].provider_error


@pytest.mark.parametrize(
    ("text", "words"),
    [("", "empty"), ("I cannot help.", "no JSON object"),
     ('[{"a": 1}]', "expected a JSON object"),
     ('{"custom_init_commands": []}', "non-empty list"),
     ('{"custom_init_commands": ["/time set day", 3]}', "command string"),
     ('{"custom_init_commands": ["/time set day"], "text": 5}', "text: expected a string")],
)  # fmt: skip
def test_parse_reply_says_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(McuError, match=words):
        parse_reply(text)


def test_parse_reply_reads_plain_and_fenced_json() -> None:
    plain = parse_reply('{"custom_init_commands": ["/time set day"]}')
    fenced = parse_reply('ok:\n```json\n{"custom_init_commands": ["/time set day"]}\n```')
    assert plain == fenced == {"custom_init_commands": ["/time set day"]}


def cli():
    import typer

    from odyssey.cli.mcu_generate_cmd import generate

    app = typer.Typer()
    app.command()(generate)  # the lead wires it as `odyssey mcu generate`
    app.command("unused")(lambda: None)  # two commands: typer keeps the sub-command name
    return app


def test_cli_model_with_fallback_records_rounds(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    pytest.importorskip("odyssey.mcu.library.library")
    replies = [chat_reply(text="not json"), answer(["/give @s minecraft:stick 1"])]
    with ReplayServer("openai-chat", replies) as server:
        models = tmp_path / "models.json"
        models.write_text(json.dumps({"replay": {"provider": "openai", "api": "chat_completions",
                                                 "base_url": server.base_url,
                                                 "model": "replay-model"}}))  # fmt: skip
        out = tmp_path / "stick.yaml"
        args = ["generate", "craft_to_stick", "--model", "replay", "--models-file", str(models),
                "--rounds", "2", "--out", str(out)]  # fmt: skip
        failed = CliRunner().invoke(cli(), args)
        assert failed.exit_code == 1 and not out.exists()
        record = json.loads(out.with_suffix(".generation.json").read_text())
        assert record["status"] == "failed" and len(record["rounds"]) == 2
        server.push(chat_reply(text="still no json"))
        fell_back = CliRunner().invoke(cli(), [*args[:6], "--rounds", "1", "--out", str(out),
                                               "--fallback", "rules"])  # fmt: skip
    assert fell_back.exit_code == 0, fell_back.output
    assert "oak_planks" in out.read_text() and "falling back" in fell_back.output
