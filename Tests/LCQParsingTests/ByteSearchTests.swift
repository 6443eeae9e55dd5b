import LCQTestSupport
import XCTest

@testable import LCQParsing

/// The word-wide and vector search against a plain byte-by-byte reference.
final class ByteSearchTests: XCTestCase {
  func testSearchAndLineCountsMatchANaiveScan() {
    var random = SeededGenerator.forTest("ByteSearchTests")
    let needle = Array("onstraint".utf8)
    let alphabet = Array("onstraic \n\t<>".utf8)
    for round in 0..<460 {
      // Mostly short inputs; every tenth long enough for line feeds counted over thousands of
      // blocks; the last ten nothing but line feeds, over 256 blocks of 16 bytes (every lane's
      // count past what a byte holds).
      var count = Int.random(in: 0...(round % 10 == 0 ? 20_000 : 300), using: &random)
      if round >= 450 { count = 4_097 + (round - 450) * 1_000 }
      var bytes = (0..<count).map { _ in alphabet.randomElement(using: &random)! }
      if round >= 450 { bytes = Array(repeating: 10, count: count) }
      if round % 3 == 0, count > 20 {
        let at = Int.random(in: 0...(count - needle.count), using: &random)
        bytes.replaceSubrange(at..<(at + needle.count), with: needle)
      }
      // The line feeds only are searched whole.
      let from = round >= 450 ? 0 : count > 0 ? Int.random(in: 0...count, using: &random) : 0
      let to = round >= 450 ? count : Int.random(in: from...count, using: &random)
      bytes.withUnsafeBytes { buffer in
        let expectedHit = naiveFind(needle, bytes, from, to)
        let result = ByteSearch.findCountingNewlines(needle, in: buffer, from: from, to: to)
        XCTAssertEqual(result.hit, expectedHit, "round \(round)")
        XCTAssertLessThanOrEqual(result.scannedTo, result.hit ?? to)
        XCTAssertEqual(result.newlines, bytes[from..<result.scannedTo].filter { $0 == 10 }.count)
        XCTAssertEqual(
          ByteSearch.countNewlines(in: buffer, from: from, to: to), bytes[from..<to].filter { $0 == 10 }.count
        )
      }
    }
  }

  /// With line-start bytes, the hit is the earlier of the needle and a line (at `from` or after
  /// a line feed) starting with one of them, at least `needle.count` bytes before the end.
  func testLineStartsAreFoundInOrderWithTheNeedle() {
    var random = SeededGenerator.forTest("ByteSearchTests.lineStarts")
    let needle = Array("onstraint".utf8)
    let starts: (UInt8, UInt8, UInt8) = (UInt8(ascii: "S"), UInt8(ascii: "T"), 0xE2)
    let alphabet = Array("onstraic \n\n\tST".utf8) + [0xE2, UInt8(ascii: "x")]
    for round in 0..<600 {
      let count = Int.random(in: 0...(round % 10 == 0 ? 5_000 : 200), using: &random)
      var bytes = (0..<count).map { _ in alphabet.randomElement(using: &random)! }
      if round % 2 == 0, count > 20 {
        let at = Int.random(in: 0...(count - needle.count), using: &random)
        bytes.replaceSubrange(at..<(at + needle.count), with: needle)
      }
      let from = count > 0 ? Int.random(in: 0...count, using: &random) : 0
      let to = Int.random(in: from...count, using: &random)
      bytes.withUnsafeBytes { buffer in
        let needleHit = naiveFind(needle, bytes, from, to)
        var lineHit: Int?
        if to - from >= needle.count {
          for index in from...(to - needle.count)
          where (index == from || bytes[index - 1] == 10)
            && [starts.0, starts.1, starts.2].contains(bytes[index])
          {
            lineHit = index
            break
          }
        }
        let result = ByteSearch.findCountingNewlines(
          needle, orLineStartingWith: starts, in: buffer, from: from, to: to)
        let expected = [needleHit, lineHit].compactMap { $0 }.min()
        XCTAssertEqual(result.hit, expected, "round \(round)")
        XCTAssertEqual(result.atLineStart, expected != nil && expected == lineHit, "round \(round)")
        XCTAssertLessThanOrEqual(result.scannedTo, result.hit ?? to)
        XCTAssertEqual(result.newlines, bytes[from..<result.scannedTo].filter { $0 == 10 }.count)
      }
    }
  }

  /// A timestamped log's lines pass no test but the line feed's; one marker line (or a line
  /// that only looks like one to the vector test) is put at every offset around the edges of
  /// the 16-byte blocks, of the pairs of blocks and of the 255-block windows the search counts
  /// line feeds in, and the input is cut at every length around them.
  func testEventsAtEveryBlockPairAndWindowEdgeAreFoundAndCountedOnce() {
    let needle = Array("onstraint".utf8)
    let starts: (UInt8, UInt8, UInt8) = (UInt8(ascii: "S"), UInt8(ascii: "T"), 0xE2)
    var log: [UInt8] = []
    while log.count < 9_000 { log += Array("2026-11-20 09:00:00.026947-0800 0x1f0b78 fetch\n".utf8) }
    log.withUnsafeBytes { buffer in
      for to in Array(0...700) + Array(4_060...4_140) + Array(8_140...8_220) {
        let result = ByteSearch.findCountingNewlines(
          needle, orLineStartingWith: starts, in: buffer, from: 0, to: to)
        XCTAssertNil(result.hit, "up to \(to)")
        XCTAssertLessThanOrEqual(result.scannedTo, to, "up to \(to)")
        XCTAssertEqual(result.newlines, log[0..<result.scannedTo].filter { $0 == 10 }.count, "up to \(to)")
      }
    }
    let edges = [0, 16, 32, 4_080, 4_096, 8_160, 8_176]
    let offsets = Set(edges.flatMap { edge in (edge - 3)...(edge + 18) }.filter { $0 >= 1 })
    for offset in offsets.sorted() {
      for (start, isMarker) in [(UInt8(ascii: "T"), true), (UInt8(ascii: "U"), false)] {
        var bytes = log
        bytes[offset - 1] = 10
        bytes[offset] = start
        let lines = bytes[0..<offset].filter { $0 == 10 }.count
        for to in [offset + needle.count, offset + 40, bytes.count] where to <= bytes.count {
          bytes.withUnsafeBytes { buffer in
            let result = ByteSearch.findCountingNewlines(
              needle, orLineStartingWith: starts, in: buffer, from: 0, to: to)
            let place = "line at \(offset), up to \(to)"
            XCTAssertEqual(result.hit, isMarker ? offset : nil, place)
            XCTAssertEqual(result.atLineStart, isMarker, place)
            XCTAssertLessThanOrEqual(result.scannedTo, result.hit ?? to, place)
            XCTAssertEqual(result.newlines, bytes[0..<result.scannedTo].filter { $0 == 10 }.count, place)
            if isMarker {
              let rest = ByteSearch.countNewlines(in: buffer, from: result.scannedTo, to: offset)
              XCTAssertEqual(result.newlines + rest, lines, place)
            }
          }
        }
      }
    }
  }

  private func naiveFind(_ needle: [UInt8], _ bytes: [UInt8], _ from: Int, _ to: Int) -> Int? {
    guard to - from >= needle.count else { return nil }
    for index in from...(to - needle.count) where Array(bytes[index..<(index + needle.count)]) == needle {
      return index
    }
    return nil
  }

  func testFirstRangeMatchesANaiveSearch() {
    var random = SeededGenerator.forTest("ByteSearchTests")
    let alphabet = Array("abcab".utf8)
    for _ in 0..<2_000 {
      let haystack = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      let needle = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        alphabet.randomElement(using: &random)!
      }
      let from = Int.random(in: 0...max(0, haystack.count), using: &random)
      let to = Int.random(in: from...max(from, haystack.count), using: &random)
      var expected: Range<Int>?
      var index = from
      while expected == nil, index + needle.count <= to {
        if Array(haystack[index..<(index + needle.count)]) == needle {
          expected = index..<(index + needle.count)
        }
        index += 1
      }
      XCTAssertEqual(
        haystack.firstRange(of: needle, from: from, to: to), expected, "\(haystack) \(needle) \(from) \(to)")
      if to == haystack.count {
        XCTAssertEqual(haystack.firstRange(of: needle, from: from), expected)
      }
    }
  }
}
