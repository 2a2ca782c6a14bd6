"""The control server: the AgentBridge equivalent, serving ``odyssey.bridge.protocol`` requests on
a Unix socket (one thread per connection) or in-process through ``ControlServer.handle``.

It owns the keys the game holds while it runs: each request's keys are kept per action lease and
the game's input is the union of the keys held by the current action and by requests without a
lease (in-process callers). ``begin_action`` makes a new action current (ending the one before, as
a new ``exec`` interrupts the running one in Mine Odyssey); ``end_action`` releases everything the
action holds, after which its key-pressing requests are refused with status 409.

Route bodies follow AgentBridge (Mine Odyssey notes §2.3); the route handlers live in
``routes`` (game) and ``gui`` (keyboard, mouse, world map).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import socketserver
import stat
import threading
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from odyssey.bridge import gui, routes, survival_routes
from odyssey.bridge.protocol import AGENT_ROUTES, MAX_REQUEST, ControlError, encode, read_all
from odyssey.bridge.routes import ChatLine, RequestError
from odyssey.errors import OdysseyError
from odyssey.sim.clock import Clock
from odyssey.sim.game import Game
from odyssey.sim.player import InputState

if TYPE_CHECKING:  # OpenGL is imported only by whoever makes the screen
    from odyssey.render.screen import GameView

READ_TIMEOUT_S = 10.0  # a client that connects and sends nothing does not hold a thread forever
# Routes whose requests press keys or buttons: refused with 409 once their action has ended.
KEY_ROUTES = frozenset({"input", "press", "gui_key", "gui_type", "mouse"})


class Screen(Protocol):
    """What the server needs from ``odyssey.episode.view.EpisodeScreen`` (an upper layer)."""

    @property
    def view(self) -> GameView: ...

    def frame(self) -> Any: ...


class ControlServer:
    """Serves the agent routes over one game, its clock and the agent's screen."""

    def __init__(
        self,
        game: Game,
        clock: Clock,
        screen: Screen,
        socket_path: Path,
        *,
        coordinate_lock: bool = True,
    ) -> None:
        self.game, self.clock, self.screen = game, clock, screen
        self.socket_path = Path(socket_path)
        self.coordinate_lock = coordinate_lock
        self.chat_log: list[ChatLine] = []
        self.served: Counter[str] = Counter()  # successful requests per route
        self.refused: Counter[str] = Counter()  # 4xx answers per route
        self.failed: Counter[str] = Counter()  # 5xx answers per route
        self.gui = gui.GuiState()
        self._stats_lock = threading.Lock()
        self._held: dict[str | None, set[str]] = {None: set()}
        self._current: str | None = None
        self._ended: set[str] = set()
        self._closed = False
        self._server: socketserver.BaseServer | None = None
        self._thread: threading.Thread | None = None

    # -- socket ---------------------------------------------------------------------------------

    def start(self) -> None:
        """Listen on ``socket_path`` (mode 0600; a stale socket file there is replaced)."""
        path = self.socket_path
        if path.exists() or path.is_symlink():
            if not stat.S_ISSOCK(path.lstat().st_mode):
                raise OdysseyError(f"control socket {path}: a file that is not a socket is there")
            path.unlink()
        path.parent.mkdir(parents=True, exist_ok=True)
        self._server = _UnixServer(str(path), _make_handler(self))
        os.chmod(path, 0o600)
        self._thread = threading.Thread(
            target=self._server.serve_forever, args=(0.05,), name="odyssey-control", daemon=True
        )
        self._thread.start()

    def close(self) -> None:
        """Stop listening, remove the socket file and release every key."""
        self._closed = True
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()
        with self.game.lock:
            self._held = {None: set()}
            self._apply_keys()

    # -- requests -------------------------------------------------------------------------------

    def handle(self, request: Any) -> dict[str, Any]:
        """One request dict -> the reply dict; never raises."""
        route = request.get("route") if isinstance(request, dict) else None
        name = route if isinstance(route, str) else "?"
        try:
            reply = {"ok": True, "body": self._dispatch(request)}
        except RequestError as e:
            reply = {"ok": False, "status": e.status, "error": e.message}
        except OdysseyError as e:  # the engine refused (e.g. a non-finite look): the caller's fault
            reply = {"ok": False, "status": 400, "error": str(e)}
        except Exception as e:  # a bug must not kill the server: report it to the caller
            reply = {"ok": False, "status": 500, "error": f"{type(e).__name__}: {e}"}
        status = 200 if reply["ok"] else reply["status"]
        counter = self.served if status == 200 else self.refused if status < 500 else self.failed
        with self._stats_lock:
            counter[name[:40]] += 1
        return reply

    def _dispatch(self, request: Any) -> dict[str, Any]:
        if not isinstance(request, dict):
            raise RequestError(400, "request must be a JSON object with route, params and lease")
        route, params, lease = request.get("route"), request.get("params"), request.get("lease")
        if not isinstance(route, str):
            raise RequestError(400, "route: expected a string naming a route")
        handler = HANDLERS.get(route)
        if handler is None or route not in AGENT_ROUTES:
            raise RequestError(404, f"unknown route {route[:40]!r}; expected one of "
                                    f"{', '.join(AGENT_ROUTES)}")  # fmt: skip
        params = {} if params is None else params
        if not isinstance(params, dict):
            raise RequestError(400, "params: expected a JSON object")
        if lease is not None and not isinstance(lease, str):
            raise RequestError(400, "lease: expected a string or null")
        if route in KEY_ROUTES:
            self.check_lease(lease)
        return handler(self, params, lease)

    def stats(self) -> dict[str, Any]:
        """Counters for the episode record."""
        with self._stats_lock:
            return {
                "served": dict(self.served),
                "refused": dict(self.refused),
                "failed": dict(self.failed),
                "chat_messages": len(self.chat_log),
            }

    # -- actions and keys -----------------------------------------------------------------------

    def begin_action(self, lease: str) -> None:
        """Make ``lease`` the current action; the previous one ends (its keys are released)."""
        with self.game.lock:
            if self._current is not None and self._current != lease:
                self._end(self._current)
            self._ended.discard(lease)
            self._current = lease
            self._held.setdefault(lease, set())
            self._apply_keys()

    def end_action(self, lease: str) -> None:
        """Release every key held under ``lease``; its later key-pressing requests get 409."""
        with self.game.lock:
            self._end(lease)
            self._apply_keys()

    def _end(self, lease: str) -> None:
        self._held.pop(lease, None)
        self._ended.add(lease)
        if self._current == lease:
            self._current = None

    def check_lease(self, lease: str | None) -> None:
        """Refuse (409) a request of an action that is not the current one."""
        if lease is None:
            return
        with self.game.lock:
            if lease in self._ended:
                raise RequestError(409, f"action {lease} has ended; its keys were released")
            if lease != self._current:
                raise RequestError(409, f"action {lease} is not the current action")

    def set_key(self, lease: str | None, key: str, down: bool) -> None:
        """Hold or release an engine key (``odyssey.sim.player.KEYS``) for ``lease``."""
        with self.game.lock:
            self.check_lease(lease)
            before = self.held_keys()
            held = self._held.setdefault(lease, set())
            if down:
                held.add(key)
            else:
                held.discard(key)
            self._apply_keys()
            if key == "use" and down and "use" not in before and self.game.survival is None:
                self.game.use(None)  # vanilla uses the block under the crosshair on key press

    def release_key(self, lease: str | None, key: str) -> None:
        """Release without a lease check (the end of a press whose action may have ended)."""
        with self.game.lock:
            self._held.get(lease, set()).discard(key)
            self._apply_keys()

    def release_all(self) -> None:
        """Every key up, for every action (vanilla releases all keys when a screen opens)."""
        with self.game.lock:
            for held in self._held.values():
                held.clear()
            self._apply_keys()

    def held_keys(self) -> set[str]:
        """The keys the game holds now."""
        keys = set(self._held.get(None, set()))
        if self._current is not None:
            keys |= self._held.get(self._current, set())
        return keys

    def _apply_keys(self) -> None:
        self.game.hold(InputState.of(sorted(self.held_keys())))

    def pass_time(self, ticks: int, lease: str | None) -> int:
        """Let ``ticks`` game ticks pass, one at a time so that the end of the lease's action
        (or of the server, or of the clock) stops it early; returns the ticks that passed."""
        start = self.game.tick_count
        for _ in range(ticks):
            if self._closed or self.clock.halted:
                break
            if lease is not None and lease != self._current:
                break
            self.clock.advance(1)
        return self.game.tick_count - start


HANDLERS = {**routes.HANDLERS, **gui.HANDLERS, **survival_routes.HANDLERS}


class _UnixServer(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True
    block_on_close = False


def _make_handler(server: ControlServer) -> type[socketserver.BaseRequestHandler]:
    class Handler(socketserver.BaseRequestHandler):
        def handle(self) -> None:
            reply = _serve_one(server, self.request)
            with contextlib.suppress(OSError):  # the client went away: nothing to tell it
                self.request.sendall(encode(reply))

    return Handler


def _serve_one(server: ControlServer, sock: socket.socket) -> dict[str, Any]:
    """Read one request line (at most MAX_REQUEST bytes) and answer it."""
    sock.settimeout(READ_TIMEOUT_S)
    try:
        raw = read_all(sock, MAX_REQUEST)
    except ControlError as e:
        return {"ok": False, "status": e.status, "error": e.error}
    except OSError as e:
        return {"ok": False, "status": 400, "error": f"could not read the request: {e}"}
    sock.settimeout(None)  # a press or a wait may take long: the client sets its own limit
    try:
        request = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        return {"ok": False, "status": 400, "error": f"the request is not one JSON line: {e}"}
    return server.handle(request)
