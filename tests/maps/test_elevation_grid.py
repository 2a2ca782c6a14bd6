"""Elevation grids from real files: .npz written by numpy, GeoTIFFs written by Pillow (float32,
uint16) or byte by byte (int16, float64, which Pillow cannot write), read back and sampled."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from PIL.TiffImagePlugin import ImageFileDirectory_v2

from odyssey.maps.osm.elevation_grid import ElevationGrid, read_elevation_grid
from odyssey.maps.osm.reader import OsmError

# 3 rows x 4 columns, row 0 north: elevation = 10 * row + column.
VALUES = np.arange(12, dtype=np.float64).reshape(3, 4) + 6 * np.arange(3)[:, None]
BOUNDS = (10.0, 50.0, 10.4, 50.3)  # 0.1 degree pixels
GEOGRAPHIC = (1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326)
POINT = (1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 2, 2048, 0, 1, 4326)
UTM = (1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, 32633)
DOUBLE, SHORT, ASCII = 12, 3, 2


def geo_tags(
    scale=(0.1, 0.1, 0.0),
    tie=(0, 0, 0, 10.0, 50.3, 0),
    keys=GEOGRAPHIC,
    nodata=None,
    transform=None,
) -> dict[int, tuple[int, object]]:
    """GeoTIFF tags as {tag: (TIFF type, value)}."""
    tags: dict[int, tuple[int, object]] = {34735: (SHORT, keys)}
    if transform is not None:
        tags[34264] = (DOUBLE, transform)
    else:
        tags[33550], tags[33922] = (DOUBLE, scale), (DOUBLE, tie)
    if nodata is not None:
        tags[42113] = (ASCII, nodata)
    return tags


def write_pillow_tiff(path: Path, values: np.ndarray, tags: dict) -> Path:
    """A GeoTIFF written by Pillow with the GeoTIFF tags in ``tiffinfo``."""
    ifd = ImageFileDirectory_v2()
    for tag, (kind, value) in tags.items():
        ifd[tag] = value
        ifd.tagtype[tag] = kind
    Image.fromarray(values).save(path, tiffinfo=ifd)
    return path


def write_raw_tiff(path: Path, values: np.ndarray, tags: dict, deflate: bool = False) -> Path:
    """A minimal little-endian, one-strip TIFF built by hand (uncompressed or deflated)."""
    kind = {"f": 3, "i": 2, "u": 1}[values.dtype.kind]  # SampleFormat
    rows, cols = values.shape
    data = np.ascontiguousarray(values, values.dtype.newbyteorder("<")).tobytes()
    data = zlib.compress(data) if deflate else data
    entries = {
        256: (SHORT, (cols,)),
        257: (SHORT, (rows,)),
        258: (SHORT, (values.dtype.itemsize * 8,)),
        259: (SHORT, (8 if deflate else 1,)),
        262: (SHORT, (1,)),
        273: (4, (0,)),
        277: (SHORT, (1,)),
        278: (SHORT, (rows,)),
        279: (4, (len(data),)),
        339: (SHORT, (kind,)),
        **tags,
    }
    fmt = {SHORT: "H", 4: "I", DOUBLE: "d", ASCII: "s"}
    ifd_at = 8
    extra_at = ifd_at + 2 + 12 * len(entries) + 4
    extra, fields = b"", []
    for tag in sorted(entries):
        typ, value = entries[tag]
        if typ == ASCII:
            payload, count = value.encode() + b"\0", len(value) + 1
        else:
            payload, count = struct.pack(f"<{len(value)}{fmt[typ]}", *value), len(value)
        fields.append((tag, typ, count, payload))
        if len(payload) > 4:
            extra += payload + b"\0" * (len(payload) % 2)
    data_at = extra_at + len(extra)
    out, pos = struct.pack("<2sHIH", b"II", 42, ifd_at, len(entries)), extra_at
    for tag, typ, count, payload in fields:
        if tag == 273:
            payload = struct.pack("<I", data_at)
        if len(payload) > 4:
            out += struct.pack("<HHII", tag, typ, count, pos)
            pos += len(payload) + len(payload) % 2
        else:
            out += struct.pack("<HHI", tag, typ, count) + payload.ljust(4, b"\0")
    path.write_bytes(out + struct.pack("<I", 0) + extra + data)
    return path


def test_npz_round_trip_and_bilinear(tmp_path: Path) -> None:
    path = tmp_path / "dem.npz"
    np.savez(path, elevation=VALUES, bounds=np.array(BOUNDS))
    grid = read_elevation_grid(path)
    assert isinstance(grid, ElevationGrid) and grid.source == "dem.npz"
    assert grid.values.dtype == np.float64 and np.array_equal(grid.values, VALUES)
    assert grid.bounds == BOUNDS
    # Pixel (row 1, col 2) has its centre at lon 10.25, lat 50.15.
    assert grid.sample(np.array([10.25]), np.array([50.15]))[0] == pytest.approx(VALUES[1, 2])
    # Half way between the centres of (0, 0), (0, 1), (1, 0), (1, 1).
    mid = grid.sample(np.array([10.1]), np.array([50.2]))[0]
    assert mid == pytest.approx(VALUES[:2, :2].mean())
    # A quarter of the way east from (1, 2) towards (1, 3): 3/4 and 1/4 of each.
    q = grid.sample(np.array([10.275]), np.array([50.15]))[0]
    assert q == pytest.approx(0.75 * VALUES[1, 2] + 0.25 * VALUES[1, 3])
    # In the outer half pixel: the nearest centre's value; outside the box: NaN.
    edge = grid.sample(np.array([10.001, 10.399, 10.5]), np.array([50.299, 50.001, 50.1]))
    assert edge[0] == pytest.approx(VALUES[0, 0]) and edge[1] == pytest.approx(VALUES[2, 3])
    assert np.isnan(edge[2])


def test_npz_nodata_gives_nan_only_where_it_counts(tmp_path: Path) -> None:
    values = VALUES.copy()
    values[0, 0] = -9999
    path = tmp_path / "dem.npz"
    np.savez(path, elevation=values, bounds=np.array(BOUNDS), nodata=np.array(-9999.0))
    grid = read_elevation_grid(path)
    assert np.isnan(grid.values[0, 0]) and np.isfinite(grid.values[0, 1])
    got = grid.sample(np.array([10.1, 10.15, 10.05]), np.array([50.2, 50.25, 50.25]))
    assert np.isnan(got[0])  # (0, 0) contributes
    assert got[1] == pytest.approx(VALUES[0, 1])  # exactly on the centre of (0, 1)
    assert np.isnan(got[2])  # on the no-data pixel itself


@pytest.mark.parametrize("dtype", [np.float32, np.uint16])
def test_pillow_geotiff_matches_npz(tmp_path: Path, dtype) -> None:
    path = write_pillow_tiff(tmp_path / "dem.tif", VALUES.astype(dtype), geo_tags())
    grid = read_elevation_grid(path)
    assert grid.bounds == pytest.approx(BOUNDS)
    assert np.array_equal(grid.values, VALUES)
    assert grid.sample(np.array([10.1]), np.array([50.2]))[0] == pytest.approx(
        VALUES[:2, :2].mean()
    )


@pytest.mark.parametrize(
    ("dtype", "deflate"), [(np.int16, False), (np.float64, False), (np.float64, True)]
)
def test_hand_built_geotiff(tmp_path: Path, dtype, deflate: bool) -> None:
    values = (VALUES - 5).astype(dtype)  # int16: negative elevations too
    if dtype == np.float64:
        values[0, 0] += 1e-9  # float64 keeps its precision (float32 would round this away)
    path = write_raw_tiff(tmp_path / "dem.tiff", values, geo_tags(), deflate)
    grid = read_elevation_grid(path)
    assert grid.bounds == pytest.approx(BOUNDS)
    assert np.array_equal(grid.values, values.astype(np.float64))


def test_pixel_is_point_moves_the_edges_half_a_pixel(tmp_path: Path) -> None:
    # The tie point is now the centre of pixel (0, 0): the area reaches half a pixel beyond.
    area = read_elevation_grid(
        write_pillow_tiff(
            tmp_path / "a.tif", VALUES.astype(np.float32), geo_tags(tie=(0, 0, 0, 10.05, 50.25, 0))
        )
    )
    point = read_elevation_grid(
        write_pillow_tiff(
            tmp_path / "p.tif",
            VALUES.astype(np.float32),
            geo_tags(tie=(0, 0, 0, 10.05, 50.25, 0), keys=POINT),
        )
    )
    assert area.bounds == pytest.approx((10.05, 49.95, 10.45, 50.25))
    assert point.bounds == pytest.approx(BOUNDS)
    # The same spot is the centre of pixel (0, 0) for PixelIsPoint only.
    lon, lat = np.array([10.05]), np.array([50.25])
    assert point.sample(lon, lat)[0] == pytest.approx(VALUES[0, 0])
    assert area.sample(lon, lat)[0] == pytest.approx(VALUES[0, 0])  # outer corner: nearest
    lon, lat = np.array([10.15]), np.array([50.15])
    assert point.sample(lon, lat)[0] == pytest.approx(VALUES[1, 1])
    assert area.sample(lon, lat)[0] == pytest.approx(VALUES[:2, :2].mean())


def test_geotiff_nodata_tag(tmp_path: Path) -> None:
    values = VALUES.astype(np.float32)
    values[2, 3] = -32768
    grid = read_elevation_grid(
        write_pillow_tiff(tmp_path / "n.tif", values, geo_tags(nodata="-32768"))
    )
    assert np.isnan(grid.values[2, 3]) and int(np.isnan(grid.values).sum()) == 1
    assert np.isnan(grid.sample(np.array([10.35]), np.array([50.05]))[0])


def test_tiepoint_not_at_origin_and_axis_aligned_transformation(tmp_path: Path) -> None:
    values = VALUES.astype(np.float32)
    tie = read_elevation_grid(
        write_pillow_tiff(tmp_path / "t.tif", values, geo_tags(tie=(2, 1, 0, 10.2, 50.2, 0)))
    )
    assert tie.bounds == pytest.approx(BOUNDS)
    matrix = (0.1, 0, 0, 10.0, 0, -0.1, 0, 50.3, 0, 0, 0, 0, 0, 0, 0, 1)
    tr = read_elevation_grid(
        write_pillow_tiff(tmp_path / "m.tif", values, geo_tags(transform=matrix))
    )
    assert tr.bounds == pytest.approx(BOUNDS) and np.array_equal(tr.values, VALUES)
    # Rows running south to north (a positive latitude step) come out north first.
    south_up = (0.1, 0, 0, 10.0, 0, 0.1, 0, 50.0, 0, 0, 0, 0, 0, 0, 0, 1)
    flip = read_elevation_grid(
        write_pillow_tiff(tmp_path / "s.tif", values[::-1].copy(), geo_tags(transform=south_up))
    )
    assert flip.bounds == pytest.approx(BOUNDS) and np.array_equal(flip.values, VALUES)


def test_rotated_and_projected_geotiffs_are_refused(tmp_path: Path) -> None:
    values = VALUES.astype(np.float32)
    rotated = (0.1, 0.01, 0, 10.0, 0.01, -0.1, 0, 50.3, 0, 0, 0, 0, 0, 0, 0, 1)
    path = write_pillow_tiff(tmp_path / "r.tif", values, geo_tags(transform=rotated))
    with pytest.raises(OsmError, match=r"r\.tif.*rotates"):
        read_elevation_grid(path)
    path = write_pillow_tiff(
        tmp_path / "utm.tif",
        values,
        geo_tags(scale=(30.0, 30.0, 0), tie=(0, 0, 0, 5e5, 5.5e6, 0), keys=UTM),
    )
    with pytest.raises(OsmError, match=r"utm\.tif.*EPSG:32633.*gdalwarp -t_srs EPSG:4326"):
        read_elevation_grid(path)
    nad83 = (*GEOGRAPHIC[:-1], 4269)
    path = write_pillow_tiff(tmp_path / "nad.tif", values, geo_tags(keys=nad83))
    with pytest.raises(OsmError, match=r"nad\.tif: the grid is geographic EPSG:4269; only"):
        read_elevation_grid(path)
    plain = tmp_path / "plain.tif"
    Image.fromarray(values).save(plain)
    with pytest.raises(OsmError, match=r"plain\.tif: not a GeoTIFF"):
        read_elevation_grid(plain)
    rgb = tmp_path / "rgb.tif"
    Image.new("RGB", (4, 3)).save(rgb)
    with pytest.raises(OsmError, match=r"rgb\.tif.*one band"):
        read_elevation_grid(rgb)


def _npz(path: Path, **arrays) -> Path:
    np.savez(path, **arrays)
    return path


@pytest.mark.parametrize(
    ("arrays", "message"),
    [
        ({"bounds": np.array(BOUNDS)}, "no array 'elevation'"),
        ({"elevation": VALUES}, "no array 'bounds'"),
        ({"elevation": VALUES[0], "bounds": np.array(BOUNDS)}, "2-D array"),
        ({"elevation": VALUES, "bounds": np.array(BOUNDS[:3])}, "4 numbers"),
        ({"elevation": VALUES, "bounds": np.array([10.4, 50, 10, 50.3])}, "min_lon < max_lon"),
        ({"elevation": VALUES, "bounds": np.array([10, 50, 10.4, 95])}, "not longitude/lat"),
        ({"elevation": np.full((2, 2), np.nan), "bounds": np.array(BOUNDS)}, "has no data"),
        ({"elevation": VALUES, "bounds": np.array(BOUNDS), "nodata": np.zeros(2)}, "one number"),
        ({"elevation": np.array([["a", "b"]]), "bounds": np.array(BOUNDS)}, "must be numbers"),
    ],
)
def test_bad_npz_names_file_and_expectation(tmp_path: Path, arrays, message) -> None:
    path = _npz(tmp_path / "bad.npz", **arrays)
    with pytest.raises(OsmError, match=rf"bad\.npz.*{message}"):
        read_elevation_grid(path)


@pytest.mark.filterwarnings("ignore:Corrupt EXIF data")  # Pillow, on the cut-short TIFF
def test_missing_file_wrong_type_and_garbage(tmp_path: Path) -> None:
    with pytest.raises(OsmError, match=r"nowhere\.npz: no such elevation grid"):
        read_elevation_grid(tmp_path / "nowhere.npz")
    (tmp_path / "dem.asc").write_text("ncols 2\n")
    with pytest.raises(OsmError, match=r"dem\.asc: unknown elevation grid type.*\.npz"):
        read_elevation_grid(tmp_path / "dem.asc")
    (tmp_path / "junk.tif").write_bytes(b"not a tiff at all")
    with pytest.raises(OsmError, match=r"junk\.tif: not a TIFF file"):
        read_elevation_grid(tmp_path / "junk.tif")
    good = write_pillow_tiff(tmp_path / "good.tif", VALUES.astype(np.float32), geo_tags())
    (tmp_path / "cut.tif").write_bytes(good.read_bytes()[:60])
    with pytest.raises(OsmError, match=r"cut\.tif: cannot read GeoTIFF"):
        read_elevation_grid(tmp_path / "cut.tif")
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(OsmError, match=r"junk\.npz: cannot read"):
        read_elevation_grid(tmp_path / "junk.npz")
    path = write_pillow_tiff(
        tmp_path / "nd.tif", VALUES.astype(np.float32), geo_tags(nodata="none")
    )
    with pytest.raises(OsmError, match=r"nd\.tif: GDAL_NODATA.*'none'"):
        read_elevation_grid(path)
