/// How a constraint relates its expression to zero.
public enum Relation: String, Sendable, Hashable {
  /// `expression ≤ 0`.
  case lessThanOrEqual = "<="
  /// `expression ≥ 0`.
  case greaterThanOrEqual = ">="
  /// `expression = 0`.
  case equal = "=="
}

/// `expression (relation) 0`, with a strength.
///
/// Constraints are compared by identity, so the same constraint can be added, found in an
/// explanation, and removed.
public final class Constraint<Number: SolverNumber>: Hashable, Sendable, CustomStringConvertible {
  /// The expression compared with zero.
  @inlinable public var expression: Expression<Number> { Expression(terms, constant: constant) }
  // The expression is stored as its two parts: a field of type `Expression<Number>` would make
  // every deinit look the generic type up at run time (about a third of freeing a constraint).
  @usableFromInline let terms: [Term<Number>]
  @usableFromInline let constant: Number
  /// The comparison.
  public let relation: Relation
  /// How much it matters.
  public let strength: Strength
  /// A name for explanations (the caller's label for where the constraint came from).
  public let name: String
  /// The caller's number for what the constraint stands for, read back from an explanation's
  /// entries without a table keyed by constraint; `nil` when the caller gave none.
  public let source: Int?

  /// Creates `expression (relation) 0`.
  public init(
    _ expression: Expression<Number>, _ relation: Relation, strength: Strength = .required,
    name: String = "", source: Int? = nil
  ) {
    self.terms = expression.terms
    self.constant = expression.constant
    self.relation = relation
    self.strength = strength
    self.name = name
    self.source = source
  }

  /// Creates `lhs (relation) rhs`.
  public convenience init(
    _ lhs: Expression<Number>, _ relation: Relation, _ rhs: Expression<Number>,
    strength: Strength = .required, name: String = ""
  ) {
    self.init(lhs - rhs, relation, strength: strength, name: name)
  }

  /// Whether the constraint holds when each variable takes `value(variable)`, exactly for
  /// exact numbers and within the number type's tolerance otherwise.
  @inlinable public func isSatisfied(by value: (Variable) -> Number) -> Bool {
    let result = expression.value(value)
    switch relation {
    case .equal: return result.isNearZero
    case .lessThanOrEqual: return result <= .zero || result.isNearZero
    case .greaterThanOrEqual: return result >= .zero || result.isNearZero
    }
  }

  /// Identity: the same object.
  public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }
  /// Hashes the identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
  /// The identity's hash for a dictionary seeded with `seed`, without SipHash (see
  /// `identityHash(_:seed:)`).
  public func _rawHashValue(seed: Int) -> Int { identityHash(self, seed: seed) }

  /// `name: expression relation 0`.
  public var description: String {
    (name.isEmpty ? "" : name + ": ") + "\(expression) \(relation.rawValue) 0"
  }
}
