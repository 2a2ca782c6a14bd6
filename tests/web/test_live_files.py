"""Files an episode rewrites while it runs (``live-frame.jpg``, ``live.json``) are served whole
by a real uvicorn server on 127.0.0.1 even while they are being replaced: every response's body
has the length its header declares and is one of the versions written."""

from __future__ import annotations

import http.client
import socket
import threading
import time
from pathlib import Path

import pytest

from odyssey.atomic import write_bytes_atomic

VERSIONS = [bytes([i]) * (1000 + 7919 * i) for i in range(1, 6)]  # five sizes, 8-40 kB


def test_a_live_frame_replaced_while_served_is_never_cut(tmp_path: Path) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    from odyssey.web import create_app

    runs = tmp_path / "runs"
    folder = runs / "r1" / "episodes" / "slow" / "s0" / "t1"
    folder.mkdir(parents=True)
    frame = folder / "live-frame.jpg"
    write_bytes_atomic(frame, VERSIONS[0])
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(runs, topdown_dir=tmp_path / "topdown"),
                                           log_level="critical"))  # fmt: skip
    serving = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    serving.start()
    stop = threading.Event()

    def rewrite() -> None:
        i, deadline = 0, time.monotonic() + 20.0
        while not stop.is_set() and time.monotonic() < deadline and i < 50_000:
            write_bytes_atomic(frame, VERSIONS[i % len(VERSIONS)])
            i += 1

    writer = threading.Thread(target=rewrite, daemon=True)
    try:
        for _ in range(200):
            if server.started:
                break
            time.sleep(0.05)
        assert server.started
        writer.start()
        bodies = []
        for _ in range(300):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", "/files/r1/episodes/slow/s0/t1/live-frame.jpg")
            response = conn.getresponse()
            body = response.read()  # raises IncompleteRead when the body is cut short
            assert response.status == 200
            assert len(body) == int(response.getheader("Content-Length"))
            bodies.append(body)
            conn.close()
        assert all(b in VERSIONS for b in bodies)
        assert len(set(bodies)) > 1  # the file really changed while it was served
    finally:
        stop.set()
        writer.join(timeout=30)
        server.should_exit = True
        serving.join(timeout=30)
