"""The ``web`` layer: the local dashboard over a runs folder (``odyssey serve``).

It only reads the run store's files (``bench.layout``, ``bench.rows``) and the episodes' live
files (``episode.live``); nothing here writes to a run. FastAPI and uvicorn are imported only
by this layer.
"""

from __future__ import annotations

from odyssey.web.app import create_app

__all__ = ["create_app"]
