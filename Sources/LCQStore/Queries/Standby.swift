extension ConflictStore {
  /// Whether the database is a standby (a read replica of the server the runners write to),
  /// which may not have replayed the newest runs yet. Every query but `check` reads one as
  /// well as the primary; `check` asks about the run that was just ingested, so it needs the
  /// primary (docs/team.md). An SQLite file is never a standby.
  public func isStandby() throws(StoreError) -> Bool {
    guard let sql = queries.dialect.isStandby else { return false }
    return try queries.row(sql)?.flag("present") == true
  }
}
