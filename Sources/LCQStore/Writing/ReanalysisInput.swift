import LCQAnalysis

// What `lcq db reanalyze` reads back from a store and what it decides, the same for both engines.

/// A stored occurrence as `lcq db reanalyze` reads it back.
public struct StoredOccurrence: Sendable, Hashable {
  /// The occurrence's row.
  public var id: Int64
  /// The conflict it is an occurrence of.
  public var conflictID: Int64
  /// Its stored verdict (a ``Verdict`` raw value).
  public var verdict: String
  /// Whether the broken constraint was in the minimal set, as stored.
  public var brokenInMinimalSet: Bool?
  /// The input it was read from.
  public var sourceFile: String
  /// Its raw text, rebuilt from its template.
  public var text: String
  /// Its conflict's fingerprint.
  public var fingerprint: String
  /// Seconds since 1970 (UTC).
  public var time: Int64
}

/// A stored failed block (unreadable when it was ingested) as `lcq db reanalyze` reads it back.
public struct StoredFailedBlock: Sendable, Hashable {
  /// The failed block's row.
  public var id: Int64
  /// Its occurrence identity.
  public var identity: String
  /// The run that stored it.
  public var runID: Int64
  /// Seconds since 1970 (UTC).
  public var time: Int64
  /// Whether `time` came from the log.
  public var timeFromLog: Bool
  /// The process name from the log.
  public var process: String?
  /// The process id from the log.
  public var pid: Int?
  /// The test that was running.
  public var test: String?
  /// The input and line it was read from.
  public var sourceFile: String
  /// The 1-based line of its first line.
  public var sourceLine: Int
  /// What could not be read, as stored (JSON).
  public var issues: String?
  /// Its raw text.
  public var rawText: String
}

extension ConflictStore {
  /// Up to `limit` occurrences with a row number past `id`, in row order.
  public func storedOccurrences(after id: Int64, limit: Int) throws(StoreError) -> [StoredOccurrence] {
    try queries.rows(
      """
      SELECT o.id, o.conflict_id, o.verdict, o.broken_in_minimal_set, o.source_file, t.template,
        o.template_values, c.fingerprint, o.time
      FROM occurrences o JOIN block_templates t ON t.id = o.template_id JOIN conflicts c ON c.id = o.conflict_id
      WHERE o.id > ? ORDER BY o.id LIMIT ?
      """, [.integer(id), .integer(Int64(limit))]
    ).map { row throws(StoreError) in
      StoredOccurrence(
        id: row.integer("id") ?? 0, conflictID: row.integer("conflict_id") ?? 0,
        verdict: try row.requiredText("verdict"),
        brokenInMinimalSet: row.integer("broken_in_minimal_set").map { $0 != 0 },
        sourceFile: try row.requiredText("source_file"),
        text: BlockTemplate(
          template: try row.requiredText("template"), values: try row.requiredText("template_values")
        ).text,
        fingerprint: try row.requiredText("fingerprint"), time: row.integer("time") ?? 0)
    }
  }

  /// Every failed block, in row order.
  public func storedFailedBlocks() throws(StoreError) -> [StoredFailedBlock] {
    try queries.rows(
      """
      SELECT id, identity, run_id, time, time_source, process, pid, test, source_file, source_line, issues,
        raw_text
      FROM failed_blocks ORDER BY id
      """
    ).map { row throws(StoreError) in
      StoredFailedBlock(
        id: row.integer("id") ?? 0, identity: try row.requiredText("identity"),
        runID: row.integer("run_id") ?? 0,
        time: row.integer("time") ?? 0, timeFromLog: row.text("time_source") == "log",
        process: row.text("process"),
        pid: row.integer("pid").map { Int($0) }, test: row.text("test"),
        sourceFile: try row.requiredText("source_file"),
        sourceLine: Int(row.integer("source_line") ?? 0), issues: row.text("issues"),
        rawText: try row.requiredText("raw_text"))
    }
  }
}

/// What became of one occurrence in a reanalysis.
public enum ReanalysisOutcome: Sendable {
  /// Same fingerprint, verdict and broken-constraint standing; `summary` refreshes its conflict.
  case unchanged(StoredOccurrence, summary: AnalysisSummary)
  /// Something changed: the occurrence goes to `fingerprint`'s conflict (made when new, with
  /// `describedConstraints`).
  case changed(
    StoredOccurrence, fingerprint: String, summary: AnalysisSummary, describedConstraints: [String])
}

/// A failed block the current analysis reads, with what it found.
public struct FailedBlockRecovery: Sendable {
  /// The failed block.
  public var block: StoredFailedBlock
  /// Its fingerprint.
  public var fingerprint: String
  /// Its analysis.
  public var summary: AnalysisSummary
  /// The descriptions its conflict is made with when new.
  public var describedConstraints: [String]
  /// The broken constraint's description.
  public var brokenConstraint: String?

  /// A recovery of `block`.
  public init(
    block: StoredFailedBlock, fingerprint: String, summary: AnalysisSummary, describedConstraints: [String],
    brokenConstraint: String?
  ) {
    self.block = block
    self.fingerprint = fingerprint
    self.summary = summary
    self.describedConstraints = describedConstraints
    self.brokenConstraint = brokenConstraint
  }
}
