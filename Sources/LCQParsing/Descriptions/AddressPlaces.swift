extension ConflictBlock {
  /// Whether every `0x…` in the block's readable constraints is an address where UIKit prints
  /// one (a constraint's own, an item's), and none is part of other text: a class name, label,
  /// identifier, key, name (`inf*UIView:0x7f…` reads as a name), origin or file name.
  ///
  /// Only then do two messages that log the same list at other addresses read alike but for
  /// their addresses, which `lcq analyze` relies on to reuse an analysis across addresses.
  public var keepsAddressesInPlace: Bool {
    for logged in constraints + (brokenConstraint.map { [$0] } ?? []) {
      guard let constraint = logged.constraint else { continue }
      if !Self.isAddressOrFree(constraint.address) { return false }
      var texts = [constraint.className, constraint.identifier, constraint.sourceLocation?.file]
      texts.append(constraint.origin.description)
      for item in constraint.items + constraint.names.map(\.item) {
        if !Self.isAddressOrFree(item.address) { return false }
        texts += [item.className, item.label, item.name]
      }
      texts += constraint.names.map(\.key)
      if texts.contains(where: { $0.map(Self.mentionsAddress) ?? false }) { return false }
    }
    return true
  }

  /// `0x` and hexadecimal digits only, or no `0x` at all.
  private static func isAddressOrFree(_ text: String?) -> Bool {
    guard let text, mentionsAddress(text) else { return true }
    return text.hasPrefix("0x") && text.utf8.count > 2
      && text.utf8.dropFirst(2).allSatisfy {
        (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0)
      }
  }

  private static func mentionsAddress(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if previous == UInt8(ascii: "0"), byte == UInt8(ascii: "x") { return true }
      previous = byte
    }
    return false
  }
}
