/// Which kind of constraint printed the description, from its class.
public enum ConstraintOrigin: Sendable, Hashable, CustomStringConvertible {
  /// `NSLayoutConstraint`, made by app code, Interface Builder or UIKit itself.
  case layoutConstraint
  /// `NSAutoresizingMaskLayoutConstraint`, with its `h=… v=…` pattern when printed.
  case autoresizingMask(AutoresizingMask?)
  /// `NSContentSizeLayoutConstraint` (intrinsic content size).
  case contentSize
  /// `NSIBPrototypingLayoutConstraint` (added by Interface Builder at build time).
  case interfaceBuilderPrototyping
  /// `_UILayoutSupportConstraint` (top and bottom layout guides, iOS 7–10).
  case layoutSupport
  /// `_UISystemBaselineConstraint`.
  case systemBaseline
  /// SnapKit's `LayoutConstraint` (any module), usually with `@File.swift#line`.
  case snapKit
  /// Masonry's `MASLayoutConstraint`.
  case masonry
  /// Another `NSLayoutConstraint` subclass.
  case other

  /// Classifies a printed constraint class name.
  public init(className: String, mask: AutoresizingMask?, hasSourceLocation: Bool) {
    switch Self.lastComponent(of: className) {
    case "NSLayoutConstraint": self = .layoutConstraint
    case "NSAutoresizingMaskLayoutConstraint": self = .autoresizingMask(mask)
    case "NSContentSizeLayoutConstraint": self = .contentSize
    case "NSIBPrototypingLayoutConstraint": self = .interfaceBuilderPrototyping
    case "_UILayoutSupportConstraint": self = .layoutSupport
    case "_UISystemBaselineConstraint": self = .systemBaseline
    case "MASLayoutConstraint": self = .masonry
    case "LayoutConstraint" where className.utf8.contains(UInt8(ascii: ".")) || hasSourceLocation:
      self = .snapKit
    default: self = .other
    }
  }

  /// The class name after its last `.` (`LayoutConstraint` of `SnapKit.LayoutConstraint`),
  /// trailing dots ignored; the whole name when it has no other text. Read as bytes: every
  /// description asks it.
  private static func lastComponent(of className: String) -> Substring {
    let dot = UInt8(ascii: ".")
    let utf8 = className.utf8
    guard let last = utf8.lastIndex(where: { $0 != dot }) else { return className[...] }
    let start = utf8[..<last].lastIndex(of: dot).map { utf8.index(after: $0) } ?? utf8.startIndex
    return className[start..<utf8.index(after: last)]
  }

  /// A short stable name for JSON (`autoresizingMask`, `snapKit`, …).
  public var description: String {
    switch self {
    case .layoutConstraint: "layoutConstraint"
    case .autoresizingMask: "autoresizingMask"
    case .contentSize: "contentSize"
    case .interfaceBuilderPrototyping: "interfaceBuilderPrototyping"
    case .layoutSupport: "layoutSupport"
    case .systemBaseline: "systemBaseline"
    case .snapKit: "snapKit"
    case .masonry: "masonry"
    case .other: "other"
    }
  }
}

/// The `h=--& v=&--` pattern of an autoresizing-mask constraint.
///
/// Each axis has three characters, for the leading margin, the size and the trailing margin:
/// `-` is fixed and `&` is flexible.
public struct AutoresizingMask: Sendable, Hashable, CustomStringConvertible {
  /// Horizontal pattern, e.g. `--&`.
  public var horizontal: String
  /// Vertical pattern, e.g. `--&`.
  public var vertical: String

  /// Creates a mask from its two three-character patterns.
  public init(horizontal: String, vertical: String) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// The value as lcq prints it.
  public var description: String { "h=\(horizontal) v=\(vertical)" }
}

/// Where a constraint was made in source code, as SnapKit prints it (`@CCBaseCell.swift#88`).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file as printed (a name or an absolute path).
  public var file: String
  /// The 1-based line.
  public var line: Int

  /// Creates a location.
  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }

  /// The value as lcq prints it.
  public var description: String { "\(file)#\(line)" }
}
