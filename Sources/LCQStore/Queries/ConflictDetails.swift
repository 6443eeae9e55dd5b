import Foundation
import LCQAnalysis

/// Everything `lcq show` prints about one conflict.
public struct ConflictDetails: Sendable {
  /// The conflict's fingerprint (`v3:…`).
  public var fingerprint: String
  /// The conflict's short human title.
  public var title: String
  /// The verdict of the latest analysis.
  public var verdict: String
  /// Where it stands.
  public var status: ConflictState
  /// The build it was resolved in, for status `resolved`.
  public var resolvedBuild: String?
  /// The minimal set's descriptions (of the whole list when the block had no set).
  public var minimalSet: [String]
  /// Plain English and the best proven fix, when the diagnosis computed them.
  public var explanation: String?
  /// The best proven fix, when the diagnosis computed it.
  public var bestFix: String?
  /// On which sizes it fires (`conflicts.envelope`: one sentence per container-set size),
  /// `nil` when no such size takes part or the analysis predates it.
  public var envelope: String? = nil
  /// How much it shows (`conflicts.damage`, docs/diagnosis.md), `nil` when the analysis that
  /// stored it predates schema 24 or it is not a conflict.
  public var damage: DamageSummary? = nil
  /// Who owns the conflict (`conflicts.owner`: `app`, `system` or `library`), `nil` when not
  /// known (not a proven conflict, or stored before schema 3 and not reanalysed).
  public var owner: String?
  /// The earliest occurrence (unix time).
  public var firstSeen: Int64
  /// The latest occurrence (unix time).
  public var lastSeen: Int64
  /// The build of the earliest occurrence.
  public var firstBuild: String?
  /// The build of the latest occurrence.
  public var lastBuild: String?
  /// Counts inside the filter.
  public var occurrences: Int
  /// Distinct runs, or ingest runs stored.
  public var runs: Int
  /// Occurrences per build (build order), per device, per OS version.
  public var byBuild: [(String, Int)]
  /// Occurrences per device model, most first.
  public var byDevice: [(String, Int)]
  /// Occurrences per OS version, most first.
  public var byOSVersion: [(String, Int)]
  /// The latest occurrence (unix time) inside the filter on each OS version of ``byOSVersion``:
  /// a conflict last seen on iOS 17 and not since, while later runs ran iOS 18, reads as fixed by
  /// the OS.
  public var lastSeenByOSVersion: [String: Int64] = [:]
  /// The latest occurrence's raw block, rebuilt from its template.
  public var sampleBlock: String?
  /// Where that block was read.
  public var sampleSource: String?
  /// The conflict's source files and owners as each run that indexed a source tree saw them,
  /// the latest first (at most ``DetailsStatements/codeOwnerRuns`` runs).
  public var codeOwnersByRun: [RunCodeOwnership] = []
  /// The tests its occurrences inside the filter were logged in (``TestCount``), most first (at
  /// most ``DetailsStatements/testsShown``), and the test of the earliest of them.
  public var tests = ConflictTests()
}

/// The tests a conflict was logged in, as the test runners' markers said (docs/tests.md).
public struct ConflictTests: Sendable, Hashable {
  /// Each test with its occurrences, most first (then the earliest first, then by name).
  public var counts: [TestCount] = []
  /// How many tests there are in all (``counts`` holds the first of them).
  public var total = 0
  /// The test of the earliest occurrence logged in a test.
  public var firstSeenIn: String?

  /// No tests.
  public init() {}
}

/// One test and how many occurrences of a conflict it logged.
public struct TestCount: Sendable, Hashable {
  /// The test's name (XCTest's `Module.Class.method`, Swift Testing's name as printed).
  public var test: String
  /// Its occurrences.
  public var occurrences: Int
}

/// A conflict's source files and owners as one run saw them.
public struct RunCodeOwnership: Sendable, Hashable {
  /// The run's id in `runs`.
  public var runID: Int64
  /// The run's build.
  public var build: String?
  /// When the run started (unix time).
  public var startedAt: Int64
  /// What the run's source tree and CODEOWNERS said.
  public var ownership: CodeOwnership
}

/// The statements of `lcq show`, the same for both engines.
enum DetailsStatements {
  /// The conflict's own row.
  static let conflict = """
    SELECT fingerprint, title, verdict, status, resolved_build, minimal_set, explanation, best_fix,
      envelope, \(DamageColumns.select("conflicts")), owner, first_seen, last_seen, first_build, last_build
    FROM conflicts WHERE id = ?
    """

  /// The latest occurrence's raw block of a conflict (its id is each of the two values), ties
  /// broken by ``TieOrder``: the index on each conflict's occurrences by time finds its latest
  /// second, and only the occurrences of that second are read (the rollup rows of a frequent
  /// conflict, which this read before, took a fleet's year half a second).
  static let sample = """
    SELECT t.template, o.template_values, o.source_file, o.source_line
    FROM occurrences o JOIN block_templates t ON t.id = o.template_id JOIN runs r ON r.id = o.run_id
    WHERE o.conflict_id = ? AND o.time = (SELECT max(time) FROM occurrences WHERE conflict_id = ?)
    ORDER BY \(TieOrder.latestFirst) LIMIT 1
    """

  /// The most runs whose code owners `lcq show` lists.
  static let codeOwnerRuns = 20

  /// The code owners of conflict `?` per run, the latest first.
  static let codeOwners = """
    SELECT o.run_id, r.build, r.started_at, o.source_files, o.owners AS code_owners
    FROM code_owners o JOIN runs r ON r.id = o.run_id
    WHERE o.conflict_id = ? ORDER BY o.run_id DESC LIMIT \(codeOwnerRuns)
    """

  /// The most tests `lcq show` lists.
  static let testsShown = 10

  /// `AND o.time >= ? AND o.time < ?` and the filter's run conditions, for occurrences `o` of
  /// runs `r`, with their values.
  static func occurrencesInside(_ filter: QueryFilter) -> (sql: String, values: [QueryValue]) {
    let run = filter.runCondition
    return (
      " AND o.time >= ? AND o.time < ?" + run.sql,
      [.integer(filter.lowerTime), .integer(filter.upperTime)] + run.values
    )
  }

  /// The tests of conflict `?` inside the filter (``occurrencesInside(_:)``), most occurrences
  /// first; columns `test`, `n`, `tests` (how many in all).
  static func tests(inside: String) -> String {
    """
    SELECT o.test, count(*) AS n, min(o.time) AS first_time, count(*) OVER () AS tests
    \(TestQueries.logged(by: "?", inside))
    GROUP BY o.test ORDER BY n DESC, first_time, o.test LIMIT \(testsShown)
    """
  }

  /// The test of conflict `?`'s earliest occurrence logged in one, inside the filter (ties as
  /// ``TieOrder/earliestFirst`` breaks them).
  static func firstTest(inside: String) -> String {
    """
    SELECT \(TestQueries.first(of: "?", inside, TieOrder.earliestFirst)) AS test
    """
  }

  /// The minimal set stored as a JSON array.
  static func minimalSet(_ text: String) -> [String] {
    JSONText.strings(text) ?? []
  }
}

extension ConflictStore {
  /// The details of the conflict matching `prefix`, counted inside `filter`.
  public func details(of prefix: String, _ filter: QueryFilter) throws(StoreError) -> ConflictDetails {
    let reference = try conflict(matching: prefix)
    let engine = queries
    let counts = filter.countsTable(conflictID: reference.id, dialect: engine.dialect)
    guard let row = try engine.row(DetailsStatements.conflict, [.integer(reference.id)]) else {
      throw .missingValue(column: "the conflict \(reference.fingerprint)")
    }
    let counted = ConflictCounts(
      try engine.rows(ConflictCounts.statement(counts.sql), counts.values).map { row in
        ConflictCounts.Group(
          build: row.text("build"), buildKey: row.text("build_key"), device: row.text("device"),
          osVersion: row.text("os_version"), occurrences: row.count("n"), lastTime: row.integer("last_time"),
          runs: row.count("runs"))
      })
    let sample = try Self.sampleBlock(conflictID: reference.id, engine)
    let codeOwners = try engine.rows(DetailsStatements.codeOwners, [.integer(reference.id)]).compactMap {
      row -> RunCodeOwnership? in
      guard let runID = row.integer("run_id"), let ownership = row.codeOwnership else { return nil }
      return RunCodeOwnership(
        runID: runID, build: row.text("build"), startedAt: row.integer("started_at") ?? 0,
        ownership: ownership)
    }
    var details = ConflictDetails(
      fingerprint: try row.requiredText("fingerprint"), title: try row.requiredText("title"),
      verdict: try row.requiredText("verdict"), status: ConflictState(stored: try row.requiredText("status")),
      resolvedBuild: row.text("resolved_build"),
      minimalSet: DetailsStatements.minimalSet(row.text("minimal_set") ?? "[]"),
      explanation: row.text("explanation"), bestFix: row.text("best_fix"),
      firstSeen: row.integer("first_seen") ?? 0, lastSeen: row.integer("last_seen") ?? 0,
      firstBuild: row.text("first_build"), lastBuild: row.text("last_build"),
      occurrences: counted.occurrences, runs: counted.runs, byBuild: counted.byBuild,
      byDevice: counted.byDevice, byOSVersion: counted.byOSVersion,
      sampleBlock: sample?.text, sampleSource: sample?.source, codeOwnersByRun: codeOwners)
    details.lastSeenByOSVersion = counted.lastSeenByOSVersion
    details.owner = row.text("owner")
    details.envelope = row.text("envelope")
    details.damage = DamageColumns.read(row)
    let inside = DetailsStatements.occurrencesInside(filter)
    let tests = try engine.rows(
      DetailsStatements.tests(inside: inside.sql), [.integer(reference.id)] + inside.values)
    details.tests.counts = tests.compactMap { row in
      row.text("test").map { TestCount(test: $0, occurrences: row.count("n")) }
    }
    details.tests.total = tests.first?.count("tests") ?? 0
    details.tests.firstSeenIn = try engine.row(
      DetailsStatements.firstTest(inside: inside.sql), [.integer(reference.id)] + inside.values)?.text("test")
    return details
  }

  /// The latest raw block of each conflict in `fingerprints`, with the input it was read from.
  public func sampleBlocks(of fingerprints: [String]) throws(StoreError) -> [String: (
    text: String, source: String
  )] {
    let engine = queries
    var samples: [String: (text: String, source: String)] = [:]
    for fingerprint in fingerprints {
      guard
        let id = try engine.row("SELECT id FROM conflicts WHERE fingerprint = ?", [.text(fingerprint)])?
          .integer("id"),
        let sample = try Self.sampleBlock(conflictID: id, engine)
      else { continue }
      samples[fingerprint] = sample
    }
    return samples
  }

  /// The latest raw block of the conflict `conflictID` (``DetailsStatements/sample``).
  static func sampleBlock(conflictID: Int64, _ engine: QueryEngine) throws(StoreError) -> (
    text: String, source: String
  )? {
    guard
      let row = try engine.row(
        DetailsStatements.sample, [.integer(conflictID), .integer(conflictID)])
    else { return nil }
    let text = BlockTemplate(
      template: try row.requiredText("template"), values: try row.requiredText("template_values")
    ).text
    return (text, "\(try row.requiredText("source_file")):\(row.integer("source_line") ?? 0)")
  }
}
