import LCQParsing

extension ConflictBlock {
  /// The parsed constraint at list position `index`, which must have been read: the replay's
  /// members, minimal sets and fixes only ever name readable constraints.
  func member(_ index: Int) -> LayoutConstraint {
    guard let constraint = constraints[index].constraint else {
      preconditionFailure("constraint \(index + 1) of the list was not read, so it cannot be a member")
    }
    return constraint
  }
}

extension LayoutConstraint {
  /// The superview that the `names:` list's `'|'` entry names, if the list has one.
  var namedSuperview: LayoutItem? { names.first(where: { $0.key == "|" })?.item }
}
