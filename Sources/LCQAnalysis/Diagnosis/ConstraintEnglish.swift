import LCQParsing

/// Plain English for one constraint:
/// `UILabel 'Title' (in MyApp.ProfileCell): leading edge = content view's leading edge + 16`.
public enum ConstraintEnglish {
  /// The sentence for `constraint`, naming items with `names`.
  public static func sentence(_ constraint: LayoutConstraint, names: ItemNames) -> String {
    let subject = names.qualifiedName(of: constraint.firstItem)
    var right: [String] = []
    if let item = constraint.secondItem, let attribute = constraint.secondAttribute {
      var name = names.name(of: item)
      if let context = names.context(of: item), context != names.context(of: constraint.firstItem),
        !context.hasSuffix(" " + (constraint.firstItem.readableClassName ?? "?"))
      {
        name += " (\(context))"
      }
      let multiplier = constraint.multiplier.value == 1 ? "" : "\(constraint.multiplier.text) × "
      right.append(multiplier + of(words(for: attribute), name))
    }
    let constant = constraint.constant
    if constant.value != 0 || right.isEmpty {
      if right.isEmpty {
        right.append(constant.text)
      } else {
        right.append(constant.value < 0 ? "− \(constant.text.dropFirst())" : "+ \(constant.text)")
      }
    }
    if let spacing = constraint.systemSpacing {
      right.append("+ \(spacing.text) (system spacing)")
    }
    return "\(subject): \(words(for: constraint.firstAttribute)) \(symbol(constraint.relation)) "
      + right.joined(separator: " ")
  }

  /// `=`, `≥` or `≤`.
  static func symbol(_ relation: LayoutRelation) -> String {
    switch relation {
    case .equal: "="
    case .greaterThanOrEqual: "≥"
    case .lessThanOrEqual: "≤"
    }
  }

  /// `content view's leading edge`, or `the leading edge of UILabel 'Title'` when a possessive
  /// would not read well.
  static func of(_ attribute: String, _ name: String) -> String {
    if name.hasSuffix("'") || name.hasSuffix(".") || name.hasSuffix(")") {
      return "the \(attribute) of \(name)"
    }
    return (name.hasSuffix("s") ? name + "'" : name + "'s") + " " + attribute
  }

  /// What an attribute is, in words.
  public static func words(for attribute: LayoutAttribute) -> String {
    switch attribute {
    case .left: "left edge"
    case .right: "right edge"
    case .top: "top edge"
    case .bottom: "bottom edge"
    case .leading: "leading edge"
    case .trailing: "trailing edge"
    case .width: "width"
    case .height: "height"
    case .centerX: "horizontal center"
    case .centerY: "vertical center"
    case .firstBaseline: "first baseline"
    case .lastBaseline: "last baseline"
    case .leftMargin: "left margin"
    case .rightMargin: "right margin"
    case .topMargin: "top margin"
    case .bottomMargin: "bottom margin"
    case .leadingMargin: "leading margin"
    case .trailingMargin: "trailing margin"
    case .centerXWithinMargins: "horizontal center within its margins"
    case .centerYWithinMargins: "vertical center within its margins"
    case .minX: "left edge in its superview"
    case .minY: "top edge in its superview"
    case .midX: "horizontal center in its superview"
    case .midY: "vertical center in its superview"
    case .maxX: "right edge in its superview"
    case .maxY: "bottom edge in its superview"
    case .engineVariable: "engine variable \(Fingerprint.attributeName(attribute))"
    }
  }
}
