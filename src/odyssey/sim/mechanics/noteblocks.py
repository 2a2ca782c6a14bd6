"""Note blocks (vanilla 1.21.11's ``NoteBlock``).

Right-click raises ``note`` by one (0-24, wrapping) and plays it; a rising redstone signal
(``hasNeighborSignal``, kept in ``powered``) plays it once. Playing needs air above, except for
mob-head instruments. The sound is an event of kind ``"sound"``, detail
``block.note_block.<instrument>`` and value the pitch ``2^((note - 12) / 12)`` (1.0 for heads).
The instrument comes from the block above when that is a mob head, else from the block below
(``NoteBlockInstrument``), re-read whenever either changes.

Deliberate difference: vanilla gives every block its instrument in its properties; here the
block below maps by name (stone-like blocks: basedrum, sand and gravel: snare, glass: hat, wood:
bass, and the single blocks vanilla names), which covers the vanilla blocks but may miss a few
odd ones. Punching a note block (play without tuning) is not simulated.
"""

from __future__ import annotations

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.power import Pos, is_powered, mark_survival
from odyssey.sim.redstone import with_props

HEADS = {"zombie_head": "zombie", "zombie_wall_head": "zombie", "skeleton_skull": "skeleton",
         "skeleton_wall_skull": "skeleton", "creeper_head": "creeper",
         "creeper_wall_head": "creeper", "dragon_head": "dragon", "dragon_wall_head": "dragon",
         "wither_skeleton_skull": "wither_skeleton",
         "wither_skeleton_wall_skull": "wither_skeleton", "piglin_head": "piglin",
         "piglin_wall_head": "piglin", "player_head": "custom_head",
         "player_wall_head": "custom_head"}  # fmt: skip
SINGLE = {"clay": "flute", "gold_block": "bell", "packed_ice": "chime", "bone_block": "xylophone",
          "iron_block": "iron_xylophone", "soul_sand": "cow_bell", "pumpkin": "didgeridoo",
          "carved_pumpkin": "didgeridoo", "jack_o_lantern": "didgeridoo",
          "emerald_block": "bit", "hay_block": "banjo", "glowstone": "pling",
          "sea_lantern": "hat", "beacon": "hat", "conduit": "hat"}  # fmt: skip
SNARE = ("sand", "red_sand", "gravel", "suspicious_sand", "suspicious_gravel")
WOOD = ("planks", "_log", "_wood", "_stem", "_hyphae", "bamboo_block", "bookshelf", "chest",
        "crafting_table", "note_block", "jukebox", "_sign", "_fence", "_fence_gate", "_door",
        "_trapdoor", "_pressure_plate", "barrel", "loom", "lectern", "composter", "beehive",
        "bee_nest", "cartography_table", "fletching_table", "smithing_table", "daylight_detector",
        "banner", "mushroom_block", "_slab", "_stairs", "campfire")  # fmt: skip
STONE = ("stone", "cobblestone", "deepslate", "_ore", "netherrack", "obsidian", "bricks",
         "terracotta", "sandstone", "basalt", "blackstone", "end_stone", "quartz", "prismarine",
         "nylium", "andesite", "diorite", "granite", "tuff", "calcite", "dripstone", "concrete",
         "coral_block", "bedrock", "furnace", "smoker", "dispenser", "dropper", "observer",
         "magma_block", "purpur", "enchanting_table", "ender_chest", "respawn_anchor", "spawner",
         "brick", "crying_obsidian", "coal_block", "raw_", "stonecutter")  # fmt: skip
WOOD_EXCEPTIONS = ("stone", "brick", "deepslate", "blackstone", "sandstone", "quartz",
                   "prismarine", "purpur", "andesite", "diorite", "granite", "tuff", "copper",
                   "cobblestone", "mud_brick", "iron")  # fmt: skip


def instrument_below(name: str) -> str:
    """NoteBlockInstrument of a block under a note block."""
    if name in SINGLE:
        return SINGLE[name]
    if name in SNARE or name.endswith("concrete_powder"):
        return "snare"
    if name == "glass" or name.endswith(("_glass", "glass_pane")) or name == "tinted_glass":
        return "hat"
    if name.endswith("wool"):
        return "guitar"
    wooden = any(part in name for part in WOOD) and not any(w in name for w in WOOD_EXCEPTIONS)
    if wooden:
        return "bass"
    if any(part in name for part in STONE):
        return "basedrum"
    return "harp"


def instrument_at(world, pos: Pos) -> str:
    """NoteBlock.setInstrument: a head above decides, else the block below (a head below: harp)."""
    names = world.registry
    above = names.block_of(world.get_block(pos[0], pos[1] + 1, pos[2])).name
    if above in HEADS:
        return HEADS[above]
    below = names.block_of(world.get_block(pos[0], pos[1] - 1, pos[2])).name
    return "harp" if below in HEADS else instrument_below(below)


def pitch(note: int) -> float:
    """NoteBlock.getPitchFromNote."""
    return 2.0 ** ((note - 12) / 12.0)


def play(game, pos: Pos, state: int) -> bool:
    """playNote: sound with the pitch, when the block above is air (or a head decides)."""
    world = game.world
    p = world.registry.properties(state)
    instrument = p["instrument"]
    head = instrument in HEADS.values()
    if not head and world.get_block(pos[0], pos[1] + 1, pos[2]) != 0:
        return False
    value = 1.0 if head else pitch(int(p["note"]))
    game.emit("sound", value, pos, f"block.note_block.{instrument}")
    return True


@hooks.on_neighbour("note_block")
def note_block_changed(game, pos: Pos, state: int, source: Pos) -> None:
    if game.world.get_block(*pos) != state:
        return  # changed by an earlier handler of this update
    world = game.world
    mark_survival(world)
    blocks = world.registry
    p = blocks.properties(state)
    if source == pos or source[1] != pos[1]:  # the block above or below: instrument
        instrument = instrument_at(world, pos)
        if instrument != p["instrument"]:
            game.set_block(pos, with_props(blocks, state, instrument=instrument))
            return
    powered = is_powered(world, pos)
    if powered != (p["powered"] == "true"):
        if powered and source != pos:  # placed on a live signal: no note (vanilla placement)
            play(game, pos, state)
        game.set_block(pos, with_props(blocks, state, powered="true" if powered else "false"))


@hooks.on_use_block("note_block")
def note_block_use(game, hit, held) -> bool:
    """Right-click: the next note, played (statistic ``tune_noteblock``); not for spectators."""
    if game.survival.gamemode == "spectator":
        return False
    world = game.world
    blocks = world.registry
    state = world.get_block(*hit.pos)
    note = (int(blocks.properties(state)["note"]) + 1) % 25
    new = with_props(blocks, state, note=str(note))
    game.set_block(hit.pos, new)
    play(game, hit.pos, new)
    game.survival.stats.add("custom", "tune_noteblock")
    return True
