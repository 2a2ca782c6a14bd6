"""run_command over the in-memory test world: parse → translate → resolve → the right call."""

from __future__ import annotations

import pytest
from cmd_fake_world import FakeCommandWorld, mob, player

from odyssey.sim.commands import run_command


@pytest.fixture
def world() -> FakeCommandWorld:
    steve = player("Steve", (10.3, 64.0, -5.7))
    return FakeCommandWorld(entities_list=[steve], me=steve)


def run(world: FakeCommandWorld, line: str, dialect: str | None = "minestudio-1.16"):
    return run_command(world, line, dialect=dialect)


def test_sleep_in_bed_config(world: FakeCommandWorld) -> None:
    for line in ("/time set night", "/give @s minecraft:white_bed 1",
                 "/setblock ~2 ~ ~ minecraft:white_bed"):  # fmt: skip
        result = run(world, line)
        assert result.success, result.message
    assert world.time == 13000
    assert world.inventory["uuid-Steve"] == [("minecraft:white_bed", 1)]
    assert world.blocks == {(12, 64, -6): "minecraft:white_bed"}


def test_execute_fill_resolves_relative_to_the_player(world: FakeCommandWorld) -> None:
    result = run(world, "/execute as @p at @s run fill ~-1 ~-1 ~-1 ~1 ~-1 ~1 minecraft:stone")
    assert result.success and result.count == 9
    assert set(world.blocks) == {(x, 63, z) for x in (9, 10, 11) for z in (-7, -6, -5)}


def test_translated_commands_run_and_report(world: FakeCommandWorld) -> None:
    result = run(world, "/replaceitem entity @s weapon.mainhand minecraft:iron_sword")
    assert result.success and result.translation.changed
    assert world.slots[("uuid-Steve", "weapon.mainhand")] == ("minecraft:iron_sword", 1)
    result = run(world, "/give @s minecraft:planks 20")
    assert world.inventory["uuid-Steve"] == [("minecraft:oak_planks", 20)]
    assert result.translation.changes == ("item minecraft:planks → minecraft:oak_planks",)


def test_summon_teleport_kill(world: FakeCommandWorld) -> None:
    assert run(world, "/summon minecraft:zombie ~2 ~ ~").success
    assert run(world, "/summon minecraft:zombie 3 64 4").success
    assert [s[1] for s in world.summoned] == [(12.3, 64.0, -5.7), (3.5, 64.0, 4.5)]
    assert run(world, "/tp @s ~ ~-10 ~").success
    assert world.me.position == (10.3, 54.0, -5.7)
    result = run(world, "/kill @e[type=minecraft:zombie]")
    assert result.count == 2 and not any(e.alive for e in world.entities_list[1:])
    result = run(world, "/kill @e[type=minecraft:zombie]")
    assert not result.success and result.message == "No entity was found"


def test_execute_forks_over_entities(world: FakeCommandWorld) -> None:
    world.entities_list += [mob("cow", (0.5, 70.0, 0.5), 1), mob("cow", (5.5, 70.0, 5.5), 2)]
    result = run(world, "execute as @e[type=cow] at @s run setblock ~ ~-1 ~ minecraft:hay_block")
    assert result.count == 2
    assert set(world.blocks) == {(0, 69, 0), (5, 69, 5)}


def test_local_coordinates_through_execute(world: FakeCommandWorld) -> None:
    result = run(world, "execute rotated 90 0 run setblock ^ ^ ^2 minecraft:stone")
    assert result.success and set(world.blocks) == {(8, 64, -6)}  # yaw 90: forward is -X


def test_teleport_facing_and_rotation(world: FakeCommandWorld) -> None:
    assert run(world, "tp @s 0.5 64 0.5 facing -10.5 64 0.5").success
    assert world.me.position == (0.5, 64.0, 0.5)
    assert world.me.rotation == pytest.approx((90.0, 0.0))  # looking west
    assert run(world, "tp @s ~ ~ ~ ~90 ~10").success
    assert world.me.rotation == pytest.approx((180.0, 10.0))


def test_conditions_and_failures(world: FakeCommandWorld) -> None:
    result = run(world, "execute if block ~ ~-1 ~ minecraft:grass_block run say hi")
    assert not result.success and result.count == 0
    world.blocks[(10, 63, -6)] = "minecraft:grass_block"
    assert run(world, "execute if block ~ ~-1 ~ minecraft:grass_block run say hi").success
    result = run(world, "/give @s minecraft:unobtainium")
    assert not result.success and result.message.startswith("Unknown item 'minecraft:unobtainium'")
    result = run(world, "fill ~ ~ ~ ~40 ~40 ~40 minecraft:stone")
    assert (
        result.message == "Too many blocks in the specified area (maximum 32768, specified 68921)"
    )
    assert not run(world, "/replaceitem entity @s weapon.mainhand stone", dialect=None).success


def test_world_state_commands(world: FakeCommandWorld) -> None:
    assert run(world, "/weather thunder").success and world.weather == ("thunder", None)
    assert run(world, "/effect give @a minecraft:night_vision 99999 1 true").success
    assert world.effects["uuid-Steve"]["minecraft:night_vision"] == (99999, 1, True)
    assert run(world, "gamemode creative").success and world.me.gamemode == "creative"
    assert run(world, "difficulty peaceful").success and world.difficulty == "peaceful"
    assert run(world, "gamerule keepInventory true").success
    assert world.rules == {"keep_inventory": True}
    assert run(world, "/setworldspawn").success and world.spawns[None][0] == (10, 64, -6)
    assert run(world, "time add 1d", dialect=None).count == 24000


def test_player_only_commands_reject_a_non_player_executor() -> None:
    cow = mob("cow", (0.5, 64.0, 0.5))
    w = FakeCommandWorld(entities_list=[cow], me=cow)
    result = run_command(w, "give @s minecraft:stone")
    assert not result.success and result.message == "No player was found"
    assert run_command(w, "kill @s").success  # kill takes any entity


def test_random_target_is_seeded() -> None:
    def pick(seed: int) -> str:
        players = [player(n, (float(i), 64.0, 0.0)) for i, n in enumerate("ABCDEF")]
        w = FakeCommandWorld(entities_list=players, me=players[0], seed=seed)
        run_command(w, "tp @r 100 64 100")
        return next(p.name for p in players if p.position[0] == 100.5)

    picks = [pick(s) for s in range(8)]
    assert picks == [pick(s) for s in range(8)] and len(set(picks)) > 1
