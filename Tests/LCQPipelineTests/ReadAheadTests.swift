import Foundation
import LCQTestSupport
import XCTest

@testable import LCQPipeline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `lcq analyze` reads on a thread of its own, a few buffers ahead (``ReadAhead``): what the
/// scanning side gets must be the input, whole and in order, and a live pipe's pause must
/// still arrive as a pause between the bytes before and after it.
final class ReadAheadTests: XCTestCase {
  /// A file many buffers long, read through three small buffers while the scanning side is
  /// sometimes slow: the bytes, in order, then the end.
  func testAFileArrivesWholeAndInOrder() throws {
    var generator = SeededGenerator.forTest("ReadAheadTests")
    let bytes = (0..<(3 << 20) + 12_345).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("input")
    try Data(bytes).write(to: file)
    let descriptor = open(file.path, O_RDONLY)
    XCTAssertGreaterThanOrEqual(descriptor, 0)
    defer { close(descriptor) }
    let reader = ReadAhead(
      LiveReader(descriptor: descriptor, file: "input"), bufferSize: 1 << 16, bufferCount: 3)
    var read: [UInt8] = []
    var events = 0
    loop: while true {
      switch try reader.next() {
      case .data(let chunk, let buffer):
        read.append(contentsOf: chunk)
        events += 1
        // Now and then the scan is slow: the reading thread must wait for a buffer, not
        // overwrite one.
        if events % 7 == 0 { usleep(2_000) }
        reader.recycle(buffer)
      case .end: break loop
      case .quiet, .interrupted: XCTFail("a file neither pauses nor is interrupted")
      }
    }
    reader.stop()
    XCTAssertEqual(read.count, bytes.count)
    XCTAssertTrue(read == bytes, "the bytes read differ from the file's")
    XCTAssertGreaterThan(events, 40, "read in many buffers")
  }

  /// A pipe written in two parts with a pause longer than ``LiveReader/quietInterval`` between
  /// them: the first part, the pause, the second part, the end.
  func testAPipesPauseArrivesBetweenItsParts() throws {
    var ends: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&ends), 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    defer { close(readEnd) }
    let writer = Thread {
      let first = Array("first part\n".utf8)
      let second = Array("second part\n".utf8)
      _ = first.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
      usleep(useconds_t(LiveReader.quietInterval) * 1_000 + 400_000)
      _ = second.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
      close(writeEnd)
    }
    writer.start()
    let reader = ReadAhead(LiveReader(descriptor: readEnd, file: "pipe"))
    var seen: [String] = []
    loop: while true {
      switch try reader.next() {
      case .data(let chunk, let buffer):
        seen.append(String(decoding: chunk, as: UTF8.self))
        reader.recycle(buffer)
      case .quiet: seen.append("(quiet)")
      case .end: break loop
      case .interrupted: XCTFail("nothing interrupts this pipe")
      }
    }
    reader.stop()
    // More than one pause may pass while the writer sleeps; each comes between the parts.
    let pauses = seen.filter { $0 == "(quiet)" }.count
    XCTAssertGreaterThanOrEqual(pauses, 1)
    XCTAssertEqual(seen.filter { $0 != "(quiet)" }, ["first part\n", "second part\n"])
    XCTAssertEqual(seen.first, "first part\n")
    XCTAssertEqual(seen.last, "second part\n")
  }
}
