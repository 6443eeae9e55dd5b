/// The positions of list indices in one order (the model's members, a search's candidates),
/// so sets of indices sort the same way on every run.
struct Ranking {
  private let positions: [Int: Int]

  /// The ranking of `order`: its first index ranks 0.
  init(_ order: some Sequence<Int>) {
    positions = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
  }

  /// The position of `index`, which must be in the order.
  func callAsFunction(_ index: Int) -> Int {
    guard let position = positions[index] else { preconditionFailure("index \(index) is not in the ranking") }
    return position
  }

  /// `set` in ranking order.
  func sorted(_ set: some Sequence<Int>) -> [Int] { set.sorted { self($0) < self($1) } }

  /// Whether `lhs` comes before `rhs` compared position by position.
  func precedes(_ lhs: [Int], _ rhs: [Int]) -> Bool {
    lhs.map(callAsFunction).lexicographicallyPrecedes(rhs.map(callAsFunction))
  }

  /// Whether `lhs` comes before `rhs`: the smaller set first, then position by position.
  func precedesSmallerFirst(_ lhs: [Int], _ rhs: [Int]) -> Bool {
    lhs.count != rhs.count ? lhs.count < rhs.count : precedes(lhs, rhs)
  }
}
