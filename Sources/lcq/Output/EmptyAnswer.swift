import LCQReporting
import LCQStore

/// Why a query answered nothing, in one line for standard error, as the report says it: nothing
/// stored yet, or nothing in the window asked (with when the latest occurrence was logged, and
/// the `--since` that shows it), or nothing matching the other filters.
enum EmptyAnswer {
  /// The line for an empty answer of a query over `filter`.
  static func reason(_ store: any ConflictStore, _ filter: QueryFilter) throws(StoreError) -> String {
    guard let latest = try store.latestOccurrenceTime() else {
      return "nothing is stored in \(store.displayPath) yet: lcq ingest FILE stores a log's conflicts"
    }
    let logged = UnixTime.iso(latest)
    if let since = filter.since, latest < since {
      return
        "no conflict was logged since \(UnixTime.iso(since)); the latest occurrence stored was logged at "
        + "\(logged) (--since \(logged.prefix(10)) includes it)"
    }
    if let until = filter.until, latest >= until, let since = filter.since {
      return
        "no conflict matches from \(UnixTime.iso(since)) to \(UnixTime.iso(until)); the latest occurrence "
        + "stored was logged at \(logged)"
    }
    return "no conflict matches these filters (the latest occurrence stored was logged at \(logged))"
  }

  /// The line for an empty list of changes (`new`, `quiet`, `regressed`), where an empty answer
  /// is often the good news itself: only when nothing is stored, or the window starts after
  /// everything stored was logged; `nil` otherwise.
  static func reasonForChanges(_ store: any ConflictStore, _ filter: QueryFilter) throws(StoreError)
    -> String?
  {
    guard let latest = try store.latestOccurrenceTime() else { return try reason(store, filter) }
    guard let since = filter.since, latest < since else { return nil }
    return try reason(store, filter)
  }
}
