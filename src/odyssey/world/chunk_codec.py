"""Decoding chunk NBT (DataVersion >= 2860) into per-section arrays of 1.21.11 state ids.

Two implementations with one result: ``decode_chunk_reference`` parses the whole NBT tree with
``nbt.read_nbt`` and unpacks palettes with numpy; ``ChunkDecoder.decode`` scans the bytes with a
compiled (numba) pass that finds only what it needs (sections, palettes, packed longs), resolves
each distinct palette entry once per process by its raw bytes, and unpacks in compiled code.
The fast path falls back to the reference one for anything it does not expect, so its errors
always come from the reference parser, which names what is wrong.
"""

from __future__ import annotations

import logging
from typing import Any

import numba
import numpy as np

from odyssey.errors import CorruptChunkError, NBTError
from odyssey.world import nbt
from odyssey.world.blocks import AIR, BlockRegistry, ResolveStats
from odyssey.world.chunk import BIOME_SHAPE, DEFAULT_BIOME, STATE_DTYPE, Chunk, uniform_section
from odyssey.world.packing import unpack_palette_indices

log = logging.getLogger(__name__)
MIN_DATA_VERSION = 2860  # 1.18: sections at the root, no "Level" wrapper
SECTION_VOLUME = 4096
BIOME_CELLS = 64

# Keys the scanner looks for, as byte arrays (numba freezes global arrays as constants).
_K_DATA_VERSION = np.frombuffer(b"DataVersion", np.uint8)
_K_XPOS = np.frombuffer(b"xPos", np.uint8)
_K_ZPOS = np.frombuffer(b"zPos", np.uint8)
_K_STATUS = np.frombuffer(b"Status", np.uint8)
_K_SECTIONS = np.frombuffer(b"sections", np.uint8)
_K_BLOCK_ENTITIES = np.frombuffer(b"block_entities", np.uint8)
_K_LEVEL = np.frombuffer(b"Level", np.uint8)
_K_Y = np.frombuffer(b"Y", np.uint8)
_K_BLOCK_STATES = np.frombuffer(b"block_states", np.uint8)
_K_PALETTE = np.frombuffer(b"palette", np.uint8)
_K_DATA = np.frombuffer(b"data", np.uint8)
_K_BIOMES = np.frombuffer(b"biomes", np.uint8)

# Scanner results: info[] slots and error codes.
I_DATA_VERSION, I_XPOS, I_ZPOS, I_STATUS_POS, I_STATUS_LEN = 0, 1, 2, 3, 4
I_BE_POS, I_N_SECTIONS, I_N_SPANS, I_FOUND = 5, 6, 7, 8
F_DATA_VERSION, F_XPOS, F_ZPOS, F_STATUS, F_BE, F_LEVEL = 1, 2, 4, 8, 16, 32
OK, MALFORMED, CAPACITY, BAD_INDEX = 0, 1, 2, 3
MAX_SECTIONS, MAX_SPANS, MAX_DEPTH = 512, 65536, 512
NO_Y = -(1 << 40)  # placeholder section Y until the scanner finds the byte tag
_FIXED_SIZE = np.array([0, 1, 2, 4, 8, 4, 8, -1, -1, -1, -1, -1, -1], dtype=np.int64)


# -- compiled scanner ---------------------------------------------------------------------------


@numba.njit(cache=True, inline="always")
def _u16(buf, pos):
    return (np.int64(buf[pos]) << 8) | np.int64(buf[pos + 1])


@numba.njit(cache=True, inline="always")
def _i32(buf, pos):
    v = (
        (np.int64(buf[pos]) << 24)
        | (np.int64(buf[pos + 1]) << 16)
        | (np.int64(buf[pos + 2]) << 8)
        | np.int64(buf[pos + 3])
    )
    return v - (np.int64(1) << 32) if v >= (np.int64(1) << 31) else v


@numba.njit(cache=True)
def _name_is(buf, pos, length, key):
    if length != key.shape[0]:
        return False
    for i in range(length):  # noqa: SIM110 - a plain loop compiles well in numba
        if buf[pos + i] != key[i]:
            return False
    return True


@numba.njit(cache=True, inline="always")
def _entry(buf, pos):
    """Header of the compound entry at ``pos``: (tag, name start, name length, payload start).

    Tag 0 is the compound's end (payload start is just after it); -1 means the bytes run out.
    """
    n = buf.shape[0]
    if pos >= n:
        return np.int64(-1), np.int64(0), np.int64(0), pos
    tag = np.int64(buf[pos])
    if tag == 0:
        return tag, np.int64(0), np.int64(0), pos + 1
    if pos + 3 > n:
        return np.int64(-1), np.int64(0), np.int64(0), pos
    length = _u16(buf, pos + 1)
    name = pos + 3
    if name + length > n:
        return np.int64(-1), np.int64(0), np.int64(0), pos
    return tag, name, length, name + length


@numba.njit(cache=True, inline="always")
def _compound_list(buf, pos):
    """Header of a list of compounds: (count, first element); count -1 if it is not one."""
    if pos + 5 > buf.shape[0]:
        return np.int64(-1), pos
    elem = np.int64(buf[pos])
    count = _i32(buf, pos + 1)
    if count < 0 or (count > 0 and elem != 10):
        return np.int64(-1), pos
    return count, pos + 5


@numba.njit(cache=True)
def _skip(buf, pos, tag, stack):
    """Position after one payload of type ``tag`` at ``pos``; -1 if it runs past the end.

    ``stack`` is caller-owned scratch space (3, depth) so that no call allocates.
    """
    n = buf.shape[0]
    kinds = stack[0]  # 1 = compound, 2 = list
    remaining = stack[1]
    elems = stack[2]
    depth = kinds.shape[0]
    sp = 0
    while True:
        # consume one payload of type `tag`
        if tag <= 0 or tag > 12:
            return -1
        size = _FIXED_SIZE[tag]
        if size >= 0:
            pos += size
        elif tag == 8:
            if pos + 2 > n:
                return -1
            pos += 2 + _u16(buf, pos)
        elif tag == 7 or tag == 11 or tag == 12:
            if pos + 4 > n:
                return -1
            count = _i32(buf, pos)
            if count < 0:
                return -1
            pos += 4 + count * (1 if tag == 7 else (4 if tag == 11 else 8))
        elif tag == 9:
            if pos + 5 > n:
                return -1
            elem = np.int64(buf[pos])
            count = _i32(buf, pos + 1)
            pos += 5
            if count < 0 or elem < 0 or elem > 12 or (count > 0 and elem == 0):
                return -1
            if elem > 0 and _FIXED_SIZE[elem] >= 0:
                pos += count * _FIXED_SIZE[elem]
            elif count > 0:
                if sp >= depth:
                    return -1
                kinds[sp], remaining[sp], elems[sp] = 2, count, elem
                sp += 1
        else:  # compound
            if sp >= depth:
                return -1
            kinds[sp], remaining[sp], elems[sp] = 1, 0, 0
            sp += 1
        if pos > n:
            return -1
        # find the next payload to consume, popping finished containers
        tag = 0
        while sp > 0 and tag == 0:
            if kinds[sp - 1] == 1:
                if pos >= n:
                    return -1
                child = np.int64(buf[pos])
                pos += 1
                if child == 0:
                    sp -= 1
                    continue
                if pos + 2 > n:
                    return -1
                pos += 2 + _u16(buf, pos)
                tag = child
            elif remaining[sp - 1] == 0:
                sp -= 1
            else:
                remaining[sp - 1] -= 1
                tag = elems[sp - 1]
        if tag == 0:
            return pos if pos <= n else -1


@numba.njit(cache=True)
def _scan_palette(buf, pos, sections, s, spans, info, stack):
    """Record the byte span of each palette compound of a block_states list at ``pos``."""
    count, pos = _compound_list(buf, pos)
    if count < 0:
        return -1
    first = info[I_N_SPANS]
    if first + count > spans.shape[0]:
        return -2
    for j in range(count):
        end = _skip(buf, pos, 10, stack)
        if end < 0:
            return -1
        spans[first + j, 0] = pos
        spans[first + j, 1] = end
        pos = end
    sections[s, 1] = first
    sections[s, 2] = count
    info[I_N_SPANS] = first + count
    return pos


@numba.njit(cache=True)
def _scan_block_states(buf, pos, sections, s, spans, info, stack):
    """Walk a section's block_states compound: palette spans and the packed data position."""
    n = buf.shape[0]
    while True:
        tag, name, length, pos = _entry(buf, pos)
        if tag <= 0:
            return pos if tag == 0 else -1
        if tag == 9 and _name_is(buf, name, length, _K_PALETTE):
            pos = _scan_palette(buf, pos, sections, s, spans, info, stack)
            if pos < 0:
                return pos
        elif tag == 12 and _name_is(buf, name, length, _K_DATA):
            if pos + 4 > n:
                return -1
            count = _i32(buf, pos)
            if count < 0 or pos + 4 + 8 * count > n:
                return -1
            sections[s, 3] = pos + 4
            sections[s, 4] = count
            pos += 4 + 8 * count
        else:
            pos = _skip(buf, pos, tag, stack)
            if pos < 0:
                return -1


@numba.njit(cache=True)
def _scan_section(buf, pos, sections, s, spans, info, stack):
    """Walk one section compound; fills sections[s] = y, span first, span count, data pos/len,
    and the byte span of its biomes compound (-1 if none)."""
    n = buf.shape[0]
    sections[s, 0] = NO_Y
    sections[s, 1] = 0
    sections[s, 2] = 0
    sections[s, 3] = -1
    sections[s, 4] = 0
    sections[s, 5] = -1
    sections[s, 6] = -1
    while True:
        tag, name, length, pos = _entry(buf, pos)
        if tag <= 0:
            return pos if tag == 0 else -1
        if tag == 1 and _name_is(buf, name, length, _K_Y):
            if pos + 1 > n:
                return -1
            y = np.int64(buf[pos])
            sections[s, 0] = y - 256 if y >= 128 else y
            pos += 1
        elif tag == 10 and _name_is(buf, name, length, _K_BLOCK_STATES):
            pos = _scan_block_states(buf, pos, sections, s, spans, info, stack)
            if pos < 0:
                return pos
        elif tag == 10 and _name_is(buf, name, length, _K_BIOMES):
            end = _skip(buf, pos, tag, stack)
            if end < 0:
                return -1
            sections[s, 5] = pos
            sections[s, 6] = end
            pos = end
        else:
            pos = _skip(buf, pos, tag, stack)
            if pos < 0:
                return -1


@numba.njit(cache=True)
def _scan_sections(buf, pos, sections, spans, info, stack):
    count, pos = _compound_list(buf, pos)
    if count < 0:
        return -1
    if count > sections.shape[0]:
        return -2
    for s in range(count):
        pos = _scan_section(buf, pos, sections, s, spans, info, stack)
        if pos < 0:
            return pos
    info[I_N_SECTIONS] = count
    return pos


@numba.njit(cache=True)
def scan_chunk(buf, info, sections, spans, stack):
    """Find the parts of a chunk's NBT the decoder needs; returns OK, MALFORMED or CAPACITY."""
    n = buf.shape[0]
    info[:] = 0
    if n < 3 or buf[0] != 10:
        return MALFORMED
    pos = 3 + _u16(buf, 1)
    while True:
        tag, name, length, pos = _entry(buf, pos)
        if tag <= 0:
            return OK if tag == 0 else MALFORMED
        if tag == 3 and pos + 4 <= n and _name_is(buf, name, length, _K_DATA_VERSION):
            info[I_DATA_VERSION] = _i32(buf, pos)
            info[I_FOUND] |= F_DATA_VERSION
        elif tag == 3 and pos + 4 <= n and _name_is(buf, name, length, _K_XPOS):
            info[I_XPOS] = _i32(buf, pos)
            info[I_FOUND] |= F_XPOS
        elif tag == 3 and pos + 4 <= n and _name_is(buf, name, length, _K_ZPOS):
            info[I_ZPOS] = _i32(buf, pos)
            info[I_FOUND] |= F_ZPOS
        elif tag == 8 and pos + 2 <= n and _name_is(buf, name, length, _K_STATUS):
            info[I_STATUS_POS] = pos + 2
            info[I_STATUS_LEN] = _u16(buf, pos)
            info[I_FOUND] |= F_STATUS
        elif tag == 9 and _name_is(buf, name, length, _K_SECTIONS):
            pos = _scan_sections(buf, pos, sections, spans, info, stack)
            if pos == -2:
                return CAPACITY
            if pos < 0:
                return MALFORMED
            continue
        elif tag == 9 and _name_is(buf, name, length, _K_BLOCK_ENTITIES):
            if pos + 5 <= n and _i32(buf, pos + 1) > 0:
                info[I_BE_POS] = pos
                info[I_FOUND] |= F_BE
        elif tag == 10 and _name_is(buf, name, length, _K_LEVEL):
            info[I_FOUND] |= F_LEVEL
        pos = _skip(buf, pos, tag, stack)
        if pos < 0:
            return MALFORMED


@numba.njit(cache=True)
def unpack_sections(buf, sections, n_sections, palette_ids, out):
    """Unpack the packed longs of every section with a palette of 2+ entries, in order, into
    the rows of ``out`` (sections of one state need no array: the caller shares one)."""
    row = 0
    for s in range(n_sections):
        first, count = sections[s, 1], sections[s, 2]
        if count <= 1:
            continue
        bits = 4
        while (1 << bits) < count:
            bits += 1
        per = 64 // bits
        need = (SECTION_VOLUME + per - 1) // per
        if sections[s, 3] < 0 or sections[s, 4] < need:
            return MALFORMED
        mask = np.uint64((1 << bits) - 1)
        step = np.uint64(bits)
        pos = sections[s, 3]
        index = 0
        for _ in range(need):
            word = np.uint64(0)
            for b in range(8):
                word = (word << np.uint64(8)) | np.uint64(buf[pos + b])
            pos += 8
            take = min(per, SECTION_VOLUME - index)
            for _ in range(take):
                v = np.int64(word & mask)
                word >>= step
                if v >= count:
                    return BAD_INDEX
                out[row, index] = palette_ids[first + v]
                index += 1
        row += 1
    return OK


# -- decoders -----------------------------------------------------------------------------------


class ChunkDecoder:
    """Decodes chunk NBT to state ids for one registry, caching palette resolutions."""

    def __init__(self, registry: BlockRegistry, stats: ResolveStats | None = None) -> None:
        self.registry = registry
        self.stats = stats if stats is not None else ResolveStats()
        # raw palette-entry bytes -> state id, or -(state id + 1) for a counted fallback
        self._palette_cache: dict[bytes, int] = {}
        self._fallback_names: dict[bytes, tuple[str, dict[str, str]]] = {}
        self._info = np.zeros(16, np.int64)
        self._sections = np.zeros((MAX_SECTIONS, 7), np.int64)
        # raw biome-container bytes -> decoded cells (None for plains), shared read-only
        self._biome_cache: dict[bytes, np.ndarray | None] = {}
        self._spans = np.zeros((MAX_SPANS, 2), np.int64)
        self._stack = np.zeros((3, MAX_DEPTH), np.int64)

    def decode(self, raw: bytes, where: str = "chunk") -> Chunk:
        """Decode uncompressed chunk NBT; damage raises CorruptChunkError naming ``where``."""
        try:
            chunk = self._decode_fast(raw, where)
        except NBTError:
            chunk = None  # the reference parser says precisely what is wrong
        if chunk is None:
            chunk = decode_chunk_reference(raw, self.registry, self.stats, where)
        return chunk

    def _decode_fast(self, raw: bytes, where: str) -> Chunk | None:
        """The compiled path; None where the reference parser must take over."""
        buf = np.frombuffer(raw, dtype=np.uint8)
        code = scan_chunk(buf, self._info, self._sections, self._spans, self._stack)
        info = self._info
        if code != OK or (info[I_FOUND] & F_LEVEL):
            return None
        if not info[I_FOUND] & F_DATA_VERSION or not info[I_FOUND] & F_XPOS:
            return None
        status = ""
        if info[I_FOUND] & F_STATUS:
            start = int(info[I_STATUS_POS])
            status = nbt.decode_mutf8(raw[start : start + int(info[I_STATUS_LEN])])
        chunk = Chunk(int(info[I_XPOS]), int(info[I_ZPOS]), int(info[I_DATA_VERSION]), status)
        _check_version(chunk.data_version, where)
        n_sections, n_spans = int(info[I_N_SECTIONS]), int(info[I_N_SPANS])
        palette_ids = self._palette_ids(raw, n_spans)
        meta = self._sections[:n_sections]
        if (meta[:, 0] == NO_Y).any():
            return None  # a section without a byte Y: the reference parser decides
        packed = int((meta[:, 2] > 1).sum())
        out = np.empty((packed, 16, 16, 16), dtype=STATE_DTYPE)
        rows = out.reshape(packed, SECTION_VOLUME)
        if unpack_sections(buf, self._sections, n_sections, palette_ids, rows) != OK:
            return None
        row = 0
        for sy, first, count in meta[:, :3].tolist():
            if count > 1:
                chunk.sections[sy] = out[row]
                row += 1
            elif count == 1 and palette_ids[first] != AIR:
                chunk.sections[sy] = uniform_section(int(palette_ids[first]))
        for sy, start, end in meta[:, [0, 5, 6]].tolist():
            if start >= 0:
                cells = self._biomes(raw, start, end)
                if cells is not None:
                    chunk.biomes[sy] = cells
        if info[I_FOUND] & F_BE:
            items = nbt.read_payload(raw, int(info[I_BE_POS]), nbt.LIST)
            chunk.block_entities = _block_entities(items)
        return chunk

    def _biomes(self, raw: bytes, start: int, end: int) -> np.ndarray | None:
        key = raw[start:end]
        if key in self._biome_cache:
            return self._biome_cache[key]
        try:
            cells = decode_biomes(nbt.read_payload(raw, start, nbt.COMPOUND))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise NBTError(f"damaged biomes ({e})") from e  # the reference parser reports it
        if len(self._biome_cache) > 4096:
            self._biome_cache.clear()  # bounded: distinct containers are few in practice
        self._biome_cache[key] = cells
        return cells

    def _palette_ids(self, raw: bytes, n_spans: int) -> np.ndarray:
        ids = np.empty(n_spans, dtype=np.int64)
        cache = self._palette_cache
        for j, (start, end) in enumerate(self._spans[:n_spans].tolist()):
            key = raw[start:end]
            state = cache.get(key)
            if state is None:
                state = self._resolve_entry(raw, start, key)
            if state < 0:
                name, props = self._fallback_names[key]
                self.registry.resolve(name, props, self.stats)  # counts this occurrence
                state = -state - 1
            ids[j] = state
        return ids

    def _resolve_entry(self, raw: bytes, start: int, key: bytes) -> int:
        entry = nbt.read_payload(raw, start, nbt.COMPOUND)
        name, props = _palette_entry(entry)
        probe = ResolveStats()
        state = self.registry.resolve(name, props, probe)
        if probe.fallback_count or probe.renamed_blocks:
            self._fallback_names[key] = (name, props)
            state = -state - 1
        if probe.fallback_count:  # once per distinct palette entry, then only counted
            detail = ", ".join([*probe.unknown_blocks, *probe.unknown_properties])
            log.warning("not a 1.21.11 block state, falling back: %s", detail)
        self._palette_cache[key] = state
        return state


def _palette_entry(entry: Any) -> tuple[str, dict[str, str]]:
    if not isinstance(entry, dict) or not isinstance(entry.get("Name"), str):
        raise NBTError("palette entry without a Name string")
    props = entry.get("Properties") or {}
    if not isinstance(props, dict):
        raise NBTError(f"palette entry {entry['Name']}: Properties is not a compound")
    return entry["Name"], {str(k): str(v) for k, v in props.items()}


def _block_entities(items: Any) -> dict[tuple[int, int, int], dict[str, Any]]:
    """Block entities keyed by their absolute position (entries without one are dropped)."""
    out: dict[tuple[int, int, int], dict[str, Any]] = {}
    for item in items:
        try:
            out[(int(item["x"]), int(item["y"]), int(item["z"]))] = dict(item)
        except (KeyError, TypeError, ValueError):
            continue  # a block entity without a position cannot be placed
    return out


def _check_version(data_version: int, where: str) -> None:
    if data_version < MIN_DATA_VERSION:
        raise CorruptChunkError(
            f"{where}: DataVersion {data_version} is older than 1.18 (2860); "
            "only 1.18+ chunks are supported (upgrade the world in Minecraft first)"
        )


def decode_chunk_reference(
    raw: bytes, registry: BlockRegistry, stats: ResolveStats | None = None, where: str = "chunk"
) -> Chunk:
    """Decode chunk NBT with the full tree parser (the reference for the fast path)."""
    try:
        _, root = nbt.read_nbt(raw)
        if not isinstance(root, dict):
            raise NBTError("chunk root is not a compound")
        if "Level" in root and "sections" not in root:
            _check_version(min(int(root.get("DataVersion", 0)), MIN_DATA_VERSION - 1), where)
        chunk = Chunk(
            int(root["xPos"]),
            int(root["zPos"]),
            int(root.get("DataVersion", 0)),
            str(root.get("Status", "")),
        )
        _check_version(chunk.data_version, where)
        for section in root.get("sections", []):
            blocks = _decode_section(section, registry, stats)
            if blocks is not None:
                chunk.sections[int(section["Y"])] = blocks
            cells = decode_biomes(section.get("biomes"))
            if cells is not None:
                chunk.biomes[int(section["Y"])] = cells
        chunk.block_entities = _block_entities(root.get("block_entities", []))
    except (NBTError, KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise CorruptChunkError(f"{where}: damaged chunk data ({type(e).__name__}: {e})") from e
    return chunk


def _decode_section(
    section: dict, registry: BlockRegistry, stats: ResolveStats | None
) -> np.ndarray | None:
    states = section.get("block_states")
    if not states or not states.get("palette"):
        return None
    palette = np.array(
        [registry.resolve(*_palette_entry(e), stats) for e in states["palette"]], dtype=STATE_DTYPE
    )
    if len(palette) == 1:
        return None if palette[0] == AIR else uniform_section(int(palette[0]))
    bits = max(4, (len(palette) - 1).bit_length())
    indices = unpack_palette_indices(states["data"], bits, SECTION_VOLUME)
    if indices.max() >= len(palette):
        raise ValueError(f"section Y={section.get('Y')}: palette index out of range")
    return palette[indices].reshape(16, 16, 16)


def decode_biomes(container: Any) -> np.ndarray | None:
    """A section's biome container as (4, 4, 4) [y][z][x] names; None when it is all plains
    (the default) or absent. The array is read-only: decoders share it between chunks."""
    if not container or not container.get("palette"):
        return None
    palette = np.array([str(name) for name in container["palette"]], dtype=object)
    if len(palette) == 1:
        if palette[0] == DEFAULT_BIOME:
            return None
        cells = np.broadcast_to(palette[0:1].reshape(1, 1, 1), BIOME_SHAPE)
    else:
        bits = (len(palette) - 1).bit_length()
        indices = unpack_palette_indices(container["data"], bits, BIOME_CELLS)
        if indices.max() >= len(palette):
            raise ValueError("biome palette index out of range")
        cells = palette[indices].reshape(BIOME_SHAPE)
        cells.flags.writeable = False
    return cells
