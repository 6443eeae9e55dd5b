/// An incremental simplex solver for linear equalities and inequalities with strengths, after
/// the Cassowary algorithm (Badros, Borning and Stuckey, 2001).
///
/// Required constraints must hold; optional ones are satisfied as well as their priorities allow.
/// The solver is generic over its numbers: ``Rational`` gives exact answers, `Double` speed.
/// Ties between candidate symbols are always broken by the lowest symbol number, and symbols are
/// numbered in the order constraints are added, so the same additions in the same order always
/// give the same tableau, whatever the hash seed.
public struct Solver<Number: SolverNumber>: Sendable {
  /// The symbols that stand for one constraint in the tableau.
  struct Tag: Sendable {
    /// The symbol that appears in this constraint's row only: a slack, an error or a dummy.
    var marker: Symbol
    /// The second error symbol of an optional equality, or the error of an optional inequality.
    var other: Symbol?
    /// Whether the marker had coefficient -1 (else +1) in the constraint's own row, before any
    /// reversal. A flag rather than a number keeps tags plain values, cheap to copy.
    var markerIsNegative: Bool
    /// The order in which the constraint was added.
    var order: Int
  }

  /// An edit variable's constraint and its current suggested value.
  struct Edit: Sendable {
    var tag: Tag
    var constraint: Constraint<Number>
    var constant: Number
  }

  var constraints: [Constraint<Number>: Tag] = [:]
  var rows = Tableau<Number>()
  var variableSymbols: [Variable: Symbol] = [:]
  var edits: [Variable: Edit] = [:]
  var infeasibleRows: [Symbol] = []
  var objective = Row<Number>()
  /// The phase-one objective while a row is added with an artificial variable.
  var artificialObjective: Row<Number>?
  var nextSymbolID = 1
  var nextOrder = 0

  /// Creates an empty solver.
  @_specialize(exported:true,where Number == Rational)
  @_specialize(exported:true,where Number == Double)
  public init() {}

  /// Creates an empty solver with room for about `count` constraints and as many variables,
  /// so that filling it does not regrow its tables.
  @_specialize(exported:true,where Number == Rational)
  @_specialize(exported:true,where Number == Double)
  public init(reservingCapacity count: Int) {
    constraints.reserveCapacity(count)
    variableSymbols.reserveCapacity(count)
    rows.reserveCapacity(count)
  }

  /// Whether `constraint` has been added.
  public func contains(_ constraint: Constraint<Number>) -> Bool {
    constraints[constraint] != nil
  }

  /// The number of constraints added (edit constraints included).
  public var constraintCount: Int { constraints.count }

  // MARK: Adding and removing

  /// Adds a constraint.
  ///
  /// - Throws: ``SolverError/unsatisfiableConstraint(_:_:)`` with a proof when a required
  ///   constraint cannot hold with the required constraints already added (the solver is then
  ///   unchanged), or ``SolverError/duplicateConstraint(_:)``.
  @_specialize(exported:true,where Number == Rational)
  @_specialize(exported:true,where Number == Double)
  public mutating func add(_ constraint: Constraint<Number>) throws(SolverError<Number>) {
    guard constraints[constraint] == nil else { throw .duplicateConstraint(constraint) }
    var (row, tag) = makeRow(for: constraint)
    var subject = chooseSubject(row, tag)

    if subject == nil, row.hasOnlyDummies {
      if !row.constant.isNearZero {
        throw .unsatisfiableConstraint(
          constraint, explanation(from: row, adding: constraint, tag: tag))
      }
      subject = tag.marker
    }

    if let subject {
      row.solve(for: subject)
      try substitute(subject, with: row)
      rows[subject] = row
    } else {
      try addWithArtificialVariable(row, constraint: constraint, tag: tag)
    }
    constraints[constraint] = tag
    try optimize()
  }

  /// Removes a constraint added earlier.
  @_specialize(exported:true,where Number == Rational)
  @_specialize(exported:true,where Number == Double)
  public mutating func remove(_ constraint: Constraint<Number>) throws(SolverError<Number>) {
    guard let tag = constraints.removeValue(forKey: constraint) else {
      throw .unknownConstraint(constraint)
    }
    removeErrorEffects(of: constraint, tag: tag)
    try removeRow(of: tag.marker)
  }

  // MARK: Values

  /// The value of every variable the solver knows, by the current solution.
  @_specialize(exported:true,where Number == Rational)
  @_specialize(exported:true,where Number == Double)
  public func values() -> [Variable: Number] {
    var result: [Variable: Number] = Dictionary(minimumCapacity: variableSymbols.count)
    for (variable, symbol) in variableSymbols {
      result[variable] = rows[symbol]?.constant ?? .zero
    }
    return result
  }

  /// The value of `variable` by the current solution (0 for a variable the solver never saw).
  @_specialize(exported:true,where Number == Rational)
  @_specialize(exported:true,where Number == Double)
  public func value(of variable: Variable) -> Number {
    guard let symbol = variableSymbols[variable] else { return .zero }
    return rows[symbol]?.constant ?? .zero
  }

  // MARK: Building rows

  /// Turns a constraint into a tableau row (with basic variables substituted) and its tag.
  mutating func makeRow(for constraint: Constraint<Number>) -> (Row<Number>, Tag) {
    // The stored parts, not `expression` (which would build a value only to read it).
    var row = Row<Number>(constant: constraint.constant)
    row.reserveCapacity(constraint.terms.count + 3)
    for term in constraint.terms where !term.coefficient.isNearZero {
      let symbol = symbol(for: term.variable)
      if let basic = rows[symbol] {
        row.insert(basic, term.coefficient)
      } else {
        row.insert(symbol, term.coefficient)
      }
    }
    let strength = constraint.strength
    let weight = Number(strength.priority)
    let order = nextOrder
    nextOrder += 1
    var tag: Tag
    switch constraint.relation {
    case .lessThanOrEqual, .greaterThanOrEqual:
      let coefficient: Number = constraint.relation == .lessThanOrEqual ? .one : -.one
      let slack = newSymbol(.slack)
      row.insert(slack, coefficient)
      tag = Tag(marker: slack, other: nil, markerIsNegative: coefficient.isNegative, order: order)
      if !strength.isRequired {
        let error = newSymbol(.error)
        row.insert(error, -coefficient)
        objective.insert(error, weight)
        tag.other = error
      }
    case .equal:
      if strength.isRequired {
        let dummy = newSymbol(.dummy)
        row.insert(dummy, .one)
        tag = Tag(marker: dummy, other: nil, markerIsNegative: false, order: order)
      } else {
        let plus = newSymbol(.error)
        let minus = newSymbol(.error)
        row.insert(plus, -.one)
        row.insert(minus, .one)
        objective.insert(plus, weight)
        objective.insert(minus, weight)
        tag = Tag(marker: plus, other: minus, markerIsNegative: true, order: order)
      }
    }
    if row.constant < .zero { row.reverseSign() }
    return (row, tag)
  }

  /// The symbol of an external variable, made on first use.
  mutating func symbol(for variable: Variable) -> Symbol {
    if let symbol = variableSymbols[variable] { return symbol }
    let symbol = newSymbol(.external)
    variableSymbols[variable] = symbol
    return symbol
  }

  mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
    defer { nextSymbolID += 1 }
    return Symbol(id: nextSymbolID, kind: kind)
  }

  /// The symbol a new row should be solved for: its lowest external, else a marker or error
  /// with a negative coefficient; `nil` when the row needs an artificial variable.
  func chooseSubject(_ row: Row<Number>, _ tag: Tag) -> Symbol? {
    // Cells are sorted by symbol number, so the first external is the lowest.
    if let external = row.symbols.first(where: { $0.kind == .external }) { return external }
    if tag.marker.isRestricted, row.coefficient(for: tag.marker).isNegative { return tag.marker }
    if let other = tag.other, other.isRestricted, row.coefficient(for: other).isNegative { return other }
    return nil
  }

  /// Adds a row that has no obvious subject by minimising an artificial variable (phase one).
  mutating func addWithArtificialVariable(
    _ row: Row<Number>, constraint: Constraint<Number>, tag: Tag
  ) throws(SolverError<Number>) {
    let artificial = newSymbol(.slack)
    rows[artificial] = row
    artificialObjective = row
    defer { artificialObjective = nil }  // when optimize throws
    try optimize()
    guard let finalObjective = artificialObjective else {
      throw .internalError("the artificial objective was dropped while optimising it")
    }
    artificialObjective = nil  // later pivots work on the main objective only

    guard finalObjective.constant.isNearZero else {
      // Take the new constraint out again: its row is the only one that involves `artificial`
      // with a non-zero weight, so removing that row leaves exactly the earlier constraints.
      let proof = explanation(from: finalObjective, adding: constraint, tag: tag)
      try removeRow(of: artificial)
      throw .unsatisfiableConstraint(constraint, proof)
    }

    if var artificialRow = rows.removeValue(forKey: artificial), !artificialRow.isConstant {
      let entering = artificialRow.symbols.first(where: \.isRestricted) ?? artificialRow.cells[0].symbol
      artificialRow.solve(for: artificial, and: entering)
      try substitute(entering, with: artificialRow)
      rows[entering] = artificialRow
    }
    for index in rows.entries.indices { rows.entries[index].remove(artificial) }
    objective.remove(artificial)
  }

  /// Removes the tableau row of `marker`, first pivoting it into the basis when it is
  /// parametric, then restores optimality.
  mutating func removeRow(of marker: Symbol) throws(SolverError<Number>) {
    if rows.removeValue(forKey: marker) == nil {
      guard let leaving = markerLeavingRow(marker) else {
        objective.remove(marker)
        try optimize()
        return
      }
      guard var row = rows.removeValue(forKey: leaving) else {
        throw .internalError("the leaving row is missing")
      }
      row.solve(for: leaving, and: marker)
      try substitute(marker, with: row)
    }
    try optimize()
  }

  // MARK: Substitution and optimisation

  /// Replaces `symbol` by `row` in every row and in the objective.
  ///
  /// Every pivot passes here, so this is where the size of the numbers is bounded: a row past
  /// the limit is refused before it is multiplied into the others.
  mutating func substitute(_ symbol: Symbol, with row: Row<Number>) throws(SolverError<Number>) {
    if row.exceedsSizeLimit { throw .numbersTooLarge }
    let known = infeasibleRows.count
    // Walk the rows by index (no second reference that would force a copy).
    for index in rows.entries.indices where rows.entries[index].cell(symbol) != nil {
      rows.entries[index].substitute(symbol, with: row)
      let basic = rows.basics[index]
      if basic.kind != .external, rows.entries[index].constant.isNegative {
        infeasibleRows.append(basic)
      }
    }
    if infeasibleRows.count > known + 1 { infeasibleRows[known...].sort() }
    objective.substitute(symbol, with: row)
    artificialObjective?.substitute(symbol, with: row)
  }

  /// Runs primal simplex on the objective (or on the artificial objective while one is set)
  /// until no entering symbol improves it.
  mutating func optimize() throws(SolverError<Number>) {
    while true {
      var entering: Symbol?
      for cell in (artificialObjective ?? objective).cells
      where cell.symbol.kind != .dummy && cell.coefficient.isNegative {
        entering = cell.symbol  // the lowest such symbol: cells are sorted
        break
      }
      guard let entering else { return }
      guard let leaving = leavingRow(for: entering) else {
        throw .internalError("the objective is unbounded")
      }
      guard var row = rows.removeValue(forKey: leaving) else {
        throw .internalError("the leaving row is missing")
      }
      row.solve(for: leaving, and: entering)
      try substitute(entering, with: row)
      rows[entering] = row
    }
  }

  /// The row that leaves when `entering` enters: the tightest ratio, lowest symbol on ties.
  func leavingRow(for entering: Symbol) -> Symbol? {
    var best: (symbol: Symbol, ratio: Number)?
    for (basic, row) in rows where basic.kind != .external {
      guard let coefficient = row.cell(entering), coefficient.isNegative else { continue }
      let ratio = -row.constant / coefficient
      if let current = best, ratio > current.ratio || (ratio == current.ratio && basic > current.symbol) {
        continue
      }
      best = (basic, ratio)
    }
    return best?.symbol
  }
}
