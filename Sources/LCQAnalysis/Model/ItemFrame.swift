import LCQParsing
import LCQSolver

/// The four unknowns of one view or layout guide: its frame in a common coordinate space
/// (x grows to the right, y downwards).
struct ItemFrame: Sendable {
  /// The item's key within the block (its address, its `names:` key, or a derived key).
  let key: String
  let minX: Variable
  let minY: Variable
  let width: Variable
  let height: Variable

  init(key: String) {
    self.key = key
    minX = Variable(key, suffix: ".minX")
    minY = Variable(key, suffix: ".minY")
    width = Variable(key, suffix: ".width")
    height = Variable(key, suffix: ".height")
  }

  /// `minX + fraction × width`.
  func x(_ fraction: Rational) -> Expression<Rational> {
    fraction.isNearZero ? Expression(minX) : Expression([Term(minX), Term(width, fraction)])
  }

  /// `minY + fraction × height`.
  func y(_ fraction: Rational) -> Expression<Rational> {
    fraction.isNearZero ? Expression(minY) : Expression([Term(minY), Term(height, fraction)])
  }
}

/// One row of a layout model: a solver constraint and what it stands for.
struct ModelRow {
  /// The constraint handed to the solver.
  var constraint: Constraint<Rational>
  /// The logged constraint it comes from, or `nil` for an implicit row.
  var member: Int?
}
