"""The bubblewrap sandbox every agent command runs in: building its command line and checking it.

Inside, a command sees read-only system paths (``/usr``, ``/bin``, ``/sbin``, ``/lib*`` and a few
``/etc`` files), an empty writable ``/workspace`` (a host folder; cwd and HOME), a private ``/tmp``,
its own ``/proc`` and minimal ``/dev``, an empty network namespace, no capabilities, a cleared
environment and the control socket at ``SANDBOX_SOCKET``: the only way to the game. Under
``/opt/odyssey`` it finds its own Python (the host interpreter's executable and standard library,
its site-packages hidden), a site folder holding only numpy and Pillow, the ``mcapi``/``xdo``
clients and their launchers. The project, its environment, ``$HOME``, the map cache and the run
folders are never bound, so they do not exist inside.

Mine Odyssey keeps the network by default and binds its whole ``/etc`` and venv (notes §7); we
always cut the network and bind neither.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from odyssey.bridge.protocol import LEASE_ENV, MO_RELAY_ENV, SANDBOX_SOCKET, SOCKET_ENV
from odyssey.errors import OdysseyError

RUNTIME = "/opt/odyssey"  # our tree inside: bin/, python/, site/, clients/
WORKSPACE = "/workspace"
CLIENTS_DIR = Path(__file__).parent / "clients"
CLIENT_COMMANDS = ("mcapi", "xdo")
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
# Only what the dynamic linker, Debian's alternatives symlinks and name lookups need.
ETC_FILES = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "passwd", "group")
ETC_FILES += ("nsswitch.conf", "localtime")
SITE_PACKAGES = ("numpy", "PIL")  # importable inside; each package's ``.libs`` folder goes too
BASE_ENV = {"LANG": "C.UTF-8", "TERM": "dumb"}
# Start bwrap itself with only this: its init (pid 1 inside) keeps the environment bwrap was
# started with, and /proc/1/environ is readable from inside.
BWRAP_ENV = {"PATH": "/usr/bin:/bin"}
SHELL_VARS = ("PWD", "SHLVL", "_")  # what bash adds by itself
# A launcher finds the runtime tree from its own path, so the same file works inside the sandbox
# (/opt/odyssey/bin) and on the host (--unsafe-no-sandbox).
PYTHON_LAUNCHER = '#!/bin/sh\nexec "${0%/*}/../python/bin/python3" "$@"\n'
CLIENT_LAUNCHER = (
    '#!/bin/sh\nexec "${0%/*}/../python/bin/python3" -S -E "${0%/*}/../clients/{name}.py" "$@"\n'
)


class SandboxError(OdysseyError):
    """The sandbox cannot be set up: bubblewrap, the interpreter or a package is missing."""


@dataclass(frozen=True)
class SandboxSpec:
    """Where one agent's sandbox lives on the host; made by ``prepare_sandbox``."""

    workspace: Path  # host folder bound at /workspace; empty when the agent starts
    control_socket: Path  # host path of the control server's socket
    runtime_dir: Path  # host mirror of /opt/odyssey: bin/ launchers, symlinks for direct runs
    clients_dir: Path = CLIENTS_DIR  # mcapi.py, xdo.py
    extra_ro_binds: tuple[tuple[Path, str], ...] = ()  # (host path, path inside)


@dataclass(frozen=True)
class PythonLayout:
    """The host interpreter's files the sandbox binds (never its site-packages)."""

    executable: Path  # the real binary, symlinks and pyenv shims resolved
    stdlib: Path  # e.g. .../lib/python3.11
    libpython: Path | None  # the shared library when the binary needs one outside /usr
    site_dirs: tuple[Path, ...]  # every site-packages folder of the interpreter and its venv


@cache
def host_python() -> PythonLayout:
    """The running interpreter's layout (the sandbox runs the same Python version)."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    lib = Path(sysconfig.get_config_var("LIBDIR") or "/nonexistent")
    libpython = lib / str(sysconfig.get_config_var("INSTSONAME") or "-")
    shared = bool(sysconfig.get_config_var("Py_ENABLE_SHARED")) and libpython.is_file()
    site_dirs = {Path(p) for p in sysconfig.get_paths().values() if "-packages" in p}
    for scheme_base in (sys.prefix, sys.base_prefix):
        site_dirs.update(Path(p) for p in _site_dirs_under(Path(scheme_base)))
    return PythonLayout(
        executable=Path(os.path.realpath(sys.executable)),
        stdlib=stdlib,
        libpython=libpython if shared and not _under(libpython, SYSTEM_DIRS) else None,
        site_dirs=tuple(sorted(p for p in site_dirs if p.is_dir())),
    )


def _site_dirs_under(prefix: Path) -> list[Path]:
    import site

    return [Path(p) for p in site.getsitepackages([str(prefix)])]


def _under(path: Path, roots: tuple[str, ...]) -> bool:
    return any(path == Path(r) or Path(r) in path.parents for r in roots)


@cache
def sandbox_packages() -> tuple[tuple[str, Path], ...]:
    """(name, host folder) of numpy, PIL and their bundled-library folders (``numpy.libs``)."""
    found: list[tuple[str, Path]] = []
    for name in SITE_PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            raise SandboxError(f"package {name!r} is not installed; the sandbox's Python needs it")
        folder = Path(next(iter(spec.submodule_search_locations)))
        found.append((name, folder))
        dist = "pillow" if name == "PIL" else name
        for libs in (f"{dist}.libs", f"{dist.capitalize()}.libs"):
            if (folder.parent / libs).is_dir():
                found.append((libs, folder.parent / libs))
                break
    return tuple(found)


def bwrap_available() -> str | None:
    """Path of the ``bwrap`` binary, or None if bubblewrap is not installed."""
    return shutil.which("bwrap")


def shell_path() -> str:
    """The shell commands run under: bash if present, else sh (both live in /usr or /bin)."""
    return shutil.which("bash", path="/usr/bin:/bin") or "/bin/sh"


def prepare_sandbox(
    root: Path, control_socket: Path, clients_dir: Path = CLIENTS_DIR
) -> SandboxSpec:
    """Create ``root/workspace`` (empty) and ``root/runtime`` (launchers); the spec using them.

    ``root`` must be a private host folder the agent may not see (only its two subfolders are
    bound); the workspace must not exist yet or be empty.
    """
    workspace, runtime = root / "workspace", root / "runtime"
    workspace.mkdir(parents=True, exist_ok=True)
    if any(workspace.iterdir()):
        raise SandboxError(f"the sandbox workspace {workspace} is not empty")
    _write_runtime(runtime, clients_dir)
    return SandboxSpec(workspace, control_socket, runtime, clients_dir)


def _write_runtime(runtime: Path, clients_dir: Path) -> None:
    """Launcher scripts, plus symlinks so the same tree works on the host without a sandbox."""
    (runtime / "bin").mkdir(parents=True, exist_ok=True)
    scripts = {"python3": PYTHON_LAUNCHER, "python": PYTHON_LAUNCHER}
    scripts |= {n: CLIENT_LAUNCHER.replace("{name}", n) for n in CLIENT_COMMANDS}
    for name, text in scripts.items():
        (runtime / "bin" / name).write_text(text)
        (runtime / "bin" / name).chmod(0o755)
    links = {"python/bin/python3": host_python().executable, "clients": clients_dir}
    links |= {f"site/{name}": folder for name, folder in sandbox_packages()}
    for rel, target in links.items():
        link = runtime / rel
        link.parent.mkdir(parents=True, exist_ok=True)
        if not link.is_symlink():
            link.symlink_to(target)


def command_env(socket_path: str, runtime: str, lease: str | None) -> dict[str, str]:
    """The whole environment a command gets (the same variables with and without a sandbox)."""
    env = {"PATH": f"{runtime}/bin:/usr/local/bin:/usr/bin:/bin", "PYTHONPATH": f"{runtime}/site"}
    env |= BASE_ENV | {SOCKET_ENV: socket_path, MO_RELAY_ENV: socket_path}
    if lease is not None:
        env[LEASE_ENV] = lease
    return env


def sandbox_argv(spec: SandboxSpec, command: str, lease: str | None) -> list[str]:
    """The bwrap command line that runs ``bash -c command`` inside the sandbox.

    Run it with ``env=BWRAP_ENV`` (never the caller's environment: see there).
    """
    bwrap = bwrap_available()
    if bwrap is None:
        raise SandboxError(
            "bubblewrap is not installed (Debian/Ubuntu package `bubblewrap`); install it, or run "
            "agent commands unsandboxed with --unsafe-no-sandbox"
        )
    env = command_env(SANDBOX_SOCKET, RUNTIME, lease) | {"HOME": WORKSPACE}
    if host_python().libpython is not None:  # its RUNPATH names the host path, hidden here
        env["LD_LIBRARY_PATH"] = f"{RUNTIME}/python/lib"
    argv = [bwrap, *_namespace_args(), *_system_binds(), *_python_binds(spec)]
    argv += ["--bind", str(spec.workspace), WORKSPACE, "--chdir", WORKSPACE]
    argv += ["--ro-bind", str(spec.control_socket), SANDBOX_SOCKET]
    for host, inside in spec.extra_ro_binds:
        argv += ["--ro-bind", str(host), inside]
    argv += ["--remount-ro", "/", "--clearenv"]  # the root tmpfs too: only /workspace, /tmp write
    for key, value in env.items():
        argv += ["--setenv", key, value]
    return [*argv, "--", shell_path(), "-c", command]


def _namespace_args() -> list[str]:
    unshare = ["--unshare-net", "--unshare-pid", "--unshare-ipc", "--unshare-uts"]
    return [*unshare, "--unshare-cgroup-try", "--hostname", "odyssey-sandbox", "--cap-drop", "ALL"]


def _system_binds() -> list[str]:
    argv = ["--new-session", "--die-with-parent"]
    for path in SYSTEM_DIRS:
        argv += ["--ro-bind-try", path, path]
    for name in ETC_FILES:
        argv += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    # bwrap 0.8 left /proc/sys writable here, and a capability-less uid 0 may still set many
    # kernel-wide sysctls: hide it behind an empty read-only tmpfs.
    argv += ["--proc", "/proc", "--tmpfs", "/proc/sys", "--remount-ro", "/proc/sys"]
    return [*argv, "--dev", "/dev", "--tmpfs", "/tmp"]


def _python_binds(spec: SandboxSpec) -> list[str]:
    """Our Python under /opt/odyssey, and every host site-packages under /usr hidden."""
    py = host_python()
    stdlib_in = f"{RUNTIME}/python/lib/{py.stdlib.name}"
    argv = ["--ro-bind", str(py.executable), f"{RUNTIME}/python/bin/python3"]
    argv += ["--ro-bind", str(py.stdlib), stdlib_in]
    if (py.stdlib / "site-packages").is_dir():
        argv += ["--tmpfs", f"{stdlib_in}/site-packages"]
    if py.libpython is not None:
        argv += ["--ro-bind", str(py.libpython), f"{RUNTIME}/python/lib/{py.libpython.name}"]
    for folder in py.site_dirs:
        if _under(folder, SYSTEM_DIRS):  # visible through the /usr bind otherwise
            argv += ["--tmpfs", str(folder)]
    for name, folder in sandbox_packages():
        argv += ["--ro-bind", str(folder), f"{RUNTIME}/site/{name}"]
    argv += ["--ro-bind", str(spec.runtime_dir / "bin"), f"{RUNTIME}/bin"]
    return [*argv, "--ro-bind", str(spec.clients_dir), f"{RUNTIME}/clients"]


def direct_launch(
    spec: SandboxSpec, command: str, lease: str | None
) -> tuple[list[str], dict[str, str]]:
    """(argv, env) for running a command WITHOUT a sandbox (--unsafe-no-sandbox), cwd workspace.

    Same variables and launchers, host paths; nothing is hidden from the command.
    """
    env = command_env(str(spec.control_socket), str(spec.runtime_dir), lease)
    env["HOME"] = str(spec.workspace)
    return [shell_path(), "-c", command], env


# --- checking a sandbox -------------------------------------------------------------------------

# Runs inside with python3; prints {probe: [passed, evidence]} as JSON.
PROBE_SCRIPT = r"""
import importlib.util, json, os, socket, stat, sys
args, out = json.loads(sys.argv[1]), {}
def probe(name, passed, detail):
    out[name] = [bool(passed), str(detail)]
listing = sorted(os.listdir("/workspace"))
probe("workspace_empty", not listing, listing)
for path in args["forbidden"]:
    seen = os.path.lexists(path)
    probe("hidden " + path, not seen, "exists" if seen else "absent")
cap = [line.split()[1] for line in open("/proc/self/status") if line.startswith("CapEff")][0]
probe("no_capabilities", int(cap, 16) == 0, "CapEff " + cap)
try:
    socket.create_connection(("127.0.0.1", args["port"]), timeout=2).close()
    probe("no_network", False, "connected to the host's listener")
except OSError as e:
    probe("no_network", True, repr(e))
try:
    import numpy, PIL
    probe("numpy_pillow", True, numpy.__version__ + " " + PIL.__version__)
except Exception as e:
    probe("numpy_pillow", False, repr(e))
found = importlib.util.find_spec("odyssey")
probe("project_hidden", found is None, found and found.origin)
sock = args["socket"]
probe("control_socket", os.path.exists(sock) and stat.S_ISSOCK(os.stat(sock).st_mode), sock)
extra = set()
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        names = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
    except OSError:
        continue
    extra |= {n.split(b"=")[0].decode() for n in names if n} - set(args["allowed_env"])
probe("minimal_environment", not extra, sorted(extra) or "only " + " ".join(args["allowed_env"]))
flags = {p: bool(os.statvfs(p).f_flag & os.ST_RDONLY) for p in ("/", "/usr", "/proc/sys")}
probe("read_only_system", all(flags.values()), flags)
print(json.dumps(out))
"""


@dataclass(frozen=True)
class Probe:
    """One check made inside the sandbox, with what it saw."""

    name: str
    passed: bool
    evidence: str


@dataclass(frozen=True)
class SandboxCheck:
    """The result of ``check_sandbox``."""

    probes: tuple[Probe, ...]
    failure: str = ""  # set when the probes could not run at all

    @property
    def problems(self) -> list[str]:
        found = [f"{p.name}: {p.evidence}" for p in self.probes if not p.passed]
        return ([self.failure] if self.failure else []) + found

    @property
    def ok(self) -> bool:
        return not self.problems


def check_sandbox(spec: SandboxSpec, forbidden: Sequence[Path]) -> SandboxCheck:
    """Run the probes inside ``spec``'s sandbox: each ``forbidden`` host path must be absent,
    the workspace empty, no capabilities, no network (a listener opened here on 127.0.0.1 must be
    unreachable), numpy and Pillow importable, odyssey not, the control socket present."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        args = {"forbidden": [str(p) for p in forbidden], "socket": SANDBOX_SOCKET}
        args["port"] = listener.getsockname()[1]
        args["allowed_env"] = sorted(allowed_env())
        command = f"python3 -c {shlex.quote(PROBE_SCRIPT)} {shlex.quote(json.dumps(args))}"
        try:
            done = subprocess.run(
                sandbox_argv(spec, command, None),
                env=BWRAP_ENV,
                capture_output=True,
                text=True,
                timeout=60,
            )
        except subprocess.TimeoutExpired:
            return SandboxCheck((), "the probes did not finish within 60 s")
    try:
        results = json.loads(done.stdout)
    except ValueError:
        failure = f"the probes failed (exit {done.returncode}): {done.stderr.strip()[-500:]}"
        return SandboxCheck((), failure)
    return SandboxCheck(tuple(Probe(name, ok, text) for name, (ok, text) in results.items()))


def allowed_env() -> set[str]:
    """Every variable a sandboxed process may have (a lease is set only for agent actions)."""
    return set(command_env("", "", "lease")) | {"HOME", "LD_LIBRARY_PATH", *SHELL_VARS, *BWRAP_ENV}


def default_forbidden() -> list[Path]:
    """Host paths no sandbox may show: the project, its environment, $HOME, the map cache."""
    import odyssey

    cache = Path(os.environ.get("ODYSSEY_CACHE", Path.home() / ".cache" / "odyssey"))
    paths = [Path(odyssey.__file__).parent, Path.home(), cache, *host_python().site_dirs]
    return list(dict.fromkeys(paths))
