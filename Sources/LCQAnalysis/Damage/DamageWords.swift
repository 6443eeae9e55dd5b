import LCQParsing
import LCQSolver

/// A conflict's damage in a sentence: `UIKit's layout misses [1] (ThumbnailView's height is
/// 120 pt) by at least 99.66 pt: it is at most 20.34 pt tall.`
enum DamageWords {
  static func sentence(_ damage: Damage, block: ConflictBlock, names: ItemNames) -> String {
    let member = block.member(damage.constraint)
    let reference = "[\(damage.constraint + 1)] (\(ConstraintEnglish.sentence(member, names: names)))"
    let framework = block.platform.frameworkName
    let by: String
    if damage.isExact {
      by =
        PointFigures.isExact(damage.miss)
        ? "by exactly \(PointFigures.text(damage.miss, .nearest)) pt"
        : "by exactly \(PointFigures.fraction(damage.miss)) pt (about \(PointFigures.text(damage.miss, .nearest)))"
    } else {
      by = "by at least \(PointFigures.text(damage.miss, .down)) pt"
    }
    var text = "\(framework)'s layout misses \(reference) \(by)"
    if let drawn = drawnClause(damage, member) { text += ": " + drawn }
    text += "."
    for view in damage.collapsed {
      text += " \(names.name(of: view.item)) is 0 pt \(view.axis == .height ? "tall" : "wide")."
    }
    return text
  }

  /// `it is at most 20.34 pt tall`, `it comes to at least 5 pt, not 15 pt`: the bound of what is
  /// drawn on the side of what was asked.
  static func drawnClause(_ damage: Damage, _ member: LayoutConstraint) -> String? {
    let size: String? =
      member.secondItem == nil
      ? (member.firstAttribute == .height ? "tall" : member.firstAttribute == .width ? "wide" : nil) : nil
    let value: String
    guard [damage.drawnLow, damage.drawnHigh].allSatisfy({ $0.map(PointFigures.isSayable) ?? true }) else {
      return nil
    }
    if damage.isExact, let exact = damage.drawnLow {
      value =
        PointFigures.isExact(exact)
        ? "exactly \(PointFigures.text(exact, .nearest)) pt" : "exactly \(PointFigures.fraction(exact)) pt"
    } else if let low = damage.drawnLow, damage.asked < low {
      value = "at least \(PointFigures.text(low, .down)) pt"
    } else if let high = damage.drawnHigh, high < damage.asked {
      value = "at most \(PointFigures.text(high, .up)) pt"
    } else {
      return nil
    }
    if let size { return "it is \(value) \(size)" }
    let asked = PointFigures.text(damage.asked, .nearest) + " pt"
    switch member.relation {
    case .equal: return "it comes to \(value), not \(asked)"
    case .greaterThanOrEqual: return "it comes to \(value), below the \(asked) asked"
    case .lessThanOrEqual: return "it comes to \(value), above the \(asked) asked"
    }
  }
}
