import LCQParsing

/// A versioned identity for a conflict that stays the same across runs, devices and builds.
///
/// It hashes the canonical form of the block's minimal conflicting set (of the whole parsed
/// list when there is no set; where the set holds a size the container sets, the set no device
/// decides, ``DeviceIndependentSet``):
/// - addresses are replaced by item colours that do not depend on the list order
///   (``ItemColoring``);
/// - label text is dropped: it is content (dates, names, translations);
/// - constants a device decides are dropped (``DeviceDependence``): cell sizes set by a table or
///   collection view, autoresizing frames, temporary fitting sizes, margins, safe area, window
///   and keyboard sizes, intrinsic content sizes;
/// - SnapKit's line number is dropped (any edit above it moves it), its file is kept;
/// - the layout direction is dropped (a right-to-left language is a translation);
/// - identifiers are dropped: an OS version or a build that names a constraint (or stops
///   naming it) does not make another bug;
/// - each constraint between two items is written with its sides in a fixed order
///   (``oriented(_:)``), so `A.x == B.y + c` and `B.y == A.x - c`, as visual format, an anchor or
///   another OS version print the same constraint, are one line;
/// - everything else is kept: classes with their module, attributes, relations, multipliers,
///   the app's constants, printed priorities.
public struct Fingerprint: Sendable, Hashable, CustomStringConvertible {
  /// The version of the canonical form; a change to what is hashed makes a new version
  /// (docs/fingerprint.md says what each changed).
  public static let version = "v3"

  /// `v3:` followed by 16 hexadecimal digits (the first 64 bits of a SHA-256).
  public var value: String
  /// The canonical lines that were hashed, sorted: one per constraint.
  public var canonicalLines: [String]

  /// The value.
  public var description: String { value }

  /// The fingerprint of `block` for the constraints at `indices` (list indices); `nil` when none
  /// of them is parsed.
  public init?(block: ConflictBlock, indices: [Int]) {
    let constraints = indices.compactMap { block.constraints[$0].constraint }
    guard !constraints.isEmpty else { return nil }
    var initial: [String: String] = [:]
    var edges: [ItemColoring.Edge] = []
    for printed in constraints {
      let deviceConstant = DeviceDependence.hasDeviceConstant(printed)
      let constraint = Self.oriented(printed)
      let first = LayoutModelBuilder.key(of: constraint.firstItem, other: constraint.secondItem)
      initial[first] = Self.initialColor(of: constraint.firstItem, key: first)
      var second: String?
      if let item = constraint.secondItem {
        let key = LayoutModelBuilder.key(of: item, other: constraint.firstItem)
        initial[key] = Self.initialColor(of: item, key: key)
        second = key
      }
      edges.append(
        ItemColoring.Edge(
          shape: Self.shape(of: constraint, deviceConstant: deviceConstant), first: first, second: second))
    }
    let coloring = ItemColoring(initial: initial, edges: edges)
    canonicalLines = edges.map { edge in
      let second = edge.second.map { coloring.colors[$0] ?? "?" } ?? "-"
      return "\(coloring.colors[edge.first] ?? "?") \(edge.shape) \(second)"
    }.sorted()
    let digest = SHA256.hex(Self.version + "\n" + canonicalLines.joined(separator: "\n"))
    value = Self.version + ":" + digest.prefix(16)
  }

  /// What an item is, before its neighbours are looked at: class with module, a developer's key
  /// (a Masonry key or a names-only reference), and whether it is visual format's bare `|`.
  static func initialColor(of item: LayoutItem, key: String) -> String {
    var color = item.className ?? "?"
    if let address = item.address, !address.hasPrefix("0x") { color += "#" + address }
    if item.address == nil, let name = item.name { color += "@" + name }
    if key.hasPrefix("superview(") { color += "|" }
    return color
  }

  /// A constraint without its items: everything the fingerprint keeps (`deviceConstant`: its
  /// constant is the device's, see ``DeviceDependence``).
  static func shape(of constraint: LayoutConstraint, deviceConstant: Bool) -> String {
    var mask = ""
    if case .autoresizingMask(let pattern?) = constraint.origin { mask = pattern.description }
    let constant = deviceConstant ? "~" : constraint.constant.text
    let fields = [
      constraint.className, mask,
      attributeName(constraint.firstAttribute), constraint.relation.rawValue, constraint.multiplier.text,
      constraint.secondAttribute.map(attributeName) ?? "", constant, constraint.systemSpacing?.text ?? "",
      constraint.priority?.text ?? "", constraint.sourceLocation?.file ?? "",
    ]
    return fields.joined(separator: "\u{1F}")
  }

  /// `constraint` with its sides in a fixed order. A constraint between two items with
  /// multiplier 1 can be printed either way round: `A.x R B.y + c` is `B.y R' A.x - c` (`R'` the
  /// relation turned: `<=` for `>=`). The side whose item (class and keys, as
  /// ``initialColor(of:key:)`` gives it) and attribute sort first goes on the left; when both
  /// sides sort alike, the form whose constant (with system spacing) is not negative, and for a
  /// zero constant `<=` rather than `>=`. Other multipliers are kept as printed (their inverse
  /// is not a number the log printed).
  static func oriented(_ constraint: LayoutConstraint) -> LayoutConstraint {
    guard let second = constraint.secondItem, let secondAttribute = constraint.secondAttribute,
      constraint.multiplier.value == 1
    else { return constraint }
    let first = constraint.firstItem
    let left =
      initialColor(of: first, key: LayoutModelBuilder.key(of: first, other: second)) + "."
      + attributeName(constraint.firstAttribute)
    let right =
      initialColor(of: second, key: LayoutModelBuilder.key(of: second, other: first)) + "."
      + attributeName(secondAttribute)
    let offset = constraint.constant.value + (constraint.systemSpacing?.value ?? 0)
    let turn =
      left != right ? right < left : offset < 0 || (offset == 0 && constraint.relation == .greaterThanOrEqual)
    guard turn else { return constraint }
    var turned = constraint
    turned.firstItem = second
    turned.firstAttribute = secondAttribute
    turned.secondItem = first
    turned.secondAttribute = constraint.firstAttribute
    turned.constant = constraint.constant.negated
    turned.systemSpacing = constraint.systemSpacing?.negated
    switch constraint.relation {
    case .equal: turned.relation = .equal
    case .lessThanOrEqual: turned.relation = .greaterThanOrEqual
    case .greaterThanOrEqual: turned.relation = .lessThanOrEqual
    }
    return turned
  }

  /// An attribute's name; an engine variable loses its `{id: 178}`, which numbers the engine's
  /// own objects.
  static func attributeName(_ attribute: LayoutAttribute) -> String {
    let name = attribute.description
    guard case .engineVariable = attribute, let brace = name.firstIndex(of: "{") else { return name }
    return String(name[..<brace])
  }
}
