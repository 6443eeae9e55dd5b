/// Why a ``Solver`` refused a request.
public enum SolverError<Number: SolverNumber>: Error, Sendable {
  /// The constraint was already added.
  case duplicateConstraint(Constraint<Number>)
  /// The constraint is not in the solver.
  case unknownConstraint(Constraint<Number>)
  /// A required constraint cannot hold together with the required constraints already added.
  case unsatisfiableConstraint(Constraint<Number>, Explanation<Number>)
  /// The variable already has an edit constraint.
  case duplicateEditVariable(Variable)
  /// The variable has no edit constraint.
  case unknownEditVariable(Variable)
  /// Edit variables must be optional.
  case requiredEditVariable(Variable)
  /// The objective is unbounded: a solver invariant was broken (a bug, never expected).
  case internalError(String)
  /// A pivot would compute with a number past ``SolverNumber/exceedsSizeLimit``. The solver is
  /// left part-way through the request and must not be used again.
  case numbersTooLarge
}

/// The proof that a set of required constraints cannot hold together (a Farkas certificate).
///
/// Each entry's multiplier `y` times its constraint's expression `e` is `≤ 0` wherever the
/// constraint holds (`y ≥ 0` for `≤`, `y ≤ 0` for `≥`, any sign for `=`), yet `Σ y·e` has no
/// variables left and equals ``sum``, which is positive. So no point satisfies them all.
public struct Explanation<Number: SolverNumber>: Sendable {
  /// One constraint of the proof and its multiplier.
  public struct Entry: Sendable {
    /// The constraint.
    public var constraint: Constraint<Number>
    /// Its multiplier.
    public var multiplier: Number
  }

  /// The constraints whose combination proves the conflict, in the order they were added.
  public var entries: [Entry]
  /// `Σ multiplier × expression`: a positive constant.
  public var sum: Number

  /// Checks the proof with the number type's own arithmetic: signs, cancellation of every
  /// variable, and a positive sum. Exact for ``Rational``.
  public var isValid: Bool {
    var coefficients: [Variable: Number] = [:]
    var constant = Number.zero
    for entry in entries {
      let y = entry.multiplier
      switch entry.constraint.relation {
      case .lessThanOrEqual where y < .zero && !y.isNearZero: return false
      case .greaterThanOrEqual where y > .zero && !y.isNearZero: return false
      default: break
      }
      for term in entry.constraint.expression.terms {
        coefficients[term.variable, default: .zero] =
          coefficients[term.variable, default: .zero]
          + term.coefficient * y
      }
      constant = constant + entry.constraint.expression.constant * y
    }
    return coefficients.values.allSatisfy(\.isNearZero) && constant > .zero && !constant.isNearZero
  }
}
