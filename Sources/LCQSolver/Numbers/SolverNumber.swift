/// The numbers a ``Solver`` computes with.
///
/// Two conformances ship with the module: ``Rational`` (exact, for verdicts; a value is zero only
/// when it is zero) and `Double` (fast; values within 1e-8 of zero count as zero).
public protocol SolverNumber: Sendable, Comparable, CustomStringConvertible {
  /// Zero.
  static var zero: Self { get }
  /// One.
  static var one: Self { get }
  /// Creates the number equal to `integer`.
  init(_ integer: Int)
  /// Whether the value is zero for the solver's purposes.
  var isNearZero: Bool { get }
  /// The nearest `Double`, for display and for drawing.
  var doubleValue: Double { get }
  /// Whether the value is past the size the solver computes with: arithmetic on it could take
  /// unbounded time, so the solver stops with ``SolverError/numbersTooLarge``.
  var exceedsSizeLimit: Bool { get }

  static func + (lhs: Self, rhs: Self) -> Self
  static func - (lhs: Self, rhs: Self) -> Self
  static func * (lhs: Self, rhs: Self) -> Self
  static func / (lhs: Self, rhs: Self) -> Self
  static prefix func - (operand: Self) -> Self
}

extension SolverNumber {
  /// Whether the value is below zero by more than the solver's tolerance.
  @inlinable var isNegative: Bool { self < .zero && !isNearZero }
}

extension Double: SolverNumber {
  /// One.
  @inlinable public static var one: Double { 1 }
  /// Values within 1e-8 of zero count as zero, as in other Cassowary solvers.
  @inlinable public var isNearZero: Bool { Swift.abs(self) < 1.0e-8 }
  /// The value itself.
  @inlinable public var doubleValue: Double { self }
  /// Never: a `Double` has a fixed size.
  @inlinable public var exceedsSizeLimit: Bool { false }
}
