import Foundation
import LCQAnalysis
import LCQParsing
import LCQStore
import LCQStoreTestSupport
import LCQTestSupport
import XCTest

/// `lcq show`'s counts per build, device and OS version, and in all, inside a window, on both
/// engines: the builds in build order (by build key, so "9" before "10", runs without a build
/// last), the devices and OS versions most first and ties by name, byte by byte ("(none)" before
/// "iPad…" before "iPhone…"), each OS version's latest occurrence, and the runs. Every expected
/// number is counted by hand from the list of runs below.
final class ShowCountsTests: XCTestCase {
  /// 2024-03-01T00:00:00Z: the window is this day.
  private static let windowStart: Int64 = 1_709_251_200
  private static let day: Int64 = 86_400

  /// One run: its metadata and the minutes after the window's start at which it logs the
  /// widths conflict (negative: before the window, not counted).
  private struct LoggedRun {
    var build: String?
    var device: String?
    var osVersion: String?
    var minutes: [Int64]
  }

  private static let runs: [LoggedRun] = [
    LoggedRun(build: "9", device: "iPhone15,2", osVersion: "17.2", minutes: [10, 20]),
    LoggedRun(build: "10", device: "iPad14,1", osVersion: "17.2", minutes: [-30, 40, 50]),
    LoggedRun(build: "10", device: "iPhone15,2", osVersion: "18.0", minutes: [60]),
    LoggedRun(build: nil, device: nil, osVersion: nil, minutes: [70, 80, 90]),
    LoggedRun(build: "9", device: "iPad14,1", osVersion: "18.0", minutes: [100]),
  ]

  /// Stores the runs; the first one also logs the heights conflict, which must not be counted.
  /// Returns the widths conflict's fingerprint.
  private func ingest(into store: any ConflictStore) throws -> String {
    var fingerprint = ""
    for (number, run) in Self.runs.enumerated() {
      var logged = run.minutes.map { ("width", Self.windowStart + $0 * 60) }
      if number == 0 { logged.append(("height", Self.windowStart + 15 * 60)) }
      let stored = try storeTimedRun(
        RunMetadata(
          build: run.build, device: run.device, osVersion: run.osVersion, runKey: "show-\(number)",
          source: "test", lcqVersion: "test"),
        startedAt: Self.windowStart + 2 * Self.day, logged: logged, identity: "show-\(number)", into: store)
      fingerprint = try XCTUnwrap(stored["width"])
    }
    return fingerprint
  }

  private func assertCounts(of store: any ConflictStore, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    let fingerprint = try ingest(into: store)
    let window = QueryFilter(since: Self.windowStart, until: Self.windowStart + Self.day)
    let details = try store.details(of: fingerprint, window)
    XCTAssertEqual(details.occurrences, 9, file: file, line: line)
    XCTAssertEqual(details.runs, 5, file: file, line: line)
    XCTAssertEqual(details.byBuild.map(\.0), ["9", "10", "(none)"], file: file, line: line)
    XCTAssertEqual(details.byBuild.map(\.1), [3, 3, 3], file: file, line: line)
    XCTAssertEqual(details.byDevice.map(\.0), ["(none)", "iPad14,1", "iPhone15,2"], file: file, line: line)
    XCTAssertEqual(details.byDevice.map(\.1), [3, 3, 3], file: file, line: line)
    XCTAssertEqual(details.byOSVersion.map(\.0), ["17.2", "(none)", "18.0"], file: file, line: line)
    XCTAssertEqual(details.byOSVersion.map(\.1), [4, 3, 2], file: file, line: line)
    XCTAssertEqual(
      details.lastSeenByOSVersion,
      [
        "17.2": Self.windowStart + 50 * 60, "18.0": Self.windowStart + 100 * 60,
        "(none)": Self.windowStart + 90 * 60,
      ], file: file, line: line)

    // A window that holds only the occurrence before the day: build 10 on the iPad, alone.
    let before = try store.details(
      of: fingerprint, QueryFilter(since: Self.windowStart - 3_600, until: Self.windowStart))
    XCTAssertEqual(before.occurrences, 1, file: file, line: line)
    XCTAssertEqual(before.runs, 1, file: file, line: line)
    XCTAssertEqual(before.byBuild.map(\.0), ["10"], file: file, line: line)
    XCTAssertEqual(before.byDevice.map(\.0), ["iPad14,1"], file: file, line: line)
    XCTAssertEqual(before.lastSeenByOSVersion, ["17.2": Self.windowStart - 30 * 60], file: file, line: line)

    // A device filter keeps that device's runs only.
    let iPhone = try store.details(
      of: fingerprint,
      QueryFilter(device: "iPhone15,2", since: Self.windowStart, until: Self.windowStart + Self.day))
    XCTAssertEqual(iPhone.occurrences, 3, file: file, line: line)
    XCTAssertEqual(iPhone.runs, 2, file: file, line: line)
    XCTAssertEqual(iPhone.byBuild.map(\.0), ["9", "10"], file: file, line: line)
    XCTAssertEqual(iPhone.byOSVersion.map(\.0), ["17.2", "18.0"], file: file, line: line)

    // An empty window counts nothing.
    let empty = try store.details(
      of: fingerprint, QueryFilter(since: Self.windowStart + Self.day, until: Self.windowStart + 2 * Self.day)
    )
    XCTAssertEqual(empty.occurrences, 0, file: file, line: line)
    XCTAssertEqual(empty.runs, 0, file: file, line: line)
    XCTAssertTrue(
      empty.byBuild.isEmpty && empty.byDevice.isEmpty && empty.byOSVersion.isEmpty, file: file, line: line)
  }

  func testShowCountsOnTheSQLiteFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-show-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try assertCounts(
      of: try Store(path: folder.appendingPathComponent("lcq.sqlite").path, mode: .createIfMissing))
  }

  #if TeamStore
    func testShowCountsOnTheTeamStore() throws {
      let url = try PostgresTestServer.shared().makeDatabase()
      try assertCounts(of: try PostgresStore(url: url, mode: .createIfMissing, environment: [:]))
    }
  #endif
}
