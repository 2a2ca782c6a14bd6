"""The dashboard's pages: one HTML shell per page kind; ``static/dashboard.js`` fills it from
the JSON routes (polling once a second while an episode runs) and ``static/dashboard.css``
styles it. The files ship as package data (``odyssey = ["web/static/*"]``)."""

from __future__ import annotations

from pathlib import Path

from fastapi.responses import HTMLResponse

STATIC_DIR = Path(__file__).parent / "static"
PAGE_KINDS = ("runs", "run", "episode", "kind-episode")

_SHELL = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Odyssey dashboard</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/dashboard.css">
</head>
<body data-page="{kind}">
<header><a href="/">Odyssey dashboard</a> <span id="crumbs"></span></header>
<main id="main"><p class="muted">Loading…</p></main>
<script src="/static/dashboard.js"></script>
</body>
</html>
"""


def page(kind: str) -> HTMLResponse:
    """The HTML shell of one page kind (runs list, one run, one episode, one episode of a run
    of another kind)."""
    if kind not in PAGE_KINDS:
        raise ValueError(f"page kind {kind!r} is not one of {PAGE_KINDS}")
    return HTMLResponse(_SHELL.format(kind=kind), headers={"Cache-Control": "no-store"})
