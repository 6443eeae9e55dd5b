/// An unknown whose value the solver finds.
///
/// Variables are compared by identity: two variables with the same name are different unknowns.
public final class Variable: Hashable, Sendable, CustomStringConvertible {
  /// A name for people reading explanations and tests.
  public let name: String

  /// Creates a variable.
  public init(_ name: String) {
    self.name = name
  }

  /// Identity: the same object.
  public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }
  /// Hashes the identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

  /// The name.
  public var description: String { name }
}
