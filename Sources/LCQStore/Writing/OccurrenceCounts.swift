/// The counts of the occurrences one ingest batch inserted, applied to `occurrence_rollup`, its
/// sums per day (`conflict_day_counts`, `run_day_counts`) and the conflicts' counters in the
/// batch's transaction, on both engines: what
/// ``OccurrenceRollup/rebuild(_:)`` would count from the same rows, without reading them again
/// (docs/store.md, "Counting"). `CountingRuleTests` holds the two to one rule.
struct OccurrenceCounts {
  private struct DayKey: Hashable {
    var conflictID: Int64
    var day: Int64
  }

  private struct Span {
    var count: Int64 = 0
    var first = Int64.max
    var last = Int64.min

    mutating func add(_ time: Int64) {
      count += 1
      first = min(first, time)
      last = max(last, time)
    }
  }

  private var days: [DayKey: Span] = [:]
  private var conflicts: [Int64: Span] = [:]

  /// Counts one inserted occurrence.
  mutating func add(conflictID: Int64, time: Int64) {
    days[DayKey(conflictID: conflictID, day: time / 86_400), default: Span()].add(time)
    conflicts[conflictID, default: Span()].add(time)
  }

  /// Adds `rows` rows of `occurrence_rollup`'s counts: each row's values are the conflict, run,
  /// day, count, first and last time.
  static func rollupSQL(_ dialect: SQLDialect, rows: Int) -> String {
    """
    INSERT INTO occurrence_rollup AS x (conflict_id, run_id, day, occurrences, first_time, last_time)
    VALUES \(ManyRows.values("(?, ?, ?, ?, ?, ?)", count: rows))
    ON CONFLICT (conflict_id, run_id, day) DO UPDATE SET
      occurrences = x.occurrences + excluded.occurrences,
      first_time = \(dialect.least)(x.first_time, excluded.first_time),
      last_time = \(dialect.greatest)(x.last_time, excluded.last_time)
    """
  }

  /// Adds `rows` conflicts' occurrences of one day each (each row's values: the conflict, the
  /// day, the count). A batch adds them once it holds its conflicts' rows, so two runners that
  /// count one conflict on one day take turns there as they do on the conflict.
  static func conflictDaySQL(rows: Int) -> String { DaySum.byConflict.addSQL(rows: rows) }

  /// Adds a run's occurrences of `rows` days (each row's values: the run, the day, the count).
  static func runDaySQL(rows: Int) -> String { DaySum.byRun.addSQL(rows: rows) }

  /// Adds `rows` conflicts' counts (each row's values: see ``conflictValues``; then the batch's
  /// run). All rows of a batch have the run's build, so the first build is the batch's when a
  /// row is earlier than the first seen time, the last build when a row is later than the last
  /// seen time; a row at that very time with another build decides by ``TieOrder``, among the
  /// occurrences at that time (the batch's are among them), as the recount does. The newest
  /// build key is the larger of the stored one and the run's (NULL, no build, leaves it).
  static func conflictSQL(_ dialect: SQLDialect, rows: Int) -> String {
    let row = "(CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT))"
    let differs = dialect.isDistinctFrom
    return """
      WITH counted (id, added, first_time, last_time) AS (VALUES \(ManyRows.values(row, count: rows)))
      UPDATE conflicts SET
        occurrence_count = conflicts.occurrence_count + counted.added,
        first_build = CASE
          WHEN conflicts.occurrence_count = 0 OR counted.first_time < conflicts.first_seen THEN run.build
          WHEN counted.first_time = conflicts.first_seen AND run.build \(differs) conflicts.first_build
            THEN \(TieOrder.first("r.build", of: "conflicts.id", at: "conflicts.first_seen", TieOrder.earliestFirst))
          ELSE conflicts.first_build END,
        first_seen = CASE WHEN conflicts.occurrence_count = 0 THEN counted.first_time
          ELSE \(dialect.least)(conflicts.first_seen, counted.first_time) END,
        last_build = CASE
          WHEN conflicts.occurrence_count = 0 OR counted.last_time > conflicts.last_seen THEN run.build
          WHEN counted.last_time = conflicts.last_seen AND run.build \(differs) conflicts.last_build
            THEN \(TieOrder.first("r.build", of: "conflicts.id", at: "conflicts.last_seen", TieOrder.latestFirst))
          ELSE conflicts.last_build END,
        last_seen = CASE WHEN conflicts.occurrence_count = 0 THEN counted.last_time
          ELSE \(dialect.greatest)(conflicts.last_seen, counted.last_time) END,
        last_build_key = CASE WHEN conflicts.occurrence_count = 0 OR conflicts.last_build_key IS NULL THEN run.build_key
          WHEN run.build_key > conflicts.last_build_key THEN run.build_key ELSE conflicts.last_build_key END
      FROM counted, runs AS run
      WHERE conflicts.id = counted.id AND run.id = ?
      """
  }

  /// The rows of ``rollupSQL(_:rows:)``, one for each rollup row, in conflict and day order.
  func rollupValues(runID: Int64) -> [[QueryValue]] {
    days.sorted { ($0.key.conflictID, $0.key.day) < ($1.key.conflictID, $1.key.day) }.map { key, span in
      [key.conflictID, runID, key.day, span.count, span.first, span.last].map { .integer($0) }
    }
  }

  /// The rows of ``conflictDaySQL(rows:)``, in conflict and day order.
  var conflictDayValues: [[QueryValue]] {
    days.sorted { ($0.key.conflictID, $0.key.day) < ($1.key.conflictID, $1.key.day) }.map { key, span in
      [key.conflictID, key.day, span.count].map { .integer($0) }
    }
  }

  /// The rows of ``runDaySQL(rows:)`` for the batch's run, in day order.
  func runDayValues(runID: Int64) -> [[QueryValue]] {
    var byDay: [Int64: Int64] = [:]
    for (key, span) in days { byDay[key.day, default: 0] += span.count }
    return byDay.sorted { $0.key < $1.key }.map { day, count in [runID, day, count].map { .integer($0) } }
  }

  /// The rows of ``conflictSQL(_:rows:)`` for each conflict, in id order (the order every writer
  /// locks conflicts in): the conflict, the count, the first and the last time.
  var conflictValues: [[QueryValue]] {
    conflicts.sorted { $0.key < $1.key }.map { conflictID, span in
      [conflictID, span.count, span.first, span.last].map { .integer($0) }
    }
  }

  /// The conflicts counted, in id order.
  var conflictIDs: [Int64] { conflicts.keys.sorted() }

  /// How many occurrences were counted.
  var total: Int { Int(conflicts.values.reduce(0) { $0 + $1.count }) }
}

/// One of the rollup's sums per day (docs/store.md, "Counting"): its table and the column it
/// sums the rollup's rows by. Named once for the ingest that adds to them and the recounts
/// that rebuild them (``OccurrenceRollup``).
struct DaySum {
  let table: String
  let key: String

  static let byConflict = DaySum(table: "conflict_day_counts", key: "conflict_id")
  static let byRun = DaySum(table: "run_day_counts", key: "run_id")
  static let all = [byConflict, byRun]

  /// Adds `rows` counts, each to a day of one key (each row's values: the key, the day, the
  /// count; no two rows of one key and day).
  func addSQL(rows: Int) -> String {
    """
    INSERT INTO \(table) AS x (\(key), day, occurrences) VALUES \(ManyRows.values("(?, ?, ?)", count: rows))
    ON CONFLICT (\(key), day) DO UPDATE SET occurrences = x.occurrences + excluded.occurrences
    """
  }
}
