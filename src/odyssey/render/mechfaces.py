"""Face rules of the survival mechanics' blocks: crops by age, farmland by moisture, containers,
redstone components by their power and pistons by their facing (see ``facerules``).

Piston sides carry a planks strip towards the piston's front: ``piston_side`` has it on row 0
and ``piston_side_r1..3`` turn it 90° clockwise per step, picked per face from the texture
orientation of the atlas (side faces: row 0 up, north u = 16 - x, south u = x, west u = z,
east u = 16 - z; up: u = x, row 0 north; down: u = x, row 0 south).
"""

from __future__ import annotations

from odyssey.render.facerules import FACES, FaceRule, Six, column, cube, fixed

# carrots and potatoes: age 0..7 -> texture stage 0..3 (vanilla's blockstates)
ROOT_STAGE = (0, 0, 1, 1, 2, 2, 2, 3)
OPPOSITE = {"up": "down", "down": "up", "north": "south", "south": "north"}
OPPOSITE |= {"west": "east", "east": "west"}
_EDGE_TURNS = {"top": 0, "right": 1, "bottom": 2, "left": 3}
# (face, direction) -> the tile edge that direction lies on
_EDGES = {
    **{(f, "up"): "top" for f in ("north", "south", "west", "east")},
    **{(f, "down"): "bottom" for f in ("north", "south", "west", "east")},
    ("north", "east"): "left", ("north", "west"): "right",
    ("south", "east"): "right", ("south", "west"): "left",
    ("west", "south"): "right", ("west", "north"): "left",
    ("east", "south"): "left", ("east", "north"): "right",
    ("up", "east"): "right", ("up", "west"): "left",
    ("up", "north"): "top", ("up", "south"): "bottom",
    ("down", "east"): "right", ("down", "west"): "left",
    ("down", "south"): "top", ("down", "north"): "bottom",
}  # fmt: skip


def turned(tile: str, face: str, towards: str) -> str:
    """``tile`` (its feature on row 0) turned so the feature lies towards ``towards`` on
    ``face``: ``tile`` or ``tile_r1..3``."""
    k = _EDGE_TURNS[_EDGES[(face, towards)]]
    return tile if k == 0 else f"{tile}_r{k}"


def _by_age(name: str, stages: tuple[int, ...] | None = None) -> FaceRule:
    def pick(p: dict[str, str]) -> Six:
        age = int(p.get("age", "0"))
        return cube(f"{name}_stage{stages[age] if stages else age}")

    return FaceRule(("age",), pick)


def _oriented(front: str, back: str, side: str, facing: str) -> Six:
    """``front`` on the facing face, ``back`` opposite, ``side`` turned towards the front."""
    faces = []
    for face in FACES:
        if face == facing:
            faces.append(front)
        elif face == OPPOSITE[facing]:
            faces.append(back)
        else:
            faces.append(turned(side, face, facing))
    return tuple(faces)  # type: ignore[return-value]


def _piston(sticky: bool) -> FaceRule:
    face = "piston_top_sticky" if sticky else "piston_top"

    def pick(p: dict[str, str]) -> Six:
        front = "piston_inner" if p.get("extended") == "true" else face
        return _oriented(front, "piston_bottom", "piston_side", p.get("facing", "up"))

    return FaceRule(("extended", "facing"), pick)


def _piston_head(p: dict[str, str]) -> Six:
    face = "piston_top_sticky" if p.get("type") == "sticky" else "piston_top"
    return _oriented(face, "piston_top", "piston_side", p.get("facing", "up"))


def _facing_faces(front: str, back: str, side: str, top: str, facing: str) -> Six:
    """Barrels and observers: front/back on the facing axis, ``top`` on up/down otherwise."""
    faces = []
    for face in FACES:
        if face == facing:
            faces.append(front)
        elif face == OPPOSITE[facing]:
            faces.append(back)
        else:
            faces.append(top if face in ("up", "down") else side)
    return tuple(faces)  # type: ignore[return-value]


def _barrel(p: dict[str, str]) -> Six:
    top = "barrel_top_open" if p.get("open") == "true" else "barrel_top"
    return _facing_faces(top, "barrel_bottom", "barrel_side", "barrel_side", p.get("facing", "up"))


def _observer(p: dict[str, str]) -> Six:
    back = "observer_back_on" if p.get("powered") == "true" else "observer_back"
    side = "observer_side"
    return _facing_faces("observer_front", back, side, "observer_top", p.get("facing", "north"))


def _lit(on: str, off: str, key: str = "lit") -> FaceRule:
    return FaceRule((key,), lambda p: cube(on if p.get(key) == "true" else off))


def mechanics_rules() -> dict[str, FaceRule]:
    """The rules for the mechanics' blocks, by block name."""
    rules: dict[str, FaceRule] = {
        "wheat": _by_age("wheat"),
        "carrots": _by_age("carrots", ROOT_STAGE),
        "potatoes": _by_age("potatoes", ROOT_STAGE),
        "beetroots": _by_age("beetroots"),
        "attached_melon_stem": fixed(cube("attached_stem")),
        "attached_pumpkin_stem": fixed(cube("attached_stem")),
        "cactus": fixed(column("cactus_top", "cactus_side")),
        "farmland": FaceRule(
            ("moisture",),
            lambda p: column(
                "farmland_moist" if p.get("moisture") == "7" else "farmland", "dirt", "dirt"
            ),
        ),
        "barrel": FaceRule(("facing", "open"), _barrel),
        "hopper": fixed(cube("hopper_outside")),
        "composter": fixed(column("composter_top", "composter_side", "composter_bottom")),
        "redstone_lamp": _lit("redstone_lamp_on", "redstone_lamp"),
        "observer": FaceRule(("facing", "powered"), _observer),
        "note_block": fixed(cube("note_block")),
        "piston": _piston(sticky=False),
        "sticky_piston": _piston(sticky=True),
        "piston_head": FaceRule(("facing", "type"), _piston_head),
        "end_portal_frame": fixed(
            column("end_portal_frame_top", "end_portal_frame_side", "end_stone")
        ),
        "end_portal": fixed(cube("end_portal")),
    }
    for name in ("chest", "trapped_chest", "ender_chest"):
        rules[name] = fixed(column(f"{name}_top", name))
    for name in ("cauldron", "water_cauldron", "lava_cauldron", "powder_snow_cauldron"):
        rules[name] = fixed(column("cauldron_top", "cauldron_side", "cauldron_bottom"))
    for kind in ("repeater", "comparator"):
        rules[kind] = FaceRule(
            ("powered",),
            lambda p, k=kind: column(
                f"{k}_on" if p.get("powered") == "true" else k, "smooth_stone", "smooth_stone"
            ),
        )
    return rules
