import Foundation
import PostgresNIO

/// The team store answers with the same statements as the SQLite file where both engines read
/// the same SQL (``TopOrder/statement(_:limit:dialect:)``, ``DetailsStatements``,
/// ``ConflictLookup``, ``ConflictStatus/sql``), so a query cannot mean two things.
///
/// Not yet on PostgreSQL (each says so, exit 2): trends, the lifecycle lists (`new`,
/// `regressed`, `quiet`), `check`, the report's panels, prune, vacuum and reanalysis.
extension PostgresStore: ConflictStore {
  /// A ``PostgresIngestRun`` on this database.
  public func beginIngest(_ metadata: RunMetadata, clock: IngestClock) throws(StoreError) -> any IngestRun {
    try PostgresIngestRun(store: self, metadata: metadata, clock: clock)
  }

  /// Sets the status of the conflict whose fingerprint starts with `prefix`.
  @discardableResult
  public func setStatus(_ status: ConflictStatus, of prefix: String, at time: Int64) throws(StoreError)
    -> String
  {
    let conflict = try conflict(matching: prefix)
    try using { link throws(StoreError) in
      try link.rows(ConflictStatus.sql, status.values(conflictID: conflict.id, at: time))
    }
    return conflict.fingerprint
  }

  /// The one conflict whose fingerprint starts with `prefix` (``ConflictLookup``).
  public func conflict(matching prefix: String) throws(StoreError) -> ConflictReference {
    let full = ConflictLookup.fullPrefix(prefix)
    let matches = try using { link throws(StoreError) in
      try link.rows(ConflictLookup.sql, [QueryValue(full.count), .text(full)]).map {
        row throws(StoreError) in
        (id: try row.value("id", as: Int64.self), fingerprint: try row.value("fingerprint", as: String.self))
      }
    }
    return try ConflictLookup.single(matches, prefix: prefix)
  }

  /// The conflicts with the most occurrences (or runs, or devices) inside `filter`.
  public func top(_ filter: QueryFilter, by order: TopOrder, limit: Int) throws(StoreError) -> [ConflictCount]
  {
    let statement = order.statement(filter, limit: limit, dialect: .postgres)
    return try using { link throws(StoreError) in
      try link.rows(statement.sql, statement.values).map { row throws(StoreError) in
        ConflictCount(
          fingerprint: try row.value("fingerprint"), title: try row.value("title"),
          status: ConflictState(stored: try row.value("status")),
          occurrences: Int(try row.value("occurrences", as: Int64.self)),
          runs: Int(try row.value("runs", as: Int64.self)),
          devices: Int(try row.value("devices", as: Int64.self)),
          firstSeen: try row.value("first_seen"), lastSeen: try row.value("last_seen"),
          lastBuild: try row.value("last_build"))
      }
    }
  }

  /// The details of the conflict matching `prefix`, counted inside `filter`.
  public func details(of prefix: String, _ filter: QueryFilter) throws(StoreError) -> ConflictDetails {
    let reference = try conflict(matching: prefix)
    let counts = filter.countsTable(conflictID: reference.id, dialect: .postgres)
    return try using { link throws(StoreError) in
      guard let row = try link.rows(DetailsStatements.conflict, [.integer(reference.id)]).first else {
        throw .postgres(path: "", message: "the conflict \(reference.fingerprint) is missing", sqlState: nil)
      }
      func grouped(_ column: String, order: String) throws(StoreError) -> [(String, Int)] {
        try link.rows(DetailsStatements.grouped(column, order: order, counts: counts.sql), counts.values).map
        {
          row throws(StoreError) in
          (try row.value("value", as: String.self), Int(try row.value("n", as: Int64.self)))
        }
      }
      let totals = try link.rows(DetailsStatements.totals(counts: counts.sql), counts.values).first
      let sample = try Self.sampleBlock(conflictID: reference.id, link)
      return ConflictDetails(
        fingerprint: try row.value("fingerprint"), title: try row.value("title"),
        verdict: try row.value("verdict"), status: ConflictState(stored: try row.value("status")),
        resolvedBuild: try row.value("resolved_build"),
        minimalSet: DetailsStatements.minimalSet(try row.value("minimal_set")),
        explanation: try row.value("explanation"), bestFix: try row.value("best_fix"),
        firstSeen: try row.value("first_seen"), lastSeen: try row.value("last_seen"),
        firstBuild: try row.value("first_build"), lastBuild: try row.value("last_build"),
        occurrences: Int(try totals?.value("n", as: Int64.self) ?? 0),
        runs: Int(try totals?.value("runs", as: Int64.self) ?? 0),
        byBuild: try grouped("build", order: DetailsStatements.byBuild),
        byDevice: try grouped("device", order: DetailsStatements.byCount),
        byOSVersion: try grouped("os_version", order: DetailsStatements.byCount),
        sampleBlock: sample?.text, sampleSource: sample?.source)
    }
  }

  /// The latest raw block of each conflict in `fingerprints`, with where it was read.
  public func sampleBlocks(of fingerprints: [String]) throws(StoreError) -> [String: (
    text: String, source: String
  )] {
    try using { link throws(StoreError) in
      var samples: [String: (text: String, source: String)] = [:]
      for fingerprint in fingerprints {
        guard
          let id = try link.rows("SELECT id FROM conflicts WHERE fingerprint = ?", [.text(fingerprint)])
            .first?
            .value("id", as: Int64.self),
          let sample = try Self.sampleBlock(conflictID: id, link)
        else { continue }
        samples[fingerprint] = sample
      }
      return samples
    }
  }

  /// The latest raw block of the conflict `conflictID` (``DetailsStatements/sample``).
  static func sampleBlock(conflictID: Int64, _ link: PostgresLink) throws(StoreError) -> (
    text: String, source: String
  )? {
    guard
      let row = try link.rows(DetailsStatements.sample, [.integer(conflictID), .integer(conflictID)]).first
    else { return nil }
    let text = BlockTemplate(template: try row.value("template"), values: try row.value("template_values"))
      .text
    let file: String = try row.value("source_file")
    return (text, "\(file):\(try row.value("source_line", as: Int64.self))")
  }

  /// Counts of everything stored, and the database's size on the server.
  public func statistics() throws(StoreError) -> StoreStatistics {
    try using { link throws(StoreError) in
      func count(_ sql: String) throws(StoreError) -> Int {
        Int(try link.rows(sql).first?.value("n", as: Int64.self) ?? 0)
      }
      let range = try link.rows("SELECT min(time) AS oldest, max(time) AS newest FROM occurrences").first
      return StoreStatistics(
        path: displayPath, schemaVersion: try Self.appliedMigrations(link).count,
        bytes: try link.rows("SELECT pg_database_size(current_database()) AS n").first?.value("n") ?? 0,
        runs: try count("SELECT count(*) AS n FROM runs"),
        conflicts: try count("SELECT count(*) AS n FROM conflicts"),
        openConflicts: try count("SELECT count(*) AS n FROM conflicts WHERE status = 'open'"),
        resolvedConflicts: try count("SELECT count(*) AS n FROM conflicts WHERE status = 'resolved'"),
        ignoredConflicts: try count("SELECT count(*) AS n FROM conflicts WHERE status = 'ignored'"),
        occurrences: try count("SELECT count(*) AS n FROM occurrences"),
        failedBlocks: try count("SELECT count(*) AS n FROM failed_blocks"),
        templates: try count("SELECT count(*) AS n FROM block_templates"),
        oldestOccurrence: try range?.value("oldest"), newestOccurrence: try range?.value("newest"),
        lastRun: try link.rows("SELECT max(started_at) AS n FROM runs").first?.value("n"))
    }
  }

  // MARK: Not yet on PostgreSQL

  private func notYet(_ what: String) -> StoreError { .notOnPostgres(path: path, what: what) }

  /// Not yet on PostgreSQL.
  public func prune(before time: Int64) throws(StoreError) -> PruneResult { throw notYet("lcq db prune") }
  /// Not yet on PostgreSQL.
  public func vacuum() throws(StoreError) -> (before: Int64, after: Int64) { throw notYet("lcq db vacuum") }
  /// Not yet on PostgreSQL (reanalysis).
  public func storedOccurrences(after id: Int64, limit: Int) throws(StoreError) -> [StoredOccurrence] {
    throw notYet("lcq db reanalyze")
  }
  /// Not yet on PostgreSQL (reanalysis).
  public func storedFailedBlocks() throws(StoreError) -> [StoredFailedBlock] {
    throw notYet("lcq db reanalyze")
  }
  /// A recorder whose every call says reanalysis is not yet on PostgreSQL.
  public func makeReanalysisRecorder() -> any ReanalysisRecorder {
    UnavailableRecorder(error: notYet("lcq db reanalyze"))
  }
  /// Not yet on PostgreSQL.
  public func trend(_ filter: QueryFilter, by step: TrendStep, fingerprint: String?) throws(StoreError)
    -> [TrendPoint]
  { throw notYet("lcq trend") }
  /// Not yet on PostgreSQL.
  public func newSince(build: String, _ filter: QueryFilter) throws(StoreError) -> [ConflictChange] {
    throw notYet("lcq new")
  }
  /// Not yet on PostgreSQL.
  public func newSince(time: Int64, _ filter: QueryFilter) throws(StoreError) -> [ConflictChange] {
    throw notYet("lcq new")
  }
  /// Not yet on PostgreSQL.
  public func regressed(_ filter: QueryFilter) throws(StoreError) -> [ConflictChange] {
    throw notYet("lcq regressed")
  }
  /// Not yet on PostgreSQL.
  public func quiet(before time: Int64, _ filter: QueryFilter) throws(StoreError) -> [ConflictChange] {
    throw notYet("lcq quiet")
  }
  /// Not yet on PostgreSQL.
  public func quiet(forBuilds builds: Int, _ filter: QueryFilter) throws(StoreError) -> [ConflictChange] {
    throw notYet("lcq quiet")
  }
  /// Not yet on PostgreSQL.
  public func check(_ scope: CheckScope, app: String?, owner: OwnerFilter, baseline: Set<String>)
    throws(StoreError)
    -> CheckResult
  { throw notYet("lcq check") }
  /// Not yet on PostgreSQL.
  public func latestScope(app: String?) throws(StoreError) -> CheckScope? { throw notYet("lcq check") }
  /// Not yet on PostgreSQL.
  public func hasRuns(in scope: CheckScope, app: String?) throws(StoreError) -> Bool {
    throw notYet("lcq check")
  }
  /// Not yet on PostgreSQL.
  public func panel(_ name: String, _ scope: ReportScope) throws(StoreError) -> PanelRows {
    throw notYet("lcq report")
  }
}

/// The reanalysis recorder of an engine that cannot reanalyse yet: every call says so.
private final class UnavailableRecorder: ReanalysisRecorder {
  let error: StoreError
  init(error: StoreError) { self.error = error }
  func apply(_ outcomes: [ReanalysisOutcome]) throws(StoreError) -> Int { throw error }
  func recover(_ recoveries: [FailedBlockRecovery]) throws(StoreError) { throw error }
  func finish() throws(StoreError) -> Int { throw error }
}
