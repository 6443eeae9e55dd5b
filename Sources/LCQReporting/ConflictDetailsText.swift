import LCQAnalysis
import LCQStore

/// `lcq show` for a person (text or Markdown) and for programs (JSON).
public enum ConflictDetailsText {
  /// The details in `format`; CSV gives the per-build, per-device and per-OS counts. With
  /// `analysis` (of the details' latest block), the text and Markdown forms number the minimal
  /// set, the explanation, the fix and the sizes from it, as `lcq analyze` does; JSON keeps the
  /// stored values.
  public static func render(
    _ details: ConflictDetails, analysis: BlockAnalysis? = nil, as format: ResultTable.Format
  ) -> String {
    switch format {
    case .json: json(details).serialized + "\n"
    // Every line holds log text: cleaned as a whole (``TerminalText``), line feeds kept.
    case .markdown: TerminalText.clean(markdown(details, analysis), keepingLineBreaks: true)
    case .table: TerminalText.clean(text(details, analysis), keepingLineBreaks: true)
    case .csv: counts(details).rendered(as: .csv)
    }
  }

  static func counts(_ details: ConflictDetails) -> ResultTable {
    let groups = [
      ("build", details.byBuild), ("device", details.byDevice), ("os_version", details.byOSVersion),
    ]
    return ResultTable(
      columns: ["dimension", "value", "occurrences"],
      rows: groups.flatMap { name, rows in rows.map { [.text(name), .text($0.0), .integer($0.1)] } })
  }

  static func text(_ details: ConflictDetails, _ analysis: BlockAnalysis? = nil) -> String {
    var output = "\(details.fingerprint)  \(TerminalText.oneLine(details.title))\n"
    output += "status: \(statusText(details))   verdict: \(details.verdict)"
    output += details.owner.map { "   owner: \($0)\(ownerMeaning[$0].map { " (\($0))" } ?? "")" } ?? ""
    output += "\n"
    output += "seen: \(counted(details.occurrences, "time")) in \(counted(details.runs, "run")), "
    // Every value on one line: a value that breaks a line could forge the next one.
    let line = TerminalText.oneLine
    output += "first \(UnixTime.iso(details.firstSeen)) (build \(line(details.firstBuild ?? "?"))), "
    output += "last \(UnixTime.iso(details.lastSeen)) (build \(line(details.lastBuild ?? "?")))\n"
    output += testsLine(details.tests).map { $0 + "\n" } ?? ""
    if let analysis, !analysis.minimalSet.isEmpty {
      output += "\n" + BlockText.conflictLines(analysis, style: .plain).joined(separator: "\n") + "\n"
    } else {
      output += storedConflict(details)
    }
    let owners = CodeOwnerText.showLines(details.codeOwnersByRun)
    if !owners.isEmpty { output += "\n" + owners }
    for (name, rows) in [
      ("build", details.byBuild), ("device", details.byDevice), ("OS version", details.byOSVersion),
    ] {
      output += "\nBy \(name):\n"
      // Per OS version, when it was last seen there: "fixed by Apple in iOS N" reads off it.
      let lastSeen = name == "OS version" ? details.lastSeenByOSVersion : [:]
      let table =
        lastSeen.isEmpty
        ? ResultTable(columns: [name, "occurrences"], rows: rows.map { [.text($0.0), .integer($0.1)] })
        : ResultTable(
          columns: [name, "occurrences", "last seen"],
          rows: rows.map { [.text($0.0), .integer($0.1), .text(lastSeen[$0.0].map(UnixTime.iso) ?? "")] })
      output += TableText.render(table)
        .split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(
          separator: "\n")
    }
    if let sample = details.sampleBlock {
      output += "\nLatest block (\(line(details.sampleSource ?? ""))):\n"
      for line in sample.split(separator: "\n", omittingEmptySubsequences: false) { output += "  \(line)\n" }
    }
    return output
  }

  /// The minimal set, explanation, fix and sizes as stored, for a conflict whose latest block
  /// cannot be analysed: the set's descriptions, then the explanation's sentence and each
  /// member's `[n] sentence` on a line of its own.
  static func storedConflict(_ details: ConflictDetails) -> String {
    let line = TerminalText.oneLine
    var output = "\nMinimal conflicting set (\(details.minimalSet.count), as first logged):\n"
    for description in details.minimalSet { output += "  \(line(description))\n" }
    let explanation = details.explanation?.split(separator: "\n").map(String.init) ?? []
    output += "\nExplanation: \(line(explanation.first ?? "not computed by this lcq version"))\n"
    for member in explanation.dropFirst() { output += "  \(line(member))\n" }
    output += "Best fix: \(line(details.bestFix ?? "not computed by this lcq version"))\n"
    for sentence in details.envelope?.split(separator: "\n") ?? [] {
      output += "Sizes: \(line(String(sentence)))\n"
    }
    if let damage = details.damage { output += line(damage.line) + "\n" }
    return output
  }

  static func markdown(_ details: ConflictDetails, _ analysis: BlockAnalysis? = nil) -> String {
    var output = "### \(MarkdownText.escape(details.title))\n\n"
    output += "`\(details.fingerprint)` · \(statusText(details)) · \(details.verdict) · "
    output += details.owner.map { "owner: \($0) · " } ?? ""
    output += "\(counted(details.occurrences, "occurrence")) in \(counted(details.runs, "run")) · "
    output += "first \(UnixTime.iso(details.firstSeen)), last \(UnixTime.iso(details.lastSeen))\n\n"
    if let tests = testsLine(details.tests) { output += MarkdownText.escape(tests) + "\n\n" }
    if let analysis, !analysis.minimalSet.isEmpty {
      output += "**Minimal conflicting set**\n\n"
      output += MarkdownText.codeBlock(
        BlockText.conflictLines(analysis, style: .plain).joined(separator: "\n"))
    } else {
      output +=
        "**Minimal conflicting set**\n\n" + MarkdownText.codeBlock(details.minimalSet.joined(separator: "\n"))
      if let explanation = details.explanation {
        let sentences = explanation.split(separator: "\n").map { MarkdownText.escape(String($0)) }
        output += "\n**Explanation:** " + sentences.joined(separator: "  \n") + "\n"
      }
      if let fix = details.bestFix { output += "\n**Fix:** \(MarkdownText.escape(fix))\n" }
      for sentence in details.envelope?.split(separator: "\n") ?? [] {
        output += "\n**Sizes:** \(MarkdownText.escape(String(sentence)))\n"
      }
    }
    if let damage = analysis?.damage?.line ?? details.damage?.line {
      output += "\n" + MarkdownText.escape(damage) + "\n"
    }
    if let latest = details.codeOwnersByRun.first?.ownership {
      output += "\n**Owners:** \(MarkdownText.escape(CodeOwnerText.owners(latest)))"
      output += " · **Files:** \(MarkdownText.escape(CodeOwnerText.files(latest)))\n"
    }
    output += "\n" + counts(details).rendered(as: .markdown)
    return output
  }

  /// The details as JSON (`lcq-show/1`).
  public static func json(_ details: ConflictDetails) -> JSONValue {
    func pairs(_ rows: [(String, Int)]) -> JSONValue {
      .array(rows.map { .object([("value", .string($0.0)), ("occurrences", .int($0.1))]) })
    }
    return .object(
      [
        ("schema", .string("lcq-show/1")),
        ("fingerprint", .string(details.fingerprint)), ("title", .string(details.title)),
        ("verdict", .string(details.verdict)), ("status", .string(details.status.rawValue)),
        ("owner", .string(details.owner)),
        ("resolved_build", .string(details.resolvedBuild)),
        ("minimal_set", .array(details.minimalSet.map { .string($0) })),
        ("explanation", .string(details.explanation)), ("best_fix", .string(details.bestFix)),
        ("envelope", .string(details.envelope)),
      ] + DamageJSON.storedMembers(details.damage) + [
        ("first_seen", .string(UnixTime.iso(details.firstSeen))),
        ("last_seen", .string(UnixTime.iso(details.lastSeen))),
        ("first_build", .string(details.firstBuild)), ("last_build", .string(details.lastBuild)),
        ("occurrences", .int(details.occurrences)), ("runs", .int(details.runs)),
        ("by_build", pairs(details.byBuild)),
        ("by_device", pairs(details.byDevice)),
        (
          "by_os_version",
          .array(
            details.byOSVersion.map {
              .object([
                ("value", .string($0.0)), ("occurrences", .int($0.1)),
                ("last_seen", .string(details.lastSeenByOSVersion[$0.0].map(UnixTime.iso))),
              ])
            })
        ),
        ("sample_block", .string(details.sampleBlock)), ("sample_source", .string(details.sampleSource)),
      ] + testMembers(details.tests) + CodeOwnerText.jsonMembers(details.codeOwnersByRun.first?.ownership) + [
        (
          "owners_by_run",
          .array(
            details.codeOwnersByRun.map { run in
              .object(
                [
                  ("run_id", .int(Int(run.runID))), ("build", .string(run.build)),
                  ("started_at", .string(UnixTime.iso(run.startedAt))),
                ] + CodeOwnerText.jsonMembers(run.ownership))
            })
        )
      ])
  }

  /// The tests of a conflict as JSON (`lcq-conflict-tests/1`, the MCP tool `conflict_tests`):
  /// `fingerprint` and the members ``json(_:)`` gives them.
  public static func testsJSON(_ details: ConflictDetails) -> JSONValue {
    .object(
      [("schema", .string("lcq-conflict-tests/1")), ("fingerprint", .string(details.fingerprint))]
        + testMembers(details.tests))
  }

  /// `first_seen_in_test`, `tests` and `test_count`.
  static func testMembers(_ tests: ConflictTests) -> [(String, JSONValue)] {
    [
      ("first_seen_in_test", .string(tests.firstSeenIn)),
      (
        "tests",
        .array(
          tests.counts.map { .object([("test", .string($0.test)), ("occurrences", .int($0.occurrences))]) })
      ),
      ("test_count", .int(tests.total)),
    ]
  }

  static func counted(_ count: Int, _ noun: String) -> String { Wording.counted(count, noun) }

  /// "first seen in `A.testB`; tests: A.testB (3), C.testD (1), and 2 more", or `nil` when no
  /// occurrence was logged in a test. One line: a test's name is log text.
  static func testsLine(_ tests: ConflictTests) -> String? {
    guard let first = tests.firstSeenIn ?? tests.counts.first?.test else { return nil }
    var line = "first seen in test \(TerminalText.oneLine(first)); tests: "
    line += tests.counts.map { "\(TerminalText.oneLine($0.test)) (\($0.occurrences))" }.joined(
      separator: ", ")
    if tests.total > tests.counts.count { line += ", and \(tests.total - tests.counts.count) more" }
    return line
  }

  /// What each owner of a conflict means for the app, in a few words.
  static let ownerMeaning = [
    "app": "the app can fix it", "system": "UIKit's or AppKit's own: no fix in the app",
    "library": "a third-party library's own: no fix in the app",
  ]

  static func statusText(_ details: ConflictDetails) -> String {
    details.status == .resolved
      ? "resolved in build \(details.resolvedBuild ?? "?")" : details.status.rawValue
  }
}
