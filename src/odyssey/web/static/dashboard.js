// Odyssey dashboard: fills the page shell from the JSON routes of odyssey.web.app.
// Every piece of data goes into the page as text (textContent), never as HTML.
"use strict";

const POLL_MS = 1000;
const MAX_MESSAGES = 300;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v;
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

async function getJSON(url) {
  const res = await fetch(url, { cache: "no-store" });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

function fmt(v, digits = 1) {
  if (v === null || v === undefined) return "–";
  return typeof v === "number" ? v.toFixed(digits) : String(v);
}

function val(v) {
  if (typeof v !== "number") return fmt(v);
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

function pct(v) { return v === null || v === undefined ? "–" : `${(100 * v).toFixed(0)}%`; }

function pathParts() {
  return decodeURIComponent(location.pathname).split("/").filter(Boolean);
}

function showError(err) {
  const main = document.getElementById("main");
  main.replaceChildren(el("p", { class: "error", id: "error", text: String(err) }));
}

// ---- runs list --------------------------------------------------------------------------

async function runsPage() {
  const data = await getJSON("/api/runs");
  const main = document.getElementById("main");
  const rows = [];
  for (const run of data.runs) {
    if (run.error) {
      rows.push(el("tr", {}, el("td", { text: run.name }), el("td", { colspan: 5, class: "error", text: run.error })));
      continue;
    }
    for (const [i, a] of run.agents.entries()) {
      const name = i === 0 ? el("a", { href: `/runs/${encodeURIComponent(run.name)}`, text: run.name }) : "";
      rows.push(el("tr", { class: "agent-row" },
        el("td", {}, name),
        el("td", { text: i === 0 ? `${run.suite || ""} · ${run.status}` : "" }),
        el("td", { text: a.agent }),
        el("td", { class: "progress", text: `${a.finished}/${a.planned}` + (a.running ? ` (${a.running} live)` : "") }),
        el("td", { class: "success", text: `${a.successes}/${a.scored} ${pct(a.success_rate)}` }),
        el("td", { text: a.infrastructure_errors ? String(a.infrastructure_errors) : "" })));
    }
  }
  const head = el("tr", {}, ...["run", "suite · status", "agent", "finished", "success", "infra errors"].map(t => el("th", { text: t })));
  main.replaceChildren(
    el("h2", { text: `Runs in ${data.runs_dir}` }),
    data.runs.length ? el("table", { id: "runs" }, head, ...rows) : el("p", { class: "muted", text: "No runs yet." }));
  setTimeout(() => runsPage().catch(showError), 2 * POLL_MS);
}

// ---- one run ----------------------------------------------------------------------------

async function runPage() {
  const [, run] = pathParts();
  const data = await getJSON(`/api/runs/${encodeURIComponent(run)}`);
  document.getElementById("crumbs").replaceChildren(` / ${run}`);
  if (data.kind) return kindRunPage(run, data);
  const agents = data.agents.map(a => el("span", { text: `${a.agent}: ${a.finished}/${a.planned} finished, ${a.successes}/${a.scored} success ${pct(a.success_rate)}` }));
  const head = el("tr", {}, ...["episode", "state", "result", "stops", "turns", "path", "game s"].map(t => el("th", { text: t })));
  const rows = data.episodes.map(e => {
    const result = e.live ? el("span", { class: "live", text: "● live" })
      : e.success === null ? el("span", { class: "muted", text: e.state })
      : el("span", { class: e.success ? "ok" : "bad", text: e.success ? "success" : (e.terminal_reason || "failed") });
    return el("tr", { class: "episode-row" },
      el("td", {}, el("a", { href: `/episodes/${encodeURIComponent(run)}/${e.ref}`, text: `${e.agent} s${e.seed} ${e.task_id}` })),
      el("td", { text: e.state }), el("td", {}, result),
      el("td", { text: `${e.stops[0]}/${e.stops[1]}` }), el("td", { text: String(e.turns) }),
      el("td", { text: fmt(e.path_length_3d) }), el("td", { text: fmt(e.duration_sec) }));
  });
  document.getElementById("main").replaceChildren(
    el("h2", { text: `Run ${data.run_id} (${data.suite || "?"}, ${data.status}, clock ${data.clock})` }),
    el("p", { class: "facts" }, ...agents),
    el("table", { id: "episodes" }, head, ...rows));
  setTimeout(() => runPage().catch(showError), 2 * POLL_MS);
}

// ---- runs of other kinds (web.run_kinds: MCU runs) ---------------------------------------

function kindRunPage(run, data) {
  const agents = data.agents.map(a => el("span", { text: `${a.agent}: ${a.finished}/${a.planned} finished, ${a.successes}/${a.scored} success ${pct(a.success_rate)}` }));
  const head = el("tr", {}, ...["episode", "result", ...data.columns.map(c => c[1])].map(t => el("th", { text: t })));
  const rows = data.episodes.map(e => {
    const result = e.live ? el("span", { class: "live", text: "● live" })
      : e.success === null
      ? el("span", { class: e.infrastructure_error ? "bad" : "muted", text: e.terminal_reason || "–" })
      : el("span", { class: e.success ? "ok" : "bad", text: e.success ? "success" : (e.terminal_reason || "failed") });
    const href = `/runs/${encodeURIComponent(run)}/episodes/${e.ref.split("/").map(encodeURIComponent).join("/")}`;
    return el("tr", { class: "episode-row" },
      el("td", {}, el("a", { href, text: e.label })), el("td", {}, result),
      ...data.columns.map(([key]) => el("td", { text: val(e[key]) })));
  });
  document.getElementById("main").replaceChildren(
    el("h2", { text: data.title }), el("p", { class: "facts" }, ...agents),
    el("table", { id: "episodes" }, head, ...rows));
  setTimeout(() => runPage().catch(showError), 2 * POLL_MS);
}

async function kindEpisodePage() {
  const [, run, , ...ref] = pathParts();
  const data = await getJSON(`/api/run-episodes/${encodeURIComponent(run)}/${ref.map(encodeURIComponent).join("/")}`);
  document.getElementById("crumbs").replaceChildren(" / ",
    el("a", { href: `/runs/${encodeURIComponent(run)}`, text: run }), ` / ${ref.join(" / ")}`);
  const facts = data.facts.map(([k, v]) => el("span", {}, `${k}: `, el("b", { id: `fact-${k.replace(/\W+/g, "-")}`, text: val(v) })));
  const live = data.live && data.live.status === "running" ? data.live : null;
  const frame = data.live && data.live.frame
    ? el("img", { class: "frame", id: "frame", alt: "the player's current screen", src: `${data.files_base}${data.live.frame}?t=${encodeURIComponent(data.live.updated_at_utc || Date.now())}` })
    : null;
  const video = frame ? frame : data.video
    ? el("video", { class: "frame", id: "video", controls: "", preload: "metadata", src: data.files_base + data.video })
    : el("p", { class: "muted", id: "no-video", text: "No frames recorded (run with --record to see the episode)." });
  const sections = data.sections.map(s => el("div", { class: "section" },
    el("h3", { text: s.title }), el("pre", { text: s.lines.join("\n") || "–" })));
  const title = el("h2", { id: "title", text: data.title + " " }, live ? el("span", { class: "live", text: "● live" }) : "");
  document.getElementById("main").replaceChildren(
    title, el("p", { class: "facts", id: "facts" }, ...facts),
    el("p", { id: "prompt", class: "muted", text: data.text || "" }),
    el("div", { class: "grid" }, el("div", { class: "panel" }, video), el("div", { class: "panel" }, ...sections)));
  if (data.live) setTimeout(() => kindEpisodePage().catch(showError), POLL_MS);  // until its result is in
}

// ---- the map ----------------------------------------------------------------------------

class MapView {
  constructor(canvas, placement) {
    this.canvas = canvas;
    this.placement = placement && placement.available ? placement : null;
    this.image = null;
    if (this.placement) {
      this.image = new Image();
      this.image.onload = () => this.draw(this.last || {});
      this.image.src = this.placement.image;
    }
  }

  // World (x, z) to canvas pixels: the server's transform, px = (x - origin_x) / blocks_per_pixel.
  transform(state) {
    const p = this.placement;
    if (p) {
      const s = Math.max(1, Math.floor(480 / Math.max(p.width_px, p.height_px)));
      this.canvas.width = p.width_px * s; this.canvas.height = p.height_px * s;
      return ([x, , z]) => [(x - p.origin_x) / p.blocks_per_pixel * s, (z - p.origin_z) / p.blocks_per_pixel * s];
    }
    // No picture: fit the path and the stops in the canvas.
    const pts = (state.path || []).concat((state.stops || []).map(s => s.position)).filter(Boolean);
    const xs = pts.map(p => p[0]), zs = pts.map(p => p[2]);
    const x0 = Math.min(...xs, 0) - 4, z0 = Math.min(...zs, 0) - 4;
    const span = Math.max(Math.max(...xs, 1) - x0, Math.max(...zs, 1) - z0) + 4;
    this.canvas.width = this.canvas.height = 480;
    return ([x, , z]) => [(x - x0) / span * 480, (z - z0) / span * 480];
  }

  draw(state, marker) {
    this.last = state;
    const ctx = this.canvas.getContext("2d");
    const at = this.transform(state);
    ctx.imageSmoothingEnabled = false;
    if (this.image && this.image.complete && this.image.naturalWidth) ctx.drawImage(this.image, 0, 0, this.canvas.width, this.canvas.height);
    else { ctx.fillStyle = "#222"; ctx.fillRect(0, 0, this.canvas.width, this.canvas.height); }
    const path = state.path || [];
    ctx.strokeStyle = "#ff3b30"; ctx.lineWidth = 2; ctx.beginPath();
    path.forEach((p, i) => { const [u, v] = at(p); i ? ctx.lineTo(u, v) : ctx.moveTo(u, v); });
    ctx.stroke();
    for (const stop of state.stops || []) {
      const [u, v] = at(stop.position);
      ctx.fillStyle = stop.reached ? "#34c759" : "#ffcc00";
      ctx.beginPath(); ctx.arc(u, v, 5, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = "#fff"; ctx.font = "11px sans-serif"; ctx.fillText(stop.name || "", u + 6, v - 6);
    }
    const here = marker || state.position;
    if (here) {
      const [u, v] = at(here);
      ctx.fillStyle = "#0a84ff"; ctx.strokeStyle = "#fff";
      ctx.beginPath(); ctx.arc(u, v, 6, 0, 2 * Math.PI); ctx.fill(); ctx.stroke();
    }
  }
}

// ---- one episode: live ------------------------------------------------------------------

function stopsList(state) {
  return el("ul", { class: "stops", id: "stops" }, ...(state.stops || []).map(s =>
    el("li", { class: s.reached ? "reached" : "pending", "data-reached": String(!!s.reached), text: s.name || s.waypoint_id })));
}

function callText(call) {
  const a = call.function ? safeParse(call.function.arguments) : call.arguments;
  if (a && a.type === "exec" && a.command !== undefined) return `$ ${a.command}`;
  return JSON.stringify(a);
}

function safeParse(text) { try { return JSON.parse(text); } catch (e) { return text; } }

function messageNode(line, filesBase) {
  const m = line.message || {};
  const node = el("div", { class: `msg msg-${m.role}` }, el("span", { class: "role", text: `#${line.seq} ${m.role}` }));
  const content = typeof m.content === "string" ? [{ type: "text", text: m.content }] : (m.content || []);
  for (const part of content) {
    if (part.type === "text" && part.text) node.append(el("pre", { text: part.text.slice(0, 2000) }));
    if (part.type === "image_url" && part.image_url && !part.image_url.url.startsWith("data:"))
      node.append(el("img", { class: "thumb", src: filesBase + "agent-record/" + part.image_url.url, alt: "screenshot" }));
  }
  for (const call of m.tool_calls || []) node.append(el("pre", { class: "command", text: callText(call) }));
  return node;
}

function liveSkeleton() {
  return el("div", { class: "grid" },
    el("div", { class: "panel" },
      el("p", { class: "facts", id: "facts" }),
      el("p", { id: "prompt", class: "muted" }),
      el("img", { class: "frame", id: "frame", alt: "the agent's current screen" }),
      el("h3", { text: "Stops" }), el("div", { id: "stops-box" }),
      el("h3", { text: "Evaluator events" }), el("ul", { id: "events" }),
      el("h3", { text: "Claims" }), el("ul", { id: "claims" })),
    el("div", { class: "panel" },
      el("canvas", { id: "map", width: 480, height: 480 }),
      el("h3", { text: "Agent turns and commands" }), el("div", { class: "messages", id: "messages" })));
}

function fillLive(state, filesBase) {
  const facts = [["status", state.status], ["tick", state.tick], ["time", fmt(state.time_s) + " s"],
    ["position", state.position ? state.position.map(v => fmt(v)).join(", ") : "–"],
    ["decisions", state.decisions], ["end", state.terminal_reason]];
  document.getElementById("facts").replaceChildren(...facts.map(([k, v]) =>
    el("span", {}, `${k}: `, el("b", { id: k, text: v === null || v === undefined ? "–" : String(v) }))));
  document.getElementById("prompt").textContent = state.prompt || "";
  const frame = document.getElementById("frame");
  if (state.frame) frame.src = `${filesBase}${state.frame}?t=${encodeURIComponent(state.updated_at_utc || Date.now())}`;
  document.getElementById("stops-box").replaceChildren(stopsList(state));
  document.getElementById("events").replaceChildren(...(state.events || []).map(e =>
    el("li", { text: `${e.kind}: ${e.message}` })));
  document.getElementById("claims").replaceChildren(...(state.claims || []).map(c =>
    el("li", { text: `attempt ${c.attempt}: ${c.reason} (${c.accepted ? "accepted" : "rejected"})` })));
}

async function livePage(api, placement) {
  document.getElementById("main").replaceChildren(el("h2", { id: "title" }), liveSkeleton());
  const map = new MapView(document.getElementById("map"), placement);
  let since = 0;
  const tick = async () => {
    let data;
    try {
      data = await getJSON(`${api}/live?since=${since}`);
    } catch (err) {  // a failed poll (a busy server, a dropped connection): try again later
      setTimeout(() => tick().catch(showError), POLL_MS);
      return;
    }
    const state = data.state;
    document.getElementById("title").replaceChildren(`${state.task_id} · ${state.agent} · `,
      state.status === "running" ? el("span", { class: "live", text: "● live" })
        : el("a", { href: "?view=replay", id: "to-replay", text: "finished — replay" }));
    fillLive(state, data.files_base);
    map.draw(state);
    const box = document.getElementById("messages");
    for (const line of data.messages) box.append(messageNode(line, data.files_base));
    while (box.childElementCount > MAX_MESSAGES) box.firstElementChild.remove();
    if (data.messages.length) box.scrollTop = box.scrollHeight;
    since = data.last_seq;
    if (state.status === "running") setTimeout(() => tick().catch(showError), POLL_MS);
  };
  await tick();
}

// ---- one episode: replay ----------------------------------------------------------------

async function replayPage(api, placement) {
  const data = await getJSON(`${api}/replay`);
  const steps = data.steps, state = data.state;
  const slider = el("input", { type: "range", id: "slider", min: 1, max: Math.max(1, steps.length), value: 1 });
  const main = document.getElementById("main");
  main.replaceChildren(
    el("h2", { id: "title" }, `${state.task_id} · ${state.agent} · replay · `,
      el("a", { href: "?view=live", text: "final state" })),
    el("div", { class: "controls" },
      el("button", { id: "prev", text: "◀ prev" }), slider, el("button", { id: "next", text: "next ▶" }),
      el("span", { id: "step-index" })),
    el("div", { class: "grid" },
      el("div", { class: "panel" },
        el("p", { id: "step-label", class: "muted" }),
        el("img", { class: "frame", id: "step-shot", alt: "what the agent saw" }),
        el("h3", { text: "Command" }), el("pre", { id: "step-command" }),
        el("h3", { text: "Result" }), el("pre", { id: "step-result" }),
        el("p", { id: "step-position" })),
      el("div", { class: "panel" }, el("canvas", { id: "map", width: 480, height: 480 }),
        el("h3", { text: "Stops" }), stopsList(state),
        el("p", { class: "facts" }, `end: ${state.terminal_reason || "–"}`))));
  const map = new MapView(document.getElementById("map"), placement);
  const show = (i) => {
    if (!steps.length) { document.getElementById("step-index").textContent = "no steps recorded"; map.draw(state); return; }
    const s = steps[i - 1];
    slider.value = i;
    document.getElementById("step-index").textContent = `step ${i} of ${steps.length}`;
    document.getElementById("step-label").textContent = s.label ? `[${s.label}] ${s.stamp || ""}` : "";
    const shot = document.getElementById("step-shot");
    if (s.screenshot) shot.src = data.files_base + s.screenshot; else shot.removeAttribute("src");
    document.getElementById("step-command").textContent = s.command || "(no action)";
    document.getElementById("step-result").textContent = s.result || "";
    document.getElementById("step-position").textContent = s.position ? `at ${s.position.map(v => fmt(v)).join(", ")}` : "";
    map.draw(state, s.position);
  };
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.getElementById("prev").addEventListener("click", () => show(Math.max(1, Number(slider.value) - 1)));
  document.getElementById("next").addEventListener("click", () => show(Math.min(steps.length, Number(slider.value) + 1)));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") document.getElementById("prev").click();
    if (e.key === "ArrowRight") document.getElementById("next").click();
  });
  show(1);
}

async function episodePage() {
  const [, run, agent, seed, task] = pathParts();
  const api = `/api/episodes/${[run, agent, seed, task].map(encodeURIComponent).join("/")}`;
  document.getElementById("crumbs").replaceChildren(" / ",
    el("a", { href: `/runs/${encodeURIComponent(run)}`, text: run }), ` / ${agent} / ${seed} / ${task}`);
  const placement = await getJSON(`${api}/map`).catch(() => null);
  const view = new URLSearchParams(location.search).get("view");
  if (view === "replay") return replayPage(api, placement);
  if (view === "live") return livePage(api, placement);
  const first = await getJSON(`${api}/live`);
  return first.state.status === "running" ? livePage(api, placement) : replayPage(api, placement);
}

const PAGES = { runs: runsPage, run: runPage, episode: episodePage, "kind-episode": kindEpisodePage };
PAGES[document.body.dataset.page]().catch(showError);
