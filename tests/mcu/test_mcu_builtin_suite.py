"""The built-in MCU suite: its shape (atomic tasks across the categories, compositions, simple
and hard), the same on every machine, every configuration verified in the engine, and every
programmatic task solved by the oracle, with success reported per category."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter

import pytest

from odyssey.mcu.confgen.verify import verify_config
from odyssey.mcu.difficulty import lookalikes
from odyssey.mcu.library import build_library
from odyssey.mcu.report import summarise
from odyssey.mcu.run import load_results, run_mcu
from odyssey.mcu.suite import BUILTIN_ATOMIC, COMPOSITIONS, builtin_suite, resolve_tasks
from odyssey.mcu.taxonomy import CATEGORIES

DUMP = (
    "import json; from odyssey.mcu.suite import builtin_suite; print(json.dumps("
    "[c.to_data() for d in ('simple', 'hard') for c in builtin_suite(d)], sort_keys=True))"
)


def test_the_suite_has_its_atomic_tasks_compositions_and_hard_versions() -> None:
    simple, hard = builtin_suite("simple"), builtin_suite("hard")
    atomic = [c for c in simple if not c.parts]
    composed = [c for c in simple if c.parts]
    assert len(atomic) == len(BUILTIN_ATOMIC) >= 120
    assert len(composed) == COMPOSITIONS >= 20
    categories = Counter(c.category for c in atomic)
    assert len(categories) >= 9 and set(categories) <= set(CATEGORIES)
    assert all(c.programmatic for c in simple)
    assert [c.id for c in hard] == [c.id for c in simple]
    assert {c.difficulty for c in hard} == {"hard"}
    for easy, tough in zip(simple, hard, strict=True):
        assert tough.success == easy.success and tough.text == easy.text
        assert tough.custom_init_commands[: len(easy.custom_init_commands)] == \
            easy.custom_init_commands  # fmt: skip
        assert len(tough.custom_init_commands) > len(easy.custom_init_commands)
    ops = Counter(op for c in composed for op in ("and", "or", "then") if f"__{op}__" in c.id)
    assert set(ops) == {"and", "or", "then"}
    assert resolve_tasks("builtin:atomic") == atomic
    assert resolve_tasks("builtin:composed", "hard") == [c for c in hard if c.parts]


def test_the_suite_is_the_same_whatever_the_hash_seed() -> None:
    dumps = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        done = subprocess.run([sys.executable, "-c", DUMP], capture_output=True, text=True,
                              env=env, timeout=300, check=True)  # fmt: skip
        dumps.append(done.stdout)
    assert dumps[0] == dumps[1]
    assert len(json.loads(dumps[0])) == 2 * (len(BUILTIN_ATOMIC) + COMPOSITIONS)


def _one_per_category(configs):
    seen: dict[str, object] = {}
    for c in configs:
        if not c.parts and c.category not in seen:
            seen[c.category] = c
    return list(seen.values()) + [c for c in configs if c.parts][:2]


@pytest.mark.parametrize("difficulty", ["simple", "hard"])
def test_the_oracle_solves_a_task_of_every_category(tmp_path, difficulty) -> None:
    sample = _one_per_category(builtin_suite(difficulty))
    run_dir = run_mcu(sample, ["oracle"], tmp_path / "run", difficulty=difficulty,
                      options={"record": False})  # fmt: skip
    results = load_results(run_dir)
    failed = [(r["task_id"], r["terminal_reason"], r["agent_notes"]) for r in results
              if not r["success"]]  # fmt: skip
    assert failed == []
    assert len(results) == len(CATEGORIES) + 2


@pytest.mark.acceptance
@pytest.mark.parametrize("difficulty", ["simple", "hard"])
def test_the_oracle_solves_every_task_of_the_suite(tmp_path, difficulty) -> None:
    suite = builtin_suite(difficulty)
    run_dir = run_mcu(suite, ["oracle"], tmp_path / "run", difficulty=difficulty,
                      options={"record": False}, workers=2)  # fmt: skip
    results = load_results(run_dir)
    failed = [(r["task_id"], r["terminal_reason"], r["agent_notes"]) for r in results
              if not r["success"]]  # fmt: skip
    assert failed == [] and len(results) == len(suite)
    [group] = summarise(results)["groups"]
    per_category = {c: r["success_rate"] for c, r in group["categories"].items()}
    print(json.dumps({"difficulty": difficulty, "tasks": len(results),
                      "per_category": per_category}))  # fmt: skip
    assert set(per_category.values()) == {1.0} and len(per_category) >= 9
    assert group["compositions"]["success_rate"] == 1.0


@pytest.mark.acceptance
@pytest.mark.parametrize("difficulty", ["simple", "hard"])
def test_every_suite_configuration_verifies_in_the_engine(difficulty) -> None:
    library = build_library()
    failures = []
    for config in builtin_suite(difficulty):
        task = None if config.parts else library.get(config.id)
        verification = verify_config(config, task)
        # a composition is checked without one task: a "find" part's target (and in hard mode
        # its look-alike beside it) is meant to be further than 4 blocks (its part, verified
        # alone, says how far)
        finds = [library.get(p).target for p in config.parts if library.get(p).verb == "find"]
        sought = [name for t in finds for name in (t, *lookalikes(t))]
        bad = [c.message for c in verification.failures
               if not (c.name == "nearby" and any(t in c.message for t in sought))]  # fmt: skip
        if bad:
            failures.append((config.id, bad))
    assert failures == []
