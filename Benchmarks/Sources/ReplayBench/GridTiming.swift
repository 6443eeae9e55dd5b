import ArgumentParser
import Foundation
import LCQSolver

/// The `Double` solver on a window of widgets in rows and columns, the shape of kiwisolver's
/// own benchmark; `Benchmarks/kiwi_grid.py` builds the same system for kiwisolver.
struct GridTiming: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "grid", abstract: "Time adding a widget grid's constraints, then edit rounds.")

  @Option(help: "Widgets (a square-ish grid).")
  var widgets = 100

  @Option(help: "Rounds of suggesting a window size and reading every variable.")
  var rounds = 1000

  @Option(help: "Repeats; each figure is the median.")
  var repeats = 7

  func run() throws {
    var addTimes: [Double] = []
    var roundTimes: [Double] = []
    var checksum = 0.0
    for _ in 0..<repeats {
      var grid = WidgetGrid(widgets: widgets)
      addTimes.append(Timing.microseconds { grid.addConstraints() })
      roundTimes.append(Timing.microseconds { checksum = grid.editRounds(rounds) })
    }
    print(
      String(
        format:
          "lcq Double solver: %d widgets, %d constraints: add %.2f ms, %d edit rounds %.2f ms (checksum %.1f)",
        widgets, WidgetGrid(widgets: widgets).constraints.count, Timing.percentile(0.5, of: addTimes) / 1000,
        rounds, Timing.percentile(0.5, of: roundTimes) / 1000, checksum))
  }
}

/// The system: a window with edit variables for its size, and widgets tied to their
/// neighbours and the window by required and weaker constraints.
struct WidgetGrid {
  typealias E = LCQSolver.Expression<Double>
  var solver = Solver<Double>()
  let windowWidth = Variable("window.width")
  let windowHeight = Variable("window.height")
  var variables: [Variable] = []
  var constraints: [Constraint<Double>] = []

  init(widgets: Int) {
    let columns = Int(Double(widgets).squareRoot().rounded(.up))
    let rows = (widgets + columns - 1) / columns
    variables = [windowWidth, windowHeight]
    var frames: [[(l: Variable, t: Variable, w: Variable, h: Variable)]] = []
    func add(_ lhs: E, _ relation: Relation, _ rhs: E, _ strength: Strength = .required) {
      constraints.append(Constraint(lhs, relation, rhs, strength: strength))
    }
    for row in 0..<rows {
      var line: [(l: Variable, t: Variable, w: Variable, h: Variable)] = []
      for column in 0..<columns where row * columns + column < widgets {
        let frame = (
          l: Variable("w\(row).\(column).left"), t: Variable("w\(row).\(column).top"),
          w: Variable("w\(row).\(column).width"), h: Variable("w\(row).\(column).height")
        )
        variables += [frame.l, frame.t, frame.w, frame.h]
        add(E(frame.w), .greaterThanOrEqual, E(constant: 20))
        add(E(frame.h), .greaterThanOrEqual, E(constant: 20))
        if column == 0 {
          add(E(frame.l), .equal, E(constant: 10))
        } else {
          let left = line[column - 1]
          add(E(frame.l), .equal, E([Term<Double>(left.l), Term(left.w)], constant: 10))
          add(E(frame.w), .equal, E(left.w), .medium)
        }
        if row == 0 {
          add(E(frame.t), .equal, E(constant: 10))
        } else {
          let above = frames[row - 1][column]
          add(E(frame.t), .equal, E([Term(above.t), Term(above.h)], constant: 10))
        }
        add(E([Term(frame.l), Term(frame.w)], constant: 10), .lessThanOrEqual, E(windowWidth))
        add(E([Term(frame.t), Term(frame.h)], constant: 10), .lessThanOrEqual, E(windowHeight))
        add(E(frame.w), .equal, E(constant: 100), .strong)
        add(E(frame.h), .equal, E(constant: 40), .strong)
        add(E([Term(frame.l), Term(frame.w)], constant: 10), .equal, E(windowWidth), .weak)
        line.append(frame)
      }
      frames.append(line)
    }
  }

  mutating func addConstraints() {
    for constraint in constraints { try! solver.add(constraint) }
    try! solver.addEditVariable(windowWidth, strength: .strong)
    try! solver.addEditVariable(windowHeight, strength: .strong)
  }

  /// Suggests `rounds` window sizes, reading every variable after each; returns a checksum.
  mutating func editRounds(_ rounds: Int) -> Double {
    var checksum = 0.0
    for round in 0..<rounds {
      try! solver.suggest(Double(400 + (round * 37) % 2000), for: windowWidth)
      try! solver.suggest(Double(400 + (round * 53) % 1500), for: windowHeight)
      for variable in variables { checksum += solver.value(of: variable) }
    }
    return checksum
  }
}
