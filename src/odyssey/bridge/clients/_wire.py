"""The control protocol's client side for ``mcapi`` and ``xdo``: finding the socket and one
request. Standard library only, and nothing from odyssey: this folder is copied alone into the
sandbox. It repeats the few lines of ``odyssey.bridge.protocol`` it needs (a test keeps the two
in step).
"""

from __future__ import annotations

import json
import os
import socket

TYPE_CHECKING = False  # typing and pathlib cost milliseconds at every mcapi start
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

SOCKET_ENV = "ODYSSEY_CONTROL_SOCKET"
LEASE_ENV = "ODYSSEY_ACTION_LEASE"
MO_RELAY_ENV = "MCBOTS_AGENTBRIDGE_RELAY_SOCKET"
MO_CONFIG_ENV = "MCBOTS_RUNTIME_CONFIG"
RUNTIME_CONFIG = ".mcbots_runtime.json"
MAX_RESPONSE = 32 << 20


class ConfigError(Exception):
    """No control socket is configured (exit status 2)."""


class ControlError(Exception):
    """A request failed: the server's status and error text (status 0: no connection)."""

    def __init__(self, status: int, error: str) -> None:
        super().__init__(error)
        self.status = status
        self.error = error


def _config_socket(path: Path) -> str | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise ConfigError(f"cannot read the runtime config {path}: {e}") from None
    bridge = data.get("agentbridge") if isinstance(data, dict) else None
    value = bridge.get("socket") if isinstance(bridge, dict) else None
    return value if isinstance(value, str) and value else None


def find_socket() -> str:
    """The control socket: $ODYSSEY_CONTROL_SOCKET, $MCBOTS_AGENTBRIDGE_RELAY_SOCKET, else
    ``agentbridge.socket`` in $MCBOTS_RUNTIME_CONFIG or ``.mcbots_runtime.json`` (cwd, $HOME)."""
    for name in (SOCKET_ENV, MO_RELAY_ENV):
        if os.environ.get(name):
            return os.environ[name]
    from pathlib import Path

    candidates = [Path(os.environ[MO_CONFIG_ENV])] if os.environ.get(MO_CONFIG_ENV) else []
    candidates.append(Path.cwd() / RUNTIME_CONFIG)
    if os.environ.get("HOME"):
        candidates.append(Path(os.environ["HOME"]) / RUNTIME_CONFIG)
    for path in candidates:
        if path.is_file():
            found = _config_socket(path)
            if found:
                return found
    raise ConfigError(
        f"no control socket configured: set {SOCKET_ENV} or put "
        f'{{"agentbridge": {{"socket": PATH}}}} in {RUNTIME_CONFIG}'
    )


def _read_all(sock: socket.socket, limit: int) -> bytes:
    chunks, size = [], 0
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > limit:
            raise ControlError(413, f"message larger than {limit} bytes")
        chunks.append(chunk)


def call(
    socket_path: str, route: str, params: dict[str, Any] | None = None, timeout: float = 8.0
) -> dict[str, Any]:
    """One request under this process's action lease; the reply body, or ControlError."""
    lease = os.environ.get(LEASE_ENV) or None
    message = {"route": route, "params": params or {}, "lease": lease}
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        try:
            sock.connect(socket_path)
        except OSError as e:
            raise ControlError(0, f"cannot connect to the control socket {socket_path}: {e}") from e
        sock.sendall((json.dumps(message, separators=(",", ":")) + "\n").encode())
        sock.shutdown(socket.SHUT_WR)
        raw = _read_all(sock, MAX_RESPONSE)
    except TimeoutError:
        raise ControlError(0, f"no answer from the control socket within {timeout} s") from None
    except OSError as e:
        raise ControlError(0, f"control socket {socket_path}: {e}") from None
    finally:
        sock.close()
    try:
        reply = json.loads(raw)
    except ValueError:
        raise ControlError(500, f"the server's answer is not JSON: {raw[:80]!r}") from None
    if not isinstance(reply, dict) or not reply.get("ok"):
        error = reply.get("error", "unknown error") if isinstance(reply, dict) else reply
        raise ControlError(int(reply.get("status", 500)) if isinstance(reply, dict) else 500,
                           str(error))  # fmt: skip
    return reply["body"]
