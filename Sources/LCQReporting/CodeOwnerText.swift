import LCQAnalysis
import LCQStore

/// A conflict's code owners and source files in words and in JSON, the same in every command.
public enum CodeOwnerText {
  /// `@a, @b`, or what was found instead when CODEOWNERS names nobody or no file was found.
  public static func owners(_ ownership: CodeOwnership) -> String {
    if !ownership.owners.isEmpty { return ownership.owners.map(TerminalText.oneLine).joined(separator: ", ") }
    return ownership.sourceFiles.isEmpty
      ? "unknown (no file under the source root declares its classes)" : "none in CODEOWNERS"
  }

  /// The files, or `none found`.
  public static func files(_ ownership: CodeOwnership) -> String {
    // A file name may hold a line break: one line each, so that it cannot forge a line of
    // `show` (an `Owners:` line of its own).
    ownership.sourceFiles.isEmpty
      ? "none found" : ownership.sourceFiles.map(TerminalText.oneLine).joined(separator: ", ")
  }

  /// `"code_owners"` and `"source_files"` as JSON arrays (null when no run mapped the conflict).
  public static func jsonMembers(_ ownership: CodeOwnership?) -> [(String, JSONValue)] {
    [
      ("code_owners", ownership.map { .array($0.owners.map { .string($0) }) } ?? .null),
      ("source_files", ownership.map { .array($0.sourceFiles.map { .string($0) }) } ?? .null),
    ]
  }

  /// The same two members, written to `json`.
  static func writeJSONMembers(_ ownership: CodeOwnership?, to json: inout JSONWriter) {
    for (key, value) in jsonMembers(ownership) {
      json.member(key)
      json.value(value)
    }
  }

  /// The lines `lcq show` prints: the latest mapping, then each run's when they differ.
  /// `Owners: … · Files: …` for a line of a message (Slack, check), `nil` when no run mapped the
  /// conflict.
  public static func line(_ ownership: CodeOwnership?) -> String? {
    ownership.map { "Owners: \(owners($0)) · Files: \(files($0))" }
  }

  static func showLines(_ runs: [RunCodeOwnership]) -> String {
    guard let latest = runs.first else { return "" }
    var output = "Owners: \(owners(latest.ownership)) (run \(latest.runID)\(build(latest)))\n"
    output += "Source files: \(files(latest.ownership))\n"
    if Set(runs.map(\.ownership)).count > 1 {
      output += "Owners by run (latest first):\n"
      for run in runs {
        output +=
          "  run \(run.runID)\(build(run)), \(UnixTime.iso(run.startedAt)): \(owners(run.ownership))"
          + " · \(files(run.ownership))\n"
      }
    }
    return output
  }

  private static func build(_ run: RunCodeOwnership) -> String {
    run.build.map { ", build \($0)" } ?? ""
  }
}
