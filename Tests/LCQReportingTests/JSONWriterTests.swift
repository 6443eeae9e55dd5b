import Foundation
import XCTest

@testable import LCQReporting

/// The JSON writer that `lcq analyze --format json` streams each block through: its text is
/// checked against JSON written out here by hand, and against what Foundation's reader makes of it.
final class JSONWriterTests: XCTestCase {
  func testCommasGoBetweenMembersAndElementsAtEveryDepth() {
    var json = JSONWriter()
    json.beginObject()
    json.key("a")
    json.ints([1, -2, 0])
    json.key("b")
    json.beginArray()
    json.beginObject()
    json.endObject()
    json.beginArray()
    json.endArray()
    json.null()
    json.endArray()
    json.key("c")
    json.beginObject()
    json.member("d e")
    json.bool(true)
    json.key("f")
    json.string(nil)
    json.endObject()
    json.endObject()
    json.endLine()
    json.int(Int.min)
    json.endLine()
    XCTAssertEqual(
      String(decoding: json.bytes, as: UTF8.self),
      #"{"a":[1,-2,0],"b":[{},[],null],"c":{"d e":true,"f":null}}"# + "\n-9223372036854775808\n")
  }

  func testStringsEscapeQuotesControlsAndJavaScriptLineEnds() throws {
    var json = JSONWriter()
    json.strings(["\"\\\n\r\t", "\u{1}\u{1B}]52;\u{7F}", "\u{85}\u{9B}2J", "a\u{2028}b\u{2029}c", "é ✓ 😀"])
    let text = String(decoding: json.bytes, as: UTF8.self)
    XCTAssertEqual(
      text,
      #"["\"\\\n\r\t","\u0001\u001b]52;\u007f","\u0085\u009b2J","a\u2028b\u2029c","é ✓ 😀"]"#)
    let decoded = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String]
    XCTAssertEqual(decoded?[1], "\u{1}\u{1B}]52;\u{7F}")
    XCTAssertEqual(decoded?[3], "a\u{2028}b\u{2029}c")
  }

  /// Long strings are read eight bytes at a time: every byte value, at every place of a word
  /// and across the words of a longer string, is written as the byte-by-byte rule says.
  func testEveryByteIsEscapedWhereverItFallsInALongString() throws {
    func plain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C }
    for filler in [UInt8(ascii: " "), UInt8(ascii: "a"), UInt8(ascii: "~"), UInt8(ascii: "!")] {
      for place in 0..<8 {
        for value in 0...255 {
          var bytes = [UInt8](repeating: filler, count: 8)
          bytes[place] = UInt8(value)
          let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
          XCTAssertEqual(JSONString.isPlain(word), plain(UInt8(value)), "byte \(value) at \(place)")
        }
      }
    }
    for place in [0, 7, 8, 9, 15, 16, 21] {
      for special in ["\"", "\\", "\n", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "é"] {
        let text = String(repeating: "x", count: place) + special + String(repeating: "y", count: 23 - place)
        var json = JSONWriter()
        json.string(text)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.bytes), options: .fragmentsAllowed)
        XCTAssertEqual(decoded as? String, text, "\(special.unicodeScalars.first!.value) at \(place)")
        // One escape, whose backslash is doubled for a backslash; none for plain text.
        let escapes = special == "é" ? 0 : special == "\\" ? 2 : 1
        XCTAssertEqual(
          json.bytes.filter { $0 == UInt8(ascii: "\\") }.count, escapes,
          "\(special.debugDescription) at \(place)")
      }
    }
  }

  func testATreeValueIsWrittenInPlaceAndWrittenTextIsATreeValue() {
    var json = JSONWriter()
    json.beginArray()
    json.value(.object([("n", .number("2.22507e-308")), ("s", .string("x\u{9F}"))]))
    json.int(3)
    json.endArray()
    XCTAssertEqual(String(decoding: json.bytes, as: UTF8.self), #"[{"n":2.22507e-308,"s":"x\u009f"},3]"#)
    let wrapped = JSONValue.array([.json(String(decoding: json.bytes, as: UTF8.self)), .null])
    XCTAssertEqual(wrapped.serialized, #"[[{"n":2.22507e-308,"s":"x\u009f"},3],null]"#)
  }
}
