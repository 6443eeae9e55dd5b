import LCQParsing
import LCQSolver

/// A conflict whose members, as printed, hold together only if a view's width or height is
/// negative: the words say that size in points ("make UIButton −11 pt wide"), for no size can
/// be negative and that is the whole of the conflict.
enum NegativeSize {
  /// The most views of the conflict whose sizes are looked at.
  static let viewLimit = 16

  /// `make UIButton −11 pt wide` (or `at most −11 pt wide` when the members leave a range),
  /// when the minimal set's own rows hold without the engine's implicit rows and force a view
  /// of the set to a negative size; `nil` otherwise.
  static func clause(block: ConflictBlock, replay: Replay, names: ItemNames) -> String? {
    guard replay.verdict == .conflict, let model = replay.model, !model.dependsOnFlipping else { return nil }
    let members = replay.minimalSet.sorted()
    let rows = model.rows(for: members, relaxed: false).filter { $0.member != nil }.map(\.constraint)
    var ranges = ValueRange(rows)
    // Layout guides too: a guide's size is never negative either.
    for view in model.items(namedBy: members, in: block, includingGuides: true).prefix(viewLimit) {
      guard let frame = model.frames[view.key] else { continue }
      for (variable, size) in [(frame.width, "wide"), (frame.height, "tall")] {
        switch ranges.of(Expression(variable)) {
        case .nowhere, .unknown: return nil
        case .values(let low, let high):
          guard let high, high < .zero, PointFigures.isSayable(high) else { continue }
          let figure =
            low == high
            ? (PointFigures.isExact(high) ? "" : "about ") + PointFigures.text(high, .nearest)
            : "at most " + PointFigures.text(high, .up)
          return "make \(names.name(of: view.item)) \(figure) pt \(size)"
        }
      }
    }
    return nil
  }
}
