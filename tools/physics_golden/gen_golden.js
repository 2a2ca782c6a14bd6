#!/usr/bin/env node
// Golden player-physics traces for tests/sim, produced by prismarine-physics
// (an independent JavaScript reimplementation of Minecraft Java player physics)
// with minecraft-data for Minecraft 1.21.11.
//
//   npm install --prefix tools/physics_golden
//   node tools/physics_golden/gen_golden.js [--scenarios FILE] [--out DIR] [name ...]
//
// Reads tests/sim/scenarios.json, builds each scenario's world, runs
// prismarine-physics tick by tick and writes tests/sim/golden/<name>.jsonl.
// See README.md and DEVIATIONS.md next to this file.
'use strict'

const fs = require('fs')
const path = require('path')

const VERSION = '1.21.11'
const REPO_ROOT = path.resolve(__dirname, '..', '..')

const pkgVersion = (name) => require(path.join(__dirname, 'node_modules', name, 'package.json')).version
const mcData = require('minecraft-data')(VERSION)
if (!mcData) throw new Error(`minecraft-data ${pkgVersion('minecraft-data')} has no data for ${VERSION}`)
const Block = require('prismarine-block')(VERSION)
const { Physics, PlayerState } = require('prismarine-physics')
const { Vec3 } = require('vec3')

const KEYS = ['forward', 'back', 'left', 'right', 'jump', 'sneak', 'sprint']

// ---------------------------------------------------------------------------
// Block states: "name[prop=value,...]" with vanilla defaults for unspecified
// properties. (prismarine-block's fromString/fromProperties would give index 0,
// e.g. waterlogged=true, for every unspecified property, so we resolve states
// ourselves.)
// ---------------------------------------------------------------------------
const stateCache = new Map()
const propsOfState = (stateId) => {
  const p = Block.fromStateId(stateId, 0).getProperties()
  const out = {}
  for (const [k, v] of Object.entries(p)) out[k] = String(v)
  return out
}

function parseState (str) {
  if (stateCache.has(str)) return stateCache.get(str)
  let s = str.trim()
  if (s.startsWith('minecraft:')) s = s.slice('minecraft:'.length)
  const m = /^([a-z0-9_]+)(?:\[(.*)\])?$/.exec(s)
  if (!m) throw new Error(`bad block state string: ${JSON.stringify(str)}`)
  const name = m[1]
  const blockEnum = mcData.blocksByName[name]
  if (!blockEnum) throw new Error(`unknown block ${JSON.stringify(name)} in ${JSON.stringify(str)}`)
  const want = propsOfState(blockEnum.defaultState)
  if (m[2] !== undefined && m[2].trim() !== '') {
    for (const kv of m[2].split(',')) {
      const [k, v] = kv.split('=').map(x => x.trim())
      if (!(k in want)) throw new Error(`block ${name} has no property ${JSON.stringify(k)} (${str})`)
      want[k] = v
    }
  }
  let found = null
  for (let id = blockEnum.minStateId; id <= blockEnum.maxStateId; id++) {
    const p = propsOfState(id)
    if (Object.keys(want).every(k => p[k] === want[k])) { found = id; break }
  }
  if (found === null) throw new Error(`no state of ${name} matches ${JSON.stringify(want)} (${str})`)
  stateCache.set(str, found)
  return found
}

// ---------------------------------------------------------------------------
// Minimal world: sparse map of non-air state ids; getBlock(pos) floors the
// position and returns a prismarine-block Block with .position set (air
// outside the placed blocks, never null).
// ---------------------------------------------------------------------------
class FakeWorld {
  constructor () {
    this.states = new Map()
    this.templates = new Map()
  }

  key (x, y, z) { return `${x},${y},${z}` }

  set (x, y, z, stateId) {
    if (stateId === 0) this.states.delete(this.key(x, y, z))
    else this.states.set(this.key(x, y, z), stateId)
  }

  stateAt (x, y, z) {
    const s = this.states.get(this.key(x, y, z))
    return s === undefined ? 0 : s
  }

  getBlock (pos) {
    const x = Math.floor(pos.x)
    const y = Math.floor(pos.y)
    const z = Math.floor(pos.z)
    const stateId = this.stateAt(x, y, z)
    let tpl = this.templates.get(stateId)
    if (!tpl) {
      tpl = Block.fromStateId(stateId, 0)
      this.templates.set(stateId, tpl)
    }
    // Fresh object per call (prismarine-physics keeps references to blocks, e.g.
    // in getWaterInBB), sharing the immutable fields of the template.
    const b = Object.create(tpl)
    b.position = new Vec3(x, y, z)
    return b
  }
}

function buildWorld (scenario) {
  const world = new FakeWorld()
  for (const entry of scenario.blocks || []) {
    const stateId = parseState(entry.state)
    if (entry.fill) {
      const [x0, y0, z0, x1, y1, z1] = entry.fill
      if (!(x1 > x0 && y1 > y0 && z1 > z0)) throw new Error(`${scenario.name}: empty fill ${JSON.stringify(entry.fill)}`)
      for (let x = x0; x < x1; x++) {
        for (let y = y0; y < y1; y++) {
          for (let z = z0; z < z1; z++) world.set(x, y, z, stateId)
        }
      }
    } else if (entry.set) {
      const [x, y, z] = entry.set
      world.set(x, y, z, stateId)
    } else {
      throw new Error(`${scenario.name}: block entry needs "fill" or "set": ${JSON.stringify(entry)}`)
    }
  }
  return world
}

// ---------------------------------------------------------------------------
// Angles: vanilla degrees -> prismarine/mineflayer radians.
// Vanilla: yaw 0 = +Z (south), 90 = -X (west); pitch + = looking down; forward
// input moves along (-sin yaw, cos yaw).
// prismarine: yaw 0 = -Z (north), counter-clockwise; pitch + = looking up.
// applyHeading() uses angle (PI - entity.yaw), so PI - yawDeg*PI/180 gives back
// yawDeg in radians and forward = (-sin, +cos) exactly as vanilla.
// ---------------------------------------------------------------------------
const yawToPrismarine = (deg) => Math.PI - deg * Math.PI / 180
const pitchToPrismarine = (deg) => -deg * Math.PI / 180

function controlsFor (keys) {
  const c = {}
  for (const k of KEYS) c[k] = false
  for (const k of keys) {
    if (!KEYS.includes(k)) throw new Error(`unknown key ${JSON.stringify(k)}`)
    c[k] = true
  }
  return c
}

function expandInputs (scenario) {
  const ticks = []
  for (const seg of scenario.inputs) {
    const n = seg.ticks === undefined ? 1 : seg.ticks
    for (let i = 0; i < n; i++) ticks.push(seg)
  }
  return ticks
}

const emptyInventory = { slots: new Array(46).fill(null) }

function record (tick, e) {
  return {
    tick,
    pos: [e.position.x, e.position.y, e.position.z],
    vel: [e.velocity.x, e.velocity.y, e.velocity.z],
    on_ground: !!e.onGround,
    in_water: !!e.isInWater,
    in_lava: !!e.isInLava,
    in_web: !!e.isInWeb,
    collided_h: !!e.isCollidedHorizontally,
    collided_v: !!e.isCollidedVertically
  }
}

function runScenario (scenario) {
  const world = buildWorld(scenario)
  const physics = Physics(mcData, world)
  const st = scenario.start
  // The fake mineflayer bot: exactly the fields PlayerState reads and apply() writes.
  const bot = {
    version: VERSION,
    entity: {
      position: new Vec3(st.pos[0], st.pos[1], st.pos[2]),
      velocity: new Vec3(...(st.vel || [0, 0, 0])),
      onGround: !!st.on_ground,
      isInWater: false,
      isInLava: false,
      isInWeb: false,
      isCollidedHorizontally: false,
      isCollidedVertically: false,
      elytraFlying: false,
      yaw: yawToPrismarine(st.yaw || 0),
      pitch: pitchToPrismarine(st.pitch || 0),
      effects: {},
      attributes: undefined // base movement_speed 0.1, sprint modifier added by prismarine
    },
    jumpTicks: 0,
    jumpQueued: false,
    fireworkRocketDuration: 0,
    inventory: emptyInventory
  }
  const lines = [record(0, bot.entity)]
  const perTick = expandInputs(scenario)
  perTick.forEach((seg, i) => {
    // As mineflayer's physics plugin does each tick: look, build a PlayerState
    // from the bot, simulate one tick, write the state back.
    bot.entity.yaw = yawToPrismarine(seg.yaw !== undefined ? seg.yaw : 0)
    bot.entity.pitch = pitchToPrismarine(seg.pitch !== undefined ? seg.pitch : 0)
    const state = new PlayerState(bot, controlsFor(seg.keys || []))
    physics.simulatePlayer(state, world)
    state.apply(bot)
    lines.push(record(i + 1, bot.entity))
  })
  return lines
}

// The installed packages must be the pinned ones (package.json), otherwise the
// goldens would silently change.
function checkPinnedVersions () {
  const pinned = require(path.join(__dirname, 'package.json')).dependencies
  for (const [name, want] of Object.entries(pinned)) {
    const have = pkgVersion(name)
    if (have !== want) {
      throw new Error(`${name} ${have} is installed, package.json pins ${want}: run npm install --prefix tools/physics_golden`)
    }
  }
}

// Angle convention check: vanilla yaw 90 (west) with forward held must move
// toward -X only; yaw 0 toward +Z; "left" while facing south is +X.
function selfCheck () {
  const probe = (yaw, keys) => {
    const s = {
      name: 'selfcheck',
      blocks: [{ fill: [-4, 62, -4, 5, 64, 5], state: 'stone' }],
      start: { pos: [0.5, 64, 0.5], yaw, pitch: 0, vel: [0, 0, 0], on_ground: true },
      inputs: [{ keys, yaw, pitch: 0, ticks: 1 }]
    }
    const l = runScenario(s)
    return [l[1].pos[0] - 0.5, l[1].pos[2] - 0.5]
  }
  const eps = 1e-12
  const [wx, wz] = probe(90, ['forward'])
  const [sx, sz] = probe(0, ['forward'])
  const [lx, lz] = probe(0, ['left'])
  if (!(wx < -0.05 && Math.abs(wz) < eps && sz > 0.05 && Math.abs(sx) < eps && lx > 0.05 && Math.abs(lz) < eps)) {
    throw new Error(`angle convention self-check failed: west ${wx},${wz} south ${sx},${sz} left ${lx},${lz}`)
  }
}

function main () {
  checkPinnedVersions()
  selfCheck()
  const args = process.argv.slice(2)
  let scenariosFile = path.join(REPO_ROOT, 'tests', 'sim', 'scenarios.json')
  let outDir = path.join(REPO_ROOT, 'tests', 'sim', 'golden')
  const only = []
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--scenarios') scenariosFile = path.resolve(args[++i])
    else if (args[i] === '--out') outDir = path.resolve(args[++i])
    else only.push(args[i])
  }
  const scenarios = JSON.parse(fs.readFileSync(scenariosFile, 'utf8'))
  const names = new Set()
  for (const s of scenarios) {
    if (names.has(s.name)) throw new Error(`duplicate scenario name ${s.name}`)
    names.add(s.name)
  }
  for (const n of only) if (!names.has(n)) throw new Error(`no scenario named ${n}`)
  fs.mkdirSync(outDir, { recursive: true })
  const header = {
    scenario: null,
    generator: `prismarine-physics ${pkgVersion('prismarine-physics')}`,
    minecraft_data: pkgVersion('minecraft-data'),
    version: VERSION
  }
  for (const s of scenarios) {
    if (only.length && !only.includes(s.name)) continue
    const lines = runScenario(s)
    const out = [JSON.stringify({ ...header, scenario: s.name })]
    for (const l of lines) out.push(JSON.stringify(l))
    fs.writeFileSync(path.join(outDir, `${s.name}.jsonl`), out.join('\n') + '\n')
    const last = lines[lines.length - 1]
    console.log(`${s.name.padEnd(28)} ${String(lines.length - 1).padStart(3)} ticks  end pos ${last.pos.map(v => v.toFixed(4)).join(', ')}`)
  }
}

main()
