import LCQAnalysis

/// The damage columns of `conflicts` (`damage`, `damage_points`, `damage_shows`,
/// `damage_collapses`, schema 24),
/// read and filtered the same way by every query.
enum DamageColumns {
  /// The three columns of the conflicts alias `alias`, for a select list.
  static func select(_ alias: String) -> String {
    "\(alias).damage, \(alias).damage_points, \(alias).damage_shows, \(alias).damage_collapses"
  }

  /// The damage a row of ``select(_:)`` holds, `nil` when the conflict was stored without one
  /// (by an older lcq, before `lcq db reanalyze`, or not a conflict).
  static func read(_ row: QueryRow) -> DamageSummary? {
    guard let line = row.text("damage") else { return nil }
    let points: Double? =
      switch row["damage_points"] {
      case .null: nil
      case let value: value.real
      }
    return DamageSummary(
      line: line, points: points, shows: row.text("damage_shows").flatMap(Damage.Shows.init(rawValue:)),
      collapses: row.integer("damage_collapses") == 1)
  }

  /// The conflicts (ids) whose stored miss is at least the value, or that collapse a view: what
  /// `--min-damage` keeps (``DamageSummary/isBelow(_:)``'s others). A conflict without a figure
  /// is not among them.
  static let atLeast = "SELECT id FROM conflicts WHERE damage_points >= ? OR damage_collapses = 1"
}
