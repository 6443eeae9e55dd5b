extension Solver {
  /// Reads the proof of a conflict off a row that is a combination of constraint rows.
  ///
  /// Every constraint's marker appears in its own row only, so in any combination of rows the
  /// marker's coefficient, divided by the marker's coefficient in its own row, is that
  /// constraint's multiplier (zero when the marker is basic, as it then appears nowhere else).
  /// `row` has no external symbols left, so the multipliers cancel every variable and the
  /// row's constant is the sum of the combination.
  func explanation(
    from row: Row<Number>, adding constraint: Constraint<Number>, tag: Tag
  ) -> Explanation<Number> {
    var entries: [(order: Int, entry: Explanation<Number>.Entry)] = []
    func collect(_ constraint: Constraint<Number>, _ tag: Tag) {
      guard constraint.strength.isRequired else { return }
      let coefficient = row.coefficient(for: tag.marker)
      guard !coefficient.isNearZero else { return }
      entries.append(
        (
          tag.order,
          .init(constraint: constraint, multiplier: tag.markerIsNegative ? -coefficient : coefficient)
        ))
    }
    for (existing, existingTag) in constraints { collect(existing, existingTag) }
    collect(constraint, tag)
    return Explanation(entries: entries.sorted { $0.order < $1.order }.map(\.entry), sum: row.constant)
  }
}
