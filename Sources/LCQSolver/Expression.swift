/// `coefficient × variable`.
public struct Term<Number: SolverNumber>: Sendable {
  /// The variable.
  public var variable: Variable
  /// Its coefficient.
  public var coefficient: Number

  /// Creates a term.
  @inlinable public init(_ variable: Variable, _ coefficient: Number = .one) {
    self.variable = variable
    self.coefficient = coefficient
  }
}

/// A linear expression: `Σ coefficient × variable + constant`.
public struct Expression<Number: SolverNumber>: Sendable, CustomStringConvertible {
  /// The terms, in the order they were written (a variable may appear more than once).
  public var terms: [Term<Number>]
  /// The constant.
  public var constant: Number

  /// Creates an expression.
  @inlinable public init(_ terms: [Term<Number>] = [], constant: Number = .zero) {
    self.terms = terms
    self.constant = constant
  }

  /// The expression `variable`.
  @inlinable public init(_ variable: Variable) {
    self.init([Term(variable)])
  }

  /// The expression `constant`.
  @inlinable public init(constant: Number) {
    self.init([], constant: constant)
  }

  /// The value when each variable takes `value(variable)`.
  @inlinable public func value(_ value: (Variable) -> Number) -> Number {
    terms.reduce(constant) { $0 + $1.coefficient * value($1.variable) }
  }

  /// The expression as `2·x + -1·y + 3`.
  public var description: String {
    // Appended piece by piece: interpolating each term and joining them cost more than the
    // certificate's own arithmetic.
    var text = ""
    for term in terms {
      if !text.isEmpty { text += " + " }
      text += term.coefficient.description
      text += "·"
      text += term.variable.name
    }
    if !constant.isNearZero || terms.isEmpty {
      if !terms.isEmpty { text += " + " }
      text += constant.description
    }
    return text
  }

  /// The sum.
  @inlinable public static func + (lhs: Expression, rhs: Expression) -> Expression {
    Expression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
  }

  /// The difference.
  @inlinable public static func - (lhs: Expression, rhs: Expression) -> Expression {
    lhs + rhs * -Number.one
  }

  /// The product.
  @inlinable public static func * (lhs: Expression, rhs: Number) -> Expression {
    Expression(lhs.terms.map { Term($0.variable, $0.coefficient * rhs) }, constant: lhs.constant * rhs)
  }

  /// The sum.
  @inlinable public static func + (lhs: Expression, rhs: Number) -> Expression {
    Expression(lhs.terms, constant: lhs.constant + rhs)
  }
}
