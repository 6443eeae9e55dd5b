import LCQSolver

/// The proof that a minimal set cannot hold: non-negative multipliers of its rows whose sum
/// leaves no variable and a negative constant.
///
/// Each term uses its row in the direction `g ≥ 0` (an equality may be used either way); the
/// weighted sum `Σ multiplier × g` is then both `≥ 0` at any point that satisfies every row and
/// equal to ``sum``, a negative constant: `0 ≤ sum < 0`, a contradiction.
public struct Certificate: Sendable {
  /// One row of the proof.
  public struct Term: Sendable {
    /// The list index of the logged constraint, or `nil` for an implicit row.
    public var constraint: Int?
    /// The row's name: `[3]`, `[3] upper` for a widened number, or an implicit row such as
    /// `0x7f83…width ≥ 0`.
    public var row: String
    /// `g`, the row written so that it says `g ≥ 0`.
    public var expression: Expression<Rational>
    /// The multiplier, positive.
    public var multiplier: Rational

    /// The row as `g ≥ 0`, printed (made only when asked for: it is text for people).
    public var inequality: String { "\(expression) ≥ 0" }
  }

  /// The terms, in the order the rows were added.
  public var terms: [Term]
  /// `Σ multiplier × g`: a negative constant.
  public var sum: Rational
  /// Whether an exact check of the terms against the model's rows passed.
  public var isVerified: Bool

  /// Builds the certificate from a solver proof and checks it exactly, independently of the
  /// solver's own reasoning.
  init(proof: Explanation<Rational>) {
    var terms: [Term] = []
    var coefficients: [Variable: Rational] = Dictionary(minimumCapacity: 2 * proof.entries.count)
    var constant = Rational.zero
    var signsHold = true
    for entry in proof.entries {
      let y = entry.multiplier
      // Use the row as g = -e ≥ 0 when y > 0 (the row says e ≤ 0), else as g = e ≥ 0.
      let usesUpperDirection = y.signum > 0
      let multiplier = usesUpperDirection ? y : -y
      let relation = entry.constraint.relation
      if usesUpperDirection && relation == .greaterThanOrEqual { signsHold = false }
      if !usesUpperDirection && relation == .lessThanOrEqual { signsHold = false }
      let g = usesUpperDirection ? entry.constraint.expression * -Rational.one : entry.constraint.expression
      for term in g.terms {
        coefficients[term.variable, default: .zero] =
          coefficients[term.variable, default: .zero]
          + term.coefficient * multiplier
      }
      constant = constant + g.constant * multiplier
      terms.append(
        Term(
          constraint: entry.constraint.source, row: entry.constraint.name,
          expression: g, multiplier: multiplier))
    }
    self.terms = terms
    sum = constant
    isVerified =
      signsHold && terms.allSatisfy { $0.multiplier.signum > 0 }
      && coefficients.values.allSatisfy(\.isNearZero) && constant.signum < 0
  }
}

/// A solution of a minimal set without one of its members: proof that the member is needed.
public struct Witness: Sendable {
  /// The list index of the member left out.
  public var constraint: Int
  /// Whether every remaining row (implicit rows included) holds exactly at these values.
  public var isVerified: Bool
  /// The solution, for every variable the solver knew (a superset of the rows' variables).
  private let solution: [Variable: Rational]
  /// The remaining rows (their variables are the ones ``values`` shows).
  private let rows: [Constraint<Rational>]

  init(member: Int, values: [Variable: Rational], rows: [Constraint<Rational>]) {
    constraint = member
    solution = values
    self.rows = rows
    isVerified = rows.allSatisfy { row in row.isSatisfied { values[$0] ?? .zero } }
  }

  /// A value for each variable of the remaining rows, by variable name, sorted by name (made
  /// when asked for: it is text for people).
  public var values: [(name: String, value: Rational)] { values(renaming: nil) }

  /// ``values`` with each name's addresses renamed first, then sorted by the new names: the
  /// values a block that logged the same list at those addresses gets.
  public func values(renaming: AddressRenaming?) -> [(name: String, value: Rational)] {
    var variables: [Variable] = []
    var seen = Set<Variable>()
    for row in rows {
      for term in row.expression.terms where seen.insert(term.variable).inserted {
        variables.append(term.variable)
      }
    }
    return variables.compactMap { variable in
      solution[variable].map { (renaming?.apply(variable.name) ?? variable.name, $0) }
    }.sorted {
      $0.name < $1.name
    }
  }
}
