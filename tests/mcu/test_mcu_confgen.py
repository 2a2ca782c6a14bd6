"""The rule-based configuration generator: its configurations for every verb verify clean in the
engine, follow the soft rules, and it refuses what it cannot set up."""

from __future__ import annotations

import pytest
from confgen_tasks import craft, task

from odyssey.mcu.confgen.graph import crafting_recipe, ingredients, obtainable, pick_member
from odyssey.mcu.confgen.rulebased import VERBS, generate_config
from odyssey.mcu.confgen.verify import verify_config
from odyssey.mcu.config import TaskConfig, config_from_data, dump_config
from odyssey.mcu.needs import McuError
from odyssey.mcu.setup import WORLD_SEED, SharedChunks

CASES = [
    ("craft", "stick"), ("craft", "iron_pickaxe"), ("craft", "cake"), ("craft", "white_bed"),
    ("mine", "iron_ore"), ("mine", "dirt"), ("mine", "oak_log"), ("mine", "obsidian"),
    ("smelt", "iron_ingot"), ("smelt", "beef"), ("find", "diamond_ore"), ("find", "pig"),
    ("find", "village"), ("combat", "zombie"), ("hunt", "cow"), ("eat", "bread"),
    ("drink", "potion_of_swiftness"), ("brew", "splash_potion_of_healing"),
    ("enchant", "diamond_sword"), ("trade", "map"), ("sell", "paper"), ("repair", "iron_sword"),
    ("rename", "iron_sword"), ("combine", "iron_pickaxe"), ("shear", "sheep"),
    ("plant", "wheat_seeds"), ("plant", "oak_sapling"), ("feed", "cow"), ("breed", "sheep"),
    ("tame", "wolf"), ("tame", "horse"), ("lead", "cow"), ("ride", "horse"), ("ride", "oak_boat"),
    ("sleep", "bed"), ("pillar", "up"), ("dive", "water"), ("climb", "ladder"),
    ("drop", "dirt"), ("jump", "jump"), ("build", "house"), ("build", "snow_golem"),
    ("light", "area"), ("use", "crafting_table"), ("use", "water_bucket"), ("use", "bone_meal"),
    ("use", "splash_potion_of_healing"), ("trap", "cow"), ("dig", "ground"), ("swim", "water"),
    ("sprint", "ground"), ("sneak", "ground"), ("walk", "ground"), ("decorate", "flowers"),
    ("find", "rose_bush"), ("mine", "oak_button"), ("plant", "cocoa_beans"),
    ("plant", "nether_wart"), ("lead", "leash_knot"),
    ("craft", "bolt_armor_trim_smithing_template"),
]  # fmt: skip


@pytest.fixture(scope="module")
def chunks() -> SharedChunks:
    return SharedChunks(WORLD_SEED)


BRIEF_VERBS = {
    "craft", "mine", "smelt", "find", "combat", "hunt", "eat", "drink", "brew", "enchant", "trade",
    "sell", "repair", "rename", "combine", "shear", "plant", "feed", "breed", "tame", "lead",
    "ride", "sleep", "pillar", "dive", "climb", "drop", "jump", "build", "light",
}  # fmt: skip


def test_every_verb_has_a_generator_and_a_case() -> None:
    assert set(VERBS) >= BRIEF_VERBS
    assert {verb for verb, _ in CASES} == set(VERBS)


@pytest.mark.parametrize(("verb", "target"), CASES, ids=[f"{v}-{t}" for v, t in CASES])
def test_generated_config_verifies_clean(chunks: SharedChunks, verb: str, target: str) -> None:
    t = task(verb, target)
    config = generate_config(t, seed=3)
    assert config.dialect is None and config.source == "generated" and config.success == t.success
    result = verify_config(config, t, chunks)
    assert result.ok, result.feedback() + "\n" + "\n".join(config.custom_init_commands)
    names = {c.name for c in result.checks}
    assert {"command", "not_trapped", "nearby", "target_absent"} <= names


def test_find_places_the_target_beyond_the_rules_radius(chunks: SharedChunks) -> None:
    from odyssey.mcu.rules import BlockRule

    t = task("find", "diamond_ore", success=BlockRule(blocks=("diamond_ore",), within=4))
    config = generate_config(t)
    (command,) = config.custom_init_commands  # 8 blocks away on one of four sides
    assert command in {f"/setblock {at} minecraft:diamond_ore"
                       for at in ("~8 ~ ~", "~-8 ~ ~", "~ ~ ~8", "~ ~ ~-8")}  # fmt: skip
    assert verify_config(config, t, chunks).ok  # found by walking 4 blocks, not at the start


def test_craft_gives_twice_one_recipes_ingredients_never_the_item() -> None:
    config = generate_config(craft("iron_pickaxe"))
    gives = [c for c in config.custom_init_commands if c.startswith("/give")]
    assert "/give @s minecraft:iron_ingot 6" in gives and "/give @s minecraft:stick 4" in gives
    assert not any("iron_pickaxe" in c for c in config.custom_init_commands)
    assert any("crafting_table" in c for c in config.custom_init_commands)  # a 3×3 recipe
    two_by_two = generate_config(craft("stick")).custom_init_commands
    assert two_by_two == ("/give @s minecraft:oak_planks 4",)  # no table for a 2×2 recipe


def test_tags_resolve_to_one_member() -> None:
    recipe = crafting_recipe("chest")
    assert recipe is not None and len(recipe.ingredients[0]) > 1  # any planks
    assert dict(ingredients(recipe)) == {"oak_planks": 8}
    assert pick_member({"charcoal", "coal"}) == "coal"


def test_mine_gives_the_tool_of_the_right_tier() -> None:
    iron = generate_config(task("mine", "iron_ore")).custom_init_commands
    assert "/give @s minecraft:stone_pickaxe 1" in iron  # stone is the lowest that harvests it
    obsidian = generate_config(task("mine", "obsidian")).custom_init_commands
    assert "/give @s minecraft:diamond_pickaxe 1" in obsidian
    assert sum("minecraft:obsidian" in c for c in obsidian) == 2  # needs 1: two placed


def test_seed_turns_the_layout_not_the_content() -> None:
    a = generate_config(task("smelt", "iron_ingot"), seed=0).custom_init_commands
    layouts = {generate_config(task("smelt", "iron_ingot"), seed=s).custom_init_commands
               for s in range(8)}  # fmt: skip
    assert len(layouts) > 1
    assert all(sorted(c for c in cmds if c.startswith("/give")) ==
               sorted(c for c in a if c.startswith("/give")) for cmds in layouts)  # fmt: skip


def test_config_round_trips_through_yaml() -> None:
    import yaml

    config = generate_config(task("combat", "zombie"))
    back = config_from_data(yaml.safe_load(dump_config(config)), config.id, "round trip")
    assert isinstance(back, TaskConfig) and back == config


def test_planner_follows_the_recipe_graph() -> None:
    assert obtainable("iron_pickaxe", ["raw_iron", "oak_log", "coal", "furnace"], [], [])
    assert not obtainable("iron_pickaxe", ["oak_log", "coal", "furnace"], [], [])  # no iron
    assert not obtainable("iron_ingot", ["raw_iron"], ["furnace"], [])  # no fuel
    assert not obtainable("iron_ingot", ["raw_iron"], ["furnace"], ["coal_ore"])  # no pickaxe
    assert obtainable("iron_ingot", ["raw_iron", "stone_pickaxe"], ["furnace"], ["coal_ore"])
    assert not obtainable("iron_ingot", ["raw_iron", "stone_pickaxe", "coal"], [], [])


@pytest.mark.parametrize(
    ("verb", "target", "words"),
    [("fly", "moon", "unknown verb"), ("craft", "bedrock", "no crafting recipe"),
     ("mine", "bedrock", "cannot be mined"), ("combat", "diamond", "not a mob"),
     ("brew", "potion_of_nonsense", "unknown potion"), ("eat", "stone", "not food"),
     ("trade", "bedrock", "no villager"), ("tame", "zombie", "cannot be tamed")],
)  # fmt: skip
def test_what_cannot_be_set_up_is_a_clear_error(verb: str, target: str, words: str) -> None:
    with pytest.raises(McuError, match=words):
        generate_config(task(verb, target))


def test_the_librarys_tasks_all_get_a_configuration(chunks: SharedChunks) -> None:
    """Every task of the library generates; the first of each verb verifies clean."""
    library = pytest.importorskip("odyssey.mcu.library.library").build_library()
    first: dict[str, object] = {}
    for t in library:
        config = generate_config(t)
        assert config.id == t.id and config.success == t.success
        first.setdefault(t.verb, (t, config))
    failed = {}
    for t, config in first.values():
        result = verify_config(config, t, chunks)
        if not result.ok:
            failed[t.id] = result.feedback()
    assert not failed, failed


def test_cli_writes_a_verified_rule_based_config(tmp_path) -> None:
    import typer
    from typer.testing import CliRunner

    from odyssey.cli.mcu_generate_cmd import generate
    from odyssey.mcu.config import load_config

    pytest.importorskip("odyssey.mcu.library.library")
    app = typer.Typer()
    app.command()(generate)
    app.command("unused")(lambda: None)
    out = tmp_path / "stick.yaml"
    done = CliRunner().invoke(app, ["generate", "craft_to_stick", "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert "verified" in done.output
    assert load_config(out).custom_init_commands == ("/give @s minecraft:oak_planks 4",)
    unknown = CliRunner().invoke(app, ["generate", "craft_to_nothing_at_all"])
    assert unknown.exit_code == 2 and "unknown MCU task" in unknown.output
