#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// Byte-level search primitives used on the scanner's hot path.
///
/// Everything here works on raw buffers so that lines which cannot belong to a conflict
/// message are skipped without ever becoming a `String`.
enum ByteSearch {
  /// Returns the offset of the first occurrence of `needle` in `haystack[from..<to]`, or `nil`.
  ///
  /// Tests eight positions at a time on three of the needle's bytes (first, middle, last) with
  /// word-wide arithmetic, and checks the rare candidates byte by byte. `needle` must be at
  /// least 3 bytes long.
  static func find(
    _ needle: [UInt8], in haystack: UnsafeRawBufferPointer, from: Int, to: Int
  ) -> Int? {
    let length = needle.count
    precondition(length >= 3, "needle too short for the three-byte filter")
    guard to - from >= length, let base = haystack.baseAddress else { return nil }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let middle = length / 2
    let first = broadcast(needle[0])
    let center = broadcast(needle[middle])
    let last = broadcast(needle[length - 1])
    var index = from
    #if _endian(little)
      while index + 8 + length - 1 <= to {
        var candidates =
          zeroBytes(load(base, index) ^ first) & zeroBytes(load(base, index + middle) ^ center)
          & zeroBytes(load(base, index + length - 1) ^ last)
        while candidates != 0 {
          let lane = candidates.trailingZeroBitCount >> 3
          if matches(needle, at: bytes + index + lane) { return index + lane }
          candidates &= candidates &- 1
        }
        index += 8
      }
    #endif
    while index + length <= to {
      if matches(needle, at: bytes + index) { return index }
      index += 1
    }
    return nil
  }

  @inline(__always)
  private static func matches(_ needle: [UInt8], at pointer: UnsafePointer<UInt8>) -> Bool {
    for offset in 0..<needle.count where pointer[offset] != needle[offset] { return false }
    return true
  }

  @inline(__always)
  private static func load(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
    (base + offset).loadUnaligned(as: UInt64.self)
  }

  @inline(__always)
  private static func broadcast(_ byte: UInt8) -> UInt64 {
    UInt64(byte) &* 0x0101_0101_0101_0101
  }

  /// The high bit of each byte of `word` that is zero, and no other bit (exact, no carries).
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((word & low7) &+ low7) | word | low7)
  }

  /// Returns the offset of the first `byte` in `haystack[from..<to]`, or `nil`.
  static func firstIndex(
    of byte: UInt8, in haystack: UnsafeRawBufferPointer, from: Int, to: Int
  ) -> Int? {
    guard to > from, let base = haystack.baseAddress else { return nil }
    guard let hit = memchr(base + from, Int32(byte), to - from) else { return nil }
    return base.distance(to: UnsafeRawPointer(hit))
  }

  /// Returns the offset of the last `byte` in `haystack[from..<to]`, or `nil`.
  static func lastIndex(
    of byte: UInt8, in haystack: UnsafeRawBufferPointer, from: Int, to: Int
  ) -> Int? {
    guard to > from, let base = haystack.baseAddress else { return nil }
    var index = to - 1
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    while index >= from {
      if bytes[index] == byte { return index }
      index -= 1
    }
    return nil
  }

  /// Counts the line feeds in `haystack[from..<to]`, eight bytes at a time.
  static func countNewlines(in haystack: UnsafeRawBufferPointer, from: Int, to: Int) -> Int {
    guard to > from, let base = haystack.baseAddress else { return 0 }
    var count = 0
    var index = from
    let newlines = broadcast(10)
    while index + 32 <= to {
      count &+= zeroBytes(load(base, index) ^ newlines).nonzeroBitCount
      count &+= zeroBytes(load(base, index + 8) ^ newlines).nonzeroBitCount
      count &+= zeroBytes(load(base, index + 16) ^ newlines).nonzeroBitCount
      count &+= zeroBytes(load(base, index + 24) ^ newlines).nonzeroBitCount
      index += 32
    }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    while index < to {
      if bytes[index] == 10 { count += 1 }
      index += 1
    }
    return count
  }
}

extension Array where Element == UInt8 {
  /// Whether `needle` occurs anywhere in this byte array.
  func contains(bytes needle: [UInt8]) -> Bool {
    firstRange(of: needle, from: 0) != nil
  }

  /// The first range of `needle` at or after `from`, by a plain forward search.
  func firstRange(of needle: [UInt8], from: Int) -> Range<Int>? {
    guard !needle.isEmpty, count - from >= needle.count, from >= 0 else { return nil }
    let first = needle[0]
    var index = from
    let last = count - needle.count
    while index <= last {
      if self[index] == first {
        var matched = true
        var offset = 1
        while offset < needle.count {
          if self[index + offset] != needle[offset] {
            matched = false
            break
          }
          offset += 1
        }
        if matched { return index..<(index + needle.count) }
      }
      index += 1
    }
    return nil
  }

  /// Whether the bytes at `index` spell `prefix`.
  func matches(_ prefix: [UInt8], at index: Int) -> Bool {
    guard index >= 0, index + prefix.count <= count else { return false }
    for offset in 0..<prefix.count where self[index + offset] != prefix[offset] {
      return false
    }
    return true
  }
}

extension UInt8 {
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let quote = UInt8(ascii: "\"")
  static let apostrophe = UInt8(ascii: "'")

  var isASCIIDigit: Bool { self >= 48 && self <= 57 }
  var isHexDigit: Bool {
    isASCIIDigit || (self >= 97 && self <= 102) || (self >= 65 && self <= 70)
  }
  var isASCIILetter: Bool { (self >= 65 && self <= 90) || (self >= 97 && self <= 122) }
  var isBlank: Bool { self == .space || self == .tab }
}
