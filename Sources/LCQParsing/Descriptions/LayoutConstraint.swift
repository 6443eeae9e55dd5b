/// A constraint description turned into a typed value.
///
/// Every form is normalised to one equation:
/// `firstItem.firstAttribute  relation  multiplier × secondItem.secondAttribute + constant`.
/// Visual format (`H:|-(8)-[A]`, `V:[A(44)]`) lands in the same shape as the equivalent
/// equation, and `notation` remembers how it was printed.
public struct LayoutConstraint: Sendable, Hashable {
  /// The constraint's class as printed (`NSLayoutConstraint`, `SnapKit.LayoutConstraint`).
  public var className: String
  /// What kind of constraint the class is.
  public var origin: ConstraintOrigin
  /// The constraint's own address, or a Masonry key; `nil` when not printed.
  public var address: String?
  /// SnapKit's `@File.swift#line`, when printed.
  public var sourceLocation: SourceLocation?
  /// The identifier in quotes after the address (`UIView-Encapsulated-Layout-Width`).
  public var identifier: String?

  /// The item on the left side.
  public var firstItem: LayoutItem
  /// Its attribute.
  public var firstAttribute: LayoutAttribute
  /// How the sides relate.
  public var relation: LayoutRelation
  /// The multiplier of the second item (1 when not printed).
  public var multiplier: LoggedNumber
  /// The item on the right side; `nil` for a constant-only right side.
  public var secondItem: LayoutItem?
  /// Its attribute; `nil` exactly when `secondItem` is `nil`.
  public var secondAttribute: LayoutAttribute?
  /// The constant (0 when not printed). System spacing is kept apart in `systemSpacing`.
  public var constant: LoggedNumber
  /// System spacing (`NSSpace(8)`, `NSLayoutAnchorConstraintSpace(8)`), added to `constant`.
  public var systemSpacing: LoggedNumber?
  /// The priority, when printed (only engine dumps print one: `(258@251)`, ` priority:251`).
  public var priority: LoggedNumber?
  /// `true` for `(active…)`, `false` for `(inactive…)`, `nil` when the state is not printed.
  public var isActive: Bool?
  /// The `names:` list, in printed order.
  public var names: [NamedItem]
  /// How the body was printed.
  public var notation: Notation
  /// `(LTR)` or `(RTL)` after a visual-format body.
  public var direction: LayoutDirection?

  /// The two printed notations of a constraint body.
  public enum Notation: String, Sendable, Hashable {
    /// `A.width == 0.5*B.width + 8`.
    case equation
    /// Visual format, e.g. `H:|-(8)-[A]`.
    case visualFormat
  }

  /// `(LTR)` or `(RTL)`.
  public enum LayoutDirection: String, Sendable, Hashable {
    case leftToRight = "LTR"
    case rightToLeft = "RTL"
  }

  /// Creates a constraint; the parser is the usual source of these.
  public init(
    className: String, origin: ConstraintOrigin, address: String? = nil,
    sourceLocation: SourceLocation? = nil, identifier: String? = nil,
    firstItem: LayoutItem, firstAttribute: LayoutAttribute, relation: LayoutRelation,
    multiplier: LoggedNumber = .one, secondItem: LayoutItem? = nil,
    secondAttribute: LayoutAttribute? = nil, constant: LoggedNumber = .zero,
    systemSpacing: LoggedNumber? = nil, priority: LoggedNumber? = nil, isActive: Bool? = nil,
    names: [NamedItem] = [], notation: Notation = .equation, direction: LayoutDirection? = nil
  ) {
    self.className = className
    self.origin = origin
    self.address = address
    self.sourceLocation = sourceLocation
    self.identifier = identifier
    self.firstItem = firstItem
    self.firstAttribute = firstAttribute
    self.relation = relation
    self.multiplier = multiplier
    self.secondItem = secondItem
    self.secondAttribute = secondAttribute
    self.constant = constant
    self.systemSpacing = systemSpacing
    self.priority = priority
    self.isActive = isActive
    self.names = names
    self.notation = notation
    self.direction = direction
  }

  /// Every item the constraint mentions, first item first.
  public var items: [LayoutItem] {
    [firstItem] + (secondItem.map { [$0] } ?? [])
  }

  /// Whether `predicate` holds for every item the constraint mentions, its `names:` list's
  /// included (first item first), asked without gathering them into an array.
  public func everyItem(_ predicate: (LayoutItem) -> Bool) -> Bool {
    predicate(firstItem) && (secondItem.map(predicate) ?? true) && names.allSatisfy { predicate($0.item) }
  }
}
