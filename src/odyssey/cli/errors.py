"""Turning Odyssey's errors into one-line messages and exit codes instead of tracebacks."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import typer

from odyssey.errors import OdysseyError

P = ParamSpec("P")
R = TypeVar("R")
EXIT_USER_ERROR = 2


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` to stderr and return the exit to raise."""
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(EXIT_USER_ERROR)


def friendly_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Report OdysseyError (and missing files) as one line on stderr with exit code 2."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except OdysseyError as e:
            raise fail(str(e)) from None
        except FileNotFoundError as e:
            raise fail(f"{e.filename}: no such file or folder") from None
        except PermissionError as e:
            raise fail(f"{e.filename}: permission denied") from None

    return wrapper
