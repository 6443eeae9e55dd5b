/// The runtime's object addresses in text, as it prints them: `0x` and 1 to 16 lowercase hex
/// digits with no leading zero (`0x7f83b8171210`). Other `0x…` text (upper-case digits, a
/// leading zero, more than 16 digits) is not an address here and stays as written. The rule of
/// ``ListKey`` (which numbers addresses) and ``AddressRenaming`` (which replaces them).
public enum AddressTokens {
  /// Calls `body` with the byte range and value of each address in `text`, in order.
  public static func forEach(in text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, UInt64) -> Void) {
    var index = 0
    while index < text.count {
      guard text[index] == UInt8(ascii: "0"), index + 1 < text.count, text[index + 1] == UInt8(ascii: "x")
      else {
        index += 1
        continue
      }
      var end = index + 2
      var value: UInt64 = 0
      var isAddress = true
      while end < text.count, let digit = text[end].hexDigitValue {
        if text[end] >= UInt8(ascii: "A"), text[end] <= UInt8(ascii: "F") { isAddress = false }
        value = value &<< 4 | UInt64(digit)
        end += 1
      }
      let digitCount = end - index - 2
      if digitCount == 0 || digitCount > 16 || (digitCount > 1 && text[index + 2] == UInt8(ascii: "0")) {
        isAddress = false
      }
      if isAddress { body(index..<end, value) }
      index = end
    }
  }
}

/// Replaces the addresses of one block with those of another that has the same list (the same
/// ``ListKey``): the i-th address to appear in the first becomes the i-th to appear in the second.
///
/// `lcq analyze --format json` reuses the analysis of a list for a later message that logs the
/// same list at other addresses: the solver and the diagnosis treat addresses as names only, so
/// the later message's analysis is the first one's with its addresses renamed (and every list
/// sorted by a name that holds an address sorted again; see ``Witness/values(renaming:)``).
public struct AddressRenaming: Sendable {
  private let replacements: [UInt64: String]

  /// The renaming from `old` to `new`, both in order of first appearance; `nil` when they are the
  /// same (nothing to rename) or of different lengths.
  public init?(from old: [UInt64], to new: [UInt64]) {
    guard old.count == new.count, old != new else { return nil }
    var replacements: [UInt64: String] = Dictionary(minimumCapacity: old.count)
    for (before, after) in zip(old, new) { replacements[before] = "0x" + String(after, radix: 16) }
    self.replacements = replacements
  }

  /// `text` with each address of the first block replaced by its counterpart; other text,
  /// other addresses included, unchanged.
  public func apply(_ text: String) -> String {
    var source = text
    let renamed: [UInt8]? = source.withUTF8 { bytes in
      var output: [UInt8] = []
      var copied = 0
      AddressTokens.forEach(in: bytes) { range, value in
        guard let replacement = replacements[value] else { return }
        if output.isEmpty { output.reserveCapacity(bytes.count + 16) }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<range.lowerBound]))
        output.append(contentsOf: replacement.utf8)
        copied = range.upperBound
      }
      guard copied > 0 else { return nil }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<bytes.count]))
      return output
    }
    // Most text holds no address: it is handed back as it is, not copied.
    return renamed.map { String(decoding: $0, as: UTF8.self) } ?? text
  }
}

extension UInt8 {
  fileprivate var hexDigitValue: UInt8? {
    switch self {
    case 48...57: self - 48
    case 97...102: self - 87
    case 65...70: self - 55
    default: nil
    }
  }
}
