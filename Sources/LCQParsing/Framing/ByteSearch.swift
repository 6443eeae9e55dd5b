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
  /// Searches `haystack[from..<to]` for `needle` and counts line feeds on the way; with
  /// `lineStarts`, also stops at a line (`from`, or just after a line feed) whose first byte is
  /// one of them, and says so (`atLineStart`).
  ///
  /// Tests sixteen positions at a time on three of the needle's bytes (first, middle, last);
  /// the filter may let a false candidate through (each is checked byte by byte) but never
  /// misses a match. `needle` must be at least 3 bytes long. A line is reported only when the
  /// needle would fit in it (it starts at least `needle.count` bytes before `to`).
  ///
  /// - Returns: the hit (or `nil`): the needle's offset, or the line's first byte when
  ///   `atLineStart`; the offset up to which line feeds were counted (never past the hit), and
  ///   how many there were in `from..<scannedTo`.
  static func findCountingNewlines(
    _ needle: [UInt8], orLineStartingWith lineStarts: (UInt8, UInt8, UInt8)? = nil,
    in haystack: UnsafeRawBufferPointer, from: Int, to: Int
  ) -> (hit: Int?, atLineStart: Bool, scannedTo: Int, newlines: Int) {
    let length = needle.count
    precondition(length >= 3, "needle too short for the three-byte filter")
    guard to - from >= length, let base = haystack.baseAddress else { return (nil, false, from, 0) }
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let followsLines = lineStarts != nil
    let starts = lineStarts ?? (0, 0, 0)
    @inline(__always) func startsLine(_ byte: UInt8) -> Bool { isOne(of: starts, byte) }
    if followsLines, startsLine(bytes[from]) { return (from, true, from, 0) }
    let middle = length / 2
    let lastOffset = length - 1
    let first = broadcast(needle[0])
    let center = broadcast(needle[middle])
    let last = broadcast(needle[lastOffset])
    let newline = broadcast(10)
    var newlines = 0
    var index = from
    #if _endian(little)
      let first16 = SIMD16<UInt8>(repeating: needle[0])
      let center16 = SIMD16<UInt8>(repeating: needle[middle])
      let last16 = SIMD16<UInt8>(repeating: needle[lastOffset])
      let newline16 = SIMD16<UInt8>(repeating: 10)
      // A byte that may start a line to stop at: one that has the bits the three `lineStarts`
      // share (one `and`, one compare; a lane that passes is checked exactly in `firstEvent`).
      // For a marker's `S`, `T` and 0xE2 that is bit 6 set and bit 3 clear, which no digit,
      // space or punctuation has: a timestamped log's lines pass it none. Without line starts
      // to follow, no byte masked with 0 equals 1.
      let shared = ~(starts.0 ^ starts.1) & ~(starts.0 ^ starts.2)
      let startBits = SIMD16<UInt8>(repeating: followsLines ? shared : 0)
      let startValue = SIMD16<UInt8>(repeating: followsLines ? starts.0 & shared : 1)
      // What a block at `offset` holds: needle candidates, line feeds, and line feeds followed
      // by a byte that may start a line to stop at. Lines are tested on every block: a branch
      // taken once a line would go one way or the other in no pattern a processor can learn.
      @inline(__always) func masks(
        at offset: Int
      ) -> (candidates: SIMDMask<SIMD16<Int8>>, feeds: SIMDMask<SIMD16<Int8>>, lines: SIMDMask<SIMD16<Int8>>)
      {
        let block = (base + offset).loadUnaligned(as: SIMD16<UInt8>.self)
        let candidates =
          (block .== first16)
          .& ((base + (offset &+ middle)).loadUnaligned(as: SIMD16<UInt8>.self) .== center16)
          .& ((base + (offset &+ lastOffset)).loadUnaligned(as: SIMD16<UInt8>.self) .== last16)
        let feeds = block .== newline16
        let next = (base + (offset &+ 1)).loadUnaligned(as: SIMD16<UInt8>.self)
        return (candidates, feeds, feeds .& ((next & startBits) .== startValue))
      }
      // Line feeds are counted per lane, at most 255 blocks at a time before the lanes are added
      // up, so that counting them costs no branch (a matching lane is all ones: subtracting it
      // adds one).
      var lineFeeds = SIMD16<UInt8>(repeating: 0)
      let wideLimit = to &- length &- 15
      while index <= wideLimit {
        let windowLast = min(wideLimit, index &+ 254 &* 16)
        while index <= windowLast {
          // Two blocks a turn and one test for both, in a loop that calls nothing, so that its
          // constants stay in registers (a call may change every vector register).
          while index &+ 16 <= windowLast {
            let one = masks(at: index)
            let two = masks(at: index &+ 16)
            if isAnySet(one.candidates .| one.lines .| two.candidates .| two.lines) { break }
            lineFeeds &-= unsafeBitCast(one.feeds, to: SIMD16<UInt8>.self)
            lineFeeds &-= unsafeBitCast(two.feeds, to: SIMD16<UInt8>.self)
            index &+= 32
          }
          // One block: the first of a pair with an event, or the window's last.
          if index > windowLast { break }
          let block = masks(at: index)
          if isAnySet(block.candidates .| block.lines) {
            let event = firstEvent(
              candidates: unsafeBitCast(block.candidates, to: SIMD2<UInt64>.self),
              lines: unsafeBitCast(block.lines, to: SIMD2<UInt64>.self), at: bytes + index,
              needle: needle, lineStarts: starts)
            // A line starting too near `to` for the needle to fit is not reported (nor can a
            // needle after it be there).
            if event >= 0, event & 1 == 0 || index &+ event &>> 1 <= to &- length {
              return (index &+ event &>> 1, event & 1 == 1, index, newlines &+ laneSum(lineFeeds))
            }
          }
          lineFeeds &-= unsafeBitCast(block.feeds, to: SIMD16<UInt8>.self)
          index &+= 16
        }
        newlines &+= laneSum(lineFeeds)
        lineFeeds = SIMD16<UInt8>(repeating: 0)
      }
      let limit = to &- length &- 7
      while index <= limit {
        let word = load(base, index)
        var candidates =
          maybeZeroBytes(word ^ first) & maybeZeroBytes(load(base, index &+ middle) ^ center)
          & maybeZeroBytes(load(base, index &+ lastOffset) ^ last)
        let feeds = zeroBytes(word ^ newline)
        var lineLane = 8
        var feedBits = followsLines ? feeds : 0
        while feedBits != 0 {
          let lane = feedBits.trailingZeroBitCount &>> 3
          if index &+ lane &+ 1 <= to &- length, startsLine(bytes[index &+ lane &+ 1]) {
            lineLane = lane
            break
          }
          feedBits &= feedBits &- 1
        }
        while candidates != 0 {
          let lane = candidates.trailingZeroBitCount &>> 3
          if lane > lineLane { break }
          if matches(needle, at: bytes + (index &+ lane)) { return (index &+ lane, false, index, newlines) }
          candidates &= candidates &- 1
        }
        if lineLane < 8 { return (index &+ lineLane &+ 1, true, index, newlines) }
        newlines &+= sparseBitCount(feeds)
        index &+= 8
      }
    #endif
    let scanned = index
    while index + length <= to {
      if followsLines, index > from, bytes[index &- 1] == 10, startsLine(bytes[index]) {
        return (index, true, scanned, newlines)
      }
      if matches(needle, at: bytes + index) { return (index, false, scanned, newlines) }
      index += 1
    }
    return (nil, false, scanned, newlines)
  }

  /// The first event in a 16-byte block at `block`: the needle at a lane of `candidates`, or a
  /// line that starts after a lane of `lines` with one of `lineStarts` (a lane of `lines` is a
  /// line feed whose next byte passed the vector test, which lets some other bytes through;
  /// masks as words, a lane's byte all ones when set). Returns the event's offset in the block
  /// shifted left by one, its low bit set for a line start (whose first byte is the offset); -1
  /// when there is none.
  @inline(never)
  private static func firstEvent(
    candidates: SIMD2<UInt64>, lines: SIMD2<UInt64>, at block: UnsafePointer<UInt8>, needle: [UInt8],
    lineStarts starts: (UInt8, UInt8, UInt8)
  ) -> Int {
    for half in 0..<2 {
      var bits = candidates[half] | lines[half]
      while bits != 0 {
        let shift = UInt64(bits.trailingZeroBitCount & ~7)
        let lane = half &* 8 &+ Int(shift &>> 3)
        if (candidates[half] &>> shift) & 1 != 0, matches(needle, at: block + lane) { return lane &<< 1 }
        if (lines[half] &>> shift) & 1 != 0 {
          if isOne(of: starts, block[lane &+ 1]) { return (lane &+ 1) &<< 1 | 1 }
        }
        bits &= ~(UInt64(0xFF) &<< shift)
      }
    }
    return -1
  }

  /// Whether `byte` is one of the three line-start bytes `starts`.
  @inline(__always)
  private static func isOne(of starts: (UInt8, UInt8, UInt8), _ byte: UInt8) -> Bool {
    byte == starts.0 || byte == starts.1 || byte == starts.2
  }

  /// Whether any lane of `mask` is set (tested as two words: `any` does not lower to one
  /// instruction here).
  @inline(__always)
  private static func isAnySet(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return words[0] | words[1] != 0
  }

  /// The sum of the lanes.
  @inline(__always)
  private static func laneSum(_ lanes: SIMD16<UInt8>) -> Int {
    Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
  }

  /// The number of set bits, for words that usually have none or one: without a `popcnt`
  /// instruction (baseline x86-64) this beats the generic population count.
  @inline(__always)
  private static func sparseBitCount(_ word: UInt64) -> Int {
    var word = word
    var count = 0
    while word != 0 {
      count &+= 1
      word &= word &- 1
    }
    return count
  }

  /// The high bit of each zero byte of `word`, and possibly of some bytes above a zero byte
  /// (three operations; for candidate filtering only).
  @inline(__always)
  private static func maybeZeroBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
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
      count &+= sparseBitCount(zeroBytes(load(base, index) ^ newlines))
      count &+= sparseBitCount(zeroBytes(load(base, index &+ 8) ^ newlines))
      count &+= sparseBitCount(zeroBytes(load(base, index &+ 16) ^ newlines))
      count &+= sparseBitCount(zeroBytes(load(base, index &+ 24) ^ newlines))
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
  /// The first range of `needle` at or after `from` and ending by `to` (the whole array when
  /// `to` is `nil`): `memchr` to each candidate first byte, `memcmp` for the rest.
  func firstRange(of needle: [UInt8], from: Int, to: Int? = nil) -> Range<Int>? {
    let to = to ?? count
    guard !needle.isEmpty, from >= 0, to <= count, to - from >= needle.count else { return nil }
    return withUnsafeBytes { haystack in
      needle.withUnsafeBytes { needle in
        // Neither is empty (checked above), so both have addresses.
        guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else { return nil }
        let first = Int32(needle[0])
        var index = from
        let last = to - needle.count
        while index <= last {
          guard let hit = memchr(base + index, first, last - index + 1) else { return nil }
          index = base.distance(to: UnsafeRawPointer(hit))
          if memcmp(base + index, needleBase, needle.count) == 0 {
            return index..<(index + needle.count)
          }
          index += 1
        }
        return nil
      }
    }
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

  var isASCIIDigit: Bool { self >= 48 && self <= 57 }
  var isHexDigit: Bool {
    isASCIIDigit || (self >= 97 && self <= 102) || (self >= 65 && self <= 70)
  }
  var isASCIILetter: Bool { (self >= 65 && self <= 90) || (self >= 97 && self <= 122) }
  var isBlank: Bool { self == .space || self == .tab }
}
