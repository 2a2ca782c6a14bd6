"""Villagers' professions, levels and trading (vanilla 1.21.11 Villager, VillagerData, AcquirePoi,
AssignProfessionFromJobSite, ResetProfession and MerchantMenu's use).

An unemployed adult villager (not a nitwit) looks every 20 ticks for the nearest unclaimed
job-site block within 48 blocks (PoiTypes: composter → farmer, lectern → librarian ...),
claims it and walks there; within 2 blocks of it, it takes the block's profession and its two
novice offers (``trades.new_offers``, drawn with the game's random stream). A claimed block
that is broken frees the villager; one that never traded (0 experience, novice) loses its
profession. Trades give the villager the offer's experience; past 10, 70, 150 and 250 it rises
to apprentice, journeyman, expert and master 40 ticks after the screen closes (two more offers
each), and the player gets 3-6 experience per trade (+5 on a trade that
levels the villager up). Used offers restock (demand updated) at most twice a day, 2400 ticks
apart, while the villager has its job site.

Right-clicking a villager (``interact``, for ``actions._interact`` and the empty hand) opens the
``merchant`` menu (``trading_menu.MerchantMenu``); a baby, an unemployed villager or a nitwit
shakes its head instead (``entity.villager.no``). ``open_trading`` and ``select_trade`` are the
direct actions tests and agents call.

Per-villager state lives in ``mechanics["villagers"]`` by entity id; the entity's
``components["trading"]`` tells its AI (``entities.villager_ai``) to stand still and look at the
player while the screen is open.

Deliberate differences: job sites are found by straight-line distance (vanilla needs a path),
restocking does not require standing at the job site, no gossip or reputation prices (the
special price stays 0), no hero-of-the-village discount, no experience orb (the points go into
the player's bar directly), no regeneration effect on levelling up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from odyssey.sim.mechanics import hooks
from odyssey.sim.mechanics.trades import Offer, new_offers
from odyssey.sim.mechanics.trading_menu import MerchantMenu

NAME = "villagers"
JOB_SITES = {"composter": "farmer", "lectern": "librarian", "smoker": "butcher",
             "blast_furnace": "armorer", "cartography_table": "cartographer",
             "brewing_stand": "cleric", "barrel": "fisherman", "fletching_table": "fletcher",
             "cauldron": "leatherworker", "water_cauldron": "leatherworker",
             "lava_cauldron": "leatherworker", "powder_snow_cauldron": "leatherworker",
             "loom": "shepherd", "stonecutter": "mason", "smithing_table": "toolsmith",
             "grindstone": "weaponsmith"}  # fmt: skip
PROFESSIONS = ("none", "nitwit", *dict.fromkeys(JOB_SITES.values()))
# pre-1.14 Profession numbers (farmer, librarian, priest, blacksmith, butcher, nitwit)
OLD_IDS = {0: "farmer", 1: "librarian", 2: "cleric", 3: "armorer", 4: "butcher", 5: "nitwit"}
NEXT_LEVEL_XP = (0, 10, 70, 150, 250)  # VillagerData.NEXT_LEVEL_XP_THRESHOLDS
SCAN_RANGE = 48
SCAN_INTERVAL = 20
CLOSE_ENOUGH = 2.0  # AssignProfessionFromJobSite: within 2 blocks of the job site
LEVEL_UP_DELAY = 40  # Villager.updateMerchantTimer
RESTOCK_GAP = 2400
TRADE_REACH = 4.0  # AbstractVillager.stillValid: canInteractWithEntity(this, 4.0)
WALK_SPEED = 0.5  # VillagerGoalPackages' speed modifier
Pos = tuple[int, int, int]


@dataclass
class VillagerInfo:
    """VillagerData (profession, level) and a villager's trading state."""

    profession: str = "none"
    level: int = 1
    xp: int = 0
    offers: list[Offer] = field(default_factory=list)
    job_site: Pos | None = None
    update_timer: int = 0  # updateMerchantTimer
    level_up: bool = False  # increaseProfessionLevelOnUpdate
    last_restock: int = -RESTOCK_GAP
    restocks_today: int = 0
    day: int = 0


@dataclass
class Villagers:
    villagers: dict[int, VillagerInfo] = field(default_factory=dict)
    claimed: dict[Pos, int] = field(default_factory=dict)  # job site -> villager id
    ticks: int = 0


def state_of(game) -> Villagers:
    m = game.survival.mechanics
    if NAME not in m:
        m[NAME] = Villagers()
    return m[NAME]  # type: ignore[return-value]


def info(game, villager_id: int) -> VillagerInfo:
    """The villager's data (an unemployed novice until something changes it)."""
    book = state_of(game)
    if villager_id not in book.villagers:
        book.villagers[villager_id] = VillagerInfo()
    return book.villagers[villager_id]


def _entity(game, villager_id: int):
    store = game.survival.entities
    e = store.entities.get(villager_id) if store is not None else None
    return e if e is not None and not e.dead and e.type == "villager" else None


def set_profession(
    game, villager_id: int, profession: str | int, level: int = 1, draw: bool = True
) -> VillagerInfo:
    """/summon's VillagerData: a profession and level, with the offers of every level up to it
    (a nitwit or ``none`` has none); ``draw=False`` leaves the offers to the caller (/summon
    with ``Offers``: vanilla draws none when the villager has offers)."""
    if isinstance(profession, int) or str(profession).isdigit():  # 1.13 Profession ids
        profession = OLD_IDS.get(int(profession), "none")
    profession = str(profession).removeprefix("minecraft:")
    if profession not in PROFESSIONS:
        raise ValueError(f"villager profession {profession!r}: expected one of {PROFESSIONS}")
    v = info(game, villager_id)
    v.profession, v.level = profession, max(1, min(5, int(level)))
    v.xp = NEXT_LEVEL_XP[v.level - 1]
    v.offers = []
    for lvl in range(1 if draw else v.level + 1, v.level + 1):
        v.offers += new_offers(profession, lvl, game.survival.rng)
    return v


# -- job sites -------------------------------------------------------------------------------


@cache
def _job_table(registry) -> tuple[np.ndarray, tuple[str, ...]]:
    """Per state: 0 no job site, else 1 + index of its profession in ``PROFESSIONS``."""
    n = len(registry.state_flags)
    table = np.zeros(n, dtype=np.int16)
    for state in range(n):
        prof = JOB_SITES.get(registry.block_of(state).name)
        if prof is not None:
            table[state] = 1 + PROFESSIONS.index(prof)
    return table, PROFESSIONS


def profession_at(game, pos: Pos) -> str | None:
    """The profession a job-site block at ``pos`` gives, None for any other block."""
    return JOB_SITES.get(game.world.registry.block_of(game.world.get_block(*pos)).name)


def find_job_site(game, e, want: str | None) -> Pos | None:
    """AcquirePoi: the nearest unclaimed job site within 48 blocks (of ``want``'s kind when the
    villager is employed already)."""
    table, _ = _job_table(game.world.registry)
    dim = game.world.dimension
    bx, by, bz = math.floor(e.x), math.floor(e.y), math.floor(e.z)
    y0, y1 = max(dim.min_y, by - SCAN_RANGE), min(dim.max_y, by + SCAN_RANGE + 1)
    lo = (bx - SCAN_RANGE, y0, bz - SCAN_RANGE)
    box = game.world.get_box(lo, (bx + SCAN_RANGE + 1, y1, bz + SCAN_RANGE + 1))
    codes = table[box]
    if want is not None:
        hits = np.argwhere(codes == 1 + PROFESSIONS.index(want))
    else:
        hits = np.argwhere(codes > 0)
    if len(hits) == 0:
        return None
    claimed = state_of(game).claimed
    cells = hits[:, [2, 0, 1]] + np.array(lo)  # [y, z, x] indices -> (x, y, z)
    d2 = ((cells + 0.5 - np.array([e.x, e.y, e.z])) ** 2).sum(axis=1)
    for i in np.argsort(d2, kind="stable"):
        if d2[i] > SCAN_RANGE * SCAN_RANGE:
            break
        pos = tuple(int(v) for v in cells[i])
        if pos not in claimed:
            return pos  # type: ignore[return-value]
    return None


def _release(game, v: VillagerInfo) -> None:
    if v.job_site is not None:
        state_of(game).claimed.pop(v.job_site, None)
        v.job_site = None


def _job_tick(game, e, v: VillagerInfo, scan: bool) -> None:
    """Claim, walk to and take a job site; lose it when it is broken."""
    if v.job_site is not None:
        here = profession_at(game, v.job_site)
        if here is None or (v.profession not in ("none", here)):
            _release(game, v)
            if v.profession not in ("none", "nitwit") and v.xp == 0 and v.level <= 1:
                v.profession, v.offers = "none", []  # ResetProfession
    if v.job_site is None:
        if not scan or e.baby or v.profession == "nitwit":
            return
        pos = find_job_site(game, e, None if v.profession == "none" else v.profession)
        if pos is None:
            return
        v.job_site = pos
        state_of(game).claimed[pos] = e.id
    x, y, z = v.job_site
    close = (x + 0.5 - e.x) ** 2 + (y + 0.5 - e.y) ** 2 + (z + 0.5 - e.z) ** 2
    if close <= CLOSE_ENOUGH * CLOSE_ENOUGH:
        if v.profession == "none":
            v.profession = profession_at(game, v.job_site) or "none"
            v.level, v.xp = 1, 0
            v.offers = new_offers(v.profession, 1, game.survival.rng)
            hooks.sound(game, f"entity.villager.work_{v.profession}", v.job_site)
    elif scan and v.profession == "none" and e.nav is None and not e.components.get("trading"):
        e.nav, e.path, e.nav_speed = (x + 0.5, float(y), z + 0.5), None, WALK_SPEED


# -- levels and restocking -------------------------------------------------------------------


def should_level_up(v: VillagerInfo) -> bool:
    """Villager.shouldIncreaseLevel."""
    return v.level < 5 and v.xp >= NEXT_LEVEL_XP[v.level]


def _level_tick(game, e, v: VillagerInfo, trading: bool) -> None:
    """Villager.customServerAiStep's merchant timer: level up once the screen is closed."""
    if trading or v.update_timer <= 0:
        return
    v.update_timer -= 1
    if v.update_timer > 0:
        return
    if v.level_up:
        v.level += 1
        v.offers += new_offers(v.profession, v.level, game.survival.rng)
        v.level_up = False
        pos = (math.floor(e.x), math.floor(e.y), math.floor(e.z))
        game.emit("villager_level", float(v.level), pos, v.profession)


def _restock_tick(game, v: VillagerInfo) -> None:
    """Villager.restock, at most twice a day and 2400 ticks apart."""
    if v.job_site is None or not any(o.uses for o in v.offers):
        return
    now = state_of(game).ticks
    day = game.time_of_day // 24000
    if day != v.day:
        v.day, v.restocks_today = day, 0
    if v.restocks_today >= 2 or now - v.last_restock < RESTOCK_GAP:
        return
    for o in v.offers:
        o.restock()
    v.last_restock, v.restocks_today = now, v.restocks_today + 1
    hooks.sound(game, f"entity.villager.work_{v.profession}", v.job_site)


@hooks.on_player_tick
def villagers_tick(game, before) -> None:
    s = game.survival
    if s.entities is None or (NAME not in s.mechanics and not s.entities.of_type("villager")):
        return
    book = state_of(game)
    book.ticks += 1
    trading_with = getattr(s.menu, "villager_id", None) if s.menu_kind == "merchant" else None
    for vid in list(book.villagers):
        if _entity(game, vid) is None:  # dead or gone: free its job site
            _release(game, book.villagers.pop(vid))
    for e in s.entities.of_type("villager"):
        if e.dead:
            continue
        v = info(game, e.id)
        trading = e.id == trading_with
        if not trading and e.components.get("trading"):
            e.components.pop("trading", None)
        _job_tick(game, e, v, (book.ticks + e.id) % SCAN_INTERVAL == 0)
        _level_tick(game, e, v, trading)
        if not trading:
            _restock_tick(game, v)
    if trading_with is not None:
        e = _entity(game, trading_with)
        far = e is None or _distance_to_player(game, e) > TRADE_REACH + 0.5 * 0.6
        if far:
            from odyssey.sim.actions import close_screen

            close_screen(game)


def _distance_to_player(game, e) -> float:
    """Distance from the player's eyes to the nearest point of the villager's box."""
    px, py, pz = game.player.pos
    py += game.player.eye_height
    half = 0.3
    dx = max(e.x - half - px, 0.0, px - (e.x + half))
    dy = max(e.y - py, 0.0, py - (e.y + 1.95))
    dz = max(e.z - half - pz, 0.0, pz - (e.z + half))
    return math.sqrt(dx * dx + dy * dy + dz * dz)


# -- trading ----------------------------------------------------------------------------------


def _reward(game, villager_id: int, menu: MerchantMenu, offer: Offer) -> None:
    """AbstractVillager.notifyTrade / Villager.rewardTradeXp."""
    v = info(game, villager_id)
    points = 3 + int(game.survival.rng.integers(4))
    v.xp += offer.xp
    menu.xp = v.xp
    if should_level_up(v):
        v.update_timer, v.level_up = LEVEL_UP_DELAY, True
        points += 5
    menu.result.experience += points
    e = _entity(game, villager_id)
    pos = (math.floor(e.x), math.floor(e.y), math.floor(e.z)) if e is not None else None
    hooks.sound(game, "entity.villager.yes", pos)
    game.emit("trade", float(offer.count), pos, offer.result)


def open_trading(game, villager_id: int) -> bool:
    """Villager.mobInteract with an ordinary item or the empty hand: open the ``merchant``
    menu; False (and a head shake) for a baby or a villager without offers."""
    s = game.survival
    e = _entity(game, villager_id)
    if e is None or s.gamemode == "spectator" or game.player.dead:
        return False
    v = info(game, villager_id)
    pos = (math.floor(e.x), math.floor(e.y), math.floor(e.z))
    if e.baby or not v.offers:
        s.stats.add("custom", "talked_to_villager")
        hooks.sound(game, "entity.villager.no", pos)
        return False
    from odyssey.sim.actions import close_screen

    close_screen(game)
    s.stats.add("custom", "talked_to_villager")
    menu = MerchantMenu(v.offers, s.inventory, s.stats, level=v.level, xp=v.xp,
                        villager_id=villager_id)  # fmt: skip
    menu.on_trade = lambda offer: _reward(game, villager_id, menu, offer)
    e.components["trading"] = True
    e.nav, e.path = None, None
    s.menu, s.menu_kind, s.menu_pos = menu, "merchant", pos
    hooks.sound(game, "entity.villager.trade", pos)
    return True


def select_trade(game, index: int) -> None:
    """The select-trade packet: pick offer ``index`` of the open merchant screen and fill the
    payment slots from the inventory."""
    menu = game.survival.menu
    if not isinstance(menu, MerchantMenu):
        from odyssey.sim.player import SimError

        raise SimError("no merchant screen is open (open_trading first)")
    if not 0 <= index < len(menu.offers):
        from odyssey.sim.player import SimError

        raise SimError(f"trade index {index}: the villager has {len(menu.offers)} offers")
    menu.select_trade(index)


@hooks.on_use_entity("villager")
def interact(game, entity_id: int, held) -> bool:
    """Right-click on an entity with ``held`` (None: empty hand): a villager opens trading
    (a name tag or a spawn egg would do their own thing first in vanilla)."""
    e = _entity(game, entity_id)
    if e is None:
        return False
    if held is not None and held.item in ("name_tag", "villager_spawn_egg"):
        return False
    open_trading(game, entity_id)
    return True  # vanilla consumes the click even when the villager only shakes its head
