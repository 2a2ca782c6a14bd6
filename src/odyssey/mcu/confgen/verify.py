"""Verifying a task configuration in the engine: run its set-up commands in a fresh game on the
MCU world (``SETTLE`` ticks after them), then check the result and say, for each failure, what is
wrong and how to fix it (the messages are written for a language model to act on).

Checks (``Check.name``): ``command`` (each command succeeded), ``item`` (what the task needs is
in the inventory), ``station`` / ``block`` (within reach), ``mob`` (nearby), ``findable`` (what a
"find" task seeks, within ``FIND_NEAR``), ``levels``, ``target_absent`` (the product is not given
and, for tasks not judged, the success rule does not already hold), ``nearby`` (every placed
block and summoned mob within ``NEAR`` blocks horizontally of the player and between ``BELOW``
and ``ABOVE`` blocks vertically), ``reachable`` (the needed blocks and the summoned mobs have a
walkable spot within reach; see ``space``), ``not_trapped``, ``task_reachable`` (the recipe graph
reaches the product from what was given, what can be mined nearby and the stations placed) and
``trade`` (a villager nearby offers the trade and the player can pay).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any

import numpy as np

from odyssey.mcu import setup
from odyssey.mcu.checker import RuleChecker
from odyssey.mcu.confgen import kits
from odyssey.mcu.confgen.graph import obtainable, plain_drops
from odyssey.mcu.confgen.requirements import Need, needs_of, product
from odyssey.mcu.confgen.space import Space, changes, horizontal, is_air, scan_box, snapshot
from odyssey.mcu.config import MINESTUDIO_DIALECT, TaskConfig
from odyssey.mcu.task import AtomicTask
from odyssey.sim.game import Game
from odyssey.sim.game_commands import run
from odyssey.sim.mechanics.potion_table import potion_id

NEAR = 4.5  # horizontal tolerance for "within 4 blocks" (a block's centre, a mob's feet)
BELOW, ABOVE = 4, 6  # vertical band around the feet: deeper or higher is out of reach
LOOK = 5  # stations and target blocks are looked for this far around the feet (a cube)
SETTLE = 5  # ticks run after the commands, before the checks
FIND_NEAR = 16.0  # what a "find" task seeks may be this far away (in sight, not in reach)
ESCAPE = 6  # fewer walkable cells than this, none 2 blocks away: the player is shut in


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    message: str


@dataclass
class Verification:
    """Every check of one configuration; ``ok`` when none failed."""

    config_id: str
    checks: list[Check] = field(default_factory=list)
    commands: list[dict[str, Any]] = field(default_factory=list)  # command, ok, message

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.checks)

    @property
    def failures(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]

    def feedback(self) -> str:
        """The failures as a numbered list (for the model's next round)."""
        if self.ok:
            return "All checks passed."
        lines = [f"{i}. [{c.name}] {c.message}" for i, c in enumerate(self.failures, 1)]
        return "The configuration failed these checks:\n" + "\n".join(lines)

    def to_data(self) -> dict[str, Any]:
        return {"config_id": self.config_id, "ok": self.ok,
                "checks": [asdict(c) for c in self.checks], "commands": self.commands}  # fmt: skip

    def to_json(self) -> str:
        return json.dumps(self.to_data(), indent=2)


@cache
def mcu_chunks() -> setup.SharedChunks:
    """The MCU world's chunks, made once per process."""
    return setup.SharedChunks(setup.WORLD_SEED)


def verify_config(
    config: TaskConfig, task: AtomicTask | None = None, chunks: setup.SharedChunks | None = None
) -> Verification:
    """Run ``config``'s commands in a fresh game and check the result against ``task`` (None:
    only the checks that need no task: commands, distances, reachability, the player free)."""
    game = setup.overworld_game(chunks or mcu_chunks())
    # as in MCU episodes (mcu.episode): only the configuration's own mobs, none spawned by chance
    game.survival.rules["do_mob_spawning"] = False
    box = scan_box(game)
    before = snapshot(game, box)
    mobs_before = set(game.survival.entities.entities)
    out = Verification(config.id)
    for i, line in enumerate(config.custom_init_commands, 1):
        ok, message = _run(game, line, config.dialect)
        out.commands.append({"command": line, "ok": ok, "message": message})
        if not ok:
            out.checks.append(Check("command", False, f"command {i} `{line}` failed: {message}. "
                                    "Fix it (Minecraft 1.21.11 syntax) or drop it."))  # fmt: skip
    if all(c["ok"] for c in out.commands):
        out.checks.append(Check("command", True, f"all {len(out.commands)} commands succeeded"))
    store = game.survival.entities  # the summoned mobs, where the commands put them
    summoned = [(e.type, (e.x, e.y, e.z)) for i, e in sorted(store.entities.items())
                if i not in mobs_before and not e.dead and kits.is_mob(e.type)]  # fmt: skip
    game.run(SETTLE)  # what does not stay (sand over air, a popped plant) shows after a tick
    space = Space(game)
    cells = space.walk()
    out.checks += _trapped(space, cells)
    sought = task.target.removeprefix("minecraft:") if task and task.verb == "find" else ""
    out.checks += _placed(game, space, cells, changes(game, box, before), summoned, sought)
    if task is not None:
        out.checks += _task_checks(game, space, cells, task)
    return out


def _run(game: Game, line: str, dialect: str | None) -> tuple[bool, str]:
    if dialect == MINESTUDIO_DIALECT:
        outcome = setup.run_one(game, line)
        return outcome.accepted, outcome.message
    try:
        result = run(game, line, dialect)
    except Exception as e:  # the engine refused it: a failed command, not a crash
        return False, f"the engine raised {type(e).__name__}: {e}"
    message = result.message.split("\n")[0]
    if not result.success and message.startswith(setup.NOTHING_TO_CHANGE):
        return True, f"{message} (the block is already so: accepted)"  # harmless in vanilla too
    return result.success, message


# -- the player and what was placed ------------------------------------------------------------


def _trapped(space: Space, cells: set) -> list[Check]:
    x, y, z = space.start
    problems = []
    for part, c in (("feet", (x, y, z)), ("head", (x, y + 1, z))):
        if not space.open(c):
            problems.append(
                f"the player's {part} are inside {space.name(c)} at ~ ~{c[1] - y or ''} ~"
            )
    far = any(max(abs(cx - x), abs(cz - z)) >= 2 for cx, _, cz in cells)
    if not problems and len(cells) < ESCAPE and not far:
        problems.append(f"the player can walk to only {len(cells)} spot(s): it is shut in")
    if problems:
        msg = (
            "; ".join(problems) + ". Never place blocks in the player's space or all around "
            "it: keep ~ ~ ~ and ~ ~1 ~ empty and leave open ground to walk on."
        )
        return [Check("not_trapped", False, msg)]
    return [Check("not_trapped", True, f"the player can walk to {len(cells)} spots")]


def _placed(
    game: Game, space: Space, cells: set, changed: list, summoned: list, sought: str = ""
) -> list[Check]:
    """Placed blocks and summoned mobs near enough and reachable; what a "find" task seeks
    (``sought``) may lie up to ``FIND_NEAR`` blocks away and need not be reachable."""
    px, py, pz = game.player.pos
    checks: list[Check] = []
    worst: dict[str, tuple[float, tuple]] = {}
    targets = [ch.pos for ch in changed if ch.after == sought]
    for ch in changed:
        if is_air(ch.after):
            continue
        d = horizontal((ch.pos[0] + 0.5, 0, ch.pos[2] + 0.5), (px, 0, pz))
        dy = ch.pos[1] - space.start[1]
        beside = any(max(abs(a - b) for a, b in zip(ch.pos, t, strict=True)) <= 1 for t in targets)
        if beside and d <= FIND_NEAR and -BELOW <= dy <= ABOVE:
            continue  # the sought block, or what holds it up
        if d > NEAR or not -BELOW <= dy <= ABOVE:
            off = ch.pos[0] - space.start[0], dy, ch.pos[2] - space.start[2]
            if ch.after not in worst or d > worst[ch.after][0]:
                worst[ch.after] = (d, off)
    for name, (d, off) in sorted(worst.items()):
        checks.append(Check("nearby", False, f"{name} was placed out of reach at ~{off[0]} "
                            f"~{off[1]} ~{off[2]} ({d:.1f} blocks away horizontally): place "
                            f"blocks within {NEAR:g} blocks of the player and between {BELOW} "
                            f"below and {ABOVE} above its feet"))  # fmt: skip
    for mob, (x, y, z) in summoned:  # (dropped items and natural spawns do not count)
        d = horizontal((x, y, z), (px, py, pz))
        at = f"~{x - px:.0f} ~{y - py:.0f} ~{z - pz:.0f}"
        if mob == sought and d <= FIND_NEAR:
            continue
        if d > NEAR:
            msg = f"the {mob} was summoned {d:.1f} blocks away (at {at}): summon mobs "
            checks.append(Check("nearby", False, msg + f"within {NEAR:g} blocks, e.g. at ~3 ~ ~"))
        elif not space.reaches_point(cells, (x, y, z)):
            checks.append(Check("reachable", False, f"the {mob} at {at} cannot be walked up to: "
                                "summon it on open ground next to the player"))  # fmt: skip
    if not checks:
        checks.append(Check("nearby", True, "every placed block and summoned mob is nearby"))
    return checks


# -- what the task needs -------------------------------------------------------------------------


def _inventory(game: Game) -> Counter[str]:
    have: Counter[str] = Counter()
    for stack in game.survival.inventory.slots:
        if stack is not None:
            have[stack.item] += stack.count
    return have


def _blocks_near(space: Space) -> dict[str, list[tuple[int, int, int]]]:
    x0, y0, z0 = space.start
    found: dict[str, list[tuple[int, int, int]]] = {}
    for y in range(y0 - LOOK, y0 + LOOK + 2):
        for z in range(z0 - LOOK, z0 + LOOK + 1):
            for x in range(x0 - LOOK, x0 + LOOK + 1):
                found.setdefault(space.name((x, y, z)), []).append((x, y, z))
    return found


def _task_checks(game: Game, space: Space, cells: set, task: AtomicTask) -> list[Check]:
    have, near = _inventory(game), _blocks_near(space)
    checks = [_need(game, space, cells, n, have, near) for n in needs_of(task)]
    checks += _absent(game, task, have)
    target = product(task)
    if target is not None and task.verb in ("craft", "smelt"):
        stations = {n for n, ps in near.items() if any(space.reaches_block(cells, p) for p in ps)}
        minable = {n for n in near if n not in ("air", "water", "lava") and plain_drops(n, have)}
        if obtainable(target, have, stations, minable):
            checks.append(Check("task_reachable", True, f"{target} can be made from what is given"))
        else:
            checks.append(Check("task_reachable", False, f"{target} cannot be made from the given "
                                f"items ({', '.join(sorted(have)) or 'none'}) and the blocks "
                                "nearby: give the ingredients of one of its recipes (and a "
                                "crafting table or furnace if needed)"))  # fmt: skip
    if task.verb in ("trade", "sell"):
        checks.append(_trade(game, task, have))
    return checks


def _need(game: Game, space: Space, cells: set, need: Need, have: Counter, near: dict) -> Check:
    why = f" ({need.why})" if need.why else ""
    if need.kind == "item" or (need.kind == "station" and need.any_of & set(have)):
        got = sum(have[i] for i in need.any_of)
        if got >= need.count:
            return Check("item", True, f"has {need.label()}")
        return Check("item", False, f"the player has {got} of {need.label()}{why}: give at least "
                     f"{need.count}, better twice as many")  # fmt: skip
    if need.kind in ("station", "block"):
        spots = [p for n in need.any_of for p in near.get(n, ())]
        if not spots:
            return Check(need.kind, False, f"no {need.label()} within {LOOK} blocks{why}: "
                         "/setblock one 2 blocks from the player, e.g. at ~2 ~ ~")  # fmt: skip
        if not any(space.reaches_block(cells, p) for p in spots):
            return Check("reachable", False, f"the {need.label()}{why} cannot be reached from "
                         "any spot the player can walk to")  # fmt: skip
        return Check(need.kind, True, f"{need.label()} within reach")
    if need.kind == "findable":
        return _findable(game, space, need)
    if need.kind == "mob":
        px, py, pz = game.player.pos
        mobs = [e for e in game.survival.entities.entities.values()
                if not e.dead and e.type in need.any_of
                and horizontal((e.x, e.y, e.z), (px, py, pz)) <= NEAR]  # fmt: skip
        if len(mobs) >= need.count:
            return Check("mob", True, f"{need.label()} nearby")
        return Check("mob", False, f"{len(mobs)} of {need.label()} within {NEAR:g} blocks{why}: "
                     "/summon it at ~3 ~ ~")  # fmt: skip
    from odyssey.sim.mechanics.experience import level_of

    level = level_of(game)
    if level >= need.count:
        return Check("levels", True, f"{level} experience levels")
    return Check("levels", False, f"the player has {level} experience levels, needs "
                 f"{need.count}: add /xp add @s 30 levels")  # fmt: skip


def _findable(game: Game, space: Space, need: Need) -> Check:
    """A block or mob to find, anywhere within FIND_NEAR blocks (placed or natural)."""
    (name,) = need.any_of
    px, py, pz = game.player.pos
    if kits.is_mob(name):
        found = [
            e
            for e in game.survival.entities.entities.values()
            if not e.dead
            and e.type == name
            and horizontal((e.x, e.y, e.z), (px, py, pz)) <= FIND_NEAR
        ]
    else:
        block = space.reg.block(name)
        r = int(FIND_NEAR)
        x, y, z = space.start
        states = space.world.get_box(
            (x - r, y - BELOW, z - r), (x + r + 1, y + ABOVE + 1, z + r + 1)
        )
        found = np.nonzero(
            (states >= block.min_state) & (states < block.min_state + block.state_count)
        )[0]
    if len(found):
        return Check("findable", True, f"a {name} within {FIND_NEAR:g} blocks to find")
    return Check(
        "findable",
        False,
        f"no {name} within {FIND_NEAR:g} blocks{need.why and ''}: place or "
        f"summon one in sight, e.g. 8 blocks away at ~8 ~ ~",
    )


def _absent(game: Game, task: AtomicTask, have: Counter) -> list[Check]:
    checks = []
    target = product(task)
    if task.verb == "brew":
        wanted = kits.potion_of(task.target).potion
        given = [s for s in game.survival.inventory.slots if s and potion_id(s) == wanted]
        if given:
            checks.append(Check("target_absent", False, f"the {wanted} potion itself was given: "
                                "never give the task's product; give its ingredients"))  # fmt: skip
    elif target is not None and have[target] > 0:
        checks.append(Check("target_absent", False, f"{target} itself was given "
                            f"({have[target]}): never give the task's product; give what it is "
                            "made from"))  # fmt: skip
    # a judged task's rule is only a precondition (trap X: X stays near), so it may hold early
    if (
        task.success is not None
        and not task.judge
        and RuleChecker(task.success, game).check(game).done
    ):
        checks.append(Check("target_absent", False, "the success rule already holds before the "
                            "player acts: the set-up must not complete the task"))  # fmt: skip
    if not checks:
        checks.append(Check("target_absent", True, "the task is not done by the set-up"))
    return checks


def _trade(game: Game, task: AtomicTask, have: Counter) -> Check:
    from odyssey.sim.mechanics.villagers import info

    item, selling = task.target.removeprefix("minecraft:"), task.verb == "sell"
    for e in game.survival.entities.entities.values():
        if e.type != "villager" or e.dead:
            continue
        for offer in info(game, e.id).offers:
            if (offer.a == item and offer.result == "emerald") if selling else offer.result == item:
                if have[offer.a] >= offer.a_count:
                    return Check("trade", True, f"a villager offers {offer.a} → {offer.result}")
                return Check(
                    "trade",
                    False,
                    f"a villager offers {offer.a_count} {offer.a} → "
                    f"{offer.result} but the player has {have[offer.a]} {offer.a}",
                )
    return Check(
        "trade",
        False,
        f"no villager nearby {'buys' if selling else 'sells'} {item}: "
        "summon one whose profession and level offer it (VillagerData), or several",
    )
