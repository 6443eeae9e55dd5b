import Foundation
import LCQPipeline
import XCTest

/// The quarantine file a crash appends to is read back record by record; the last record of a
/// file the crash cut short is left out, never read past the file's end.
final class CrashQuarantineTests: XCTestCase {
  /// A record as the crash handler writes it: `lcqquar1`, the key's length in 8 little-endian
  /// bytes, the key.
  private func record(_ key: [UInt8], claimedLength: Int? = nil) -> [UInt8] {
    let length = UInt64(claimedLength ?? key.count)
    return Array("lcqquar1".utf8) + (0..<8).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } + key
  }

  func testARecordCutShortIsLeftOut() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("store.sqlite-quarantine").path
    // Two whole records, then one whose key the crash cut after 3 of its 40 bytes.
    let bytes =
      record(Array("first".utf8)) + record(Array("second".utf8))
      + record(Array("cut".utf8), claimedLength: 40)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    XCTAssertEqual(CrashQuarantine.keys(at: path), [Array("first".utf8), Array("second".utf8)])
    // A file that ends inside a record's length is read up to it.
    try Data(record(Array("first".utf8)) + Array("lcqquar1".utf8) + [5, 0]).write(
      to: URL(fileURLWithPath: path))
    XCTAssertEqual(CrashQuarantine.keys(at: path), [Array("first".utf8)])
  }
}
