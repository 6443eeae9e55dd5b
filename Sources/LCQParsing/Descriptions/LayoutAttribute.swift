/// An attribute of a layout item, as printed after `item.`.
///
/// Visual-format constraints are normalised to these too (`H:` edges become `leading` and
/// `trailing`, sizes `width` and `height`). Engine variables such as `contentHeight{id: 178}`
/// keep their printed name.
public enum LayoutAttribute: Sendable, Hashable, CustomStringConvertible {
  case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
  case firstBaseline, lastBaseline
  case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
  case centerXWithinMargins, centerYWithinMargins
  /// Autoresizing-mask attributes (`NSAutoresizingMaskLayoutConstraint` only).
  case minX, minY, midX, midY, maxX, maxY
  /// An internal engine variable, e.g. `contentHeight{id: 178}`.
  case engineVariable(String)

  /// Every named attribute, longest names first so that prefix matching picks the right one.
  static let named: [(name: [UInt8], attribute: LayoutAttribute)] = {
    let all: [LayoutAttribute] = [
      .centerXWithinMargins, .centerYWithinMargins, .trailingMargin, .leadingMargin,
      .bottomMargin, .rightMargin, .lastBaseline, .firstBaseline, .leftMargin, .topMargin,
      .trailing, .leading, .centerX, .centerY, .bottom, .height, .width, .right, .left, .top,
      .minX, .minY, .midX, .midY, .maxX, .maxY,
    ]
    // iOS 6–8 and OS X 10.7–10.10 printed `NSLayoutAttributeBaseline`, the last baseline, as
    // `.baseline`.
    return all.map { (Array($0.description.utf8), $0) } + [(Array("baseline".utf8), .lastBaseline)]
  }()

  /// The value as lcq prints it.
  public var description: String {
    switch self {
    case .left: "left"
    case .right: "right"
    case .top: "top"
    case .bottom: "bottom"
    case .leading: "leading"
    case .trailing: "trailing"
    case .width: "width"
    case .height: "height"
    case .centerX: "centerX"
    case .centerY: "centerY"
    case .firstBaseline: "firstBaseline"
    case .lastBaseline: "lastBaseline"
    case .leftMargin: "leftMargin"
    case .rightMargin: "rightMargin"
    case .topMargin: "topMargin"
    case .bottomMargin: "bottomMargin"
    case .leadingMargin: "leadingMargin"
    case .trailingMargin: "trailingMargin"
    case .centerXWithinMargins: "centerXWithinMargins"
    case .centerYWithinMargins: "centerYWithinMargins"
    case .minX: "minX"
    case .minY: "minY"
    case .midX: "midX"
    case .midY: "midY"
    case .maxX: "maxX"
    case .maxY: "maxY"
    case .engineVariable(let name): name
    }
  }
}

/// How a constraint relates its two sides.
public enum LayoutRelation: String, Sendable, Hashable, CustomStringConvertible {
  case equal = "=="
  case greaterThanOrEqual = ">="
  case lessThanOrEqual = "<="

  /// The value as lcq prints it.
  public var description: String { rawValue }
}
