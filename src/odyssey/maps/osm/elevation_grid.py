"""Reading a ground elevation grid (a DEM) in geographic coordinates: ``.npz`` or GeoTIFF.

Both give an ``ElevationGrid``: metres per pixel, NaN where there is no data, row 0 north, and
the lon/lat box of the pixel *area* (outer edges). GeoTIFFs are read with Pillow alone: the
georeferencing comes from the GeoTIFF tags (pixel scale and tie point, or an axis-aligned
transformation), no-data from GDAL's tag, and the GeoKey directory must say the grid is in
geographic degrees (EPSG:4326); projected grids are refused with the command that converts
them. Pillow does not decode 64-bit floats: those are read here from plain or deflated strips.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from odyssey.maps.osm.reader import OsmError

LonLatBox = tuple[float, float, float, float]
NPZ_SUFFIXES = (".npz",)
TIFF_SUFFIXES = (".tif", ".tiff")
# GeoTIFF tags and GeoKeys (GeoTIFF 1.1, OGC 19-008r4).
PIXEL_SCALE, TIEPOINT, TRANSFORMATION, GEOKEYS, GDAL_NODATA = 33550, 33922, 34264, 34735, 42113
MODEL_TYPE, RASTER_TYPE, GEOGRAPHIC_TYPE, ANGULAR_UNITS = 1024, 1025, 2048, 2054
PROJECTED_TYPE = 3072
BITS_PER_SAMPLE, SAMPLE_FORMAT, TILE_WIDTH = 258, 339, 322
MODEL_GEOGRAPHIC, PIXEL_IS_POINT, WGS84, DEGREE = 2, 2, 4326, 9102
# Pillow modes of single-band rasters we read: float32, float64 (as float32), int16, uint16.
TIFF_MODES = ("F", "I;16S", "I;16", "I;16B", "I;16BS", "I")
TO_4326 = "gdalwarp -t_srs EPSG:4326 in.tif out.tif"


@dataclass(frozen=True)
class ElevationGrid:
    """Ground elevation in metres on a lon/lat grid (row 0 north; NaN: no data)."""

    values: np.ndarray  # float64 [rows, cols]
    bounds: LonLatBox  # min lon, min lat, max lon, max lat of the pixel area (outer edges)
    source: str

    @property
    def pixel_size(self) -> tuple[float, float]:
        """Degrees per pixel (lon, lat)."""
        rows, cols = self.values.shape
        b = self.bounds
        return (b[2] - b[0]) / cols, (b[3] - b[1]) / rows

    def sample(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        """Bilinear elevation between pixel centres (nearest centre in the outer half pixel);
        NaN outside the bounds or where a pixel that contributes has no data."""
        lon, lat = np.broadcast_arrays(np.asarray(lon, np.float64), np.asarray(lat, np.float64))
        rows, cols = self.values.shape
        dlon, dlat = self.pixel_size
        b = self.bounds
        inside = (lon >= b[0]) & (lon <= b[2]) & (lat >= b[1]) & (lat <= b[3])
        fc = np.clip((lon - b[0]) / dlon - 0.5, 0, cols - 1)
        fr = np.clip((b[3] - lat) / dlat - 0.5, 0, rows - 1)
        fc, fr = np.where(inside, fc, 0.0), np.where(inside, fr, 0.0)
        c0 = np.minimum(np.floor(fc).astype(np.int64), cols - 1)
        r0 = np.minimum(np.floor(fr).astype(np.int64), rows - 1)
        c1, r1 = np.minimum(c0 + 1, cols - 1), np.minimum(r0 + 1, rows - 1)
        tc, tr = fc - c0, fr - r0
        total = np.zeros(lon.shape)
        missing = ~inside
        for r, c, w in (
            (r0, c0, (1 - tr) * (1 - tc)),
            (r0, c1, (1 - tr) * tc),
            (r1, c0, tr * (1 - tc)),
            (r1, c1, tr * tc),
        ):
            v = self.values[r, c]
            used = w > 0
            missing |= used & np.isnan(v)
            total += np.where(used & ~np.isnan(v), v * w, 0.0)
        return np.where(missing, np.nan, total)


def read_elevation_grid(path: Path | str) -> ElevationGrid:
    """The elevation grid in ``path`` (``.npz`` or an EPSG:4326 GeoTIFF ``.tif``/``.tiff``)."""
    path = Path(path)
    name = path.name.lower()
    if not name.endswith(NPZ_SUFFIXES + TIFF_SUFFIXES):
        raise OsmError(
            f"{path}: unknown elevation grid type (expected .npz, or a GeoTIFF"
            " .tif/.tiff in EPSG:4326)"
        )
    if not path.is_file():
        raise OsmError(f"{path}: no such elevation grid file")
    if name.endswith(NPZ_SUFFIXES):
        values, bounds, nodata = _read_npz(path)
    else:
        values, bounds, nodata = _read_geotiff(path)
    return make_grid(values, bounds, nodata, path)


def make_grid(values: np.ndarray, bounds, nodata: float | None, path: Path) -> ElevationGrid:
    """A checked grid: 2-D numbers, a box of four finite numbers with min < max, some data."""
    values = np.asarray(values)
    if values.ndim != 2 or 0 in values.shape:
        raise OsmError(
            f"{path}: elevation must be a 2-D array of rows x columns, got shape {values.shape}"
        )
    if not (np.issubdtype(values.dtype, np.integer) or np.issubdtype(values.dtype, np.floating)):
        raise OsmError(f"{path}: elevation must be numbers (metres), got dtype {values.dtype}")
    values = values.astype(np.float64)
    if nodata is not None and not np.isnan(nodata):
        values[values == nodata] = np.nan
    values[~np.isfinite(values)] = np.nan
    if np.isnan(values).all():
        raise OsmError(f"{path}: the elevation grid has no data (every value is no-data/NaN)")
    return ElevationGrid(values, _check_bounds(bounds, path), path.name)


def _check_bounds(bounds, path: Path) -> LonLatBox:
    b = np.asarray(bounds, dtype=object).ravel()
    try:
        box = tuple(float(v) for v in b)
    except (TypeError, ValueError):
        box = ()
    if len(box) != 4 or not all(np.isfinite(box)):
        raise OsmError(
            f"{path}: bounds must be 4 numbers (min_lon, min_lat, max_lon, max_lat), got {bounds!r}"
        )
    if box[0] >= box[2] or box[1] >= box[3]:
        raise OsmError(f"{path}: bounds {box} need min_lon < max_lon and min_lat < max_lat")
    if box[1] < -90 or box[3] > 90 or box[0] < -180 or box[2] > 360:
        raise OsmError(f"{path}: bounds {box} are not longitude/latitude degrees (EPSG:4326)")
    return box  # type: ignore[return-value]


def _read_npz(path: Path) -> tuple[np.ndarray, object, float | None]:
    try:
        with np.load(path, allow_pickle=False) as npz:
            arrays = {k: npz[k] for k in npz.files}
    except (OSError, ValueError, EOFError) as e:
        raise OsmError(f"{path}: cannot read .npz elevation grid ({e})") from e
    for key in ("elevation", "bounds"):
        if key not in arrays:
            raise OsmError(
                f"{path}: no array '{key}' (expected 'elevation' [rows, cols] in"
                " metres and 'bounds' [min_lon, min_lat, max_lon, max_lat])"
            )
    nodata = arrays.get("nodata")
    if nodata is not None and nodata.size != 1:
        raise OsmError(f"{path}: 'nodata' must be one number, got shape {nodata.shape}")
    return arrays["elevation"], arrays["bounds"], None if nodata is None else float(nodata)


def _read_geotiff(path: Path) -> tuple[np.ndarray, LonLatBox, float | None]:
    from PIL import UnidentifiedImageError

    try:
        with path.open("rb") as f:
            tags, endian = _tiff_tags(f, path)
            float64 = tags.get(BITS_PER_SAMPLE) == (64,) and tags.get(SAMPLE_FORMAT) == (3,)
            values = _float64_pixels(f, tags, endian, path) if float64 else _pillow_pixels(path)
    except (OSError, UnidentifiedImageError, ValueError, zlib.error) as e:
        raise OsmError(f"{path}: cannot read GeoTIFF ({e})") from e
    keys = _geokeys(tags, path)
    _check_geographic(keys, path)
    bounds, flip = _tiff_bounds(tags, keys.get(RASTER_TYPE, 1), values.shape, path)
    return (values[::-1] if flip else values), bounds, _nodata(tags, path)


def _tiff_tags(f, path: Path) -> tuple[dict, str]:
    """The first image's tags (parsed by Pillow, also where it cannot decode the pixels)."""
    from PIL.TiffImagePlugin import ImageFileDirectory_v2

    head = f.read(16)
    if head[:4] not in (b"II*\0", b"MM\0*", b"II+\0", b"MM\0+"):
        raise OsmError(f"{path}: not a TIFF file (expected a GeoTIFF in EPSG:4326)")
    ifd = ImageFileDirectory_v2(head if head[2:4] in (b"+\0", b"\0+") else head[:8])
    f.seek(ifd.next)
    ifd.load(f)
    return dict(ifd), "<" if head[:2] == b"II" else ">"


def _pillow_pixels(path: Path) -> np.ndarray:
    from PIL import Image

    with Image.open(path) as img:
        bands = len(img.getbands())
        if img.mode not in TIFF_MODES or bands != 1:
            raise OsmError(
                f"{path}: expected one band of float32/float64/int16/uint16 elevations,"
                f" got Pillow mode {img.mode} with {bands} band(s)"
            )
        return np.array(img)


def _float64_pixels(f, tags: dict, endian: str, path: Path) -> np.ndarray:
    """64-bit floats, which Pillow does not decode: strips, uncompressed or deflated."""
    rows, cols = int(tags[257]), int(tags[256])
    compression, predictor = tags.get(259, 1), tags.get(317, 1)
    if TILE_WIDTH in tags or compression not in (1, 8, 32946) or predictor != 1:
        raise OsmError(
            f"{path}: a float64 GeoTIFF is read only as uncompressed or deflated strips without"
            " predictor; convert it with `gdal_translate -ot Float32 in.tif out.tif`"
        )
    raw = b""
    for offset, count in zip(np.atleast_1d(tags[273]), np.atleast_1d(tags[279]), strict=True):
        f.seek(int(offset))
        strip = f.read(int(count))
        raw += strip if compression == 1 else zlib.decompress(strip)
    return np.frombuffer(raw, f"{endian}f8", count=rows * cols).reshape(rows, cols)


def _geokeys(tags: dict, path: Path) -> dict[int, int]:
    """The GeoKey directory's short values by key id (a GeoTIFF must have one)."""
    raw = tags.get(GEOKEYS)
    if not raw or len(raw) < 4:
        raise OsmError(
            f"{path}: not a GeoTIFF (no GeoKeyDirectory tag {GEOKEYS}); expected a"
            f" grid in EPSG:4326, e.g. from `{TO_4326}`"
        )
    keys = {}
    for i in range(int(raw[3])):
        key, location, _count, value = raw[4 + 4 * i : 8 + 4 * i]
        if location == 0:  # the value is in the directory itself (the rest are not needed)
            keys[int(key)] = int(value)
    return keys


def _check_geographic(keys: dict[int, int], path: Path) -> None:
    # A directory without a model type but with a geographic CRS key is taken as geographic.
    model = keys.get(MODEL_TYPE, MODEL_GEOGRAPHIC if GEOGRAPHIC_TYPE in keys else None)
    crs = keys.get(GEOGRAPHIC_TYPE, WGS84)
    if model != MODEL_GEOGRAPHIC or PROJECTED_TYPE in keys or crs != WGS84:
        raise OsmError(
            f"{path}: the grid is {_crs_name(model, crs, keys.get(PROJECTED_TYPE))}; only"
            f" EPSG:4326 (longitude/latitude WGS 84) grids are read. Convert it with `{TO_4326}`"
        )
    if keys.get(ANGULAR_UNITS, DEGREE) != DEGREE:
        raise OsmError(
            f"{path}: angular unit {keys[ANGULAR_UNITS]} is not degrees (9102);"
            f" convert it with `{TO_4326}`"
        )


def _crs_name(model: int | None, crs: int, projected: int | None) -> str:
    if projected is not None:
        return f"projected (EPSG:{projected})"
    if model != MODEL_GEOGRAPHIC:
        return f"not geographic (GTModelTypeGeoKey {model})"
    return f"geographic EPSG:{crs}"


def _tiff_bounds(
    tags: dict, raster_type: int, shape: tuple[int, ...], path: Path
) -> tuple[LonLatBox, bool]:
    """The pixel area's box, and whether rows run south to north (then they are flipped)."""
    rows, cols = shape
    if TRANSFORMATION in tags:
        m = [float(v) for v in tags[TRANSFORMATION]]
        if len(m) != 16 or m[1] != 0 or m[4] != 0:
            raise OsmError(
                f"{path}: the ModelTransformation tag rotates or shears the grid;"
                f" only north-up grids are read (resample with `{TO_4326}`)"
            )
        sx, sy, i, j, x, y = m[0], -m[5], 0.0, 0.0, m[3], m[7]
    elif PIXEL_SCALE in tags and TIEPOINT in tags:
        scale, tie = [float(v) for v in tags[PIXEL_SCALE]], [float(v) for v in tags[TIEPOINT]]
        if len(scale) < 2 or len(tie) < 6:
            raise OsmError(f"{path}: ModelPixelScale needs 3 numbers and ModelTiepoint 6")
        sx, sy, (i, j, _, x, y, _) = scale[0], scale[1], tie[:6]
    else:
        raise OsmError(
            f"{path}: no georeferencing (expected ModelPixelScale {PIXEL_SCALE} and"
            f" ModelTiepoint {TIEPOINT}, or ModelTransformation {TRANSFORMATION})"
        )
    if sx <= 0 or sy == 0:
        raise OsmError(f"{path}: pixel size ({sx}, {sy}) must be positive and non-zero")
    if raster_type == PIXEL_IS_POINT:  # raster (0, 0) is the first pixel's centre
        i, j = i + 0.5, j + 0.5
    west, north = x - i * sx, y + j * sy  # the raster's (0, 0) corner
    east, south = west + cols * sx, north - rows * sy
    return (west, min(south, north), east, max(south, north)), sy < 0


def _nodata(tags: dict, path: Path) -> float | None:
    raw = tags.get(GDAL_NODATA)
    if raw is None:
        return None
    text = (raw.decode("ascii", "replace") if isinstance(raw, bytes) else str(raw)).strip("\0 ")
    try:
        return float(text)
    except ValueError as e:
        raise OsmError(f"{path}: GDAL_NODATA tag {GDAL_NODATA} is {text!r}, not a number") from e


__all__ = ["ElevationGrid", "read_elevation_grid"]
