"""Sign text in every format worlds have saved it in, and through an Anvil round trip."""

from __future__ import annotations

from odyssey.world import World, open_world, save_world
from odyssey.world.signs import sign_lines


def test_current_nbt_components():
    entity = {
        "id": "minecraft:sign",
        "front_text": {"messages": ["Café", {"text": "Мир", "extra": [{"text": "!"}]}, "", ""]},
        "back_text": {"messages": ["back", "", "", ""]},
    }
    assert sign_lines(entity) == ["Café", "Мир!", "", ""]
    assert sign_lines(entity, "back") == ["back", "", "", ""]


def test_json_lines_of_1_20_to_1_21_4():
    entity = {
        "front_text": {"messages": ['{"text":"Main"}', '"Street"', '""', '[{"text":"a"},"b"]']}
    }
    assert sign_lines(entity) == ["Main", "Street", "", "ab"]


def test_text1_to_text4_of_1_18_and_1_19():
    entity = {"id": "minecraft:sign", "Text1": '{"text":"Old"}', "Text2": '""'}
    assert sign_lines(entity) == ["Old", "", "", ""]
    assert sign_lines(entity, "back") == ["", "", "", ""]


def test_sign_text_survives_anvil(tmp_path):
    world = World()
    world.set_block(4, 70, 4, "oak_sign")
    world.set_block_entity(
        4, 70, 4, {"id": "minecraft:sign", "front_text": {"messages": ["Ünïcödé 😀", "2", "", ""]}}
    )
    save_world(world, tmp_path / "w")
    assert sign_lines(open_world(tmp_path / "w").block_entity(4, 70, 4))[:2] == ["Ünïcödé 😀", "2"]
