/// What the store keeps of a conflict's damage (`conflicts.damage`, `damage_points`,
/// `damage_shows`): the line `lcq analyze` prints, and the figure a query ranks and filters by.
public struct DamageSummary: Sendable, Hashable {
  /// The finding in one line (``DamageFinding/line``).
  public var line: String
  /// The miss in points (the double nearest the exact figure), `nil` when there is no figure.
  public var points: Double?
  /// How the miss shows, `nil` when there is no figure.
  public var shows: Damage.Shows?
  /// Whether a view of the conflict is collapsed (``Damage/collapsed``): it shows whatever the
  /// miss. `false` when there is no figure.
  public var collapses: Bool

  /// A summary as the store read it back.
  public init(line: String, points: Double?, shows: Damage.Shows?, collapses: Bool) {
    self.line = line
    self.points = points
    self.shows = shows
    self.collapses = collapses
  }

  /// Whether the damage is known to be less than `points`: a miss below it, and no view
  /// collapsed (`--min-damage`: what is let pass, or left out).
  public func isBelow(_ points: Double) -> Bool {
    guard let miss = self.points else { return false }
    return miss < points && !collapses
  }

  /// The summary of `finding`.
  public init(_ finding: DamageFinding) {
    line = finding.line
    points = finding.damage?.miss.doubleValue
    shows = finding.damage?.shows
    collapses = !(finding.damage?.collapsed.isEmpty ?? true)
  }
}
