/// The rows of the tableau, by basic symbol, found by symbol number instead of by hashing.
///
/// Rows sit in a dense array, so walking every row touches only live ones; a table indexed by
/// symbol number gives each basic symbol's position. Removing a row moves the last one into its
/// place, so the walking order depends on the history of additions and removals only, never
/// on a hash seed (and every choice the solver makes between rows breaks ties by symbol number).
struct Tableau<Number: SolverNumber>: Sendable {
  /// The basic symbol of each row, in walking order.
  private(set) var basics: [Symbol] = []
  /// The rows, in walking order: `entries[i]` is the row of `basics[i]`.
  var entries: [Row<Number>] = []
  /// One more than each symbol's position in `basics`, by symbol number (0: not basic).
  private var positions: [Int32] = []

  /// Makes room for `count` rows.
  mutating func reserveCapacity(_ count: Int) {
    basics.reserveCapacity(count)
    entries.reserveCapacity(count)
  }

  /// The position of `symbol`'s row, if it is basic.
  func position(of symbol: Symbol) -> Int? {
    guard symbol.id < positions.count else { return nil }
    let stored = Int(positions[symbol.id])
    return stored == 0 ? nil : stored - 1
  }

  /// The row of a basic symbol; setting `nil` removes it.
  subscript(symbol: Symbol) -> Row<Number>? {
    get { position(of: symbol).map { entries[$0] } }
    set {
      guard let newValue else {
        removeValue(forKey: symbol)
        return
      }
      if let index = position(of: symbol) {
        entries[index] = newValue
        return
      }
      if symbol.id >= positions.count {
        positions.append(contentsOf: repeatElement(0, count: Swift.max(symbol.id + 1 - positions.count, 16)))
      }
      basics.append(symbol)
      entries.append(newValue)
      positions[symbol.id] = Int32(basics.count)
    }
  }

  /// Removes and returns `symbol`'s row, if it is basic.
  @discardableResult
  mutating func removeValue(forKey symbol: Symbol) -> Row<Number>? {
    guard let index = position(of: symbol) else { return nil }
    positions[symbol.id] = 0
    let last = basics.count - 1
    if index != last {
      basics.swapAt(index, last)
      entries.swapAt(index, last)
      positions[basics[index].id] = Int32(index + 1)
    }
    basics.removeLast()
    return entries.removeLast()
  }
}

extension Tableau: Sequence {
  /// Each basic symbol with its row, in walking order.
  func makeIterator() -> Zip2Sequence<[Symbol], [Row<Number>]>.Iterator {
    zip(basics, entries).makeIterator()
  }
}
