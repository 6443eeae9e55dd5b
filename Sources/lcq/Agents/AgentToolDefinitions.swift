import LCQStore
import MCP

extension AgentTools {
  /// The argument `since` of the tools that read a window.
  private static let sinceArgument: Value = .object([
    "type": "string",
    "description":
      "Only occurrences since: a UTC date, an ISO 8601 time or a duration back from now (7d, 24h).",
  ])

  /// The argument `fingerprint` of the tools about one conflict.
  private static let fingerprintArgument: Value = .object([
    "type": "string",
    "description": "The fingerprint (v3:…), or enough of its first digits to name one conflict.",
  ])

  /// The argument `min_damage` (`--min-damage`, docs/diagnosis.md, "The damage").
  private static let minDamageArgument: Value = .object([
    "type": "number", "minimum": 0,
    "description":
      "Only conflicts whose damage misses by at least this many points or collapses a view (1: what shows on a Retina screen).",
  ])

  /// The tools, with their arguments as JSON Schema.
  static let definitions: [Tool] = [
    Tool(
      name: "analyze_log",
      description: """
        Find every Auto Layout conflict ("Unable to simultaneously satisfy constraints") in log \
        text and replay each through lcq's exact solver: per message the verdict, the minimal \
        conflicting set in plain English with who owns each constraint (the app, or UIKit/AppKit), \
        and the fix that re-solving proved. The same JSON objects as `lcq analyze --format json`, \
        one per message, under "blocks". At most 4 MiB of text per call.
        """,
      inputSchema: .object([
        "type": "object",
        "properties": .object([
          "log": .object([
            "type": "string", "description": "The log text (Xcode console, log stream, simulator…).",
          ]),
          "file_name": .object([
            "type": "string", "description": "The name the answer gives the text's source (default: log).",
          ]),
          "source_root": .object([
            "type": "string",
            "description":
              "The app's source folder: each conflict then names its files and their CODEOWNERS owners (code_owners, source_files).",
          ]),
        ]),
        "required": .array(["log"]),
        "additionalProperties": false,
      ]),
      annotations: .init(readOnlyHint: true, openWorldHint: false)),
    Tool(
      name: "top_conflicts",
      description: """
        The conflicts stored by `lcq ingest` that happen most, with counts, status and (when a run \
        indexed the source) their files and code owners. As `lcq top --format json`.
        """,
      inputSchema: .object([
        "type": "object",
        "properties": .object([
          "limit": .object([
            "type": "integer", "minimum": 1, "maximum": 100, "description": "How many (default 10).",
          ]),
          "since": sinceArgument,
          "owner": .object([
            "type": "string", "enum": .array(["app", "system", "library", "all"]),
            "description": "Default: app.",
          ]),
          "team": .object([
            "type": "string", "description": "Only conflicts whose code owners include this one (@org/team).",
          ]),
          "app": .object(["type": "string", "description": "Only runs of this app."]),
          "by": .object([
            "type": "string", "enum": .array(TopOrder.allCases.map { .string($0.rawValue) }),
            "description":
              "Rank by occurrences (default), runs, devices, tests or damage (the miss in points).",
          ]),
          "min_damage": minDamageArgument,
        ]),
        "additionalProperties": false,
      ]),
      annotations: .init(readOnlyHint: true, openWorldHint: false)),
    Tool(
      name: "show_conflict",
      description: """
        Everything lcq stored about one conflict: its minimal set, explanation, best proven fix, \
        counts per build, device and OS, code owners, and its latest logged message. As \
        `lcq show --format json`.
        """,
      inputSchema: .object([
        "type": "object",
        "properties": .object([
          "fingerprint": fingerprintArgument
        ]),
        "required": .array(["fingerprint"]),
        "additionalProperties": false,
      ]),
      annotations: .init(readOnlyHint: true, openWorldHint: false)),
    Tool(
      name: "conflict_tests",
      description: """
        The tests that logged one conflict, most occurrences first, and the test it was first seen \
        in: where to reproduce it. As `lcq show --format json`'s `tests`, `first_seen_in_test` and \
        `test_count` (docs/tests.md); empty when no log held the test runner's markers.
        """,
      inputSchema: .object([
        "type": "object",
        "properties": .object([
          "fingerprint": fingerprintArgument,
          "since": sinceArgument,
        ]),
        "required": .array(["fingerprint"]),
        "additionalProperties": false,
      ]),
      annotations: .init(readOnlyHint: true, openWorldHint: false)),
    Tool(
      name: "check_build",
      description: """
        Whether a build (or an ingest run) brought new layout conflicts or regressions: the CI \
        gate's answer, with each conflict's explanation, fix and owners. As \
        `lcq check --format json`; "passed" is false when a new or regressed conflict was seen.
        """,
      inputSchema: .object([
        "type": "object",
        "properties": .object([
          "build": .object(["type": "string", "description": "The build (default: the newest run's)."]),
          "run_id": .object([
            "type": "string", "description": "An ingest run's --run-id, instead of a build.",
          ]),
          "owner": .object([
            "type": "string", "enum": .array(["app", "system", "library", "all"]),
            "description": "Default: app.",
          ]),
          "team": .object([
            "type": "string", "description": "Only conflicts whose code owners include this one.",
          ]),
          "min_damage": .object([
            "type": "number", "minimum": 0,
            "description":
              "Let a new or regressed conflict pass when its damage misses by less than this many points and collapses no view.",
          ]),
        ]),
        "additionalProperties": false,
      ]),
      annotations: .init(readOnlyHint: true, openWorldHint: false)),
  ]
}
