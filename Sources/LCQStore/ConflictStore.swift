import Foundation

/// What lcq asks of its database, whatever the engine behind it: the runs, conflicts and
/// occurrences it keeps, and every question the commands and the report ask of them.
///
/// ``Store`` (the embedded SQLite file) is the engine today. A second engine implements this
/// protocol and its two companions (``IngestRun``, ``ReanalysisRecorder``); LCQPipeline,
/// LCQReporting and the command line use only these, so they need no change. What is the same
/// for every engine is written once outside it: build order (``BuildKey``), time windows
/// (``QueryFilter``, ``ReportScope``), occurrence identities (LCQPipeline), the rule of
/// regressions and the dashboards' SQL (docs/store.md says which SQL they may use).
public protocol ConflictStore: AnyObject, Sendable {
  /// Where the database is, as given (may hold a password: print ``displayPath``).
  var path: String { get }
  /// The location with any password masked, for messages.
  var displayPath: String { get }
  /// The schema version this binary writes.
  var schemaVersion: Int { get }

  // MARK: Writing

  /// Starts an ingest run described by `metadata`; its blocks are added and committed through
  /// the returned run, which must be finished.
  func beginIngest(_ metadata: RunMetadata, clock: IngestClock) throws(StoreError) -> any IngestRun
  /// Sets the status of the conflict whose fingerprint starts with `prefix`; returns its full
  /// fingerprint.
  @discardableResult
  func setStatus(_ status: ConflictStatus, of prefix: String, at time: Int64) throws(StoreError) -> String
  /// Deletes occurrences before `time` and what only they referenced.
  func prune(before time: Int64) throws(StoreError) -> PruneResult
  /// Gives free space back; the sizes before and after, in bytes.
  func vacuum() throws(StoreError) -> (before: Int64, after: Int64)

  // MARK: Reanalysis

  /// Up to `limit` occurrences with a row number past `id`, in row order.
  func storedOccurrences(after id: Int64, limit: Int) throws(StoreError) -> [StoredOccurrence]
  /// Every failed block, in row order.
  func storedFailedBlocks() throws(StoreError) -> [StoredFailedBlock]
  /// Where one reanalysis writes what it decided.
  func makeReanalysisRecorder() -> any ReanalysisRecorder

  // MARK: Queries

  /// The conflicts with the most occurrences (or runs, or devices) inside `filter`.
  func top(_ filter: QueryFilter, by order: TopOrder, limit: Int) throws(StoreError) -> [ConflictCount]
  /// Occurrences per day or per build inside `filter`, for one conflict or all.
  func trend(_ filter: QueryFilter, by step: TrendStep, fingerprint: String?) throws(StoreError)
    -> [TrendPoint]
  /// Conflicts never seen in a build at or before `build`, but seen in a later one.
  func newSince(build: String, _ filter: QueryFilter) throws(StoreError) -> [ConflictChange]
  /// Conflicts whose first occurrence inside `filter` is at or after `time`.
  func newSince(time: Int64, _ filter: QueryFilter) throws(StoreError) -> [ConflictChange]
  /// Resolved conflicts seen again where the rule of regressions says it counts.
  func regressed(_ filter: QueryFilter) throws(StoreError) -> [ConflictChange]
  /// Open conflicts whose last occurrence inside `filter` is before `time`.
  func quiet(before time: Int64, _ filter: QueryFilter) throws(StoreError) -> [ConflictChange]
  /// Open conflicts not seen in any of the newest `builds` builds but seen before them.
  func quiet(forBuilds builds: Int, _ filter: QueryFilter) throws(StoreError) -> [ConflictChange]
  /// One conflict (by fingerprint prefix) with its counts by build, device and OS version.
  func details(of prefix: String, _ filter: QueryFilter) throws(StoreError) -> ConflictDetails
  /// The conflict whose fingerprint starts with `prefix`.
  func conflict(matching prefix: String) throws(StoreError) -> ConflictReference
  /// The latest raw block of each conflict in `fingerprints`, with the input it was read from.
  func sampleBlocks(of fingerprints: [String]) throws(StoreError) -> [String: (text: String, source: String)]
  /// What `lcq check` reports for `scope`.
  func check(_ scope: CheckScope, app: String?, owner: OwnerFilter, baseline: Set<String>) throws(StoreError)
    -> CheckResult
  /// The newest build (or run) ingested, for `lcq check` without a scope.
  func latestScope(app: String?) throws(StoreError) -> CheckScope?
  /// Whether any run is in `scope`.
  func hasRuns(in scope: CheckScope, app: String?) throws(StoreError) -> Bool
  /// Runs the dashboard panel `name` over `scope`.
  func panel(_ name: String, _ scope: ReportScope) throws(StoreError) -> PanelRows
  /// Counts of everything stored, and the file's size.
  func statistics() throws(StoreError) -> StoreStatistics
}

extension ConflictStore {
  /// The top 20 by occurrences unless asked otherwise.
  public func top(_ filter: QueryFilter, by order: TopOrder = .occurrences) throws(StoreError)
    -> [ConflictCount]
  {
    try top(filter, by: order, limit: 20)
  }

  /// The trend of every conflict.
  public func trend(_ filter: QueryFilter, by step: TrendStep) throws(StoreError) -> [TrendPoint] {
    try trend(filter, by: step, fingerprint: nil)
  }

  /// The check of the app's conflicts.
  public func check(_ scope: CheckScope, app: String?, baseline: Set<String>) throws(StoreError)
    -> CheckResult
  {
    try check(scope, app: app, owner: .app, baseline: baseline)
  }

  /// Runs the dashboard panel whose rows are `Row`s over `scope`.
  public func panel<Row: DashboardPanelRow>(_ type: Row.Type, _ scope: ReportScope) throws(StoreError)
    -> [Row]
  {
    try panel(Row.name, scope).typed(Row.self)
  }
}

/// Where one reanalysis writes what it decided (``ReanalysisWriter`` for SQLite).
public protocol ReanalysisRecorder: AnyObject {
  /// Writes `outcomes` in one transaction; returns how many conflicts it created.
  func apply(_ outcomes: [ReanalysisOutcome]) throws(StoreError) -> Int
  /// Stores each recovered failed block as an occurrence of its run.
  func recover(_ recoveries: [FailedBlockRecovery]) throws(StoreError)
  /// Carries statuses, removes conflicts left empty and refreshes counts; returns how many it
  /// removed.
  func finish() throws(StoreError) -> Int
}

extension Store: ConflictStore {
  /// The number of migrations this binary carries.
  public var schemaVersion: Int { Self.schemaVersion }

  /// An ``IngestSession`` on this file.
  public func beginIngest(_ metadata: RunMetadata, clock: IngestClock) throws(StoreError) -> any IngestRun {
    try IngestSession(store: self, metadata: metadata, clock: clock)
  }

  /// A ``ReanalysisWriter`` on this file.
  public func makeReanalysisRecorder() -> any ReanalysisRecorder {
    ReanalysisWriter(store: self)
  }
}

extension IngestSession: IngestRun {}
