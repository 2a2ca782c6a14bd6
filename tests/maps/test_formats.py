"""Map package file formats: Mine Odyssey's real files, every waypoint layout, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import SHARED, shared_path
from odyssey.errors import OdysseyError
from odyssey.maps.manifest import MapFormatError, MapManifest, dump, load_manifest
from odyssey.maps.routes import RoutesFile, parse_routes
from odyssey.maps.waypoints import (
    WaypointsFile,
    id_prefix,
    load_waypoints,
    parse_waypoints,
    waypoint_ids,
)
from odyssey.maps.xaero import parse_line, xaero_line

FORMATS = SHARED / "reference" / "mineodyssey-formats" / "maps"
SAMPLES = ("white-house", "innopolis", "cape-town")


def sample(map_id: str, name: str) -> Path:
    return shared_path(FORMATS / map_id / name)


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


# -- the real Mine Odyssey files ----------------------------------------------------------------


@pytest.mark.parametrize("map_id", SAMPLES)
def test_real_files_load_and_write_back_unchanged(map_id):
    for name, model in (
        ("map.json", MapManifest),
        ("waypoints.json", WaypointsFile),
        ("routes.json", RoutesFile),
    ):
        raw = json.loads(sample(map_id, name).read_text(encoding="utf-8"))
        assert dump(model.model_validate(raw)) == raw, name


def test_real_waypoint_files_in_all_three_layouts():
    white = load_waypoints(sample("white-house", "waypoints.json"))
    assert (white.map_id, white.dimension, len(white.waypoints)) == ("white-house", "overworld", 40)
    assert white.waypoints[0].name == "Greenhouse"
    assert white.waypoints[0].position.as_tuple() == (-15, 94, 128)

    inno = load_waypoints(sample("innopolis", "waypoints.json"))
    assert inno.excluded_waypoints == []
    corrections = inno.local_position_corrections
    assert corrections is not None
    assert corrections.rounding == "nearest_integer_half_away_from_zero"
    assert corrections.suggested_positions["INN-WP-14"].as_tuple() == (
        6287502.3,
        196.5,
        -5355648.1,
    )
    assert inno.waypoints[0].name == "жк «Квартал Ю» 98 - 6"
    assert inno.waypoints[0].position.x == 6287315

    cape = load_waypoints(sample("cape-town", "waypoints.json"))
    assert cape.dimension is None  # cape-town's file has no dimension
    assert len(cape.waypoints) == cape.waypoint_count == 73
    assert cape.excluded_waypoints and cape.excluded_waypoints[0].point_id == "CPT-WP-009"


def test_real_manifest_fields():
    manifest = load_manifest(sample("white-house", "map.json"))
    assert manifest.environment == "indoor"
    assert manifest.world.data_version == 4671
    assert manifest.license is not None and manifest.license.scope
    # fields Odyssey does not model are kept
    assert manifest.world.model_extra["preparation"]["id"].startswith("minecraft-server")


# -- waypoint layouts ---------------------------------------------------------------------------


def test_layouts_all_load_to_the_same_waypoints(tmp_path):
    positions = [(10, 64, -3), (-8520000.5, 70.25, 6020000.5)]
    names = ["Town Hall", "Harbour: East Pier"]
    as_dicts = [
        {"name": n, "position": dict(zip("xyz", p, strict=True))}
        for n, p in zip(names, positions, strict=True)
    ]
    layouts = {
        "bare-list.json": as_dicts,
        "only-waypoints.json": {"waypoints": as_dicts},
        "list-positions.json": [
            {"name": n, "position": list(p)} for n, p in zip(names, positions, strict=True)
        ],
        "top-level-xyz.json": [
            {"name": n, **dict(zip("xyz", p, strict=True))}
            for n, p in zip(names, positions, strict=True)
        ],
    }
    for file_name, data in layouts.items():
        doc = load_waypoints(write(tmp_path / file_name, data), map_id="harbor-city")
        assert [w.name for w in doc.waypoints] == names, file_name
        assert [w.position.as_tuple() for w in doc.waypoints] == positions, file_name
        assert [w.id for w in doc.waypoints] == ["HAR-WP-01", "HAR-WP-02"], file_name
        assert doc.waypoint_count == 2 and doc.map_id == "harbor-city"
        assert all(w.route_ids == [] for w in doc.waypoints)


def test_positions_keep_their_precision(tmp_path):
    path = tmp_path / "waypoints.json"
    path.write_text('[{"name": "Pier", "position": {"x": -8520000.5, "y": 63, "z": 6020000.25}}]')
    waypoint = load_waypoints(path, map_id="harbor").waypoints[0]
    assert waypoint.position.x == -8520000.5 and waypoint.position.z == 6020000.25
    assert isinstance(waypoint.position.y, int)  # an int stays an int when written back
    assert dump(waypoint)["position"] == {"x": -8520000.5, "y": 63, "z": 6020000.25}


def test_a_position_reads_like_a_tuple_or_a_dict(tmp_path):
    doc = load_waypoints(write(tmp_path / "w.json", [{"name": "A", "position": [1, 2.5, -3]}]))
    position = doc.waypoints[0].position
    assert tuple(position) == position.as_tuple() == (1, 2.5, -3)
    assert [position[k] for k in "xyz"] == [position[i] for i in range(3)] == [1, 2.5, -3]
    assert dump(position) == {"x": 1, "y": 2.5, "z": -3}


def test_null_initials_and_generated_ids_skip_taken_ones(tmp_path):
    data = [
        {"name": "A", "position": [0, 64, 0], "initials": None},
        {"id": "ABC-WP-03", "name": "B", "position": [1, 64, 0]},
        {"name": "C", "position": [2, 64, 0]},
        {"name": "D", "position": [3, 64, 0]},
    ]
    doc = load_waypoints(write(tmp_path / "marks.json", data), map_id="abc")
    assert [w.id for w in doc.waypoints] == ["ABC-WP-01", "ABC-WP-03", "ABC-WP-04", "ABC-WP-05"]
    assert doc.waypoints[0].initials is None and doc.waypoints[0].caption == "A"


def test_map_id_defaults_to_the_file_or_folder(tmp_path):
    (tmp_path / "Old Harbour").mkdir()
    data = [{"name": "A", "position": [0, 64, 0]}]
    assert load_waypoints(write(tmp_path / "Old Harbour" / "waypoints.json", data)).map_id == (
        "old-harbour"
    )
    assert load_waypoints(write(tmp_path / "Göta Kanal.json", data)).map_id == "gota-kanal"


def test_journeymap_style_file_not_in_the_repository(tmp_path):
    """A waypoint export as another mod writes it (JourneyMap-like: x/y/z on the waypoint,
    colours as r/g/b, dimension lists) loads; its extra fields are kept."""
    export = {
        "waypoints": [
            {
                "id": "Spawn_0,70,0",
                "name": "Spawn",
                "x": 0,
                "y": 70,
                "z": 0,
                "r": 255,
                "g": 0,
                "b": 0,
                "enable": True,
                "type": "Normal",
                "origin": "journeymap",
                "dimensions": ["minecraft:overworld"],
            },
            {
                "id": "Mine_-120,12,340",
                "name": "Mine entrance",
                "x": -120,
                "y": 12,
                "z": 340,
                "r": 0,
                "g": 128,
                "b": 255,
                "enable": True,
                "type": "Normal",
                "origin": "journeymap",
                "dimensions": ["minecraft:overworld"],
            },
        ]
    }
    doc = load_waypoints(write(tmp_path / "journeymap-export.json", export), map_id="survival")
    assert [w.id for w in doc.waypoints] == ["Spawn_0,70,0", "Mine_-120,12,340"]
    assert doc.waypoints[1].position.as_tuple() == (-120, 12, 340)
    assert doc.waypoints[1].model_extra["origin"] == "journeymap"
    assert "x" not in dump(doc.waypoints[1])  # moved into position


XAERO_FILE = """#
#waypoint:name:initials:x:y:z:color:disabled:type:set:rotate_on_tp:tp_yaw:visibility_type:destination
#
sets:gui.xaero_default
waypoint:Town Hall:TH:100:64:-200:6:false:0:gui.xaero_default:false:0:0:false
waypoint:Lighthouse§§ Top:L:211:40:227:12:true:0:gui.xaero_default:false:0:0:false
waypoint:Old mill:O:-5:70:9:3:false:0:gui.xaero_default:false:0:true
waypoint:Dock - West:D:-1956:40:1329:9:false:0:gui.xaero_default:false:0:0:false
"""


def test_xaero_minimap_file(tmp_path):
    folder = tmp_path / "xaero" / "minimap" / "Multiplayer_127.0.0.1" / "dim%0"
    folder.mkdir(parents=True)
    path = folder / "mw$default_1.txt"
    path.write_text(XAERO_FILE, encoding="utf-8")
    doc = load_waypoints(path, map_id="robben-island")
    assert doc.dimension == "overworld"
    assert [w.name for w in doc.waypoints] == [
        "Town Hall",
        "Lighthouse: Top",
        "Old mill",
        "Dock - West",
    ]
    assert [w.id for w in doc.waypoints] == [f"ROB-WP-0{i}" for i in range(1, 5)]
    assert doc.waypoints[0].position.as_tuple() == (100, 64, -200)
    assert doc.waypoints[0].initials == "TH" and doc.waypoints[0].color == 6
    assert doc.waypoints[1].disabled
    assert doc.waypoints[2].xaero == {
        "disabled": False,
        "type": 0,
        "set": "gui.xaero_default",
        "rotate_on_tp": False,
        "tp_yaw": 0,
        "global": True,
    }  # an older file writes "global" where visibility_type is now

    kept = load_waypoints(path, map_id="robben-island", skip_disabled=True)
    assert [w.name for w in kept.waypoints] == ["Town Hall", "Old mill", "Dock - West"]
    assert kept.waypoint_count == 3
    assert kept.excluded_waypoints and kept.excluded_waypoints[0].name == "Lighthouse: Top"


def test_xaero_line_matches_mine_odyssey_and_reads_back():
    line = xaero_line("Gate: North", None, (3.7, 64.0, -2.2), color=5)
    assert line == ("waypoint:Gate- North:G:3:64:-3:5:false:0:gui.xaero_default:false:0:0:false")
    waypoint = parse_line(line)
    assert waypoint["name"] == "Gate- North"
    assert waypoint["position"] == {"x": 3, "y": 64, "z": -3}


def test_ids_and_prefixes():
    assert id_prefix("white-house") == "WHI"
    assert id_prefix("x") == "X"
    assert waypoint_ids("cape-town", 3) == ["CAP-WP-01", "CAP-WP-02", "CAP-WP-03"]
    assert waypoint_ids("cape-town", 100)[0] == "CAP-WP-001"


# -- bad input ----------------------------------------------------------------------------------


def messages(excinfo: pytest.ExceptionInfo[MapFormatError]) -> str:
    assert isinstance(excinfo.value, OdysseyError)
    return str(excinfo.value)


def test_broken_json_names_file_and_line(tmp_path):
    path = tmp_path / "waypoints.json"
    path.write_text('{\n  "waypoints": [\n    {"name": "A",}\n  ]\n}\n')
    with pytest.raises(MapFormatError) as e:
        load_waypoints(path)
    assert messages(e).startswith("waypoints.json: line 3 column")
    assert "not valid JSON" in messages(e)


def test_bad_position_value_names_file_and_field(tmp_path):
    data = [{"name": f"P{i}", "position": {"x": 0, "y": 64, "z": 0}} for i in range(4)]
    data[3]["position"]["y"] = "abc"
    with pytest.raises(MapFormatError) as e:
        load_waypoints(write(tmp_path / "waypoints.json", data), map_id="m")
    assert messages(e) == (
        "waypoints.json: waypoints[3].position.y: expected a finite number, got 'abc'"
    )


def test_non_finite_position(tmp_path):
    path = tmp_path / "waypoints.json"
    path.write_text('[{"name": "A", "position": {"x": NaN, "y": Infinity, "z": 1}}]')
    with pytest.raises(MapFormatError) as e:
        load_waypoints(path, map_id="m")
    assert e.value.problems == [
        "waypoints.json: waypoints[0].position.x: expected a finite number, got nan",
        "waypoints.json: waypoints[0].position.y: expected a finite number, got inf",
    ]


def test_position_of_wrong_shape(tmp_path):
    with pytest.raises(MapFormatError) as e:
        load_waypoints(write(tmp_path / "w.json", [{"name": "A", "position": [1, 2]}]), "m")
    assert "waypoints[0].position: expected [x, y, z] or {x, y, z}, got a list of 2" in messages(e)


def test_missing_required_fields(tmp_path):
    data = json.loads(sample("white-house", "waypoints.json").read_text(encoding="utf-8"))
    del data["map_id"]
    del data["waypoints"][2]["name"]
    del data["waypoints"][5]["position"]["z"]
    _, problems = parse_waypoints(data, "waypoints.json")
    assert problems == [
        "waypoints.json: map_id: required field is missing",
        "waypoints.json: waypoints[2].name: required field is missing",
        "waypoints.json: waypoints[5].position.z: required field is missing",
    ]


def test_missing_manifest_fields_and_unknown_environment(tmp_path):
    raw = json.loads(sample("cape-town", "map.json").read_text(encoding="utf-8"))
    raw["environment"] = "underwater"
    del raw["display_name"]
    raw["world"]["data_version"] = "new"
    with pytest.raises(MapFormatError) as e:
        load_manifest(write(tmp_path / "map.json", raw))
    assert e.value.problems == [
        "map.json: display_name: required field is missing",
        "map.json: environment: expected 'outdoor', 'indoor' or 'mixed', got 'underwater'",
        "map.json: world.data_version: expected an integer, got 'new'",
    ]


def test_duplicate_ids_and_count_mismatch():
    data = json.loads(sample("white-house", "waypoints.json").read_text(encoding="utf-8"))
    data["waypoints"][7]["id"] = data["waypoints"][1]["id"]
    data["waypoint_count"] = 41
    _, problems = parse_waypoints(data, "waypoints.json")
    assert problems == [
        "waypoints.json: waypoint_count: says 41 but 40 waypoints are listed",
        "waypoints.json: waypoints[7].id: 'WHI-WP-02' is also the id of waypoints[1]",
    ]


def test_empty_name_and_wrong_layout_in_package_format():
    doc, problems = parse_waypoints([], "waypoints.json")
    assert doc is None and "got a list of 0" in problems[0]
    entry = {"id": "M-1", "name": "  ", "position": [0, 0, 0], "route_ids": []}
    data = {"schema_version": 1, "map_id": "m", "waypoint_count": 1, "waypoints": [entry]}
    _, problems = parse_waypoints(data, "waypoints.json")
    assert problems == ["waypoints.json: waypoints[0].name: must not be only spaces, got '  '"]


def test_bad_routes():
    data = json.loads(sample("white-house", "routes.json").read_text(encoding="utf-8"))
    route = data["routes"][0]
    route["points"][1]["role"] = "end"
    route["points"][2]["role"] = "stop"
    del data["routes"][1]["status"]
    _, problems = parse_routes(data, "routes.json")
    assert problems == [
        "routes.json: routes[0].points[2].role: expected 'start', 'via' or 'end', got 'stop'"
    ]
    route["points"][2]["role"] = "via"
    data["routes"][2]["segments"][0]["to"] = "WHI-WP-99"
    data["route_count"] = 3
    _, problems = parse_routes(data, "routes.json")
    assert problems == [
        "routes.json: route_count: says 3 but 9 routes are listed",
        "routes.json: routes[0].points[1].role: expected 'via', got 'end'",
        "routes.json: routes[1]: needs status or validation_status",
        "routes.json: routes[2].segments[0]: from 'WHI-WP-04' to 'WHI-WP-99', "
        "expected 'WHI-WP-04' to 'WHI-WP-06'",
    ]


def test_bad_xaero_lines_name_the_line(tmp_path):
    path = tmp_path / "mw$default_1.txt"
    path.write_text(
        "#comment\nwaypoint:Ok:O:1:2:3:0:false:0:gui.xaero_default:false:0:0:false\n"
        "waypoint:Roof:R:1:~:3:0:false\nwaypoint:Bad:B:x1:2:3:0\nwaypoint:Short:S:1\n"
        "waypoint:Col:C:1:2:3:red:false\n"
    )
    with pytest.raises(MapFormatError) as e:
        load_waypoints(path, map_id="m")
    assert e.value.problems == [
        "mw$default_1.txt: line 3: y: '~' (no height); a waypoint needs the height a player "
        "stands at",
        "mw$default_1.txt: line 4: x: expected a finite number, got 'x1'",
        "mw$default_1.txt: line 5: expected at least name:initials:x:y:z, got 3 fields",
        "mw$default_1.txt: line 6: color: expected an integer, got 'red'",
    ]


def test_text_that_is_no_waypoint_file(tmp_path):
    path = tmp_path / "notes.md"
    path.write_text("# my notes\nnothing here\n")
    with pytest.raises(MapFormatError) as e:
        load_waypoints(path)
    assert "neither JSON nor a Xaero waypoint file" in messages(e)
    with pytest.raises(MapFormatError) as e:
        load_waypoints(tmp_path / "absent.json")
    assert messages(e).startswith("absent.json: no such file")


def test_json_without_a_waypoint_list(tmp_path):
    with pytest.raises(MapFormatError) as e:
        load_waypoints(write(tmp_path / "w.json", {"name": "A", "x": 1, "y": 2, "z": 3}))
    assert str(e.value) == (
        "w.json: expected a list of waypoints or an object with a 'waypoints' list, "
        "got no waypoints"
    )
    with pytest.raises(MapFormatError, match="got an object"):
        load_waypoints(write(tmp_path / "w.json", {"waypoints": {"A": [1, 2, 3]}}))
