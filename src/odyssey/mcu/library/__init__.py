"""MCU's atomic task library, generated from the 1.21.11 registries plus hand-written families
(see docs/mcu/library.md). ``build_library()`` returns the cached :class:`Library`."""

from odyssey.mcu.library.library import Library, LibraryError, build_library

__all__ = ["Library", "LibraryError", "build_library"]
