import LCQParsing
import LCQSolver

/// A conflict whose members, as printed, hold together only if a view's width or height is
/// negative: the words say that size in points ("make UIButton −11 pt wide"), for no size can
/// be negative and that is the whole of the conflict.
enum NegativeSize {
  /// The most views of the conflict whose sizes are looked at.
  static let viewLimit = 16

  /// `make UIButton about −11 pt wide` (or `at most −10.99 pt wide` when the members leave a
  /// range), when the minimal set's own rows hold without the engine's implicit rows and force a
  /// view of the set to a negative size; `nil` otherwise. The rows are the relaxed ones (each
  /// printed number anything that prints the same), so the figure holds whatever the numbers
  /// were: a value when every such layout gives it to two decimals, else the greatest, rounded up.
  static func clause(block: ConflictBlock, replay: Replay, names: ItemNames) -> String? {
    guard replay.verdict == .conflict, let model = replay.model, !model.dependsOnFlipping else { return nil }
    let members = replay.minimalSet.sorted()
    let rows = model.rows(for: members, relaxed: true).filter { $0.member != nil }.map(\.constraint)
    var ranges = ValueRange(rows)
    // Layout guides too: a guide's size is never negative either.
    for view in model.items(namedBy: members, in: block, includingGuides: true).prefix(viewLimit) {
      guard let frame = model.frames[view.key] else { continue }
      for (variable, size) in [(frame.width, "wide"), (frame.height, "tall")] {
        switch ranges.of(Expression(variable)) {
        case .nowhere, .unknown: return nil
        case .values(let low, let high):
          guard let high, high < .zero, PointFigures.isSayable(high) else { continue }
          let nearest = PointFigures.text(high, .nearest)
          let figure: String
          if let low, low == high, PointFigures.isExact(high) {
            figure = nearest
          } else if let low, PointFigures.text(low, .nearest) == nearest {
            figure = "about " + nearest
          } else {
            figure = "at most " + PointFigures.text(high, .up)
          }
          return "make \(names.name(of: view.item)) \(figure) pt \(size)"
        }
      }
    }
    return nil
  }
}
