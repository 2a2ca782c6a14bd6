"""Layer rules: lower layers never import upper ones; world and sim never import GL."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "odyssey"
ORDER = [
    "world",
    "sim",
    "render",
    "nav",
    "maps",
    "tasks",
    "bridge",
    "episode",
    "agents",
    "bench",
    "web",
    "mcu",
    "gym",
    "cli",
]
RANK = {name: i for i, name in enumerate(ORDER)}
PEERS = {frozenset({"render", "nav"})}  # same rank in DESIGN.md: neither imports the other


def imported_layers(path: Path) -> set[str]:
    layers = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            if parts[0] == "odyssey" and len(parts) > 1 and parts[1] in RANK:
                layers.add(parts[1])
    return layers


def test_lower_layers_never_import_upper_ones():
    checked = 0
    for layer in ORDER:
        for path in (SRC / layer).rglob("*.py") if (SRC / layer).is_dir() else []:
            for other in imported_layers(path):
                assert RANK[other] <= RANK[layer], f"{path} imports odyssey.{other}"
                assert frozenset({layer, other}) not in PEERS, f"{path} imports odyssey.{other}"
            checked += 1
    assert checked >= 10


def test_world_and_sim_import_without_gl():
    code = (
        "import sys; sys.modules['moderngl'] = None; sys.modules['OpenGL'] = None\n"
        "import odyssey.world, odyssey.world.summary, odyssey.world.topdown, odyssey.sim.game\n"
        "assert 'moderngl' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
