import Foundation
import GRDB

/// Everything `lcq show` prints about one conflict.
public struct ConflictDetails: Sendable {
  /// The conflict's fingerprint (`v1:…`).
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
  /// The latest occurrence's raw block, rebuilt from its template.
  public var sampleBlock: String?
  /// Where that block was read.
  public var sampleSource: String?
}

extension Store {
  /// The details of the conflict matching `prefix`, counted inside `filter`.
  public func details(of prefix: String, _ filter: QueryFilter) throws(StoreError) -> ConflictDetails {
    let reference = try conflict(matching: prefix)
    let counts = filter.countsTable(conflictID: reference.id)
    return try read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT fingerprint, title, verdict, status, resolved_build, minimal_set, explanation, best_fix,
            first_seen, last_seen, first_build, last_build
          FROM conflicts WHERE id = ?
          """, arguments: [reference.id])
      guard let row else { throw MissingRow(what: "the conflict \(reference.fingerprint)") }
      func grouped(_ column: String, order: String) throws -> [(String, Int)] {
        try Row.fetchAll(
          db,
          sql: """
            WITH \(counts.sql)
            SELECT coalesce(g.\(column), '(none)'), sum(g.n) FROM g GROUP BY g.\(column)
            HAVING sum(g.n) > 0 ORDER BY \(order)
            """, arguments: counts.arguments
        ).map { ($0[0], $0[1]) }
      }
      let totals = try Row.fetchOne(
        db,
        sql: """
          WITH \(counts.sql)
          SELECT coalesce(sum(g.n), 0), count(DISTINCT CASE WHEN g.n > 0 THEN g.run_id END) FROM g
          """, arguments: counts.arguments)
      guard let totals else { throw MissingRow(what: "the totals of \(reference.fingerprint)") }
      let sample = try Self.sampleBlock(conflictID: reference.id, db)
      let setText: String = row["minimal_set"]
      let set = (try? JSONSerialization.jsonObject(with: Data(setText.utf8))) as? [String] ?? []
      return ConflictDetails(
        fingerprint: row["fingerprint"], title: row["title"], verdict: row["verdict"],
        status: ConflictState(stored: row["status"]), resolvedBuild: row["resolved_build"],
        minimalSet: set,
        explanation: row["explanation"], bestFix: row["best_fix"], firstSeen: row["first_seen"],
        lastSeen: row["last_seen"], firstBuild: row["first_build"], lastBuild: row["last_build"],
        occurrences: totals[0], runs: totals[1],
        byBuild: try grouped("build", order: "g.build_key IS NULL, min(g.build_key)"),
        byDevice: try grouped("device", order: "sum(g.n) DESC, 1"),
        byOSVersion: try grouped("os_version", order: "sum(g.n) DESC, 1"),
        sampleBlock: sample?.text, sampleSource: sample?.source)
    }
  }
}

extension Store {
  /// The latest raw block of each conflict in `fingerprints` (rebuilt from its template), with
  /// where it was read as `file:line`. Fingerprints that match no conflict are left out.
  public func sampleBlocks(of fingerprints: [String]) throws(StoreError) -> [String: (
    text: String, source: String
  )] {
    try read { db in
      var samples: [String: (text: String, source: String)] = [:]
      for fingerprint in fingerprints {
        guard
          let id = try Int64.fetchOne(
            db, sql: "SELECT id FROM conflicts WHERE fingerprint = ?", arguments: [fingerprint]),
          let sample = try Self.sampleBlock(conflictID: id, db)
        else { continue }
        samples[fingerprint] = sample
      }
      return samples
    }
  }

  /// The latest occurrence's raw block of the conflict `conflictID`: the rollup names the run of
  /// the latest occurrence, so only that run's occurrences are read (through the index).
  static func sampleBlock(conflictID: Int64, _ db: Database) throws -> (text: String, source: String)? {
    try Row.fetchOne(
      db,
      sql: """
        SELECT t.template, o.template_values, o.source_file, o.source_line
        FROM occurrences o JOIN block_templates t ON t.id = o.template_id
        WHERE o.conflict_id = ?1 AND o.run_id = (
          SELECT run_id FROM occurrence_rollup WHERE conflict_id = ?1
          ORDER BY last_time DESC, run_id DESC LIMIT 1)
        ORDER BY o.time DESC, o.id DESC LIMIT 1
        """, arguments: [conflictID]
    ).map { row in
      (BlockTemplate(template: row[0], values: row[1]).text, "\(row[2] as String):\(row[3] as Int)")
    }
  }
}
