"""Set-up commands being put together for one task: free spots on the ground around the player
(turned to one of four sides by the seed) and helpers that write /give, /setblock and /summon."""

from __future__ import annotations

from dataclasses import dataclass, field

from odyssey.mcu.confgen import kits

# Ground-level spots around the player, nearest first (dx, dz): all within 3.7 blocks.
SPOTS = ((2, 0), (2, 1), (2, -1), (-2, 0), (-2, 1), (-2, -1), (0, 2), (0, -2), (3, 1), (3, -1))
MOB_SPOTS = ((3, 0), (0, 3), (-3, 0), (0, -3), (3, 2), (-3, 2))  # 3-3.6 blocks away
MORE = 2  # "needs 10, give 20"
LEVELS = 30
TURNED_EAST = ("east", "south", "west", "north")  # where +x points after 0-3 quarter turns


@dataclass
class Plan:
    """Commands being put together for one task; ``spots`` hands out free ground spots."""

    turn: int
    commands: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    used: int = 0
    mobs_used: int = 0

    def at(self, dx: int, dz: int, dy: int = 0) -> str:
        for _ in range(self.turn):  # a quarter turn per step
            dx, dz = -dz, dx
        return f"~{dx or ''} ~{dy or ''} ~{dz or ''}"

    def spot(self, dy: int = 0) -> str:
        dx, dz = SPOTS[self.used % len(SPOTS)]
        self.used += 1
        return self.at(dx, dz, dy)

    def give(self, item: str, count: int = 1) -> None:
        self.commands.append(f"/give @s minecraft:{item} {count}" if ":" not in item
                             else f"/give @s {item} {count}")  # fmt: skip

    def setblock(self, block: str) -> None:
        """Place ``block`` on the next free ground spot, in as many parts as it needs."""
        dx, dz = SPOTS[self.used % len(SPOTS)]
        self.used += 1
        self.place_at(block, dx, dz)

    def place_at(self, block: str, dx: int, dz: int) -> None:
        face = TURNED_EAST[self.turn]
        for ox, dy, oz, state in kits.placement(block):
            state = state.replace(kits.FACE, face)
            self.commands.append(f"/setblock {self.at(dx + ox, dz + oz, dy)} minecraft:{state}")

    def mob_spot(self) -> str:
        """The next free spot for a mob, 3 to 3.6 blocks away."""
        dx, dz = MOB_SPOTS[self.mobs_used % len(MOB_SPOTS)]
        self.mobs_used += 1
        return self.at(dx, dz)

    def summon(self, mob: str, nbt: str = "", at: tuple[int, int] | None = None) -> None:
        dx, dz = at or MOB_SPOTS[self.mobs_used % len(MOB_SPOTS)]
        self.mobs_used += at is None
        tail = f" {nbt}" if nbt else ""
        self.commands.append(f"/summon minecraft:{mob} {self.at(dx, dz)}{tail}")

    def xp(self, levels: int = LEVELS) -> None:
        self.commands.append(f"/xp add @s {levels} levels")
