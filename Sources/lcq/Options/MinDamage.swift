import ArgumentParser

/// `--min-damage POINTS` of `lcq top` and `lcq check` (docs/diagnosis.md, "The damage").
enum MinDamage {
  /// Refuses a threshold that is not a finite number of points, 0 or more.
  static func validate(_ points: Double?) throws {
    guard let points, !(points >= 0 && points.isFinite) else { return }
    throw ValidationError("--min-damage must be a number of points, 0 or more (such as 1), not \(points)")
  }
}
