/// A column of the tableau: a variable of the user's, or one the solver made.
///
/// Symbols are numbered in the order they are made, and every choice the solver makes between
/// symbols picks the lowest number, so results never depend on hashing or iteration order.
struct Symbol: Hashable, Comparable, Sendable {
  /// What a symbol stands for.
  enum Kind: UInt8, Sendable {
    /// An external variable: unrestricted in sign.
    case external
    /// The slack of an inequality (≥ 0).
    case slack
    /// The error of an optional constraint (≥ 0).
    case error
    /// The marker of a required equality: fixed at 0.
    case dummy
  }

  let id: Int
  let kind: Kind

  /// Whether the symbol is restricted to non-negative values (slacks and errors; dummies, which
  /// are fixed at zero, are handled apart).
  var isRestricted: Bool { kind == .slack || kind == .error }

  static func < (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id < rhs.id }
  static func == (lhs: Symbol, rhs: Symbol) -> Bool { lhs.id == rhs.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
