"""The checked-in schema is the one assembled from the base and the registered mechanics."""

from __future__ import annotations

import json

from engine.mechanics.registry import mechanics
from engine.rules.resources import schema_path
from engine.rules.schema_check import schema, schema_text


def test_checked_in_schema_equals_the_assembled_one_run_tools_build_schema_when_stale() -> None:
    assert schema_path().read_text(encoding="utf-8") == schema_text()


def test_flow_enum_lists_every_registered_mechanic_in_order() -> None:
    enum = schema()["properties"]["flow"]["items"]["enum"]
    assert enum == [m.key for m in mechanics()]


def test_each_mechanic_block_is_its_module_fragment() -> None:
    properties = schema()["properties"]
    for m in mechanics():
        if m.schema is not None:
            assert properties[m.key] == json.loads(json.dumps(m.schema))
