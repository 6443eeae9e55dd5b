/// A view or layout guide named in a constraint description.
///
/// Its identity within a block is its address (`0x7f83b8171210`); names-only items
/// (`name_label`, `progress background`, `DetailViewFeatureItemCell...`) are resolved to an
/// address through the description's `names:` list when it has one.
public struct LayoutItem: Sendable, Hashable, CustomDebugStringConvertible {
  /// The printed parts, as one value.
  struct Fields: Sendable, Hashable {
    var className: String?
    var address: String?
    var label: String?
    var name: String?
  }

  /// The parts, shared by every copy until one of them changes.
  private var box: SharedFields<Fields>

  /// Two items are equal when every part is.
  public static func == (lhs: LayoutItem, rhs: LayoutItem) -> Bool {
    lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
  }

  /// Hashes every part, in order.
  public func hash(into hasher: inout Hasher) { box.fields.hash(into: &hasher) }

  /// The parts, for a failing test's message and the debugger.
  public var debugDescription: String { "\(Self.self)\(String(describing: box.fields).dropFirst(6))" }

  /// The class as printed, module included (`Proto.HeaderView`, `UILabel`), if printed.
  public var className: String? {
    get { box.fields.className }
    set { SharedFields.unique(&box).fields.className = newValue }
  }
  /// The address as printed (`0x7f83b8171210`), or a Masonry key (`messageLabel`).
  public var address: String? {
    get { box.fields.address }
    set { SharedFields.unique(&box).fields.address = newValue }
  }
  /// The label text printed after the address (`'Set lunch'`), with `\Uxxxx` escapes decoded.
  public var label: String? {
    get { box.fields.label }
    set { SharedFields.unique(&box).fields.label = newValue }
  }
  /// The key that named the item: a names-only reference, or `|` for the superview in visual
  /// format.
  public var name: String? {
    get { box.fields.name }
    set { SharedFields.unique(&box).fields.name = newValue }
  }

  /// Creates an item.
  public init(className: String? = nil, address: String? = nil, label: String? = nil, name: String? = nil) {
    box = SharedFields(Fields(className: className, address: address, label: label, name: name))
  }

  /// Whether this is visual format's `|`, the superview.
  public var isSuperview: Bool { name == "|" }

  /// The class without its module (`HeaderView` for `Proto.HeaderView`; a Swift runtime name
  /// read back: `CardView<RecoveryKeyView>` for `_TtGC5MyApp8CardView…`).
  public var moduleLessClassName: String? {
    guard let className else { return nil }
    if let swiftName { return swiftName.readable }
    // Searched as bytes: a `.` is one byte, and walking Characters from the end is slow.
    if let dot = className.utf8.lastIndex(of: UInt8(ascii: ".")) {
      return String(className[className.utf8.index(after: dot)...])
    }
    return className
  }

  /// The class's Swift runtime name read back, when it is one (`_TtC5MyApp8CardView`).
  public var swiftName: SwiftTypeName? {
    guard let className, className.utf8.starts(with: "_Tt".utf8) else { return nil }
    return SwiftTypeName(runtimeName: className)
  }

  /// The class as a developer writes it: a Swift runtime name read back with its module
  /// (`MyApp.CardView<RecoveryKeyView>`), any other as printed.
  public var readableClassName: String? {
    swiftName?.qualified ?? className
  }

  /// A stable key for the item within its block: the address when known, else the name.
  public var identity: String {
    address ?? name.map { "name:" + $0 } ?? className ?? "?"
  }

  /// Whether the class is a layout guide or a layout spacer rather than a view.
  public var isLayoutGuide: Bool {
    guard let name = moduleLessClassName else { return false }
    return name.hasSuffix("LayoutGuide") || name.hasSuffix("GapGuide")
      || name == "_UILayoutSpacer" || name.hasSuffix("LayoutSpacer")
  }
}

/// One entry of a description's `names:` list: `'|':UIView:0x7f…` or `name_label:UILabel:0x7f…`.
public struct NamedItem: Sendable, Hashable {
  /// The key, with the quotes removed (`|`, `name_label`).
  public var key: String
  /// The item the key stands for.
  public var item: LayoutItem

  /// Creates an entry.
  public init(key: String, item: LayoutItem) {
    self.key = key
    self.item = item
  }
}
