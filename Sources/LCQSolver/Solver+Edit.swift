extension Solver {
  /// Makes `variable` editable: later ``suggest(_:for:)`` calls pull it towards a value with
  /// the given (optional) strength.
  @_specialize(exported:true,where Number == Rational)
  @_specialize(exported:true,where Number == Double)
  public mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError<Number>) {
    guard edits[variable] == nil else { throw .duplicateEditVariable(variable) }
    guard !strength.isRequired else { throw .requiredEditVariable(variable) }
    let constraint = Constraint<Number>(
      Expression(variable), .equal, strength: strength, name: "edit \(variable)")
    try add(constraint)
    guard let tag = constraints[constraint] else {
      throw .internalError("an edit constraint was added without a tag")
    }
    edits[variable] = Edit(tag: tag, constraint: constraint, constant: .zero)
  }

  /// Removes the edit constraint of `variable`.
  @_specialize(exported:true,where Number == Rational)
  @_specialize(exported:true,where Number == Double)
  public mutating func removeEditVariable(_ variable: Variable) throws(SolverError<Number>) {
    guard let edit = edits.removeValue(forKey: variable) else { throw .unknownEditVariable(variable) }
    try remove(edit.constraint)
  }

  /// Whether `variable` has an edit constraint.
  public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable] != nil }

  /// Suggests a value for an edit variable and re-solves (dual simplex).
  @_specialize(exported:true,where Number == Rational)
  @_specialize(exported:true,where Number == Double)
  public mutating func suggest(_ value: Number, for variable: Variable) throws(SolverError<Number>) {
    guard var edit = edits[variable] else { throw .unknownEditVariable(variable) }
    let delta = value - edit.constant
    edit.constant = value
    edits[variable] = edit
    let marker = edit.tag.marker
    if var row = rows[marker] {
      row.constant = row.constant - delta
      rows[marker] = row
      if row.constant.isNegative { infeasibleRows.append(marker) }
    } else if let other = edit.tag.other, var row = rows[other] {
      row.constant = row.constant + delta
      rows[other] = row
      if row.constant.isNegative { infeasibleRows.append(other) }
    } else {
      var newlyInfeasible: [Symbol] = []
      for index in rows.entries.indices {
        if let coefficient = rows.entries[index].cell(marker) {
          rows.entries[index].constant = rows.entries[index].constant + coefficient * delta
          let basic = rows.basics[index]
          if basic.kind != .external, rows.entries[index].constant.isNegative {
            newlyInfeasible.append(basic)
          }
        }
      }
      infeasibleRows += newlyInfeasible.sorted()
    }
    try dualOptimize()
  }

  /// Restores feasibility of the rows made infeasible by a suggestion, keeping optimality.
  mutating func dualOptimize() throws(SolverError<Number>) {
    while let leaving = infeasibleRows.popLast() {
      guard var row = rows[leaving], row.constant.isNegative else { continue }
      var best: (symbol: Symbol, ratio: Number)?
      for cell in row.cells where cell.symbol.kind != .dummy && cell.coefficient > .zero {
        let ratio = objective.coefficient(for: cell.symbol) / cell.coefficient
        if let current = best, ratio >= current.ratio { continue }  // ties keep the lowest symbol
        best = (cell.symbol, ratio)
      }
      guard let entering = best?.symbol else { throw .internalError("dual optimize failed") }
      rows[leaving] = nil
      row.solve(for: leaving, and: entering)
      try substitute(entering, with: row)
      rows[entering] = row
    }
  }

  /// Takes an optional constraint's errors out of the objective before it is removed.
  mutating func removeErrorEffects(of constraint: Constraint<Number>, tag: Tag) {
    let weight = Number(constraint.strength.priority)
    for symbol in [tag.marker, tag.other] {
      guard let symbol, symbol.kind == .error else { continue }
      if let row = rows[symbol] {
        objective.insert(row, -weight)
      } else {
        objective.insert(symbol, -weight)
      }
    }
  }

  /// The row to pivot on so that a parametric marker can leave the tableau.
  ///
  /// A dummy's row comes first: it holds a redundant copy of a required equality (only dummies,
  /// constant zero), so pivoting on it changes no value and hands the removed constraint's place
  /// to the copy. Pivoting on any other row would give that dummy a non-zero constant, silently
  /// dropping the copy (the test of adds and removes with repeated constraints found this).
  /// Then the restricted rows by the ratio test, then an external row.
  func markerLeavingRow(_ marker: Symbol) -> Symbol? {
    var dummy: Symbol?
    var negative: (symbol: Symbol, ratio: Number)?
    var positive: (symbol: Symbol, ratio: Number)?
    var any: Symbol?
    for (basic, row) in rows {
      guard let coefficient = row.cell(marker) else { continue }
      if basic.kind == .dummy {
        if dummy.map({ basic < $0 }) ?? true { dummy = basic }
      } else if basic.kind == .external {
        if any.map({ basic < $0 }) ?? true { any = basic }
      } else if coefficient < .zero {
        let ratio = -row.constant / coefficient
        if Self.precedes(basic, ratio, negative) { negative = (basic, ratio) }
      } else {
        let ratio = row.constant / coefficient
        if Self.precedes(basic, ratio, positive) { positive = (basic, ratio) }
      }
    }
    return dummy ?? negative?.symbol ?? positive?.symbol ?? any
  }

  /// Whether a row `basic` with `ratio` wins the ratio test over `best` (none yet: it does):
  /// the smaller ratio, ties broken by symbol number.
  private static func precedes(_ basic: Symbol, _ ratio: Number, _ best: (symbol: Symbol, ratio: Number)?)
    -> Bool
  {
    guard let best else { return true }
    return ratio < best.ratio || (ratio == best.ratio && basic < best.symbol)
  }
}
