"""What one player sees: the world through the chosen camera, overlays, or the world-map screen.

``GameView`` is the renderer's front door for upper layers. It keeps the per-episode screen
state (world-map screen, explored area, hotbar selection) and turns a player state into the
frame an agent receives: first person, third person (F5) or the six-view composite, with the
crosshair, hotbar, waypoint markers within 32 blocks, the optional route guide on the ground
and the optional HUD and minimap.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from PIL import Image

from odyssey.errors import BlockStateError
from odyssey.render.camera import SIX_VIEWS, THIRD_PERSON_DISTANCE, Camera, look_vector
from odyssey.render.geometry import (
    LOCAL_OFFSET,
    RAIN_RADIUS,
    player_vertices,
    rain_vertices,
)
from odyssey.render.gui import blend, frame_scale, text_sprite
from odyssey.render.guide import guide_vertices, path_points
from odyssey.render.mapview import ExploredArea, MapTiles
from odyssey.render.minimap import draw_minimap
from odyssey.render.overlay import MarkerLabel, draw_crosshair, draw_hotbar, draw_hud, draw_markers
from odyssey.render.renderer import CUTOUT, TRANSLUCENT, Light, Renderer
from odyssey.render.sky import TORCH_LUMINANCE, conditions
from odyssey.render.survival import SurvivalFrame, SurvivalLayer, survival_frame
from odyssey.render.tables import RenderTables
from odyssey.render.view import Hotbar, ViewSettings, Waypoint
from odyssey.render.worldmap import WorldMapScreen
from odyssey.sim.game import Game
from odyssey.sim.player import PlayerState
from odyssey.world.blocks import BlockFlag
from odyssey.world.storage import World

LIGHT_ITEMS = {"torch": TORCH_LUMINANCE, "soul_torch": 10.0, "lantern": 15.0, "soul_lantern": 10.0}
FAR_PLANE_MARGIN = 64.0
OPEN_SKY_LIGHT = 0xF0  # sky 15, block 0: how the player model and rain are lit
# sky 15, block 15: the lightmap is white at every time of day, so the guide shows its own
# colour at noon, at midnight and in caves alike (fog still fades it at the render distance)
FULLBRIGHT_LIGHT = 0xFF


@dataclass
class WorldFrame:
    """The 3-D part of a frame: the image, the camera that drew it, the survival layer and the
    light it was drawn with (None and the view's own light outside survival), third person."""

    image: np.ndarray
    camera: Camera
    layer: SurvivalLayer | None
    light: Light
    third: bool


class GameView:
    """One player's screen over a world; call ``frame`` for each screenshot."""

    def __init__(
        self,
        world: World,
        settings: ViewSettings | None = None,
        waypoints: Sequence[Waypoint] = (),
        hotbar: Hotbar | None = None,
        tables: RenderTables | None = None,
        guide: Sequence[Sequence[float]] | np.ndarray = (),
    ) -> None:
        self.world = world
        self.guide = guide  # the setter checks the shape
        self.settings = settings or ViewSettings()
        self.waypoints = list(waypoints)
        self.hotbar = hotbar or Hotbar()
        self.renderer = Renderer(world, tables)
        self.map_screen = WorldMapScreen()
        self.explored = ExploredArea(radius_chunks=self.settings.render_distance)
        self.map_tiles = MapTiles(world)
        self._survival: SurvivalLayer | None = None  # made on the first survival frame

    @property
    def guide(self) -> np.ndarray:
        """The route drawn on the ground: (N, 3) float64 feet positions; empty draws nothing."""
        return self._guide

    @guide.setter
    def guide(self, points: Sequence[Sequence[float]] | np.ndarray) -> None:
        self._guide = path_points(points)

    # -- input --------------------------------------------------------------------------------

    def observe(self, player: PlayerState) -> None:
        """Mark the chunks around the player explored (call every tick or every frame)."""
        self.explored.visit(player.pos[0], player.pos[2])

    def key(self, name: str) -> bool:
        """A key press (xdotool names); returns whether the screen used it. Keys 1..9 pick a
        hotbar slot while no screen is open."""
        if self.map_screen.key(name):
            return True
        if not self.map_screen.is_open and len(name) == 1 and name in "123456789":
            self.hotbar = self.hotbar.select(int(name) - 1)
            return True
        return False

    def scroll(self, steps: int, at: tuple[float, float] | None = None) -> None:
        """Mouse wheel: zooms the open map, else moves the hotbar selection (wheel down = next
        slot, as vanilla)."""
        if self.map_screen.is_open:
            self.map_screen.scroll(steps, at)
        else:
            self.hotbar = self.hotbar.scroll(-steps)

    def drag(self, dx: float, dy: float) -> None:
        if self.map_screen.is_open:
            self.map_screen.drag(dx, dy)

    def type(self, text: str) -> None:
        if self.map_screen.is_open:
            self.map_screen.type(text)

    # -- frames -------------------------------------------------------------------------------

    def frame(
        self, player: PlayerState, tick: int = 0, survival: SurvivalFrame | None = None
    ) -> np.ndarray:
        """The screenshot for ``player`` now: an RGB array (height, width, 3). ``survival``
        adds mobs, items, cracks, the held item, the inventory hotbar, hearts, hunger and an
        open menu (first and third person; the six-view and the map screen ignore it)."""
        s = self.settings
        self.observe(player)
        if self.map_screen.is_open:
            explored = None if s.reveal_map else self.explored
            return self.map_screen.render(
                self.map_tiles, explored, player.pos, player.yaw, self.waypoints, s.width, s.height
            )
        if s.view == "six":
            return self._six_view(player, tick)
        world = self.world_frame(player, tick, survival)
        self.draw_layers(world.image, player, world, survival)
        return world.image

    def world_frame(
        self, player: PlayerState, tick: int = 0, survival: SurvivalFrame | None = None
    ) -> WorldFrame:
        """The 3-D part of a first- or third-person frame (the world, mobs, rain, the guide),
        with what ``draw_layers`` needs to draw the 2-D layers over it."""
        s = self.settings
        third = s.view == "third"
        layer, more, light = None, [], None
        if survival is not None:
            layer = self._survival_layer()
            more = layer.geometry(player, survival, tick)
            light = Light(self._light().conditions, layer.held_luminance(survival, LIGHT_ITEMS))
        image, camera = self._world(
            player, s.width, s.height, s.fov, player.yaw, player.pitch, third, tick, more, light
        )
        return WorldFrame(image, camera, layer, light or self._light(), third)

    def draw_layers(
        self,
        canvas: np.ndarray,
        player: PlayerState,
        world: WorldFrame,
        survival: SurvivalFrame | None = None,
    ) -> None:
        """The 2-D layers over the world, in vanilla's order, laid out for ``canvas``'s size
        (the frame's, or a larger window's for a resized observation): the held item, waypoint
        markers, the crosshair, the hotbar (hearts and hunger in survival), the position text,
        the minimap, an open screen."""
        s = self.settings
        height, width = canvas.shape[:2]
        layer, third = world.layer, world.third
        if layer is not None and not third:
            layer.draw_hand(canvas, player, survival, world.light)
        if s.markers:
            draw_markers(canvas, self.marker_labels(world.camera, player, width, height))
        if not third and s.crosshair:
            draw_crosshair(canvas)
        if layer is not None:
            layer.draw_hud(canvas, survival, s.hotbar)
        elif s.hotbar:
            draw_hotbar(canvas, self.hotbar, self._item_color)
        if s.hud:
            draw_hud(canvas, player.pos, player.yaw, player.pitch)
        if s.minimap:
            explored = None if s.reveal_map else self.explored
            draw_minimap(canvas, self.map_tiles, explored, player.pos, player.yaw, self.waypoints)
        if layer is not None:
            layer.draw_menu(canvas, survival)

    def _survival_layer(self) -> SurvivalLayer:
        if self._survival is None:
            self._survival = SurvivalLayer(self.world, self.renderer.tables)
        return self._survival

    def game_frame(self, game: Game, mouse: tuple[float, float] | None = None) -> np.ndarray:
        """The screenshot of a running game: its player, at its tick (rain moves with it), and
        in a survival game its mobs, items, inventory, health and hunger and open screen
        (``mouse``: the pointer over it, in frame pixels)."""
        survival = survival_frame(game, mouse) if game.survival is not None else None
        return self.frame(game.player, game.tick_count, survival=survival)

    def jpeg(self, player: PlayerState, tick: int = 0) -> bytes:
        return encode_jpeg(self.frame(player, tick), self.settings.jpeg_quality)

    def png(self, player: PlayerState, tick: int = 0) -> bytes:
        return encode_png(self.frame(player, tick))

    def marker_labels(
        self, camera: Camera, player: PlayerState, width: int, height: int
    ) -> list[MarkerLabel]:
        """On-screen labels of the waypoints within the marker range, nearest last."""
        if not self.waypoints:
            return []
        base = np.array([_marker_base(w) for w in self.waypoints], np.float64)
        feet = np.asarray(player.pos, np.float64)
        dist = np.linalg.norm(base - feet, axis=1)  # Xaero: feet to the block's bottom centre
        screen, front = camera.project(base + np.array([0.0, 1.0, 0.0]), width, height)
        labels = [
            MarkerLabel(
                float(screen[i, 0]), float(screen[i, 1]), w.caption, float(dist[i]), w.color
            )
            for i, w in enumerate(self.waypoints)
            if front[i] and dist[i] <= self.settings.marker_range
        ]
        return sorted(labels, key=lambda m: -m.distance)

    def _light(self) -> Light:
        s = self.settings
        cond = conditions(s.tick_of_day, 1.0 if s.rain else 0.0, s.render_distance)
        return Light(cond, LIGHT_ITEMS.get(self.hotbar.held or "", 0.0))

    def _world(
        self,
        player: PlayerState,
        width: int,
        height: int,
        fov: float,
        yaw: float,
        pitch: float,
        third: bool,
        tick: int,
        more: Sequence[tuple[int, np.ndarray, np.ndarray]] = (),
        light: Light | None = None,
    ) -> tuple[np.ndarray, Camera]:
        """The world seen from the player; ``more`` is further geometry for the renderer
        (entities, cracks) and ``light`` replaces the view's own (a survival held light)."""
        s = self.settings
        x, y, z = player.pos
        eye = np.array([x, y + player.eye_height, z], np.float64)
        extra: list[tuple[int, np.ndarray, np.ndarray]] = []
        if third:
            back = self._camera_distance(eye, -look_vector(yaw, pitch))
            eye = eye - look_vector(yaw, pitch) * back
            tile = self.renderer.tables.atlas.tile("white")
            model = player_vertices(player.yaw, player.attributes.scale, tile, OPEN_SKY_LIGHT)
            extra.append((CUTOUT, model, np.array(player.pos) - LOCAL_OFFSET))
        if s.rain:
            extra.append(self._rain(eye, tick))
        if len(self._guide):
            extra.append(self._guide_ribbon(eye, s.render_distance))
        extra.extend(more)
        far = s.render_distance * 16.0 + FAR_PLANE_MARGIN
        aspect = s.aspect if s.aspect is not None and s.view != "six" else width / height
        camera = Camera(tuple(eye), yaw, pitch, fov, aspect, far)
        light = light or self._light()
        frame = self.renderer.draw(camera, width, height, light, s.render_distance, extra)
        return frame, camera

    def _rain(self, eye: np.ndarray, tick: int) -> tuple[int, np.ndarray, np.ndarray]:
        bx, by, bz = (math.floor(v) for v in eye)
        r = RAIN_RADIUS
        tops = self.world.surface_heights(bx - r, bz - r, bx + r + 1, bz + r + 1)
        tile = self.renderer.tables.atlas.tile("rain")
        verts = rain_vertices(tuple(eye), tops, tile, tick, OPEN_SKY_LIGHT)
        return TRANSLUCENT, verts, np.array([bx, by, bz], np.float64) - LOCAL_OFFSET

    def _guide_ribbon(
        self, eye: np.ndarray, render_distance: int
    ) -> tuple[int, np.ndarray, np.ndarray]:
        """The guide within the render distance of the camera's eye. Drawn with the cutout
        geometry (depth-tested and depth-writing, unblended), so walls hide it and water in
        front of it tints it as it tints the floor."""
        tile = self.renderer.tables.atlas.tile("white")
        radius = render_distance * 16.0
        verts, corner = guide_vertices(self._guide, eye, radius, tile, FULLBRIGHT_LIGHT)
        return CUTOUT, verts, corner

    def _camera_distance(self, eye: np.ndarray, direction: np.ndarray) -> float:
        """How far behind the eye the third-person camera can go before it meets a block
        (vanilla pulls the camera in front of walls)."""
        solid = self.world.registry.state_flags & np.uint32(BlockFlag.SOLID)
        step = 0.05
        for i in range(1, int(THIRD_PERSON_DISTANCE / step) + 1):
            p = eye + direction * (i * step)
            if solid[self.world.get_block(*(math.floor(v) for v in p))]:
                return max(0.0, (i - 2) * step)
        return THIRD_PERSON_DISTANCE

    def _six_view(self, player: PlayerState, tick: int) -> np.ndarray:
        """Mine Odyssey's panorama: up, feet, main / left, back, right, each a 90° view."""
        s = self.settings
        cols = np.linspace(0, s.width, 4).round().astype(int)  # three tiles filling the width
        rows = np.linspace(0, s.height, 3).round().astype(int)
        out = np.zeros((s.height, s.width, 3), np.uint8)
        scale = frame_scale(out, None)
        for i, (name, dyaw, pitch) in enumerate(SIX_VIEWS):
            r, c = divmod(i, 3)
            w, h = cols[c + 1] - cols[c], rows[r + 1] - rows[r]
            tile, _ = self._world(player, w, h, 90.0, player.yaw + dyaw, pitch, False, tick)
            blend(tile, text_sprite(name, scale, (255, 255, 255)), 4, 4)
            out[rows[r] : rows[r + 1], cols[c] : cols[c + 1]] = tile
        return out

    def _item_color(self, item: str) -> tuple[int, int, int]:
        reg = self.world.registry
        try:
            state = reg.default_state(item)
        except BlockStateError:  # an item that is not a block
            return (140, 140, 140)
        return tuple(int(c) for c in reg.map_color_rgb[reg.state_map_color[state]])  # type: ignore[return-value]

    def with_settings(self, **changes: object) -> None:
        """Change view settings (size, view, time, rain, …) for the next frames."""
        self.settings = replace(self.settings, **changes)

    def close(self) -> None:
        self.renderer.close()


def _marker_base(w: Waypoint) -> tuple[float, float, float]:
    """The bottom centre of a waypoint's block; Xaero draws the marker one block above it."""
    x, y, z = w.position
    return (math.floor(x) + 0.5, math.floor(y), math.floor(z) + 0.5)


def encode_png(rgb: np.ndarray) -> bytes:
    buf = io.BytesIO()
    Image.fromarray(rgb, "RGB").save(buf, format="PNG")
    return buf.getvalue()


def encode_jpeg(rgb: np.ndarray, quality: int = 75) -> bytes:
    """JPEG bytes as the benchmark's screenshots (quality 75, 4:2:0 chroma)."""
    buf = io.BytesIO()
    Image.fromarray(rgb, "RGB").save(buf, format="JPEG", quality=quality)
    return buf.getvalue()
