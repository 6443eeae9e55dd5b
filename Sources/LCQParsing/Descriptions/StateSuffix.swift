/// The part after a constraint body: `(active)`, `(active, names: '|':UIView:0x… )`,
/// `(Names: '|':UIView:0x… )` or `(inactive)`.
struct StateSuffix {
  var isActive: Bool?
  var names: [NamedItem] = []
}

/// Reads a ``StateSuffix`` from `bytes[start..<end]`, where `start` is at its `(`.
struct StateSuffixReader {
  let bytes: [UInt8]
  let start: Int
  let end: Int

  private static let active = Array("active".utf8)
  private static let inactive = Array("inactive".utf8)
  /// `names:` or `Names:`.
  private static let namesKeyword = Array("ames:".utf8)
  /// The most `names:` entries one description may have. UIKit lists the views of one visual
  /// format string, a handful in practice; a longer list is crafted text, and reading it would
  /// only cost time and memory later on.
  static let maximumNames = 64

  func read() throws -> StateSuffix {
    var state = StateSuffix()
    var index = start + 1
    if bytes.matches(Self.active, at: index) {
      state.isActive = true
      index += 6
    } else if bytes.matches(Self.inactive, at: index) {
      state.isActive = false
      index += 8
    }
    let closing = bytes[index..<end].lastIndex(of: UInt8(ascii: ")")) ?? end
    if let namesRange = bytes.firstRange(of: Self.namesKeyword, from: index),
      namesRange.upperBound <= closing
    {
      state.names = try readNames(from: namesRange.upperBound, to: closing)
    }
    return state
  }

  /// Entries `KEY:Class:0xADDR`, separated by commas; keys may hold spaces and dots.
  private func readNames(from start: Int, to end: Int) throws -> [NamedItem] {
    var names: [NamedItem] = []
    var entryStart = skipSeparators(start, end)
    var index = entryStart
    while index + 2 < end {
      guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "0"),
        bytes[index + 2] == UInt8(ascii: "x")
      else {
        index += 1
        continue
      }
      var hexEnd = index + 3
      while hexEnd < end, bytes[hexEnd].isHexDigit { hexEnd += 1 }
      var classStart = index
      while classStart > entryStart, bytes[classStart - 1].isClassNameByte { classStart -= 1 }
      let address = String(decoding: bytes[(index + 1)..<hexEnd], as: UTF8.self)
      var key: String
      var item: LayoutItem
      if classStart > entryStart + 1, bytes[classStart - 1] == UInt8(ascii: ":") {
        // `key:Class:0xADDR`
        key = String(decoding: bytes[entryStart..<(classStart - 1)], as: UTF8.self)
        item = LayoutItem(
          className: String(decoding: bytes[classStart..<index], as: UTF8.self), address: address)
      } else if let colon = keyEnd(from: entryStart, to: index) {
        // `key:name:0xADDR`: an object printed by a name with punctuation and its address,
        // without a class (Flutter's `'|':platform_view[1]:0x…`, a cut debug name
        // `CapsuleNavigationBar?isSe...:0x…`). The address is what resolves the key.
        key = String(decoding: bytes[entryStart..<colon], as: UTF8.self)
        item = LayoutItem(address: address)
      } else {
        // `key:0xADDR`, the form names-only items take.
        key = String(decoding: bytes[entryStart..<index], as: UTF8.self)
        item = LayoutItem(address: address)
      }
      if key.count >= 2, key.hasPrefix("'"), key.hasSuffix("'") { key = String(key.dropFirst().dropLast()) }
      if hexEnd < end, bytes[hexEnd] == UInt8(ascii: "'") {
        // A label after the address: `'|':NSBox:0x7fe7c842d7c0'Title'`.
        var close = hexEnd + 1
        while close < end,
          !(bytes[close] == UInt8(ascii: "'")
            && (close + 1 == end || bytes[close + 1] == UInt8(ascii: ",") || bytes[close + 1].isBlank))
        {
          close += 1
        }
        if close < end {
          item.label = LabelText.decode(bytes[(hexEnd + 1)..<close])
          hexEnd = close + 1
        }
      }
      guard names.count < Self.maximumNames else {
        throw ConstraintParseFailure(
          column: entryStart + 1,
          reason: "more than \(Self.maximumNames) names entries (UIKit lists the views of one format string)")
      }
      names.append(NamedItem(key: key, item: item))
      entryStart = skipSeparators(hexEnd, end)
      index = entryStart
    }
    let rest = String(decoding: bytes[entryStart..<end], as: UTF8.self).trimmingCharacters(in: " \t,")
    if !rest.isEmpty {
      throw ConstraintParseFailure(
        column: entryStart + 1, reason: "cannot read names entry '\(rest)' (cut off?)")
    }
    return names
  }

  /// The colon that ends an entry's key when an unclassed name follows it (`'|':name:0x…`):
  /// after a quoted key's closing quote, else the entry's first colon; `nil` when the entry is
  /// a key and an address only.
  private func keyEnd(from start: Int, to addressColon: Int) -> Int? {
    var colon: Int?
    if bytes[start] == UInt8(ascii: "'") {
      var index = start + 1
      while index + 1 < addressColon,
        !(bytes[index] == UInt8(ascii: "'") && bytes[index + 1] == UInt8(ascii: ":"))
      {
        index += 1
      }
      if index + 1 < addressColon { colon = index + 1 }
    } else {
      colon = bytes[start..<addressColon].firstIndex(of: UInt8(ascii: ":"))
    }
    guard let colon, colon > start, colon + 1 < addressColon else { return nil }
    return colon
  }

  private func skipSeparators(_ index: Int, _ end: Int) -> Int {
    var index = index
    while index < end, bytes[index].isBlank || bytes[index] == UInt8(ascii: ",") { index += 1 }
    return index
  }
}
