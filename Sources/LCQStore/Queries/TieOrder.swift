/// How lcq breaks ties between occurrences at the same time, by what they hold and never by
/// which runner stored its rows first, so that the same logs give the same answers in any
/// order of ingest: the build (a run with a build before one without; builds in build order,
/// ``BuildKey``, then as written), then the occurrence's identity (a SHA-256 of what was
/// logged, docs/store.md: hexadecimal digits, which every collation orders alike).
///
/// Each fragment orders rows of `occurrences` aliased `o` joined with their `runs` aliased `r`.
enum TieOrder {
  /// The earliest first: the first build a conflict was seen in.
  static let earliestFirst =
    "o.time, r.build IS NULL, r.build_key, r.build, o.identity"

  /// The latest first: the last build a conflict was seen in, and the sample `lcq show` prints.
  static let latestFirst =
    "o.time DESC, r.build IS NULL, r.build_key DESC, r.build DESC, o.identity"

  /// `column` of conflict `conflict`'s occurrence at `time` that `order` puts first (an SQL
  /// expression; `column` is `r.build` or `o.identity`, and `conflict` and `time` are SQL
  /// expressions too).
  static func first(_ column: String, of conflict: String, at time: String, _ order: String) -> String {
    """
    (SELECT \(column) FROM occurrences o JOIN runs r ON r.id = o.run_id
      WHERE o.conflict_id = \(conflict) AND o.time = \(time) ORDER BY \(order) LIMIT 1)
    """
  }
}
