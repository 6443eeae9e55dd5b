/// An unknown whose value the solver finds.
///
/// Variables are compared by identity: two variables with the same name are different unknowns.
public final class Variable: Hashable, Sendable, CustomStringConvertible {
  /// The name's first part (all of it when there is no suffix).
  private let base: String
  /// The name's fixed last part, joined to `base` only when the name is read.
  private let suffix: StaticString?

  /// A name for people reading explanations and tests.
  public var name: String {
    guard let suffix else { return base }
    return base + suffix.description
  }

  /// Creates a variable.
  public init(_ name: String) {
    self.base = name
    self.suffix = nil
  }

  /// Creates a variable named `base` followed by `suffix` (`view.width`), without building the
  /// name until it is read: variables are made by the thousand and named for people only.
  public init(_ base: String, suffix: StaticString) {
    self.base = base
    self.suffix = suffix
  }

  /// Identity: the same object.
  public static func == (lhs: Variable, rhs: Variable) -> Bool { lhs === rhs }
  /// Hashes the identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  /// The identity's hash for a dictionary seeded with `seed`, without SipHash (see
  /// `identityHash(_:seed:)`).
  public func _rawHashValue(seed: Int) -> Int { identityHash(self, seed: seed) }

  /// The name.
  public var description: String { name }
}
