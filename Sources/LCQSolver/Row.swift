/// One row of the tableau: `basic = constant + Σ coefficient × symbol`.
struct Row<Number: SolverNumber>: Sendable {
  /// The constant term.
  var constant: Number
  /// The parametric symbols and their coefficients; a zero coefficient is never stored.
  var cells: [Symbol: Number]

  init(constant: Number = .zero, cells: [Symbol: Number] = [:]) {
    self.constant = constant
    self.cells = cells
  }

  /// The coefficient of `symbol` (zero when absent).
  func coefficient(for symbol: Symbol) -> Number { cells[symbol] ?? .zero }

  /// Adds `coefficient × symbol`, dropping the cell when the sum is zero.
  mutating func insert(_ symbol: Symbol, _ coefficient: Number) {
    let sum = (cells[symbol] ?? .zero) + coefficient
    if sum.isNearZero {
      cells[symbol] = nil
    } else {
      cells[symbol] = sum
    }
  }

  /// Adds `coefficient × other`.
  mutating func insert(_ other: Row, _ coefficient: Number) {
    constant = constant + other.constant * coefficient
    for (symbol, value) in other.cells {
      insert(symbol, value * coefficient)
    }
  }

  /// Negates every term.
  mutating func reverseSign() {
    constant = -constant
    for (symbol, value) in cells { cells[symbol] = -value }
  }

  /// Rewrites the row, read as `0 = row`, to give `symbol` (which must be in it) as the subject:
  /// `symbol = …`.
  mutating func solve(for symbol: Symbol) {
    let scale = -Number.one / cells.removeValue(forKey: symbol)!
    constant = constant * scale
    for (other, value) in cells { cells[other] = value * scale }
  }

  /// Reads the row `lhs = row` as `0 = row - lhs` and solves it for `rhs`.
  mutating func solve(for lhs: Symbol, and rhs: Symbol) {
    insert(lhs, -Number.one)
    solve(for: rhs)
  }

  /// Replaces `symbol` by `row`'s expression.
  mutating func substitute(_ symbol: Symbol, with row: Row) {
    if let coefficient = cells.removeValue(forKey: symbol) {
      insert(row, coefficient)
    }
  }

  /// Whether every symbol in the row is a dummy.
  var hasOnlyDummies: Bool { cells.keys.allSatisfy { $0.kind == .dummy } }
}
