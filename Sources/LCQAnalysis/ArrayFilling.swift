extension Array {
  /// `count` copies of `value`, as `Array(repeating:count:)` makes them, but allocated by code
  /// the compiler specialises for the element type: `Array(repeating:count:)` calls the
  /// standard library's generic allocation, which looks the storage's type up at run time, and
  /// in a replay's small arrays that look-up cost more than the array's own work.
  init(filled value: Element, count: Int) {
    self.init()
    reserveCapacity(count)
    for _ in 0..<count { append(value) }
  }
}
