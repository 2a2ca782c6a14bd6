"""The bubblewrap sandbox, with real bwrap: escape attempts fail, and what agents need works.

Each escape test also shows the same action succeeding outside the sandbox, so it can fail.
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import odyssey
from odyssey.bridge.protocol import LEASE_ENV, SANDBOX_SOCKET, SOCKET_ENV
from odyssey.bridge.sandbox import (
    BWRAP_ENV,
    SandboxSpec,
    allowed_env,
    bwrap_available,
    check_sandbox,
    default_forbidden,
    prepare_sandbox,
    sandbox_argv,
)

pytestmark = pytest.mark.skipif(
    bwrap_available() is None, reason="bubblewrap (bwrap) is not installed"
)


@pytest.fixture
def control(tmp_path: Path) -> Iterator[tuple[Path, list[dict]]]:
    """A tiny Unix server answering each JSON line with it echoed (not the real control server)."""
    path, seen = tmp_path / "control.sock", []
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen()
    server.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            with conn:
                request = json.loads(conn.makefile("rb").readline())
                seen.append(request)
                conn.sendall(json.dumps({"ok": True, "body": {"echo": request}}).encode() + b"\n")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield path, seen
    stop.set()
    thread.join(5)
    server.close()


@pytest.fixture
def spec(tmp_path: Path, control: tuple[Path, list[dict]]) -> SandboxSpec:
    return prepare_sandbox(tmp_path / "agent", control[0])


def run(spec: SandboxSpec, command: str, lease: str | None = None) -> subprocess.CompletedProcess:
    argv = sandbox_argv(spec, command, lease)
    return subprocess.run(argv, env=BWRAP_ENV, capture_output=True, text=True, timeout=60)


def host(command: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=60)


def secret_folders(tmp_path: Path) -> list[Path]:
    """A fake map cache and results folder outside the sandbox, each holding a file."""
    folders = [tmp_path / "map-cache", tmp_path / "results" / "run-1"]
    for folder in folders:
        folder.mkdir(parents=True)
        (folder / "secret.json").write_text('{"target": [1, 2, 3]}')
    return folders


def test_check_passes_and_records_evidence(spec: SandboxSpec, tmp_path: Path) -> None:
    forbidden = [*default_forbidden(), *secret_folders(tmp_path), tmp_path]
    check = check_sandbox(spec, forbidden)
    for probe in check.probes:
        print(f"{probe.name}: {'ok' if probe.passed else 'FAILED'} ({probe.evidence})")
    assert check.ok, check.problems
    names = {p.name for p in check.probes}
    assert {f"hidden {p}" for p in forbidden} <= names
    assert {"no_network", "no_capabilities", "numpy_pillow", "project_hidden"} <= names


def test_check_fails_on_a_leaky_sandbox(spec: SandboxSpec, tmp_path: Path) -> None:
    results = secret_folders(tmp_path)[1]
    leaky = SandboxSpec(
        spec.workspace, spec.control_socket, spec.runtime_dir,
        extra_ro_binds=((results, str(results)),),
    )  # fmt: skip
    (spec.workspace / "left-over").write_text("x")
    check = check_sandbox(leaky, [results])
    assert not check.ok
    failed = {p.name for p in check.probes if not p.passed}
    assert failed == {f"hidden {results}", "workspace_empty"}


def test_project_home_cache_and_results_are_unreadable(spec: SandboxSpec, tmp_path: Path) -> None:
    targets = [Path(odyssey.__file__), Path.home(), *secret_folders(tmp_path)]
    for target in targets:
        command = f"ls -la {target} && cat {target} {target}/secret.json"
        assert host(f"ls -la {target}").returncode == 0  # it is there outside
        inside = run(spec, command)
        print(f"{target}: exit {inside.returncode}: {inside.stderr.strip()}")
        assert inside.returncode != 0
        assert "No such file or directory" in inside.stderr


def test_network_is_cut(spec: SandboxSpec) -> None:
    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        connect = f"import socket; socket.create_connection(('127.0.0.1', {port}), timeout=2)"
        outside = subprocess.run([sys.executable, "-c", connect], capture_output=True, timeout=30)
        inside = run(spec, f'python3 -c "{connect}"')
    print("inside:", inside.stderr.strip().splitlines()[-1])
    assert outside.returncode == 0
    assert inside.returncode != 0
    assert "ConnectionRefusedError" in inside.stderr or "OSError" in inside.stderr


def test_host_processes_are_invisible(spec: SandboxSpec) -> None:
    me = os.getpid()
    assert host(f"kill -0 {me}").returncode == 0
    inside = run(spec, f"kill -0 {me}; ls /proc | grep -c '^[0-9]'")
    print("kill -0 inside:", inside.stderr.strip())
    assert "No such process" in inside.stderr
    assert int(inside.stdout) < 10  # bwrap's init, bash, ls, grep: not the host's processes


def test_host_environment_is_invisible(spec: SandboxSpec, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ODYSSEY_TEST_SECRET", "marker-5b1f")
    inside = run(spec, "cat /proc/[0-9]*/environ | tr '\\0' '\\n'; env", lease="lease-1")
    names = {line.split("=")[0] for line in inside.stdout.splitlines() if "=" in line}
    assert "marker-5b1f" not in inside.stdout
    assert names <= allowed_env(), names - allowed_env()
    env = dict(line.split("=", 1) for line in run(spec, "env", "lease-1").stdout.splitlines())
    assert env[SOCKET_ENV] == SANDBOX_SOCKET and env[LEASE_ENV] == "lease-1"
    assert env["HOME"] == "/workspace" and env["PYTHONPATH"] == "/opt/odyssey/site"


def test_only_workspace_and_tmp_are_writable(spec: SandboxSpec) -> None:
    denied = ["/x", "/usr/x", "/etc/x", "/opt/odyssey/site/x", "/opt/odyssey/bin/x", "/proc/sys/x"]
    for path in denied:
        inside = run(spec, f"touch {path}")
        assert inside.returncode != 0, path
        assert "Read-only file system" in inside.stderr or "denied" in inside.stderr, inside.stderr
    inside = run(spec, "touch /workspace/made-inside /tmp/private && pwd && ls -A /workspace")
    assert inside.returncode == 0
    assert inside.stdout.split() == ["/workspace", "made-inside"]  # it started empty
    assert (spec.workspace / "made-inside").is_file()
    assert not (Path("/tmp") / "private").exists()


def test_no_capabilities(spec: SandboxSpec) -> None:
    outside = status_fields(host("cat /proc/self/status").stdout)
    assert int(outside["CapEff"], 16) != 0  # the test runs as root: outside there are some
    inside = status_fields(run(spec, "cat /proc/self/status").stdout)
    print("inside:", {k: v for k, v in inside.items() if k.startswith(("Cap", "NoNew"))})
    for name in ("CapInh", "CapPrm", "CapEff", "CapAmb"):
        assert int(inside[name], 16) == 0, name
    # bwrap keeps the bounding set when run as root, but no_new_privs stops any exec (setuid
    # or uid 0's file capabilities) from raising the permitted set again.
    assert inside["NoNewPrivs"] == "1"


def status_fields(text: str) -> dict[str, str]:
    return dict(line.split(":\t", 1) for line in text.splitlines() if ":\t" in line)


def test_python_has_numpy_and_pillow_but_not_the_project(spec: SandboxSpec) -> None:
    ok = run(spec, "python3 -c 'import numpy, PIL, sys; print(numpy.zeros(2).sum(), sys.path)'")
    assert ok.returncode == 0, ok.stderr
    assert all(p.startswith("/opt/odyssey/") or p == "" for p in eval(ok.stdout.split(" ", 1)[1]))
    assert host(f"{sys.executable} -c 'import odyssey'").returncode == 0
    project = run(spec, "python3 -c 'import odyssey'")
    assert project.returncode != 0 and "No module named 'odyssey'" in project.stderr


def test_clients_and_control_socket_are_reachable(
    spec: SandboxSpec, control: tuple[Path, list[dict]]
) -> None:
    which = run(spec, "command -v python3 mcapi xdo")
    assert which.stdout.split() == [f"/opt/odyssey/bin/{n}" for n in ("python3", "mcapi", "xdo")]
    if (spec.clients_dir / "mcapi.py").exists():
        assert run(spec, "mcapi --help").returncode == 0
    client = (
        "import json, os, socket; s = socket.socket(socket.AF_UNIX); "
        f"s.connect(os.environ['{SOCKET_ENV}']); "
        "s.sendall(json.dumps({'route': 'health', 'params': {}, "
        f"'lease': os.environ['{LEASE_ENV}']}}).encode() + b'\\n'); "
        "s.shutdown(socket.SHUT_WR); print(s.makefile().read())"
    )
    inside = run(spec, f'python3 -c "{client}"', lease="lease-7")
    assert inside.returncode == 0, inside.stderr
    assert json.loads(inside.stdout)["body"]["echo"]["lease"] == "lease-7"
    assert control[1] == [{"route": "health", "params": {}, "lease": "lease-7"}]


def test_startup_time_of_a_trivial_command(spec: SandboxSpec) -> None:
    times = []
    for _ in range(10):
        start = time.perf_counter()
        assert run(spec, "true").returncode == 0
        times.append(time.perf_counter() - start)
    print(f"sandboxed `true`: median {statistics.median(times) * 1000:.1f} ms over 10 runs")
