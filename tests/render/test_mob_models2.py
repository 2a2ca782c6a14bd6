"""Issue 14's creatures, vehicles, projectiles and effects drawn in the survival world pass:
each model covers pixels of its own colours, looks (professions, collars, saddles) change the
picture, frames are deterministic, and a game's mechanics reach the frame."""

from __future__ import annotations

import numpy as np
import pytest

from odyssey.render import GameView, ViewSettings
from odyssey.render.entityextras import Shown, potion_color
from odyssey.render.survival import SurvivalFrame, survival_frame
from odyssey.sim.entities.state import Entity, EntityStore
from odyssey.sim.game import Game, GameRules
from odyssey.sim.mechanics import creatures as c
from odyssey.sim.mechanics import potion_table, riding, splash, tnt, villagers
from odyssey.sim.player import PlayerState
from odyssey.sim.survival import Survival
from odyssey.world import World

PLAYER = PlayerState(pos=(0.5, 65.0, 0.5), yaw=0.0, pitch=15.0, on_ground=True)
SWIFT = potion_color(potion_table.make("splash_potion", "swiftness"))


def _mob(kind, z=3.5, y=65.0, **kw):
    return Entity(1, kind, 0.5, y, z, yaw=150.0, **kw)


def red(p):
    return p[:, 0] > p[:, 1] + 70


def grey(p):
    return (np.ptp(p, axis=1) < 30) & (p[:, 0] > 100)


def white(p):
    return p.min(axis=1) > 165


def brown(p):
    return (p[:, 0] > p[:, 1]) & (p[:, 1] > p[:, 2]) & (p[:, 0] - p[:, 2] > 40)


# name: (entities, looks, colour test, share of the changed pixels that must pass it)
SCENES = {
    "farmer": ((_mob("villager"),), {1: "farmer"}, lambda p: brown(p) & (p[:, 0] > 150), 0.15),
    "cleric": ((_mob("villager"),), {1: "cleric"}, lambda p: p[:, 2] > p[:, 1] + 40, 0.3),
    "iron_golem": ((_mob("iron_golem", z=5.5),), {}, grey, 0.5),
    "snow_golem": ((_mob("snow_golem"),), {}, white, 0.3),
    "snow_golem_head": ((_mob("snow_golem"),), {}, lambda p: p[:, 0] > p[:, 2] + 100, 0.05),
    "wolf_tamed": ((_mob("wolf", z=2.5, tags={"tamed"}),), {}, red, 0.02),
    "cat": ((_mob("cat", z=2.5),), {}, brown, 0.6),
    "parrot": ((_mob("parrot", z=2.5),), {}, red, 0.3),
    "goat": ((_mob("goat"),), {}, lambda p: (np.ptp(p, axis=1) < 40) & (p.min(axis=1) > 75), 0.6),
    "oak_boat": ((_mob("oak_boat"),), {}, brown, 0.6),
    "bamboo_raft": ((_mob("bamboo_raft"),), {}, lambda p: p[:, 1] > p[:, 2] + 40, 0.6),
    "minecart": ((_mob("minecart", z=2.5),), {}, lambda p: np.ptp(p, axis=1) < 30, 0.6),
    "leash_knot": ((_mob("leash_knot", z=2.5, y=65.375),), {}, brown, 0.6),
    "trident": ((Entity(2, "trident", 0.5, 65.8, 2.5, vx=0.3, vy=-0.05),), {},
                lambda p: (p[:, 1] > p[:, 0] + 30) & (p[:, 2] > p[:, 0] + 20), 0.4),
    "snowball": ((Entity(3, "snowball", 0.5, 65.5, 2.0),), {}, white, 0.6),
    "egg": ((Entity(3, "egg", 0.5, 65.5, 2.0),), {},
            lambda p: (p[:, 0] > p[:, 2] + 30) & (p[:, 1] > p[:, 2] + 20), 0.5),
    "orb": ((Entity(3, "experience_orb", 0.5, 65.2, 2.0, age=3),), {},
            lambda p: (p[:, 1] > 200) & (p[:, 2] < p[:, 1] - 120), 0.6),
    "tnt": ((Shown("tnt", 0.5, 65.0, 3.0, fuse=45),), {}, red, 0.3),
    "tnt_flash": ((Shown("tnt", 0.5, 65.0, 3.0, fuse=40),), {}, white, 0.8),
    "potion": ((Shown("splash_potion", 0.5, 65.6, 2.0, color=SWIFT),), {},
               lambda p: p[:, 2] > p[:, 0] + 60, 0.3),
    "phantom": ((_mob("phantom", y=66.0),), {}, lambda p: p[:, 2] > p[:, 0] + 30, 0.5),
    "slime": ((_mob("slime"),), {}, lambda p: p[:, 1] > p[:, 0] + 40, 0.6),
    "blaze": ((_mob("blaze", z=4.5),), {}, lambda p: p[:, 0] > p[:, 2] + 100, 0.6),
    "piglin": ((_mob("piglin"),), {}, brown, 0.5),
    "unknown": ((_mob("made_up_thing"),), {}, lambda p: p[:, 2] >= p[:, 0], 0.8),
}  # fmt: skip


@pytest.fixture(scope="module")
def view():
    w = World()
    w.fill((-24, 60, -24), (24, 64, 24), "stone")
    w.fill((-24, 64, -24), (24, 65, 24), "grass_block")
    v = GameView(w, ViewSettings(width=160, height=120, crosshair=False, hotbar=False))
    yield v
    v.close()


@pytest.fixture(scope="module")
def empty(view):
    return view.frame(PLAYER, 20, survival=SurvivalFrame())


def _shot(view, ents, looks=None):
    return view.frame(PLAYER, 20, survival=SurvivalFrame(entities=ents, looks=looks or {}))


def _changed(a, b):
    return np.any(a != b, axis=2)


@pytest.mark.parametrize("name", list(SCENES))
def test_each_model_covers_pixels_of_its_colours(view, empty, name):
    ents, looks, colour, share = SCENES[name]
    shot = _shot(view, ents, looks)
    mask = _changed(empty, shot)
    assert mask.sum() > 12, name
    assert colour(shot[mask].astype(int)).mean() > share, name


def test_looks_change_the_models(view, empty):
    plain = _shot(view, (_mob("wolf", z=2.5),))
    assert red(plain[_changed(empty, plain)].astype(int)).mean() == 0  # no collar
    jobs = [_shot(view, (_mob("villager"),), {1: job}) for job in ("none", "farmer", "librarian")]
    assert not np.array_equal(jobs[0], jobs[1]) and not np.array_equal(jobs[1], jobs[2])
    horse = _shot(view, (_mob("horse", z=4.5),))
    saddled = _shot(view, (_mob("horse", z=4.5),), {1: "saddled"})
    assert _changed(horse, saddled).sum() > 5
    donkey = _shot(view, (_mob("donkey", z=4.5),))
    assert donkey[_changed(empty, donkey)].astype(int).std(axis=1).mean() < 20  # a grey coat
    woods = [_shot(view, (_mob(f"{w}_boat"),)) for w in ("birch", "oak", "dark_oak")]
    means = [f[_changed(empty, f)].astype(int).mean() for f in woods]
    assert means[0] > means[1] > means[2]  # the hull in its wood's colour
    chest = _shot(view, (_mob("oak_chest_boat"),))
    assert _changed(woods[1], chest).sum() > 10


def test_sizes_babies_slimes_and_orbs_glow(view, empty):
    def size(ents):
        return int(_changed(empty, _shot(view, ents)).sum())

    assert size((_mob("goat", baby=True),)) < size((_mob("goat"),)) / 2
    big = _mob("slime", z=5.5, components={"size": 4})
    assert size((big,)) > size((_mob("slime", z=5.5),)) * 4
    assert size((_mob("slime", components={"size": "huge"}),)) > 12  # a bad size: size 1
    view.with_settings(time="midnight")
    try:
        dark = view.frame(PLAYER, 20, survival=SurvivalFrame())
        orb = _shot(view, SCENES["orb"][0])
        ball = _shot(view, SCENES["snowball"][0])
        lit = lambda f: f[_changed(dark, f)].astype(int).max(axis=1).mean()  # noqa: E731
        assert lit(orb) > 200 and lit(ball) < 120
    finally:
        view.with_settings(time="noon")


def test_clouds_are_see_through_discs_and_leads_ropes(view, empty):
    cloud = Shown("area_effect_cloud", 0.5, 65.0, 4.0, radius=2.5, color=(248, 36, 35))
    shot = _shot(view, (cloud,))
    mask = _changed(empty, shot)
    assert mask.sum() > 400
    over, under = shot[mask].astype(int), empty[mask].astype(int)
    assert (over[:, 0] - over[:, 1]).mean() > (under[:, 0] - under[:, 1]).mean() + 60
    assert over[:, 1].mean() > 20  # the grass shows through
    small = _shot(view, (Shown("area_effect_cloud", 0.5, 65.0, 4.0, radius=1.0),))
    assert _changed(empty, small).sum() < mask.sum() / 3
    pair = (_mob("cow", z=4.5), _mob("leash_knot", z=3.5, y=65.375))
    lead = Shown("lead", 0.5, 66.0, 4.5, end=(2.5, 65.5, 3.5))
    assert _changed(_shot(view, pair), _shot(view, (*pair, lead))).sum() > 10


def test_frames_are_deterministic(view):
    ents = tuple(e for ents, _, _, _ in SCENES.values() for e in ents)
    ents = tuple(Entity(i, e.type, e.x + (i % 7) - 3, e.y, e.z + i // 7 * 2, yaw=e.yaw)
                 if isinstance(e, Entity) else e for i, e in enumerate(ents))  # fmt: skip
    first = _shot(view, ents, {1: "farmer"})
    assert np.array_equal(first, _shot(view, ents, {1: "farmer"}))
    other = GameView(view.world, view.settings)
    try:
        assert np.array_equal(first, _shot(other, ents, {1: "farmer"}))
    finally:
        other.close()


def test_a_games_mechanics_reach_the_frame(view):
    game = Game(view.world, PlayerState(pos=(0.5, 65.0, 0.5), on_ground=True),
                GameRules(adventure=False))  # fmt: skip
    game.survival = Survival(seed=1)
    store = game.survival.entities = EntityStore(1)
    farmer = store.add("villager", (0.5, 65.0, 3.5), no_ai=True)
    villagers.set_profession(game, farmer.id, "farmer")
    boat = store.add("oak_boat", (3.5, 65.0, 3.5))
    tnt.prime(game, (-2, 65, 3), sound=False)
    stack = potion_table.make("lingering_potion", "poison")
    splash.state(game).thrown.append(splash.Thrown(stack, 0.5, 66.0, 2.0, 0.0, 0.0, 0.1))
    splash.state(game).clouds.append(splash.Cloud(stack, 0.5, 65.0, 5.0))
    frame = survival_frame(game)
    assert frame.looks[farmer.id] == "farmer"
    types = [e.type for e in frame.entities]
    assert {"villager", "oak_boat", "tnt", "lingering_potion", "area_effect_cloud"} <= set(types)
    assert view.game_frame(game).shape == (120, 160, 3)
    riding.mount(game, boat, c.PLAYER)
    riding.place_riders(game)
    eye = riding.riding_of(game).eye
    assert eye is not None  # the camera (feet + eye height) sits on the boat's seat
    assert game.player.pos[1] + game.player.eye_height == pytest.approx(eye[1])
    assert eye[1] == pytest.approx(boat.y + riding.BOAT_ATTACH - riding.PLAYER_ATTACH + 1.62)
