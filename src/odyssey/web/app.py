"""The dashboard's web application: JSON routes over a runs folder, the episode files
(frames, screenshots) and the pages.

Routes (``RUN`` a run folder's name; ``EP`` = ``RUN/AGENT/sSEED/TASK``, an episode folder
``RUN/episodes/AGENT/sSEED/TASK``):

- ``GET /api/runs``: the runs with per-agent progress and success so far.
- ``GET /api/runs/RUN``: one run, its manifest and episodes.
- ``GET /api/run-episodes/RUN/REF``: one episode of a run of another kind (``run_kinds``: an
  MCU run), ``REF`` its folder under ``RUN/episodes``.
- ``GET /api/episodes/EP/live?since=N``: the live state and the agent's messages after seq N.
- ``GET /api/episodes/EP/replay``: the episode cut into steps.
- ``GET /api/episodes/EP/map``: the top-down picture's placement (drawn on first use).
- ``GET /api/topdown/KEY.png``: a cached top-down picture.
- ``GET /files/PATH``: an episode's picture or JSON file, only inside the runs folder.
- ``GET /``, ``/runs/RUN``, ``/episodes/EP``, ``/runs/RUN/episodes/REF``: the pages.

Every file served is resolved (symbolic links followed) and must lie inside the runs folder;
path parts are checked against a strict pattern first, so ``..`` never reaches the disk.
"""

from __future__ import annotations

import json
import mimetypes
import re
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from odyssey.bench.layout import EPISODES, RunStoreError
from odyssey.errors import OdysseyError
from odyssey.web import episode_view, pages, run_view
from odyssey.web.run_kinds import RunKind, kind_folders, kind_of
from odyssey.web.topdown_cache import TopdownCache, package_for

_PART = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$")
SERVED_SUFFIXES = {".jpg", ".jpeg", ".png", ".json", ".jsonl", ".txt", ".log", ".webm"}
NO_STORE = {"Cache-Control": "no-store"}  # live files change under the same name


def _part(text: str) -> str:
    """A folder or file name from a URL, or 404: no separators, no leading dot."""
    if not _PART.match(text):
        raise HTTPException(404, f"not found: {text!r}")
    return text


def inside(root: Path, relative: str) -> Path:
    """``root/relative`` as an existing file inside ``root`` (links resolved), else 404."""
    parts = [p for p in relative.split("/") if p]
    if not parts:
        raise HTTPException(404, "not found")
    path = root.joinpath(*(_part(p) for p in parts)).resolve()
    if not path.is_relative_to(root.resolve()) or not path.is_file():
        raise HTTPException(404, f"not found: {relative}")
    return path


class Dashboard:
    """The routes' shared state: the runs folder and the top-down cache."""

    def __init__(self, runs_dir: Path, topdown_dir: Path, kinds: tuple[RunKind, ...] = ()) -> None:
        self.runs_dir = Path(runs_dir)
        self.topdowns = TopdownCache(topdown_dir)
        self.kinds = kinds

    def kind_run(self, run: str) -> tuple[Path, RunKind] | None:
        """A run of another kind than eval's (None: not one)."""
        folder = self.runs_dir / _part(run)
        kind = kind_of(folder, self.kinds) if folder.is_dir() else None
        return None if kind is None else (folder, kind)

    def run_folder(self, run: str) -> Path:
        folder = self.runs_dir / _part(run)
        if not (folder / "run.json").is_file():
            raise HTTPException(404, f"no run {run!r} in {self.runs_dir}")
        return folder

    def episode_folder(self, run: str, agent: str, seed: str, task: str) -> Path:
        folder = self.run_folder(run) / EPISODES / _part(agent) / _part(seed) / _part(task)
        if not folder.is_dir():
            raise HTTPException(404, f"no episode {agent}/{seed}/{task} in run {run!r}")
        return folder

    def files_base(self, folder: Path) -> str:
        return "/files/" + folder.relative_to(self.runs_dir).as_posix() + "/"


def _default_topdown_dir() -> Path:
    from odyssey.maps.catalog import cache_root

    return cache_root() / "web-topdown"


def create_app(
    runs_dir: Path, topdown_dir: Path | None = None, kinds: tuple[RunKind, ...] = ()
) -> FastAPI:
    """The dashboard over ``runs_dir``; top-down pictures are cached in ``topdown_dir``
    (default ``$ODYSSEY_CACHE/web-topdown``); ``kinds``: run folders of other kinds to show."""
    app = FastAPI(title="Odyssey dashboard", docs_url=None, redoc_url=None)
    dash = Dashboard(runs_dir, topdown_dir or _default_topdown_dir(), tuple(kinds))
    app.state.dashboard = dash
    app.mount("/static", StaticFiles(directory=pages.STATIC_DIR), name="static")
    _api_routes(app, dash)
    _episode_routes(app, dash)
    _kind_routes(app, dash)
    _page_routes(app)
    return app


def _api_routes(app: FastAPI, dash: Dashboard) -> None:
    @app.get("/api/runs")
    def runs() -> dict[str, Any]:
        found = [(f.name, run_view.run_summary(f)) for f in run_view.run_folders(dash.runs_dir)]
        found += [(f.name, _kind_summary(f, k)) for f, k in kind_folders(dash.runs_dir, dash.kinds)]
        found.sort(key=lambda pair: pair[0])  # by name, whatever kind
        return {"runs_dir": str(dash.runs_dir), "runs": [s for _, s in found]}

    @app.get("/api/runs/{run}")
    def run_detail(run: str) -> dict[str, Any]:
        other = dash.kind_run(run)
        try:
            if other is not None:
                return other[1].detail(other[0]) | {"kind": other[1].name}
            return run_view.run_detail(dash.run_folder(run))
        except (RunStoreError, OdysseyError, OSError, ValueError) as e:
            raise HTTPException(422, str(e)) from None

    @app.get("/api/topdown/{name}")
    def topdown(name: str) -> FileResponse:
        path = dash.topdowns.image(name.removesuffix(".png"))
        if path is None or not name.endswith(".png"):
            raise HTTPException(404, f"no top-down picture {name!r}")
        return FileResponse(path, media_type="image/png")

    @app.get("/files/{relative:path}")
    def files(relative: str) -> Response:
        path = inside(dash.runs_dir, relative)
        if path.suffix.lower() not in SERVED_SUFFIXES:
            raise HTTPException(404, f"not served: {relative}")
        if path.name.startswith("live") or ".live." in path.name:
            # rewritten (atomically replaced) while the episode runs: read it whole, so the
            # length sent is the length of the one version read (a FileResponse takes the size
            # before it opens the file, and a replacement in between breaks the response)
            try:
                data = path.read_bytes()
            except FileNotFoundError:
                raise HTTPException(404, f"no such file: {relative}") from None
            media = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return Response(data, media_type=media, headers=NO_STORE)
        return FileResponse(path, headers=NO_STORE)


def _episode_routes(app: FastAPI, dash: Dashboard) -> None:
    base = "/api/episodes/{run}/{agent}/{seed}/{task}"

    @app.get(base + "/live")
    def live(run: str, agent: str, seed: str, task: str, since: int = 0) -> Response:
        folder = dash.episode_folder(run, agent, seed, task)
        state = episode_view.live_state(folder)
        if state is None:
            raise HTTPException(404, "the episode has neither live.json nor result files yet")
        lines = episode_view.messages(folder, since)
        body = {
            "state": state,
            "messages": lines,
            "last_seq": max([since] + [m["seq"] for m in lines]),
            "files_base": dash.files_base(folder),
        }
        return _json(body)

    @app.get(base + "/replay")
    def replay(run: str, agent: str, seed: str, task: str) -> Response:
        folder = dash.episode_folder(run, agent, seed, task)
        body = episode_view.replay(folder)
        body["files_base"] = dash.files_base(folder)
        return _json(body)

    @app.get(base + "/map")
    def map_picture(run: str, agent: str, seed: str, task: str) -> dict[str, Any]:
        folder = dash.episode_folder(run, agent, seed, task)
        state = episode_view.live_state(folder) or {}
        package = package_for(folder, state.get("map_id"))
        if package is None:
            return {"available": False, "reason": "the map package is not on this machine"}
        try:
            placement = dash.topdowns.placement(package)
        except OdysseyError as e:
            return {"available": False, "reason": str(e)}
        return {"available": True, "image": f"/api/topdown/{placement['key']}.png", **placement}


def _kind_summary(folder: Path, kind: RunKind) -> dict[str, Any]:
    """A run of another kind for the runs list; a folder it cannot read says why."""
    try:
        return kind.summary(folder) | {"kind": kind.name}
    except (OdysseyError, OSError, ValueError) as e:  # a broken manifest or result file
        return {"name": folder.name, "kind": kind.name, "error": str(e)}


def _kind_routes(app: FastAPI, dash: Dashboard) -> None:
    @app.get("/api/run-episodes/{run}/{ref:path}")
    def kind_episode(run: str, ref: str) -> Response:
        other = dash.kind_run(run)
        if other is None:
            raise HTTPException(404, f"no run {run!r} in {dash.runs_dir}")
        root, kind = other
        parts = [_part(p) for p in ref.split("/") if p]
        folder = root.joinpath(EPISODES, *parts)
        if not parts or not folder.is_dir():
            raise HTTPException(404, f"no episode {ref!r} in run {run!r}")
        try:
            body = kind.episode(folder)
        except (OdysseyError, OSError, ValueError) as e:
            raise HTTPException(422, str(e)) from None
        return _json(body | {"files_base": dash.files_base(folder)})


def _json(body: dict[str, Any]) -> Response:
    """JSON that is never cached (it changes while the episode runs)."""
    return Response(json.dumps(body, default=str), media_type="application/json", headers=NO_STORE)


def _page_routes(app: FastAPI) -> None:
    @app.get("/", response_class=HTMLResponse)
    def index() -> HTMLResponse:
        return pages.page("runs")

    @app.get("/runs/{run}", response_class=HTMLResponse)
    def run_page(run: str) -> HTMLResponse:
        return pages.page("run")

    @app.get("/episodes/{run}/{agent}/{seed}/{task}", response_class=HTMLResponse)
    def episode_page(run: str, agent: str, seed: str, task: str) -> HTMLResponse:
        return pages.page("episode")

    @app.get("/runs/{run}/episodes/{ref:path}", response_class=HTMLResponse)
    def kind_episode_page(run: str, ref: str) -> HTMLResponse:
        return pages.page("kind-episode")
