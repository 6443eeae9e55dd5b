/// How much a constraint matters: required, or optional with a priority.
///
/// Optional constraints are minimised by priority: the solver minimises the sum of each optional
/// constraint's error times its priority, so a constraint with a higher priority is given up
/// only for a larger total of lower ones.
public struct Strength: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// 1 to 999 for optional constraints, 1000 for required ones.
  public let priority: Int

  /// Creates a strength; the priority is clamped to 1...1000.
  public init(priority: Int) {
    self.priority = min(1000, max(1, priority))
  }

  /// Must hold: adding a required constraint that cannot hold is an error.
  public static let required = Strength(priority: 1000)
  /// A strong preference (750).
  public static let strong = Strength(priority: 750)
  /// A medium preference (500).
  public static let medium = Strength(priority: 500)
  /// A weak preference (250).
  public static let weak = Strength(priority: 250)

  /// Whether the constraint must hold.
  public var isRequired: Bool { priority == 1000 }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.priority < rhs.priority }

  /// `required` or the priority.
  public var description: String { isRequired ? "required" : String(priority) }
}
