import LCQStore

/// `lcq diff`: what changed between two builds, as a table and as Markdown for a pull request.
extension ResultTable {
  /// One row per conflict: what happened to it, and its occurrences per run in each build.
  public init(diff: BuildDiff) {
    self.init(
      columns: [
        "change", "fingerprint", "title", "per_run_a", "per_run_b", "occurrences_a", "occurrences_b",
        "runs_seen_a", "runs_seen_b", "status",
      ],
      rows: diff.conflicts.map { row in
        [
          .text(row.change.rawValue), .text(row.fingerprint), .text(row.title),
          .decimal(DiffText.perRun(row.occurrencesA, runs: diff.runsA)),
          .decimal(DiffText.perRun(row.occurrencesB, runs: diff.runsB)), .integer(row.occurrencesA),
          .integer(row.occurrencesB), .integer(row.runsSeenA), .integer(row.runsSeenB),
          .text(row.status.rawValue),
        ]
      }, json: JSONShape(schema: "lcq-diff/1", key: "conflicts"))
  }
}

/// The words of `lcq diff`.
public enum DiffText {
  /// `{"schema": "lcq-diff/1", "build_a", "build_b", "runs_a", "runs_b", "conflicts": [rows]}`:
  /// the table's rows with the two builds and their run counts (each rate's divisor).
  public static func json(_ diff: BuildDiff) -> String {
    let table = ResultTable(diff: diff)
    let value = JSONValue.object([
      ("schema", .string("lcq-diff/1")), ("build_a", .string(diff.buildA)), ("build_b", .string(diff.buildB)),
      ("runs_a", .int(diff.runsA)), ("runs_b", .int(diff.runsB)),
      ("conflicts", .array(table.rows.map(table.jsonObject))),
    ])
    return value.serialized + "\n"
  }

  /// `occurrences / runs` to two decimals, rounded half up, from integers (no floating point):
  /// `7 / 2` is `3.50`; `0` runs give `0.00`.
  public static func perRun(_ occurrences: Int, runs: Int) -> String {
    guard runs > 0 else { return "0.00" }
    let hundredths = (occurrences * 200 + runs) / (2 * runs)
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// The comparison as Markdown for a pull request: a line of totals, then a section for each
  /// kind of change that has conflicts (unchanged ones are only counted).
  public static func markdown(_ diff: BuildDiff) -> String {
    let a = MarkdownText.escape(diff.buildA)
    let b = MarkdownText.escape(diff.buildB)
    var text = "## Layout conflicts: build \(a) → build \(b)\n\n"
    let counts = Dictionary(grouping: diff.conflicts, by: \.change).mapValues(\.count)
    func count(_ change: DiffedConflict.Change) -> Int { counts[change] ?? 0 }
    text +=
      "\(diff.runsA) run\(diff.runsA == 1 ? "" : "s") of \(a), \(diff.runsB) run\(diff.runsB == 1 ? "" : "s") of \(b): "
      + "**\(count(.new)) new**, \(count(.more)) more often, \(count(.fixed)) fixed, \(count(.fewer)) less often, "
      + "\(count(.same)) unchanged (occurrences per run).\n"
    let sections: [(DiffedConflict.Change, String)] = [
      (.new, "New in \(b)"), (.more, "More often in \(b)"), (.fixed, "Fixed: seen in \(a), not in \(b)"),
      (.fewer, "Less often in \(b)"),
    ]
    for (change, heading) in sections where count(change) > 0 {
      text += "\n### \(heading)\n\n| conflict | per run in \(a) | per run in \(b) |\n| --- | ---: | ---: |\n"
      for conflict in diff.conflicts where conflict.change == change {
        text +=
          "| **\(MarkdownText.escape(conflict.title))** `\(conflict.fingerprint.prefix(11))` | "
          + "\(perRun(conflict.occurrencesA, runs: diff.runsA)) | \(perRun(conflict.occurrencesB, runs: diff.runsB)) |\n"
      }
    }
    return text
  }
}
