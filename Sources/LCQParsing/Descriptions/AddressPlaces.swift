extension ConflictBlock {
  /// Whether every `0x…` in the block's readable constraints is an address where UIKit prints
  /// one (a constraint's own, an item's), and none is part of other text: a class name, label,
  /// identifier, key, name (`inf*UIView:0x7f…` reads as a name), origin or file name.
  ///
  /// Only then do two messages that log the same list at other addresses read alike but for
  /// their addresses, which `lcq analyze` relies on to reuse an analysis across addresses.
  public var keepsAddressesInPlace: Bool {
    // Read field by field, without gathering the texts: the analysis asks this of every
    // message. (The origin is written as a fixed word, which holds no address.)
    func standsInPlace(_ item: LayoutItem) -> Bool {
      Self.isAddressOrFree(item.address) && !Self.mentionsAddress(item.className)
        && !Self.mentionsAddress(item.label) && !Self.mentionsAddress(item.name)
    }
    func keepsInPlace(_ logged: LoggedConstraint) -> Bool {
      guard let constraint = logged.constraint else { return true }
      return Self.isAddressOrFree(constraint.address) && !Self.mentionsAddress(constraint.className)
        && !Self.mentionsAddress(constraint.identifier)
        && !Self.mentionsAddress(constraint.sourceLocation?.file)
        && standsInPlace(constraint.firstItem) && (constraint.secondItem.map(standsInPlace) ?? true)
        && constraint.names.allSatisfy { standsInPlace($0.item) && !Self.mentionsAddress($0.key) }
    }
    return constraints.allSatisfy(keepsInPlace) && (brokenConstraint.map(keepsInPlace) ?? true)
  }

  /// `0x` and hexadecimal digits only, or no `0x` at all.
  private static func isAddressOrFree(_ text: String?) -> Bool {
    guard let text, mentionsAddress(text) else { return true }
    return text.hasPrefix("0x") && text.utf8.count > 2
      && text.utf8.dropFirst(2).allSatisfy {
        (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0)
      }
  }

  private static func mentionsAddress(_ text: String?) -> Bool {
    guard let text else { return false }
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if previous == UInt8(ascii: "0"), byte == UInt8(ascii: "x") { return true }
      previous = byte
    }
    return false
  }
}
