import Foundation
import LCQEndToEndSupport
import XCTest

/// `lcq analyze` run as a process on real files and pipes.
final class AnalyzeCommandTests: XCTestCase {
  private func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
  }

  /// A message from a live pipe (`log stream | lcq analyze`) is printed while the pipe stays
  /// open: once the pipe has been quiet for half a second, not when it closes. The 30 s guard
  /// only keeps a failure from hanging the suite: it closes the pipe, and the test then fails.
  func testALivePipeIsPrintedWhileItStaysOpen() throws {
    let process = Process()
    process.executableURL = LCQProcess.executable
    process.arguments = ["analyze", "--color", "never"]
    process.environment = ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let message = try String(
      contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("Examples/self-sizing-cell.log"),
      encoding: .utf8)
    input.fileHandleForWriting.write(Data(message.utf8))
    let guardClosed = LockedFlag()
    DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
      guardClosed.set()
      try? input.fileHandleForWriting.close()
    }
    var received = ""
    while !received.contains("verdict: conflict") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      received += String(decoding: chunk, as: UTF8.self)
    }
    XCTAssertTrue(received.contains("verdict: conflict"), received)
    XCTAssertFalse(guardClosed.isSet, "the block was printed only when the pipe closed")
    if !guardClosed.isSet { try input.fileHandleForWriting.close() }
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
  }

  /// `--jobs N` analyses on N threads; what is printed, and in what order, must not depend on
  /// it: every corpus log, text and JSON, pictures too, and a bad count is a usage error.
  func testTheOutputIsTheSameOnAnyNumberOfThreads() throws {
    let logs = try LCQProcess.corpusLogs()
    XCTAssertGreaterThan(logs.count, 100)
    for format in [["--format", "json"], ["--color", "always"]] {
      let one = try LCQProcess.run(["analyze", "--jobs", "1"] + format + logs)
      XCTAssertEqual(one.status, 0, one.stderr)
      XCTAssertGreaterThan(one.stdout.count, 100_000)
      for jobs in ["2", "5"] {
        let many = try LCQProcess.run(["analyze", "--jobs", jobs] + format + logs)
        XCTAssertEqual(many.status, 0, many.stderr)
        XCTAssertTrue(many.stdout == one.stdout, "\(format) with --jobs \(jobs) differs from --jobs 1")
        XCTAssertEqual(many.stderr, one.stderr)
      }
    }
    let bad = try LCQProcess.run(["analyze", "--jobs", "0", logs[0]])
    XCTAssertEqual(bad.status, 64)
    XCTAssertTrue(bad.stderr.contains("--jobs must be at least 1"), bad.stderr)
  }

  func testJSONOutputKeepsTheContractKeys() throws {
    let result = try LCQProcess.run([
      "analyze", "--format", "json", LCQProcess.fixture("log-stream-ndjson.log"),
    ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stderr, "")
    let blocks = try jsonLines(result.stdout)
    XCTAssertEqual(blocks.count, 2)
    let first = blocks[0]
    XCTAssertEqual(first["schema"] as? String, "lcq-analyze/3")
    for block in blocks {
      XCTAssertEqual(JSONKeys.notSnakeCase(in: block), [], "docs/json.md: keys are snake_case")
    }
    let source = try XCTUnwrap(first["source"] as? [String: Any])
    XCTAssertTrue((source["file"] as? String)?.hasSuffix("log-stream-ndjson.log") == true)
    XCTAssertEqual(source["line"] as? Int, 2)
    XCTAssertEqual(source["timestamp"] as? String, "2024-03-05T14:10:01.123457-08:00")
    XCTAssertEqual(source["process"] as? String, "MyApp")
    XCTAssertEqual(source["pid"] as? Int, 4242)
    XCTAssertEqual(first["platform"] as? String, "uikit")
    // Worked out by hand: 15 + w + 8 + stack + 8 + 60 + 5 cannot be 94.3333 with sizes ≥ 0.
    XCTAssertEqual(first["verdict"] as? String, "conflict")
    XCTAssertEqual((first["minimal_set"] as? [Int])?.sorted(), [1, 2, 3, 4, 5, 10])
    let certificate = try XCTUnwrap(first["certificate"] as? [String: Any])
    XCTAssertEqual(certificate["verified"] as? Bool, true)
    XCTAssertEqual((first["witnesses"] as? [[String: Any]])?.count, 6)
    // The formats files hold the same two conflicts in every log style: one fingerprint each.
    let fingerprint = try XCTUnwrap(first["fingerprint"] as? String)
    XCTAssertTrue(fingerprint.hasPrefix("v3:"))
    // The title's rule: the app's side names its constraint with a constant right side
    // (`UIImageView.width == 60`), the system's side the encapsulated width ("cell width"); no
    // app class is in the set, so there is no "Class:" prefix.
    XCTAssertEqual(first["title"] as? String, "UIImageView width vs cell width")
    let constraints = try XCTUnwrap(first["constraints"] as? [[String: Any]])
    XCTAssertEqual(constraints.count, 11)
    XCTAssertEqual(
      constraints[0]["description"] as? String,
      "<NSLayoutConstraint:0x7f83b9a05b10 UIImageView:0x7f83b8171210.width == 40   (active)>")
    XCTAssertEqual(constraints[0]["address"] as? String, "0x7f83b9a05b10")
    XCTAssertEqual(constraints[0]["parsed"] as? Bool, true)
    XCTAssertTrue(constraints[0]["issue"] is NSNull)
    XCTAssertEqual(constraints[10]["constant"] as? Double, 94.3333)
    let broken = try XCTUnwrap(first["broken_constraint"] as? [String: Any])
    XCTAssertEqual(broken["index"] as? Int, 7)
    XCTAssertTrue((broken["description"] as? String)?.hasPrefix("<NSLayoutConstraint:0x7f83b85cf8e0") == true)
  }

  /// Every log tool prints the same two conflicts; each keeps one fingerprint in all of them.
  func testEveryLogStyleGivesTheSameTwoFingerprints() throws {
    var seen: Set<[String]> = []
    for name in LCQProcess.formatsFixtures {
      let result = try LCQProcess.run(["analyze", "--format", "json", LCQProcess.corpusFile(name)])
      XCTAssertEqual(result.status, 0, result.stderr)
      seen.insert(try jsonLines(result.stdout).map { $0["fingerprint"] as? String ?? "none" })
    }
    XCTAssertEqual(seen.count, 1, "\(seen)")
    XCTAssertEqual(seen.first?.count, 2)
    XCTAssertEqual(Set(seen.first ?? []).count, 2)
  }

  func testStandardInputThroughAPipeGivesTheSameBlocks() throws {
    let path = LCQProcess.fixture("log-stream-default.log")
    let fromFile = try LCQProcess.run(["analyze", "--format", "json", path])
    let fromPipe = try LCQProcess.run(
      ["analyze", "--format", "json"], stdin: try Data(contentsOf: URL(fileURLWithPath: path)))
    XCTAssertEqual(fromPipe.status, 0)
    XCTAssertEqual(
      fromPipe.stdout.replacingOccurrences(of: "\"file\":\"-\"", with: "\"file\":\"\(path)\""),
      fromFile.stdout)
  }

  func testTextOutputNamesTheBrokenConstraint() throws {
    let result = try LCQProcess.run(["analyze", LCQProcess.fixture("log-stream-default.log")])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.contains("verdict: conflict"))
    XCTAssertTrue(result.stdout.contains("Minimal conflicting set (6):"))
    XCTAssertTrue(
      result.stdout.contains("UIKit broke [8], which takes no part in any minimal conflicting set."))
    XCTAssertTrue(result.stdout.contains("11 constraints; UIKit broke [8]"))
    XCTAssertTrue(result.stdout.contains("MyApp[4242]"))
  }

  func testAMissingFileFailsWithExitOneAndTheOthersAreStillRead() throws {
    let result = try LCQProcess.run([
      "analyze", "/nonexistent/device.log", LCQProcess.fixture("log-stream-default.log"),
    ])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.stderr.contains("/nonexistent/device.log: cannot open: No such file or directory"), result.stderr
    )
    XCTAssertTrue(result.stdout.contains("UIKit broke [8]"))
  }

  func testUsageErrorsExitWith64() throws {
    let result = try LCQProcess.run(["analyze", "--format", "yaml"])
    XCTAssertEqual(result.status, 64)
    XCTAssertTrue(result.stderr.contains("format"), result.stderr)
  }

  func testHelpDocumentsTheExitCodes() throws {
    let result = try LCQProcess.run(["analyze", "--help"])
    XCTAssertEqual(result.status, 0)
    XCTAssertTrue(result.stdout.contains("64  the command line is wrong"), result.stdout)
  }

  /// 100 MB of random bytes: no crash, a clear message, exit 0.
  func testHundredMegabytesOfRandomBytes() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-random-\(UUID()).bin")
    defer { try? FileManager.default.removeItem(at: file) }
    let random = try XCTUnwrap(FileHandle(forReadingAtPath: "/dev/urandom"))
    try random.readData(ofLength: 100_000_000).write(to: file)
    try random.close()
    let result = try LCQProcess.run(["analyze", file.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertEqual(result.stdout, "")
    XCTAssertTrue(result.stderr.contains("no conflict messages found"), result.stderr)
    XCTAssertTrue(result.stderr.contains("100000000 bytes"), result.stderr)
  }

  /// A 100 MB line followed by a real message: the line is read in part, the message found.
  func testHundredMegabyteSingleLine() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-line-\(UUID()).log")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    let handle = try FileHandle(forWritingTo: file)
    let chunk = Data(repeating: UInt8(ascii: "x"), count: 1_000_000)
    for _ in 0..<100 { handle.write(chunk) }
    handle.write(Data("\n".utf8))
    handle.write(try Data(contentsOf: URL(fileURLWithPath: LCQProcess.fixture("log-stream-default.log"))))
    try handle.close()
    let result = try LCQProcess.run(["analyze", "--format", "json", file.path])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertTrue(
      result.stderr.contains(":1:1: line longer than 4 MiB; only its first 4 MiB were read"), result.stderr)
    XCTAssertEqual(try jsonLines(result.stdout).count, 2)
  }
}

/// A flag one thread sets and another reads.
private final class LockedFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}
