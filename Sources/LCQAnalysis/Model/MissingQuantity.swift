/// A quantity a conflict depends on that the log does not state.
public enum MissingQuantity: String, Sendable, Hashable, CaseIterable, Comparable {
  /// A view's layout margins, when its margins guide is not in the block.
  case margins
  /// Where a text baseline sits within its view.
  case baseline
  /// The origin of the container a constraint is computed in (a position multiplied by a
  /// factor other than 1, or an autoresizing constraint whose superview is not named).
  case containerOrigin = "container-origin"
  /// An internal engine variable such as `contentHeight{id: 178}`.
  case engineVariable = "engine-variable"
  /// A constraint of the list that could not be read.
  case unparsedConstraint = "unparsed-constraint"
  /// A constant or multiplier beyond what lcq reads exactly (more than 40 digits, or an
  /// exponent beyond ±400: ``Rational/isWithinDecimalLimits(_:)``); no `CGFloat` prints so.
  case hugeNumber = "huge-number"
  /// Whether an AppKit superview is flipped (y down) or not: the log never says, and an
  /// autoresizing constraint between two frames means opposite things on the vertical axis.
  case flipped

  /// A phrase for people.
  public var phrase: String {
    switch self {
    case .margins: "layout margins"
    case .baseline: "baseline positions"
    case .containerOrigin: "container origin"
    case .engineVariable: "engine variables"
    case .unparsedConstraint: "unreadable constraints"
    case .hugeNumber: "numbers too large to decide exactly"
    case .flipped: "whether the AppKit superview is flipped"
    }
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: MissingQuantity, rhs: MissingQuantity) -> Bool {
    lhs.declarationOrder < rhs.declarationOrder
  }
}
