"""Overlays: vanilla GUI scale, crosshair, hotbar, Xaero-style waypoint markers and the HUD."""

from __future__ import annotations

import dataclasses
import inspect

import numpy as np
import pytest

from odyssey.render.gui import gui_size
from odyssey.render.markers import (
    BOX_ALPHA,
    BOX_SIZE,
    LABEL_GAP,
    box_origin,
    marker_layout,
)
from odyssey.render.overlay import (
    XAERO_COLORS,
    MarkerLabel,
    crosshair_origin,
    distance_text,
    draw_crosshair,
    draw_hotbar,
    draw_hud,
    draw_markers,
    facing_name,
    gui_scale,
    hotbar_origin,
    hud_lines,
    wrap_degrees,
)
from odyssey.render.view import Hotbar, Waypoint

SKY = (120, 167, 255)


def uniform(width: int = 854, height: int = 480, color=SKY) -> np.ndarray:
    frame = np.empty((height, width, 3), np.uint8)
    frame[:] = color
    return frame


def changed(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    return np.any(before != after, axis=2)


def bbox(mask: np.ndarray) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1), exclusive ends, of the set pixels."""
    ys, xs = np.nonzero(mask)
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def over(color, alpha: int, under) -> tuple[int, ...]:
    """8-bit SRC_ALPHA blend, rounded half up."""
    pairs = zip(color, under, strict=True)
    return tuple((c * alpha + u * (255 - alpha) + 127) // 255 for c, u in pairs)


# --- GUI scale --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "scale"),
    [((854, 480), 2), ((1920, 1080), 4), ((128, 128), 1), ((320, 240), 1), ((640, 480), 2)],
)
def test_auto_gui_scale_matches_vanilla(size, scale):
    assert gui_scale(*size) == scale


def test_gui_scale_setting_caps_but_never_exceeds_auto():
    assert gui_scale(1920, 1080, setting=2) == 2
    assert gui_scale(1920, 1080, setting=1) == 1
    assert gui_scale(854, 480, setting=3) == 2  # vanilla stops at the auto maximum
    assert gui_scale(1, 1) == 1
    assert gui_size(855, 481, 2) == (428, 241)  # a partial GUI pixel counts


# --- crosshair --------------------------------------------------------------------------------


def test_crosshair_inverts_a_centred_plus_and_leaves_the_rest():
    frame = uniform()
    before = frame.copy()
    draw_crosshair(frame)
    assert tuple(frame[240, 427]) == (255 - SKY[0], 255 - SKY[1], 255 - SKY[2])
    for y, x in [(0, 0), (0, 853), (479, 0), (479, 853), (200, 427 + 40)]:
        assert tuple(frame[y, x]) == SKY
    mask = changed(before, frame)
    # A 9-GUI-px plus, 1 GUI px thick, at GUI scale 2: 17 GUI px of 2 x 2 pixels.
    assert mask.sum() == 17 * 4
    x0, y0 = crosshair_origin(854, 480, 2)
    assert (x0, y0) == (412, 224)  # ((427 - 15) // 2, (240 - 15) // 2) GUI px
    assert bbox(mask) == (x0 + 6, y0 + 6, x0 + 24, y0 + 24)
    draw_crosshair(frame)  # inverting twice gives the frame back
    assert np.array_equal(frame, before)


def test_crosshair_on_tiny_frames_does_not_crash():
    for width, height in [(1, 1), (8, 8), (15, 15), (3, 40)]:
        draw_crosshair(uniform(width, height))


# --- hotbar -----------------------------------------------------------------------------------


def test_hotbar_sits_at_the_bottom_centre():
    frame = uniform()
    before = frame.copy()
    draw_hotbar(frame, Hotbar.benchmark())
    assert hotbar_origin(854, 480, 2) == (244, 436)  # (427 // 2 - 91, 240 - 22) GUI px
    x0, y0, x1, y1 = bbox(changed(before, frame))
    # 182 x 22 GUI px, plus the selection frame reaching 1 GUI px left of and above the bar.
    assert (x0, y0, x1, y1) == (242, 434, 244 + 364, 480)


@pytest.mark.parametrize("selected", [0, 3, 8])
def test_selection_frame_marks_the_selected_slot(selected):
    frame = uniform()
    draw_hotbar(frame, Hotbar().select(selected))
    bar_x, bar_y = 244, 436
    for slot in range(9):
        left = bar_x - 2 + 40 * slot  # the 24-GUI-px frame starts 1 GUI px left of the slot
        outline = tuple(frame[bar_y - 2, left + 10])  # its black top edge, above the bar
        ring = tuple(frame[bar_y, left + 10])  # its white ring, over the bar's top edge
        if slot == selected:
            assert outline == (0, 0, 0)
            assert ring == (255, 255, 255)
        else:
            assert outline == SKY
            assert ring != (255, 255, 255)


def slot_icon(frame: np.ndarray, slot: int) -> np.ndarray:
    """The 16 x 16 GUI-px icon area of a slot (x = 3 + 20 i, y = 3 in the bar) at scale 2."""
    x, y = 244 + (3 + 20 * slot) * 2, 436 + 3 * 2
    return frame[y : y + 32, x : x + 32].reshape(-1, 3).astype(int)


def test_torch_icon_in_slot_two_has_a_flame():
    frame = uniform(color=(95, 159, 53))
    draw_hotbar(frame, Hotbar.benchmark())
    torch, empty = slot_icon(frame, 1), slot_icon(frame, 2)

    def flame(pixels):
        return (pixels[:, 0] > 220) & (pixels[:, 1] > 120) & (pixels[:, 2] < 80)

    def wood(pixels):
        return (pixels[:, 0] > pixels[:, 1]) & (pixels[:, 1] > pixels[:, 2]) & (pixels[:, 0] < 160)

    assert flame(torch).sum() >= 8 * 4  # at least 8 GUI px of flame
    assert wood(torch).sum() >= 16 * 4  # and a wooden stick
    assert flame(empty).sum() == 0


def test_other_items_are_cubes_in_their_colour():
    frame = uniform()
    hotbar = Hotbar(("stone", "torch") + (None,) * 7, 1)
    draw_hotbar(frame, hotbar, item_color=lambda item: (200, 10, 10))
    icon = slot_icon(frame, 0)
    colours = {tuple(p) for p in icon}
    assert (200, 10, 10) in colours  # lit top face
    assert (160, 8, 8) in colours  # left face, 0.8
    assert (120, 6, 6) in colours  # right face, 0.6
    default = uniform()
    draw_hotbar(default, hotbar)
    assert (139, 139, 139) in {tuple(p) for p in slot_icon(default, 0)}  # default grey


def test_hotbar_on_small_frames_clips_without_crashing():
    for width, height in [(128, 128), (64, 20), (1, 1), (200, 22)]:
        draw_hotbar(uniform(width, height), Hotbar.benchmark())
    frame = uniform(128, 128)
    before = frame.copy()
    draw_hotbar(frame, Hotbar.benchmark())
    assert changed(before, frame)[-22:].any()  # the middle of the bar still shows at scale 1


# --- markers ----------------------------------------------------------------------------------


def test_xaero_colours_are_the_chat_colours():
    assert len(XAERO_COLORS) == 16
    assert XAERO_COLORS[0] == (0, 0, 0)
    assert XAERO_COLORS[6] == (255, 170, 0)  # gold
    assert XAERO_COLORS[9] == (85, 85, 255)  # blue
    assert XAERO_COLORS[15] == (255, 255, 255)


def test_marker_box_is_centred_in_the_waypoint_colour():
    frame = uniform()
    before = frame.copy()
    marker = MarkerLabel(400, 200, "H", 12.0, 9)
    draw_markers(frame, [marker])
    x0, y0 = box_origin(marker, 2)
    width = marker_layout("H", "12.0m", 2).box_width * 2
    assert (x0 + width / 2, y0 + BOX_SIZE) == (400, 200)  # 18-px-tall box centred on (x, y)
    expected = over(XAERO_COLORS[9], BOX_ALPHA, SKY)
    # The box's top row lies above the capitals: pure waypoint colour across its width.
    assert all(tuple(frame[y0, x]) == expected for x in range(x0, x0 + width))
    assert tuple(frame[y0, x0 - 1]) == SKY
    assert tuple(frame[y0 - 1, x0]) == SKY
    # The initials are white text inside the box.
    box = frame[y0 : y0 + 18, x0 : x0 + width].reshape(-1, 3).astype(int)
    assert (box.min(axis=1) > 240).sum() >= 10
    # Nothing is drawn between the box and the distance label (a 4-GUI-px gap).
    gap = changed(before, frame)[y0 + 18 : y0 + 18 + LABEL_GAP * 2]
    assert not gap.any()


def test_distance_label_shows_the_distance():
    def drawn(distance):
        frame = uniform()
        draw_markers(frame, [MarkerLabel(400, 200, "H", distance, 9)])
        return frame

    near, far = drawn(12.0), drawn(13.0)
    diff = changed(near, far)
    assert diff.any()
    _, y0 = box_origin(MarkerLabel(400, 200, "H", 12.0, 9), 2)
    assert bbox(diff)[1] >= y0 + (BOX_SIZE + LABEL_GAP) * 2  # only the label changed
    label = near[y0 + 26 : y0 + 44].reshape(-1, 3).astype(int)
    assert (label.min(axis=1) > 240).sum() >= 20  # white digits on the dark label


def test_distance_text_is_xaeros_format():
    assert distance_text(12.34) == "12.3m"
    assert distance_text(0.0) == "0.0m"
    assert distance_text(31.96) == "32.0m"
    assert distance_text(12_345.0) == "12.3km"


def test_nearer_markers_are_drawn_on_top():
    near = MarkerLabel(400, 200, "A", 5.0, 12)
    far = MarkerLabel(404, 204, "B", 20.0, 9)
    frame = uniform()
    draw_markers(frame, [near, far])
    by_hand = uniform()
    draw_markers(by_hand, [far])
    draw_markers(by_hand, [near])
    assert np.array_equal(frame, by_hand)


def test_markers_off_or_partly_off_the_frame():
    frame = uniform()
    before = frame.copy()
    away = [MarkerLabel(-1000, -1000, "A", 3.0, 1), MarkerLabel(1e6, 5e5, "B", 3.0, 2)]
    draw_markers(frame, away)
    assert np.array_equal(frame, before)
    edges = [MarkerLabel(x, y, "TH", 10.0, 4) for x, y in [(0, 0), (853, 479), (-5, 240)]]
    draw_markers(frame, edges)
    assert changed(before, frame).any()
    draw_markers(uniform(4, 4), edges)


def test_marker_label_rejects_bad_values():
    with pytest.raises(ValueError, match="colour index"):
        MarkerLabel(1, 1, "A", 1.0, 16)
    with pytest.raises(ValueError, match="finite"):
        MarkerLabel(float("nan"), 1, "A", 1.0, 0)
    with pytest.raises(ValueError, match="distance"):
        MarkerLabel(1, 1, "A", -1.0, 0)


def test_markers_never_receive_coordinates():
    fields = [f.name for f in dataclasses.fields(MarkerLabel)]
    assert fields == ["x", "y", "caption", "distance", "color"]
    assert list(inspect.signature(draw_markers).parameters) == ["frame", "markers", "scale"]
    # The drawing depends on caption and distance only, wherever the waypoint is in the world.
    images = []
    for position in [(-8_520_000.5, 70.0, 1_234_567.0), (5.0, 64.0, 5.0)]:
        waypoint = Waypoint("Town hall", "TH", position, color=6)
        frame = uniform()
        draw_markers(frame, [MarkerLabel(400, 200, waypoint.caption, 17.0, waypoint.color)])
        images.append(frame)
    assert np.array_equal(*images)


# --- HUD --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("yaw", "facing"),
    [
        (0, "south"),
        (90, "west"),
        (180, "north"),
        (270, "east"),
        (-90, "east"),
        (45.1, "west"),
        (44.9, "south"),
        (-180, "north"),
        (360, "south"),
        (-135.1, "north"),
    ],
)
def test_facing_name_is_vanillas(yaw, facing):
    assert facing_name(yaw) == facing


def test_hud_lines_use_block_coordinates_and_f3_words():
    assert hud_lines((12.7, 64.0, -5.2), 180.0, 12.5) == (
        "XYZ: 12 / 64 / -6",
        "Facing: north (Towards negative Z) (-180.0 / 12.5)",
    )
    assert hud_lines((0.5, 70.0, 0.5), -90.0, 0.0)[1].startswith(
        "Facing: east (Towards positive X)"
    )
    assert wrap_degrees(540.0) == -180.0
    assert wrap_degrees(-190.0) == 170.0


def test_hud_draws_readable_text_top_left():
    frame = uniform()
    before = frame.copy()
    draw_hud(frame, (12.7, 64.0, -5.2), 180.0, 12.5)
    x0, y0, x1, y1 = bbox(changed(before, frame))
    assert (x0, y0) == (2, 2)  # the backing starts at GUI (1, 1)
    assert x1 < 854 and y1 <= 2 * (1 + 2 * 9 + 2)
    # F3 backing: 0x505050 at alpha 0x90, with light text on it.
    assert tuple(frame[2, 2]) == over((80, 80, 80), 0x90, SKY)
    text = frame[2:38, 2:300].reshape(-1, 3).astype(int)
    assert (text.min(axis=1) > 200).sum() >= 50


# --- whole pass -------------------------------------------------------------------------------


def overlay_pass(width: int, height: int) -> np.ndarray:
    frame = uniform(width, height)
    markers = [MarkerLabel(300, 200, "TH", 23.46, 12), MarkerLabel(520, 250, "C", 8.04, 9)]
    draw_markers(frame, markers)
    draw_crosshair(frame)
    draw_hotbar(frame, Hotbar.benchmark(), item_color=lambda item: (150, 110, 60))
    draw_hud(frame, (12.7, 64.0, -5.2), 183.0, 12.5)
    return frame


@pytest.mark.parametrize("size", [(854, 480), (128, 128), (1920, 1080)])
def test_overlays_are_deterministic(size):
    assert overlay_pass(*size).tobytes() == overlay_pass(*size).tobytes()


def test_frames_must_be_writable_rgb_bytes():
    with pytest.raises(ValueError, match="uint8"):
        draw_crosshair(np.zeros((10, 10, 3), np.float32))
    frame = uniform(10, 10)
    frame.flags.writeable = False
    with pytest.raises(ValueError, match="writable"):
        draw_hud(frame, (0.0, 0.0, 0.0), 0.0, 0.0)
