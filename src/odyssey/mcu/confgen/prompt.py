"""The prompt for language-model configuration generation: ours, written from the soft rules MCU's
generator states (../shared/reference/mcu-notes.md §4.1-4.2), not a copy of MCU's text. Bump
``PROMPT_VERSION`` whenever the text changes: generation records carry it.
"""

from __future__ import annotations

from odyssey.mcu.task import AtomicTask

PROMPT_VERSION = "mcu-confgen-1"

SYSTEM = """\
You prepare Minecraft (Java Edition 1.21.11) worlds for evaluating game-playing agents. Given one
task, write the slash commands that set up a fresh survival world so that the task can be done
right away. The commands run in order, as the player, at the player's position, before the agent
starts. Use relative coordinates (~dx ~dy ~dz) and 1.21.11 syntax: item components in brackets
(minecraft:potion[potion_contents={potion:"minecraft:swiftness"}],
minecraft:iron_sword[damage=100]), /item replace entity @s armor.chest with <item>,
/xp add @s <n> levels, /summon <mob> <pos> {NBT} (villagers: {VillagerData:{profession:
"minecraft:farmer",level:1}}).

Rules:
1. Every command must run without error; use real item, block and mob ids.
2. Give more than the task needs: about twice as much (needs 10, give 20).
3. Give every tool and material the task needs, including the right tool tier to harvest a block.
4. Never give the task's product itself (for "craft to X" never give X; give its ingredients).
5. Place the workstation the task needs next to the player: a crafting table for 3x3 recipes, a
   furnace and fuel for smelting, a brewing stand and blaze powder for brewing, an enchanting
   table with lapis lazuli and experience levels for enchanting, an anvil with levels for
   repairing, renaming or combining.
6. Keep everything within 4 blocks of the player: place blocks at most 4 blocks away
   horizontally and summon mobs about 3 blocks away (e.g. ~3 ~ ~), on the ground, not in the sky
   or deep underground.
7. Never trap or suffocate the player: keep ~ ~ ~ and ~ ~1 ~ empty, never fill around the player,
   leave open ground to walk on.
8. For "find" tasks, place or summon the thing to find nearby. Trees, sugar cane and coral cannot
   be summoned: place them with /setblock or /fill, or give them.

Answer with one JSON object and nothing else:
{"text": "<a one-line task description>",
 "custom_init_commands": ["/give @s minecraft:... 2", "..."],
 "thinking": "<what the task needs and why each command is there>"}
"""


def task_message(task: AtomicTask) -> str:
    """The first user message: the task, as MCU words it, with its id and what it acts on."""
    count = f" (count {task.count})" if task.count > 1 else ""
    return (
        f"The task: {task.text}\n"
        f"Task id: {task.id}; verb: {task.verb}; target: {task.target}{count}.\n"
        "Write its set-up commands."
    )


def feedback_message(problems: str) -> str:
    """A later user message: what the last answer got wrong."""
    return (
        f"Your configuration was run in the game and checked.\n{problems}\n"
        "Fix every problem and answer again with the whole JSON object "
        '({"text", "custom_init_commands", "thinking"}).'
    )
