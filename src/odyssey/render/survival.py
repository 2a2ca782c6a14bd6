"""The survival layer of a frame: mobs, dropped items, cracks, the held item, the HUD and menus.

``SurvivalFrame`` is what the game hands the renderer each frame (plain data, no Game):
the 41 inventory stacks in ``PlayerInventory`` order, the selected hotbar slot, health, food,
the block being broken and its destroy stage, the open menu (``MenuView``) and the entities
to draw, and the blocks pistons are moving. ``GameView.frame(player, tick, survival=...)`` draws
it through a ``SurvivalLayer``: entity, moving-block and crack geometry join the world pass
(depth-tested, lit by the lightmap like blocks, the held torch lighting them too), the held
item is drawn after the world, the inventory hotbar replaces the plain one, hearts, hunger and
the experience bar show in survival and adventure, and an open menu is drawn last over the
dimmed frame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from odyssey.render.containers import draw_container, screen_slots
from odyssey.render.cracks import crack_batch
from odyssey.render.entityextras import extras, looks
from odyssey.render.entitylight import LightProbe
from odyssey.render.entitymesh import CORNER_REACH, EntityMesher
from odyssey.render.gui import frame_scale
from odyssey.render.itemicons import IconBook
from odyssey.render.movingblocks import MovingBlock, moving_batch, moving_blocks
from odyssey.render.renderer import CUTOUT, TRANSLUCENT, Light
from odyssey.render.sky import lightmap_table
from odyssey.render.stationscreens import StationView, TradeRow
from odyssey.render.survivalhud import (
    draw_food,
    draw_hearts,
    draw_held_item,
    draw_inventory_hotbar,
    draw_xp_bar,
)
from odyssey.sim.inventory import OFFHAND, SIZE, ItemStack
from odyssey.sim.player import PlayerState

Stack = ItemStack | None
GAMEMODES = ("survival", "adventure", "creative", "spectator")


@dataclass(frozen=True)
class MenuView:
    """An open container screen: its kind (``inventory``, ``crafting``, ``furnace``, ...,
    ``merchant``: see ``containers``), the stacks of its menu slots in menu order, the carried
    stack, the mouse in frame pixels, a furnace's fuel left and cooking progress (0..1) and a
    station's bars, offers, names and costs."""

    kind: str
    slots: tuple[Stack, ...]
    carried: Stack = None
    mouse: tuple[float, float] | None = None
    lit: float = 0.0
    progress: float = 0.0
    station: StationView | None = None

    def __post_init__(self) -> None:
        count = len(screen_slots(self.kind))  # checks the kind
        if len(self.slots) != count:
            raise ValueError(f"menu {self.kind!r} has {count} slots, got {len(self.slots)}")


def menu_view(
    menu: Any, kind: str, mouse: tuple[float, float] | None = None, game: Any = None
) -> MenuView:
    """A MenuView of a sim menu (``slots``, ``carried``; a furnace menu's ``furnace``; a
    station's state, see ``station_view``)."""
    furnace = getattr(menu, "furnace", None)
    lit = progress = 0.0
    if furnace is not None:
        if furnace.lit_time > 0:
            lit = furnace.lit_time / max(furnace.lit_duration, 1)
        if furnace.cooking_total_time > 0:
            progress = furnace.cooking_progress / furnace.cooking_total_time
    slots = tuple(slot.item() for slot in menu.slots)
    station = station_view(menu, kind, game)
    return MenuView(kind, slots, menu.carried, mouse, lit, progress, station)


def station_view(menu: Any, kind: str, game: Any = None) -> StationView | None:
    """What a station's screen shows, read from its sim menu: the brewing stand's ``stand``,
    the enchanting table's ``offers`` (payable with the lapis in slot 1 and the player's
    levels), the anvil's ``item_name``, ``cost`` and ``too_expensive``, the merchant's
    ``offers``, ``selection``, ``level`` and ``xp`` (the profession from ``game``)."""
    if kind == "brewing_stand":
        return StationView(brew_time=menu.stand.brew_time, fuel=menu.stand.fuel)
    if kind == "enchantment":
        return _enchanting_view(menu)
    if kind == "anvil":
        return StationView(item_name=menu.item_name if menu.slots[0].item() is not None else None,
                           cost=menu.cost, too_expensive=menu.too_expensive,
                           affordable=menu.may_pickup())  # fmt: skip
    if kind == "grindstone":
        return StationView()
    if kind == "merchant":
        return _merchant_view(menu, game)
    return None


def _enchanting_view(menu: Any) -> StationView:
    from odyssey.sim.mechanics import experience

    game = menu.game
    creative = game.survival.gamemode == "creative"
    lapis = menu.slots[1].item()
    have, level = (lapis.count if lapis is not None else 0), experience.level_of(game)
    costs = tuple(menu.offers.costs)
    usable = tuple(creative or (have >= i + 1 and level >= c) for i, c in enumerate(costs))
    clues = tuple(None if c is None else enchantment_name(*c) for c in menu.offers.clues)
    return StationView(costs=costs, clues=clues, usable=usable)


ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def enchantment_name(name: str, level: int) -> str:
    """Enchantment.getFullname in English: "Sharpness II", "Curse of Vanishing" (one level)."""
    words = name.removeprefix("minecraft:").split("_")
    if words[-1] == "curse":
        words = ["curse", "of", *words[:-1]]
    title = " ".join(w if w in ("of", "the") else w.capitalize() for w in words)
    if words[0] == "curse":
        return title
    return f"{title} {ROMAN[level - 1] if 1 <= level <= len(ROMAN) else level}"


def _merchant_view(menu: Any, game: Any) -> StationView:
    rows = tuple(
        TradeRow(ItemStack(o.a, o.cost_a()), ItemStack(o.b, o.b_count) if o.b else None,
                 ItemStack.of(o.result, o.count, **o.result_components), o.out_of_stock)
        for o in menu.offers
    )  # fmt: skip
    title = "Wandering Trader" if menu.level == 0 else "Villager"
    if game is not None and menu.villager_id >= 0 and menu.level > 0:
        from odyssey.sim.mechanics.villagers import info

        profession = info(game, menu.villager_id).profession
        if profession not in ("none", "nitwit"):
            title = profession.replace("_", " ").title()
    return StationView(trades=rows, selected=menu.selection, level=menu.level, xp=menu.xp,
                       title=title)  # fmt: skip


@dataclass(frozen=True)
class SurvivalFrame:
    """What a survival frame shows besides the world; every part is optional.

    ``inventory``: 41 stacks in PlayerInventory order (0-8 hotbar, 9-35 main, 36-39 armour,
    40 offhand), or empty for none. ``health``/``food`` None hide the hearts/shanks.
    ``breaking``: (block position, destroy stage 0-9). ``entities``: objects with the fields
    of ``odyssey.sim.entities.state.Entity`` (type, x, y, z, yaw, baby, hurt_time, ...), and
    ``entityextras.Shown`` records (primed TNT, thrown potions, clouds, leads); ``looks``: what
    the mechanics know of a model's look (a villager's profession, a saddled horse).
    """

    inventory: tuple[Stack, ...] = ()
    selected: int = 0
    gamemode: str = "survival"
    health: float | None = None
    max_health: float = 20.0
    food: int | None = None
    xp_progress: float = 0.0
    breaking: tuple[tuple[int, int, int], int] | None = None
    menu: MenuView | None = None
    entities: Sequence[Any] = field(default_factory=tuple)
    looks: Mapping[int, str] = field(default_factory=dict)  # entity id -> look (entityextras)
    moving: tuple[MovingBlock, ...] = ()  # blocks pistons are moving (movingblocks)

    def __post_init__(self) -> None:
        if self.inventory and len(self.inventory) != SIZE:
            raise ValueError(f"inventory must hold {SIZE} stacks, got {len(self.inventory)}")
        if not 0 <= self.selected < 9:
            raise ValueError(f"selected hotbar slot must be 0..8, got {self.selected}")
        if self.gamemode not in GAMEMODES:
            raise ValueError(f"gamemode must be one of {GAMEMODES}, got {self.gamemode!r}")
        if self.breaking is not None and not 0 <= self.breaking[1] <= 9:
            raise ValueError(f"destroy stage must be 0..9, got {self.breaking[1]}")

    @property
    def held(self) -> Stack:
        return self.inventory[self.selected] if self.inventory else None

    @property
    def offhand(self) -> Stack:
        return self.inventory[OFFHAND] if self.inventory else None

    @property
    def shows_bars(self) -> bool:
        """Hearts, hunger and experience show in survival and adventure only."""
        return self.gamemode in ("survival", "adventure")


class SurvivalLayer:
    """Draws SurvivalFrames for one GameView's world; keeps icon, light and mesh caches."""

    def __init__(self, world: Any, tables: Any) -> None:
        self.tables = tables
        self.book = IconBook(tables, world.registry)
        self.probe = LightProbe(world, tables.emit, tables.filt)
        self.mesher = EntityMesher(tables.atlas, self.book, self.probe)

    def held_luminance(self, state: SurvivalFrame, items: dict[str, float]) -> float:
        """The light the held items give (LambDynamicLights: the brighter hand)."""
        hands = [s.item for s in (state.held, state.offhand) if s is not None]
        return max((items.get(h, 0.0) for h in hands), default=0.0)

    def geometry(
        self, player: PlayerState, state: SurvivalFrame, tick: int
    ) -> list[tuple[int, np.ndarray, np.ndarray]]:
        """The entity and crack quads for the world pass, as the renderer's ``extra``."""
        corner = np.floor(np.asarray(player.pos, np.float64)) - CORNER_REACH
        batch = self.mesher.batch(state.entities, corner, tick, state.looks)
        if state.moving:
            moved = moving_batch(state.moving, corner, self.tables, self.probe)
            for name in ("corners", "uv", "tile", "light", "shade", "tint"):
                getattr(batch, name).extend(getattr(moved, name))
        if state.breaking is not None:
            pos, stage = state.breaking
            white = self.tables.atlas.tile("white")
            cracks = crack_batch(tuple(int(v) for v in pos), stage, corner, white, self.probe)
            for name in ("corners", "uv", "tile", "light", "shade", "tint"):
                getattr(batch, name).extend(getattr(cracks, name))
        vertices = batch.vertices()
        out = [(CUTOUT, vertices, corner)] if len(vertices) else []
        glass = self.mesher.clouds(state.entities, corner).vertices()
        if len(glass):  # lingering clouds, blended over what is behind them
            out.append((TRANSLUCENT, glass, corner))
        return out

    def draw_hand(
        self, frame: np.ndarray, player: PlayerState, state: SurvivalFrame, light: Light
    ) -> None:
        """The held item (or arm) lit by the lightmap at the eye, with the held light."""
        if state.gamemode == "spectator":
            return
        draw_held_item(frame, self.book, state.held, self.hand_brightness(player, light))

    def hand_brightness(self, player: PlayerState, light: Light) -> np.ndarray:
        """The lightmap at the eye, the held light included: what the held item is lit by."""
        x, y, z = player.pos
        level = self.probe.level(x, y + player.eye_height, z)
        sky, block = level >> 4, max(level & 15, int(light.torch))
        cond = light.conditions
        return lightmap_table(cond.sky_factor, cond.sky_light_color)[sky * 16 + min(block, 15)]

    def draw_hud(self, frame: np.ndarray, state: SurvivalFrame, hotbar: bool) -> None:
        """Hotbar with the inventory, then hearts, hunger and the experience bar."""
        if state.gamemode == "spectator":
            return
        scale = frame_scale(frame, None)
        if hotbar:
            draw_inventory_hotbar(frame, self.book, state.inventory, state.selected, scale)
        if state.shows_bars:
            if hotbar:  # the experience bar sits on the hotbar
                draw_xp_bar(frame, state.xp_progress, scale)
            if state.health is not None:
                draw_hearts(frame, state.health, state.max_health, scale)
            if state.food is not None:
                draw_food(frame, state.food, scale)

    def draw_menu(self, frame: np.ndarray, state: SurvivalFrame) -> None:
        m = state.menu
        if m is not None:
            draw_container(frame, self.book, m.kind, m.slots, m.carried, m.mouse, m.lit,
                           m.progress, m.station)  # fmt: skip


SCREEN_KINDS = {"crafting_table": "crafting"}  # the sim's screen names -> the renderer's


def survival_frame(game: Any, mouse: tuple[float, float] | None = None) -> SurvivalFrame:
    """What a survival game shows besides the world, read from ``game.survival``."""
    s = game.survival
    b = s.breaking
    breaking = (b.pos, b.stage) if b.pos is not None and b.stage >= 0 else None
    menu = None
    if s.menu is not None:
        menu = menu_view(s.menu, SCREEN_KINDS.get(s.menu_kind, s.menu_kind), mouse, game)
    entities = tuple(s.entities.entities.values()) if s.entities is not None else ()
    entities += extras(game)
    pistons = getattr(s, "mechanics", {}).get("pistons")
    moving = moving_blocks(pistons, game.world.registry) if pistons is not None else ()
    return SurvivalFrame(
        inventory=tuple(s.inventory.slots), selected=s.inventory.selected,
        gamemode=s.gamemode, health=game.player.health, food=s.food.food_level,
        breaking=breaking, menu=menu, entities=entities, looks=looks(game), moving=moving,
    )  # fmt: skip
