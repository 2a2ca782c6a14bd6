"""Helper objects cached on the object they serve.

A per-world cache in a ``WeakKeyDictionary`` leaks when the cached helper refers back to its
world (a simulator holding its world keeps the key alive, so the entry is never dropped). Kept
in the owner's own ``__dict__`` instead, owner and helper form a cycle the garbage collector
frees together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def attached(owner: Any, name: str, make: Callable[[Any], T]) -> T:
    """The helper ``name`` of ``owner``, made by ``make(owner)`` on first use."""
    store = owner.__dict__
    helper = store.get(name)
    if helper is None:
        helper = store[name] = make(owner)
    return helper
