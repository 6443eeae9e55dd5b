/// One row of the tableau: `basic = constant + Σ coefficient × symbol`.
///
/// Cells are kept sorted by symbol number in a flat array, so that adding one row to another
/// is a linear merge with no hashing, and iteration order is always the same.
struct Row<Number: SolverNumber>: Sendable {
  /// One parametric symbol and its coefficient.
  struct Cell: Sendable {
    var symbol: Symbol
    var coefficient: Number
  }

  /// The constant term.
  var constant: Number
  /// The cells, sorted by symbol; a zero coefficient is never stored.
  private(set) var cells: [Cell]

  init(constant: Number = .zero) {
    self.constant = constant
    self.cells = []
  }

  /// Makes room for `count` cells, so that building a row reallocates once at most.
  mutating func reserveCapacity(_ count: Int) { cells.reserveCapacity(count) }

  /// The symbols with a cell, in order.
  var symbols: some Sequence<Symbol> { cells.lazy.map(\.symbol) }

  /// Whether the constant or a coefficient is past the solver's size limit.
  var exceedsSizeLimit: Bool {
    constant.exceedsSizeLimit || cells.contains { $0.coefficient.exceedsSizeLimit }
  }

  /// Whether the row has no cells.
  var isConstant: Bool { cells.isEmpty }

  /// The position of `symbol`'s cell, or where it would go.
  private func position(of symbol: Symbol) -> (index: Int, found: Bool) {
    var low = 0
    var high = cells.count
    while low < high {
      let middle = (low + high) / 2
      let id = cells[middle].symbol.id
      if id == symbol.id { return (middle, true) }
      if id < symbol.id { low = middle + 1 } else { high = middle }
    }
    return (low, false)
  }

  /// The coefficient of `symbol`, or `nil` when it has no cell.
  func cell(_ symbol: Symbol) -> Number? {
    let (index, found) = position(of: symbol)
    return found ? cells[index].coefficient : nil
  }

  /// The coefficient of `symbol` (zero when absent).
  func coefficient(for symbol: Symbol) -> Number { cell(symbol) ?? .zero }

  /// Removes `symbol`'s cell and returns its coefficient.
  @discardableResult
  mutating func remove(_ symbol: Symbol) -> Number? {
    let (index, found) = position(of: symbol)
    guard found else { return nil }
    return cells.remove(at: index).coefficient
  }

  /// Adds `coefficient × symbol`, dropping the cell when the sum is zero.
  mutating func insert(_ symbol: Symbol, _ coefficient: Number) {
    let (index, found) = position(of: symbol)
    if found {
      let sum = cells[index].coefficient + coefficient
      if sum.isNearZero {
        cells.remove(at: index)
      } else {
        cells[index].coefficient = sum
      }
    } else if !coefficient.isNearZero {
      // New symbols have the highest numbers, so appending is the common case.
      if index == cells.count {
        cells.append(Cell(symbol: symbol, coefficient: coefficient))
      } else {
        cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
      }
    }
  }

  /// Adds `coefficient × other`, merging the two sorted cell lists.
  mutating func insert(_ other: Row, _ coefficient: Number) {
    constant = constant + other.constant * coefficient
    if other.cells.count <= 2 {
      if cells.capacity < cells.count + other.cells.count {
        cells.reserveCapacity(Swift.max(2 * cells.count, cells.count + 4))  // still geometric
      }
      for cell in other.cells { insert(cell.symbol, cell.coefficient * coefficient) }
      return
    }
    var merged: [Cell] = []
    merged.reserveCapacity(cells.count + other.cells.count)
    var i = 0
    var j = 0
    while i < cells.count || j < other.cells.count {
      if j == other.cells.count || (i < cells.count && cells[i].symbol.id < other.cells[j].symbol.id) {
        merged.append(cells[i])
        i += 1
      } else if i == cells.count || other.cells[j].symbol.id < cells[i].symbol.id {
        let value = other.cells[j].coefficient * coefficient
        if !value.isNearZero { merged.append(Cell(symbol: other.cells[j].symbol, coefficient: value)) }
        j += 1
      } else {
        let sum = cells[i].coefficient + other.cells[j].coefficient * coefficient
        if !sum.isNearZero { merged.append(Cell(symbol: cells[i].symbol, coefficient: sum)) }
        i += 1
        j += 1
      }
    }
    cells = merged
  }

  /// Negates every term.
  mutating func reverseSign() {
    constant = -constant
    for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
  }

  /// Rewrites the row, read as `0 = row`, to give `symbol` (which must be in it) as the subject:
  /// `symbol = …`.
  mutating func solve(for symbol: Symbol) {
    guard let coefficient = remove(symbol) else {
      preconditionFailure("solve(for:) needs a symbol of the row")
    }
    let scale = -Number.one / coefficient
    constant = constant * scale
    for index in cells.indices { cells[index].coefficient = cells[index].coefficient * scale }
  }

  /// Reads the row `lhs = row` as `0 = row - lhs` and solves it for `rhs`.
  mutating func solve(for lhs: Symbol, and rhs: Symbol) {
    insert(lhs, -Number.one)
    solve(for: rhs)
  }

  /// Replaces `symbol` by `row`'s expression.
  mutating func substitute(_ symbol: Symbol, with row: Row) {
    if let coefficient = remove(symbol) {
      insert(row, coefficient)
    }
  }

  /// Whether every symbol in the row is a dummy.
  var hasOnlyDummies: Bool { cells.allSatisfy { $0.symbol.kind == .dummy } }
}
