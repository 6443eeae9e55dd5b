/// What sets a view's size through `UIView-Encapsulated-Layout-Width/Height` (AppKit:
/// `NSView-Encapsulated-Layout-*`). UIKit and AppKit put these on any view whose size a
/// container decides, not only on cells: a view controller's root view, a navigation bar's
/// content view, a toolbar, an input accessory view, a window, an AppKit toolbar item. The
/// words lcq prints name the container the view's class says, and "cell" only for cells.
enum SizingContainer: Sendable, Equatable {
  case cell, header, footer, navigationBar, toolbar, toolbarItem, inputView, window, rootView
  /// A view whose class says nothing more (an app's own view): some container sizes it.
  case sizedView

  /// What an identifier sets when it is UIKit's or AppKit's `*-Encapsulated-Layout-*`
  /// (`height`, `width` or `position`), else `nil`.
  static func sizedDimension(identifier: String?) -> String? {
    guard let identifier,
      identifier.hasPrefix("UIView-Encapsulated-Layout-")
        || identifier.hasPrefix("NSView-Encapsulated-Layout-")
    else { return nil }
    return identifier.hasSuffix("Height") ? "height" : identifier.hasSuffix("Width") ? "width" : "position"
  }

  /// The container of a view of class `className` (module-qualified or not).
  init(className: String?) {
    let name = className ?? ""
    if name.contains(text: "HeaderFooterView") || name.hasSuffix("Header")
      || name.contains(text: "HeaderView")
    {
      self = .header
    } else if name.hasSuffix("Footer") || name.contains(text: "FooterView") {
      self = .footer
    } else if name.contains(text: "TableViewCell") || name.contains(text: "CollectionViewCell")
      || name.hasSuffix("Cell")
      || name.contains(text: "CellContentView")
    {
      self = .cell
    } else if name.contains(text: "NavigationBar") {
      self = .navigationBar
    } else if name.contains(text: "ToolbarItem") {
      self = .toolbarItem
    } else if name.contains(text: "Toolbar") {
      self = .toolbar
    } else if name.contains(text: "InputSet") || name.contains(text: "InputView")
      || name.contains(text: "InputAccessory")
      || name.contains(text: "Keyboard") || name.contains(text: "KBCompat")
    {
      self = .inputView
    } else if name.hasSuffix("Window") {
      self = .window
    } else if name == "UIView" || name == "NSView" {
      // A plain view sized by its container is, nearly always, a view controller's view.
      self = .rootView
    } else {
      self = .sizedView
    }
  }

  /// Whether the view is a table or collection view's cell, header or footer.
  var isCell: Bool { self == .cell || self == .header || self == .footer }

  /// The view, as a noun: `cell`, `navigation bar`, `root view`…
  var noun: String {
    switch self {
    case .cell: "cell"
    case .header: "header"
    case .footer: "footer"
    case .navigationBar: "navigation bar"
    case .toolbar: "toolbar"
    case .toolbarItem: "toolbar item"
    case .inputView: "input view"
    case .window: "window"
    case .rootView: "root view"
    case .sizedView: "view"
    }
  }

  /// The view in a title (`UILabel width vs root view width`): `container-set` for a view whose
  /// class says nothing more.
  var titleNoun: String { self == .sizedView ? "container-set" : noun }

  /// Who sets its size.
  var setter: String {
    switch self {
    case .cell, .header, .footer: "the table or collection view"
    case .navigationBar: "the navigation controller"
    case .toolbar: "the toolbar's container"
    case .toolbarItem: "the toolbar"
    case .inputView: "the keyboard's input window"
    case .window: "the screen or the window scene"
    case .rootView: "the view controller's container"
    case .sizedView: "its container"
    }
  }
}
