/// A constraint description turned into a typed value.
///
/// Every form is normalised to one equation:
/// `firstItem.firstAttribute  relation  multiplier × secondItem.secondAttribute + constant`.
/// Visual format (`H:|-(8)-[A]`, `V:[A(44)]`) lands in the same shape as the equivalent
/// equation, and `notation` remembers how it was printed.
public struct LayoutConstraint: Sendable, Hashable, CustomDebugStringConvertible {
  /// The printed parts, as one value.
  struct Fields: Sendable, Hashable {
    var className: String
    var origin: ConstraintOrigin
    var address: String?
    var sourceLocation: SourceLocation?
    var identifier: String?
    var firstItem: LayoutItem
    var firstAttribute: LayoutAttribute
    var relation: LayoutRelation
    var multiplier: LoggedNumber
    var secondItem: LayoutItem?
    var secondAttribute: LayoutAttribute?
    var constant: LoggedNumber
    var systemSpacing: LoggedNumber?
    var priority: LoggedNumber?
    var isActive: Bool?
    var names: [NamedItem]
    var notation: Notation
    var direction: LayoutDirection?
  }

  /// The parts, shared by every copy until one of them changes.
  private var box: SharedFields<Fields>

  /// Two constraints are equal when every part is.
  public static func == (lhs: LayoutConstraint, rhs: LayoutConstraint) -> Bool {
    lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
  }

  /// Hashes every part, in order.
  public func hash(into hasher: inout Hasher) { box.fields.hash(into: &hasher) }

  /// The parts, for a failing test's message and the debugger.
  public var debugDescription: String { "\(Self.self)\(String(describing: box.fields).dropFirst(6))" }

  /// The constraint's class as printed (`NSLayoutConstraint`, `SnapKit.LayoutConstraint`).
  public var className: String {
    get { box.fields.className }
    set { SharedFields.unique(&box).fields.className = newValue }
  }
  /// What kind of constraint the class is.
  public var origin: ConstraintOrigin {
    get { box.fields.origin }
    set { SharedFields.unique(&box).fields.origin = newValue }
  }
  /// The constraint's own address, or a Masonry key; `nil` when not printed.
  public var address: String? {
    get { box.fields.address }
    set { SharedFields.unique(&box).fields.address = newValue }
  }
  /// SnapKit's `@File.swift#line`, when printed.
  public var sourceLocation: SourceLocation? {
    get { box.fields.sourceLocation }
    set { SharedFields.unique(&box).fields.sourceLocation = newValue }
  }
  /// The identifier in quotes after the address (`UIView-Encapsulated-Layout-Width`).
  public var identifier: String? {
    get { box.fields.identifier }
    set { SharedFields.unique(&box).fields.identifier = newValue }
  }
  /// The item on the left side.
  public var firstItem: LayoutItem {
    get { box.fields.firstItem }
    set { SharedFields.unique(&box).fields.firstItem = newValue }
  }
  /// Its attribute.
  public var firstAttribute: LayoutAttribute {
    get { box.fields.firstAttribute }
    set { SharedFields.unique(&box).fields.firstAttribute = newValue }
  }
  /// How the sides relate.
  public var relation: LayoutRelation {
    get { box.fields.relation }
    set { SharedFields.unique(&box).fields.relation = newValue }
  }
  /// The multiplier of the second item (1 when not printed).
  public var multiplier: LoggedNumber {
    get { box.fields.multiplier }
    set { SharedFields.unique(&box).fields.multiplier = newValue }
  }
  /// The item on the right side; `nil` for a constant-only right side.
  public var secondItem: LayoutItem? {
    get { box.fields.secondItem }
    set { SharedFields.unique(&box).fields.secondItem = newValue }
  }
  /// Its attribute; `nil` exactly when `secondItem` is `nil`.
  public var secondAttribute: LayoutAttribute? {
    get { box.fields.secondAttribute }
    set { SharedFields.unique(&box).fields.secondAttribute = newValue }
  }
  /// The constant (0 when not printed). System spacing is kept apart in `systemSpacing`.
  public var constant: LoggedNumber {
    get { box.fields.constant }
    set { SharedFields.unique(&box).fields.constant = newValue }
  }
  /// System spacing (`NSSpace(8)`, `NSLayoutAnchorConstraintSpace(8)`), added to `constant`.
  public var systemSpacing: LoggedNumber? {
    get { box.fields.systemSpacing }
    set { SharedFields.unique(&box).fields.systemSpacing = newValue }
  }
  /// The priority, when printed (only engine dumps print one: `(258@251)`, ` priority:251`).
  public var priority: LoggedNumber? {
    get { box.fields.priority }
    set { SharedFields.unique(&box).fields.priority = newValue }
  }
  /// `true` for `(active…)`, `false` for `(inactive…)`, `nil` when the state is not printed.
  public var isActive: Bool? {
    get { box.fields.isActive }
    set { SharedFields.unique(&box).fields.isActive = newValue }
  }
  /// The `names:` list, in printed order.
  public var names: [NamedItem] {
    get { box.fields.names }
    set { SharedFields.unique(&box).fields.names = newValue }
  }
  /// How the body was printed.
  public var notation: Notation {
    get { box.fields.notation }
    set { SharedFields.unique(&box).fields.notation = newValue }
  }
  /// `(LTR)` or `(RTL)` after a visual-format body.
  public var direction: LayoutDirection? {
    get { box.fields.direction }
    set { SharedFields.unique(&box).fields.direction = newValue }
  }

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
    box = SharedFields(
      Fields(
        className: className,
        origin: origin,
        address: address,
        sourceLocation: sourceLocation,
        identifier: identifier,
        firstItem: firstItem,
        firstAttribute: firstAttribute,
        relation: relation,
        multiplier: multiplier,
        secondItem: secondItem,
        secondAttribute: secondAttribute,
        constant: constant,
        systemSpacing: systemSpacing,
        priority: priority,
        isActive: isActive,
        names: names,
        notation: notation,
        direction: direction))
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
