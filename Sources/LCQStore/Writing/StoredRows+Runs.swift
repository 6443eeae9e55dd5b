/// The rows of `runs` an ingest writes: the run's start, its totals after each batch, its end.
extension StoredRows {
  /// A run's row as an ingest starts it.
  struct RunStart {
    var metadata: RunMetadata
    /// When the run started, in seconds since 1970, on the ingest's clock.
    var startedAt: Int64

    /// The columns the insert writes, in the order it binds them.
    enum Columns: String, CaseIterable {
      case runKey = "run_key"
      case startedAt = "started_at"
      case source
      case app
      case appVersion = "app_version"
      case build
      case buildKey = "build_key"
      case device
      case osVersion = "os_version"
      case host
      case lcqVersion = "lcq_version"
      case loggingOff = "logging_off"
      case tokenID = "token_id"
    }

    /// The values in the order of ``Columns``.
    var values: [QueryValue] {
      Columns.allCases.map { column in
        switch column {
        case .runKey: QueryValue(metadata.runKey)
        case .startedAt: .integer(startedAt)
        case .source: .text(metadata.source)
        case .app: QueryValue(metadata.app)
        case .appVersion: QueryValue(metadata.appVersion)
        case .build: QueryValue(metadata.build)
        case .buildKey: QueryValue(metadata.build.map(BuildKey.of))
        case .device: QueryValue(metadata.device)
        case .osVersion: QueryValue(metadata.osVersion)
        case .host: QueryValue(metadata.host)
        case .lcqVersion: .text(metadata.lcqVersion)
        case .loggingOff: QueryValue(metadata.loggingOff.map(JSONText.array))
        case .tokenID: QueryValue(metadata.tokenID)
        }
      }
    }

    /// `INSERT INTO runs (…) VALUES (?, …) RETURNING id`, with the columns of ``Columns``.
    static let insertSQL = """
      INSERT INTO runs (\(StoredRows.columnList(Columns.self)))
      VALUES (\(StoredRows.placeholders(Columns.self))) RETURNING id
      """
  }

  /// A run's totals as a batch leaves them; the app the log named fills in one the run was not
  /// given.
  struct RunTotals {
    var runID: Int64
    /// What was read: lines, bytes, blocks and unreadable blocks.
    var counted: IngestTotals
    /// What the database holds of it.
    var stored: StoredCounts
    var appFromLog: String?

    /// The counters the update sets, in the order it binds them.
    enum Columns: String, CaseIterable {
      case lines
      case bytes
      case blocks
      case occurrences
      case duplicates
      case unparsed
      case newConflicts = "new_conflicts"
    }

    /// The values of ``updateSQL``: the counters in the order of ``Columns``, the app, the id.
    var values: [QueryValue] {
      Columns.allCases.map { column in
        switch column {
        case .lines: QueryValue(counted.lines)
        case .bytes: QueryValue(counted.bytes)
        case .blocks: QueryValue(counted.blocks)
        case .occurrences: QueryValue(stored.occurrences)
        case .duplicates: QueryValue(stored.duplicates)
        case .unparsed: QueryValue(counted.unparsed)
        case .newConflicts: QueryValue(stored.newConflicts)
        }
      } + [QueryValue(appFromLog), .integer(runID)]
    }

    /// `UPDATE runs SET lines = ?, …, app = coalesce(app, ?) WHERE id = ?`.
    static let updateSQL = """
      UPDATE runs SET \(StoredRows.assignments(Columns.self)), app = coalesce(app, ?) WHERE id = ?
      """
  }

  /// A run's end (values: the time, the ``RunEnding``, the run's id).
  static let runEndSQL = "UPDATE runs SET finished_at = ?, status = ? WHERE id = ?"
}
