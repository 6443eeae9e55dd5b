import Foundation
import LCQEndToEndSupport
import XCTest

/// docs/serve.md's quick start run as it is written: its first block that starts `lcq serve`,
/// whole with `set -e`, in a fresh folder, against the built `lcq` (with the Collector trait,
/// as `scripts/test` builds it) and Python's OpenTelemetry SDK (Tests/Oracle/requirements.txt).
/// Only the port is another one, free on this machine.
final class CollectorQuickStartTests: XCTestCase {
  func testTheQuickStartSendsALogWithCurlAndWithOpenTelemetry() throws {
    let page = try String(
      contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("docs/serve.md"), encoding: .utf8)
    let blocks = page.components(separatedBy: "```sh\n").dropFirst().map {
      String($0[..<($0.range(of: "\n```")?.lowerBound ?? $0.endIndex)])
    }
    let block = try XCTUnwrap(blocks.first { $0.contains("lcq serve --listen 127.0.0.1:4318 &") })
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-quickstart-\(UUID())")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.copyItem(
      at: LCQProcess.repositoryRoot.appendingPathComponent("Examples"),
      to: folder.appendingPathComponent("Examples"))
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent(".build/release/lcq"), withDestinationURL: LCQProcess.executable)
    let port = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", "-c",
        "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])",
      ]
    ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let script = "set -e\ncd \"$0\"\n" + block.replacingOccurrences(of: "4318", with: port)
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/bin/bash"), ["-c", script, folder.path],
      environment: ["NO_COLOR": "1", "HOME": folder.path])
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    // The upload's answer, then the trend: build 100 from curl (the example's 7 conflicts), 101
    // from the OpenTelemetry record (the self-sizing cell's one).
    XCTAssertTrue(
      result.stdout.contains(#"{"duplicates":0,"messages":7,"notes":[],"stored":7,"unparsed":0}"#),
      result.stdout)
    let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("100 ") || $0.hasPrefix("101 ") }
    XCTAssertEqual(
      rows.map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(3).joined(separator: " ") },
      ["100 7 7", "101 1 1"], result.stdout)
  }
}
