import LCQParsing

/// A view of a third-party library (a map, ads or chat SDK's), and how sure lcq is of it.
public struct LibraryView: Sendable, Hashable {
  /// The library's name when known: its vendored folder (`Pods/GoogleMaps`), else its Swift
  /// module (`MaterialKit` of `MaterialKit.FlatButton`).
  public var library: String?
  /// `true` when the app's source tree was read (`--source-root`) and does not declare the class;
  /// `false` for a guess from the Swift module alone: not the app's (the process that logged the
  /// message) and not Apple's.
  public var isProven: Bool
  /// The class as printed.
  public var className: String

  /// The library's name, or words for an unnamed one.
  var name: String { library.map { "the \($0) library" } ?? "a library" }
}

/// The views of one block that belong to a third-party library rather than to the app.
///
/// With the app's source tree (``AppSource``), a class the app's code does not declare and Apple
/// does not ship is a library's, proven: its vendored folder names the library. Without it, a
/// Swift class whose module is neither Apple's nor the app's (the module of the process that
/// logged the message) is probably a library's. A class Apple ships (``isApples(_:)``) or the
/// app declares is neither. A view without a printed class says nothing.
enum LibraryViews {
  /// The library views of `block` by identity (``LayoutItem/identity``).
  static func find(in block: ConflictBlock, source: AppSource?) -> [String: LibraryView] {
    let appModule = block.source.process.map(moduleName(ofProcess:))
    guard source != nil || appModule != nil else { return [:] }
    var found: [String: LibraryView] = [:]
    for logged in block.constraints {
      guard let constraint = logged.constraint else { continue }
      for item in constraint.items + constraint.names.map(\.item) where found[item.identity] == nil {
        if let view = libraryView(item, source: source, appModule: appModule) { found[item.identity] = view }
      }
    }
    return found
  }

  /// Whose `item` is, when a library's.
  static func libraryView(_ item: LayoutItem, source: AppSource?, appModule: String?) -> LibraryView? {
    guard let className = item.className else { return nil }
    let module = self.module(of: item)
    if let module, module == appModule { return nil }
    if let source, let bare = item.moduleLessClassName {
      let plain = plainName(bare)
      if source.declaredClasses.contains(plain) { return nil }
      if let library = source.vendoredClasses[plain] {
        return LibraryView(library: library, isProven: true, className: className)
      }
      if isApples(item) { return nil }
      return LibraryView(library: module, isProven: true, className: className)
    }
    guard let module, let appModule, module != appModule, !isApples(item) else { return nil }
    return LibraryView(library: module, isProven: false, className: className)
  }

  /// The Swift module a class names: `MaterialKit` of `MaterialKit.FlatButton`, `MyApp` of
  /// `_TtC5MyApp8CardView`; `nil` for an Objective-C class.
  static func module(of item: LayoutItem) -> String? {
    guard let className = item.className else { return nil }
    if className.utf8.starts(with: "_Tt".utf8) { return item.swiftName?.module }
    // Searched as bytes, as ``LayoutItem/moduleLessClassName`` does: most classes have no dot.
    guard let dot = className.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
    let module = String(className[..<dot])
    return module.isEmpty || module.contains("<") ? nil : module
  }

  /// A class without its generic arguments (`CardView` of `CardView<RecoveryKeyView>`), as a
  /// source tree declares it.
  static func plainName(_ name: String) -> String {
    name.firstIndex(of: "<").map { String(name[..<$0]) } ?? name
  }

  /// The module Xcode gives a product from its name, which is the process's: characters that
  /// cannot be in an identifier become `_` (`My App` is `My_App`), as does a leading digit.
  static func moduleName(ofProcess process: String) -> String {
    var module = String(process.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    if module.first?.isNumber == true { module = "_" + module.dropFirst() }
    return module
  }

  /// Whether Apple ships `item`'s class: a Swift class of Apple's modules, a private class, a
  /// system container, or an Objective-C class with an Apple framework's prefix.
  static func isApples(_ item: LayoutItem) -> Bool {
    if let swiftName = item.swiftName { return ConstraintOwnership.isApples(swiftName) }
    if let module = module(of: item) { return ConstraintOwnership.appleModules.contains(module) }
    guard let bare = item.moduleLessClassName else { return false }
    if ConstraintOwnership.isSystemContainer(named: bare) { return true }
    return appleClassPrefixes.contains { prefix in
      bare.hasPrefix(prefix) && bare.dropFirst(prefix.count).first?.isUppercase == true
    }
  }

  /// Class prefixes of Apple's frameworks that draw views: UIKit and AppKit, Core Animation,
  /// MapKit, WebKit, AVKit, SpriteKit and SceneKit, PassKit and PencilKit, PhotosUI, Quick Look,
  /// SafariServices, AuthenticationServices, ContactsUI, EventKitUI, GameKit, HealthKit, MessageUI,
  /// MetalKit, PDFKit, ARKit, CarPlay, IntentsUI, LinkPresentation, VisionKit, TextInputUI.
  static let appleClassPrefixes = [
    "UI", "NS", "CA", "MK", "WK", "AV", "SK", "SCN", "PK", "PH", "QL", "SF", "AS", "CN", "EK", "GK", "HK",
    "MF", "MTK", "PDF", "AR", "CP", "INUI", "LP", "VN", "VK", "TUI",
  ]
}
