"""Mobs, dropped items and cracks drawn in the world pass, lit like the terrain."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.render import GameView, ViewSettings
from odyssey.render.survival import SurvivalFrame, menu_view
from odyssey.sim.crafting import InventoryMenu
from odyssey.sim.entities.state import Entity
from odyssey.sim.furnace import FurnaceMenu, FurnaceState
from odyssey.sim.inventory import ItemStack, PlayerInventory
from odyssey.sim.player import PlayerState
from odyssey.world import World

MOBS = ["cow", "pig", "sheep", "chicken", "horse", "zombie", "skeleton", "spider", "creeper",
        "enderman", "witch", "wolf", "villager", "iron_golem", "bat"]  # fmt: skip
PLAYER = PlayerState(pos=(0.5, 65.0, 0.5), yaw=0.0, pitch=15.0, on_ground=True)
CENTRE = (slice(50, 70), slice(70, 90))  # of a 160 x 120 frame


@pytest.fixture(scope="module")
def world():
    w = World()
    w.fill((-24, 60, -24), (24, 64, 24), "stone")
    w.fill((-24, 64, -24), (24, 65, 24), "grass_block")
    return w


@pytest.fixture()
def view(world):
    v = GameView(world, ViewSettings(width=160, height=120, crosshair=False, hotbar=False))
    yield v
    v.close()


def _mob(kind, x=0.5, z=3.5, **kw):
    return Entity(1, kind, x, 65.0, z, yaw=180.0, **kw)


def _changed(a, b):
    return np.any(a != b, axis=2)


def test_a_cow_in_front_fills_the_centre_with_cow_colours(view):
    empty = view.frame(PLAYER, survival=SurvivalFrame())
    cow = view.frame(PLAYER, survival=SurvivalFrame(entities=(_mob("cow"),)))
    assert _changed(empty, cow)[CENTRE].mean() > 0.9  # all but the gap between the legs
    r, g, b = cow[CENTRE].reshape(-1, 3).astype(int).mean(axis=0)
    assert r > g > b and r < 160  # brown hide (with its white patches)


def test_every_mob_type_draws(view):
    empty = view.frame(PLAYER, survival=SurvivalFrame())
    sizes = {}
    for kind in MOBS:
        shot = view.frame(PLAYER, survival=SurvivalFrame(entities=(_mob(kind, z=5.5),)))
        sizes[kind] = int(_changed(empty, shot).sum())
        assert sizes[kind] > 30, kind
    assert sizes["enderman"] > sizes["chicken"] * 3
    assert len(set(sizes.values())) > 10  # different models, not one box


def test_babies_are_smaller_and_hurt_mobs_red(view):
    empty = view.frame(PLAYER, survival=SurvivalFrame())
    adult = view.frame(PLAYER, survival=SurvivalFrame(entities=(_mob("pig"),)))
    baby = view.frame(PLAYER, survival=SurvivalFrame(entities=(_mob("pig", baby=True),)))
    assert _changed(empty, baby).sum() < _changed(empty, adult).sum() / 2
    hurt = view.frame(PLAYER, survival=SurvivalFrame(entities=(_mob("pig", hurt_time=5),)))
    mask = _changed(empty, adult)
    ratio = lambda f: f[mask][:, 0].mean() / (f[mask][:, 1:].mean() + 1)  # noqa: E731
    assert ratio(hurt) > ratio(adult) * 1.2


def test_sheep_wool_colour_and_shearing(view):
    white = view.frame(PLAYER, survival=SurvivalFrame(entities=(_mob("sheep"),)))
    red = view.frame(PLAYER, survival=SurvivalFrame(entities=(_mob("sheep", color="red"),)))
    bare = view.frame(PLAYER, survival=SurvivalFrame(entities=(_mob("sheep", sheared=True),)))
    rw, gw, _ = white[CENTRE].reshape(-1, 3).astype(int).mean(axis=0)
    rr, gr, _ = red[CENTRE].reshape(-1, 3).astype(int).mean(axis=0)
    assert rr > gr * 1.5 and abs(rw - gw) < 30
    assert np.any(_changed(white, bare))


def test_mobs_darken_at_night_like_the_ground(view):
    state = SurvivalFrame(entities=(_mob("sheep"),))
    noon = view.frame(PLAYER, survival=state)[CENTRE].astype(int).mean()
    view.with_settings(time="midnight")
    night = view.frame(PLAYER, survival=state)[CENTRE].astype(int).mean()
    assert night < noon * 0.5


def test_dropped_items_show_as_cubes_and_sprites(view):
    empty = view.frame(PLAYER, survival=SurvivalFrame())
    block = Entity(7, "item", 0.5, 65.0, 2.5, item="gold_block", count=1)
    sword = Entity(8, "item", 0.5, 65.0, 2.5, item="diamond_sword", count=1)
    cube = view.frame(PLAYER, 20, survival=SurvivalFrame(entities=(block,)))
    flat = view.frame(PLAYER, 20, survival=SurvivalFrame(entities=(sword,)))
    assert _changed(empty, cube).sum() > 20 and _changed(empty, flat).sum() > 10
    gold = cube[_changed(empty, cube)].astype(int)
    assert (gold[:, 0] > gold[:, 2] + 40).mean() > 0.5  # yellow
    cyan = flat[_changed(empty, flat)].astype(int)
    assert (cyan[:, 2] > cyan[:, 0] + 30).mean() > 0.3  # the diamond blade
    arrow = Entity(9, "arrow", 0.5, 65.8, 2.5, vx=0.2, vz=0.0)
    shot = view.frame(PLAYER, survival=SurvivalFrame(entities=(arrow,)))
    assert _changed(empty, shot).sum() > 5


def test_cracks_darken_the_block_being_broken(view):
    down = PlayerState(pos=(0.5, 65.0, 0.5), yaw=0.0, pitch=45.0, on_ground=True)
    empty = view.frame(down, survival=SurvivalFrame())
    stages = [view.frame(down, survival=SurvivalFrame(breaking=((0, 64, 2), s))) for s in (0, 9)]
    changed = [_changed(empty, s) for s in stages]
    assert 0 < changed[0].sum() < changed[1].sum()
    brightness = lambda f: f[changed[1]].astype(int).sum(axis=1)  # noqa: E731
    assert (brightness(stages[1]) < brightness(empty)).all()
    ys, xs = np.nonzero(changed[1])  # all on the one block ahead, low in the frame's middle
    assert ys.min() > 40 and 40 < xs.mean() < 120


def test_plain_frames_are_unchanged_by_survival_frames(view):
    before = view.frame(PLAYER)
    view.frame(PLAYER, survival=SurvivalFrame(entities=(_mob("cow"),), health=5, food=3))
    assert np.array_equal(view.frame(PLAYER), before)


def test_menus_from_sim_menus():
    inv = PlayerInventory()
    inv.set(0, ItemStack("stone", 10))
    menu = InventoryMenu(inv)
    view = menu_view(menu, "inventory", mouse=(1.0, 2.0))
    assert len(view.slots) == 46 and view.slots[36] == ItemStack("stone", 10)
    furnace = FurnaceState(lit_time=50, lit_duration=100, cooking_progress=150)
    fview = menu_view(FurnaceMenu(furnace, inv), "furnace")
    assert (fview.lit, fview.progress) == (0.5, 0.75)
    assert fview.slots[30] == ItemStack("stone", 10)
