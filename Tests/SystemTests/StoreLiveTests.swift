import Foundation
import LCQEndToEndSupport
import XCTest

/// The store with several writers at once, and with a live pipe.
final class StoreLiveTests: XCTestCase {
  var fixture: StoreFixture!

  override func setUpWithError() throws { fixture = try StoreFixture() }
  override func tearDown() { fixture.remove() }

  var simulatorLog: String {
    get throws {
      try String(
        contentsOf: LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log"),
        encoding: .utf8)
    }
  }

  /// Eight `lcq ingest` processes start together on one new database, each with its own log of
  /// 7 × 300 distinct blocks (the example log with its timestamps moved), while four readers run
  /// `lcq top` and `lcq report` over and over: every block is stored exactly once, in its own
  /// run, no writer fails, and every read answers.
  func testEightWritersAndFourReadersAtOnce() throws {
    let template = try simulatorLog
    var processes: [(Process, Pipe)] = []
    for writer in 0..<8 {
      var text = ""
      for repeat_ in 0..<300 {
        let minute = String(format: "%02d", repeat_ % 60)
        let hour = String(format: "%02d", repeat_ / 60)
        text +=
          template
          .replacingOccurrences(of: "2017-12-10 14:43:", with: "2017-12-1\(writer) \(hour):\(minute):")
          .replacingOccurrences(of: "2024-03-05 14:10:", with: "2024-03-1\(writer) \(hour):\(minute):")
      }
      let path = fixture.folder.appendingPathComponent("writer-\(writer).log")
      try text.write(to: path, atomically: true, encoding: .utf8)
      let process = Process()
      process.executableURL = LCQProcess.executable
      process.arguments = ["ingest", "--db", fixture.database, "--run-id", "writer-\(writer)", path.path]
      process.environment = ProcessInfo.processInfo.environment.merging(StoreFixture.environment) { $1 }
      let errors = Pipe()
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      processes.append((process, errors))
    }
    for (process, _) in processes { try process.run() }
    // The readers read one database: they start once the first writer has created it (before
    // that, `lcq top` rightly answers that there is no database).
    let deadline = Date().addingTimeInterval(60)
    while !FileManager.default.fileExists(atPath: fixture.database), Date() < deadline { usleep(1_000) }
    let readers = Readers(database: fixture.database)
    readers.start(count: 4)
    for (index, (process, errors)) in processes.enumerated() {
      let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 0, "writer \(index): \(message)")
      XCTAssertTrue(message.hasPrefix("lcq: ingested 2100 blocks"), "writer \(index): \(message)")
      XCTAssertFalse(message.contains("locked"), message)
    }
    let reads = readers.stop()
    XCTAssertGreaterThanOrEqual(reads.count, 4)
    XCTAssertEqual(reads.filter { !$0.isEmpty }, [], "every read succeeded")
    // The reads overlapped the writes: some `top` answered while part of the 16,800 was stored.
    let totals = readers.totalsSeen
    XCTAssertTrue(totals.contains { $0 > 0 && $0 < 16_800 }, "no read saw the writers at work: \(totals)")
    let counts = try fixture.python(
      """
      rows = db.execute("SELECT r.run_key, r.status, r.occurrences, count(o.id) FROM runs r LEFT JOIN occurrences o ON o.run_id = r.id GROUP BY r.id ORDER BY r.run_key").fetchall()
      print("\\n".join(f"{k} {s} {n} {c}" for k, s, n, c in rows))
      print(db.execute("SELECT count(*), count(DISTINCT identity) FROM occurrences").fetchone())
      print(db.execute("PRAGMA integrity_check").fetchone()[0])
      """)
    let expected = (0..<8).map { "writer-\($0) finished 2100 2100" } + ["(16800, 16800)", "ok"]
    XCTAssertEqual(counts.split(separator: "\n").map(String.init), expected)
    let top = try fixture.rows(["top", "--limit", "100"])
    XCTAssertEqual(top.map { $0["occurrences"] as? Int ?? 0 }.reduce(0, +), 16800)
    XCTAssertEqual(top.count, 7)
    XCTAssertTrue(top.allSatisfy { $0["occurrences"] as? Int == 2400 && $0["runs"] as? Int == 8 })
  }

  /// A live pipe: each block is visible to `lcq top` within seconds of being written, while the
  /// writer keeps the pipe open; SIGTERM then commits and exits with status 0.
  func testALivePipeIsCommittedAsItArrivesAndSIGTERMEndsCleanly() throws {
    let lines = try simulatorLog.split(separator: "\n", omittingEmptySubsequences: false)
    let firstMessage = lines[0..<29].joined(separator: "\n") + "\n"
    let secondMessage = lines[29..<46].joined(separator: "\n") + "\n"
    let process = Process()
    process.executableURL = LCQProcess.executable
    process.arguments = ["ingest", "--db", fixture.database]
    process.environment = ProcessInfo.processInfo.environment.merging(StoreFixture.environment) { $1 }
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    try process.run()

    func waitForOccurrences(_ count: Int) throws -> TimeInterval {
      let start = Date()
      while Date().timeIntervalSince(start) < 10 {
        if FileManager.default.fileExists(atPath: fixture.database),
          let rows = try? fixture.rows(["top"]),
          rows.map({ $0["occurrences"] as? Int ?? 0 }).reduce(0, +) == count
        {
          return Date().timeIntervalSince(start)
        }
        Thread.sleep(forTimeInterval: 0.1)
      }
      XCTFail("\(count) occurrences not visible after 10 s")
      return 10
    }
    // Visible while the writer keeps the pipe open (how soon is a figure for BENCHMARKS.md,
    // not an assertion: this machine's timing is noisy).
    input.fileHandleForWriting.write(Data(firstMessage.utf8))
    _ = try waitForOccurrences(1)
    input.fileHandleForWriting.write(Data(secondMessage.utf8))
    _ = try waitForOccurrences(2)

    process.terminate()  // SIGTERM, with the pipe still open
    process.waitUntilExit()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertEqual(process.terminationReason, .exit)
    XCTAssertEqual(process.terminationStatus, 0, message)
    XCTAssertTrue(message.hasPrefix("lcq: interrupted; committed 2 blocks · 2 conflicts (2 new)"), message)
    XCTAssertEqual(
      try fixture.python("print(db.execute('SELECT status FROM runs').fetchone()[0])"), "interrupted")
  }
}

/// Reader processes that run `lcq top` and `lcq report` in turn until stopped, keeping a failure
/// message for each read that did not exit 0 with JSON (an empty string for each that did).
private final class Readers: @unchecked Sendable {
  let database: String
  private let lock = NSLock()
  private var stopped = false
  private var results: [String] = []
  /// The occurrences each `lcq top` saw in all (the sum over its conflicts).
  private var totals: [Int] = []
  private let group = DispatchGroup()

  init(database: String) { self.database = database }

  func start(count: Int) {
    for reader in 0..<count {
      group.enter()
      Thread.detachNewThread { [self] in
        var round = 0
        while !isStopped {
          let command = (reader + round).isMultiple(of: 2) ? ["top"] : ["report", "--since", "3000d"]
          round += 1
          let outcome: String
          do {
            let result = try LCQProcess.run(
              command + ["--db", database, "--format", "json"], environment: StoreFixture.environment)
            let json = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
            outcome =
              result.status == 0 && json != nil ? "" : "\(command[0]): \(result.status) \(result.stderr)"
            if command == ["top"], let rows = (json as? [String: Any])?["conflicts"] as? [[String: Any]] {
              recordTotal(rows.map { $0["occurrences"] as? Int ?? 0 }.reduce(0, +))
            }
          } catch {
            outcome = "\(command[0]): \(error)"
          }
          record(outcome)
        }
        group.leave()
      }
    }
  }

  private var isStopped: Bool {
    lock.lock()
    defer { lock.unlock() }
    return stopped
  }

  private func recordTotal(_ total: Int) {
    lock.lock()
    totals.append(total)
    lock.unlock()
  }

  /// What the `lcq top` reads saw, in the order they answered.
  var totalsSeen: [Int] {
    lock.lock()
    defer { lock.unlock() }
    return totals
  }

  private func record(_ outcome: String) {
    lock.lock()
    results.append(outcome)
    lock.unlock()
  }

  /// Stops the readers and returns one entry per read.
  func stop() -> [String] {
    lock.lock()
    stopped = true
    lock.unlock()
    group.wait()
    return results
  }
}
