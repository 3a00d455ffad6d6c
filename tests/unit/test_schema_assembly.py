"""The checked-in schema is the one assembled from the base and the registered mechanics."""

from __future__ import annotations

import json

from engine.mechanics.registry import mechanics
from engine.rules.resources import schema_path
from engine.rules.schema_check import schema, schema_text
from engine.rules.schema_rows import with_keyed_edits


def test_checked_in_schema_equals_the_assembled_one_run_tools_build_schema_when_stale() -> None:
    assert schema_path().read_text(encoding="utf-8") == schema_text()


def test_flow_enum_lists_every_registered_mechanic_in_order() -> None:
    enum = schema()["properties"]["flow"]["items"]["enum"]
    assert enum == [m.key for m in mechanics()]


def test_each_mechanic_block_is_its_module_fragment() -> None:
    """Each block is its module's fragment, with the edits by name of the lists the mechanic
    declares (``keyed_lists``: the auction's special bids) beside them."""
    properties = schema()["properties"]
    for m in mechanics():
        if m.schema is not None:
            fragment = with_keyed_edits(m.schema, m.keyed_lists)
            assert properties[m.key] == json.loads(json.dumps(fragment))
            assert set(fragment["properties"]) >= set(m.schema["properties"])
