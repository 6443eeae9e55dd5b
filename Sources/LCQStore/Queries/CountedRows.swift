extension QueryFilter {
  /// `AND …` that the rollup row aliased `row`, of the run aliased `r`, counts inside this
  /// filter when it has no `since` (its window starts at the first ever): the row has an
  /// occurrence before the filter's end, in a run the filter keeps. This holds because lcq's
  /// writers keep each row inside its UTC day, its first time that of an occurrence stored beside
  /// it (a row the end cuts is counted from those occurrences, and its first is one of them).
  /// With a `since`, a row the window's start cuts counts only if it has an occurrence after it,
  /// which only `occurrences` can tell (``countsTable(conflictID:dialect:)`` asks that): `nil`.
  func countedRow(_ row: String) -> (sql: String, values: [QueryValue])? {
    guard since == nil else { return nil }
    let run = runCondition
    return (
      " AND \(row).occurrences > 0 AND \(row).first_time < ?" + run.sql, [.integer(upperTime)] + run.values
    )
  }
}
