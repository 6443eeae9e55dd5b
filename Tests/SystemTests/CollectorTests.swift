// `lcq serve`'s tests: built with the Collector trait only (Package.swift), as scripts/test does.
#if Collector
  import Foundation
  import LCQEndToEndSupport
  import LCQTestSupport
  import XCTest

  /// `lcq serve` end to end: the real binary on loopback, OpenTelemetry's own Python SDK and
  /// `curl` as its clients, on the SQLite file and (with the TeamStore trait) a throwaway
  /// PostgreSQL server. What the store answers is compared with a file ingest of the same
  /// text into a fresh store, never with figures the server printed.
  final class CollectorTests: XCTestCase {
    private var folder: URL!
    private let example = LCQProcess.repositoryRoot.appendingPathComponent("Examples/simulator.log")
    /// The run every way of sending describes, as `lcq ingest`'s options.
    private let runOptions = ["--app", "Demo", "--build", "13", "--run-id", "r1", "--device", "iPhone15,2"]
    private let window = ["--since", "2000-01-01", "--until", "2030-01-01"]

    override func setUpWithError() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-serve-\(UUID())")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
      try? FileManager.default.removeItem(at: folder)
    }

    // MARK: What is stored

    /// The example log sent by the OpenTelemetry SDK (protobuf, one record a message, the run
    /// in resource attributes), by `curl` as OTLP JSON (gzip), and by `curl` as a plain upload:
    /// each store answers `top` as a file ingest of the log does, and sending each again
    /// stores nothing more.
    func testEveryWayOfSendingStoresWhatAFileIngestStores() throws {
      for (engine, makeDatabase) in engines() {
        let expected = try topAfterFileIngest(into: try makeDatabase())
        for way in ["sdk", "json", "upload"] {
          let db = try makeDatabase()
          let token = try createToken(db, name: "ci")
          let server = try CollectorProcess(db: db)
          for attempt in 1...2 {
            try send(example, by: way, to: server, token: token, firstTime: attempt == 1)
            XCTAssertEqual(try top(db), expected, "\(engine), \(way), attempt \(attempt)")
          }
          let stopped = server.stop()
          XCTAssertEqual(stopped.status, 0, stopped.printed)
          XCTAssertFalse(stopped.printed.contains(token), "\(engine): the server printed the token")
          XCTAssertFalse(stopped.printed.contains("Unable to"), "\(engine): the server printed a message")
        }
      }
    }

    /// Forty OTLP requests at once, twenty distinct logs each sent twice: the requests that wait
    /// for the store together share a commit, and each message is stored once, in one run,
    /// as a file ingest of the twenty logs stores them.
    func testRequestsAtOnceShareCommitsAndStoreEachMessageOnce() throws {
      let copies = 20
      let all = try Self.distinctCopies(of: try String(contentsOf: example, encoding: .utf8), count: copies)
      var bodies: [URL] = []
      for (index, copy) in try Self.distinctCopies(
        of: try String(contentsOf: example, encoding: .utf8), count: copies, separately: true
      ).enumerated() {
        let log = folder.appendingPathComponent("copy-\(index).log")
        try Data(copy.utf8).write(to: log)
        let body = folder.appendingPathComponent("copy-\(index).json")
        try Data(try Self.otlpJSON(log).utf8).write(to: body)
        bodies.append(body)
      }
      let whole = folder.appendingPathComponent("all.log")
      try Data(all.utf8).write(to: whole)
      for (engine, makeDatabase) in engines() {
        let filed = try makeDatabase()
        XCTAssertEqual(try LCQProcess.run(["ingest", "--db", filed, whole.path] + runOptions).status, 0)
        let db = try makeDatabase()
        let token = try createToken(db, name: "ci")
        let server = try CollectorProcess(db: db, arguments: ["--rate", "1000"])
        let url = server.url + "/v1/logs"
        let statuses = StatusList()
        let bodies = bodies
        DispatchQueue.concurrentPerform(iterations: bodies.count * 2) { index in
          let answer = try? CollectorProcess.curl(
            url, method: "POST",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
            body: bodies[index % bodies.count])
          statuses.append(answer?.status ?? 0)
        }
        XCTAssertEqual(statuses.all, Array(repeating: 200, count: bodies.count * 2), engine)
        XCTAssertEqual(try statistic(db, "occurrences"), copies * 7, engine)
        XCTAssertEqual(try top(db), try top(filed), engine)
      }
    }

    /// `test.case.name` on the records gives each message its test, as a runner's markers do.
    func testTheTestAttributeNamesEachMessagesTest() throws {
      let db = folder.appendingPathComponent("tests.sqlite").path
      let token = try createToken(db, name: "ci")
      let server = try CollectorProcess(db: db)
      try sendWithSDK(
        example, to: server, token: token,
        extra: ["--record-attribute", "test.case.name=LoginUITests.testSignIn"])
      let tests = try LCQProcess.run(["top", "--by", "tests", "--db", db, "--format", "json"] + window)
      XCTAssertEqual(tests.status, 0, tests.stderr)
      let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(tests.stdout.utf8)) as? [String: Any])
      let conflicts = try XCTUnwrap(json["conflicts"] as? [[String: Any]], tests.stdout)
      XCTAssertEqual(conflicts.map { $0["tests"] as? Int }, Array(repeating: 1, count: 7), tests.stdout)
      let fingerprint = try XCTUnwrap(conflicts.first?["fingerprint"] as? String)
      let show = try LCQProcess.run(["show", fingerprint, "--db", db])
      XCTAssertTrue(show.stdout.contains("LoginUITests.testSignIn"), show.stdout)
    }

    /// A message split between two requests is stored by neither, and the second answer says
    /// where the cut message is; the whole message sent later is stored once.
    func testAMessageSplitBetweenRequestsIsNeverStoredHalf() throws {
      let db = folder.appendingPathComponent("split.sqlite").path
      let token = try createToken(db, name: "ci")
      let server = try CollectorProcess(db: db)
      let text = try String(contentsOf: example, encoding: .utf8)
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      // The first message's header, and half of its list.
      let header = try XCTUnwrap(lines.firstIndex { $0.contains("Unable to simultaneously") })
      let end = try XCTUnwrap(lines[(header + 1)...].firstIndex { $0.contains("Unable to simultaneously") })
      let middle = header + (end - header) / 2
      let first = folder.appendingPathComponent("first.log")
      let second = folder.appendingPathComponent("second.log")
      try Data(lines[..<middle].joined(separator: "\n").utf8).write(to: first)
      try Data(lines[middle..<end].joined(separator: "\n").utf8).write(to: second)
      let uploads = [first, second].map { body in
        try? server.request(
          "POST", "/v1/ingest?run-id=r1", headers: ["Authorization": "Bearer \(token)"], body: body)
      }
      XCTAssertEqual(uploads.map { $0?.status }, [200, 200])
      let answer = try XCTUnwrap(
        JSONSerialization.jsonObject(with: try XCTUnwrap(uploads[1]).body) as? [String: Any])
      XCTAssertEqual(answer["stored"] as? Int, 0, "\(answer)")
      XCTAssertFalse(
        (answer["notes"] as? [String] ?? []).isEmpty, "the cut message is not reported: \(answer)")
      XCTAssertEqual(try statistic(db, "occurrences"), 0)
      // The whole log: its 7 messages, each once.
      XCTAssertEqual(
        try server.request(
          "POST", "/v1/ingest?run-id=r1", headers: ["Authorization": "Bearer \(token)"], body: example
        )
        .status, 200)
      XCTAssertEqual(try statistic(db, "occurrences"), 7)
    }

    /// Killed while it stores a large request (SIGKILL, after its first commit): what it had
    /// committed is whole, and the client's retry, to a new server, completes the store as a
    /// file ingest of the same text does.
    func testAServerKilledMidRequestLosesNothingOnceTheClientRetries() throws {
      let big = folder.appendingPathComponent("big.log")
      let copies = 3_000
      try Data(Self.distinctCopies(of: try String(contentsOf: example, encoding: .utf8), count: copies).utf8)
        .write(to: big)
      let expectedDB = folder.appendingPathComponent("file.sqlite").path
      let file = try LCQProcess.run(["ingest", "--db", expectedDB, big.path] + runOptions)
      XCTAssertEqual(file.status, 0, file.stderr)
      let db = folder.appendingPathComponent("killed.sqlite").path
      let token = try createToken(db, name: "ci")
      let path = "/v1/ingest?app=Demo&build=13&run-id=r1&device=iPhone15,2"
      let headers = ["Authorization": "Bearer \(token)"]
      let server = try CollectorProcess(db: db, arguments: ["--max-body", "\(64 << 20)"])
      let sending = DispatchGroup()
      sending.enter()
      let url = server.url + path
      DispatchQueue.global().async {
        _ = try? CollectorProcess.curl(url, method: "POST", headers: headers, body: big)
        sending.leave()
      }
      var stored = 0
      let deadline = Date().addingTimeInterval(120)
      while stored == 0, Date() < deadline {
        stored = (try? statistic(db, "occurrences")) ?? 0
        if stored == 0 { usleep(20_000) }
      }
      server.kill()
      sending.wait()
      let total = copies * 7
      XCTAssertGreaterThan(stored, 0, "nothing was committed before the kill")
      let afterKill = try statistic(db, "occurrences")
      XCTAssertLessThan(afterKill, total, "the request ended before the kill: make it larger")
      // Whole messages only: every stored occurrence has its conflict counted.
      XCTAssertEqual(try sumOfOccurrences(db), afterKill)
      let restarted = try CollectorProcess(db: db, arguments: ["--max-body", "\(64 << 20)"])
      let retry = try restarted.request("POST", path, headers: headers, body: big)
      XCTAssertEqual(retry.status, 200, retry.text)
      XCTAssertEqual(try statistic(db, "occurrences"), total)
      // The same conflicts and counts, but in two runs: the one killed, and the retry's.
      let (killed, ingested) = (try conflicts(db), try conflicts(expectedDB))
      XCTAssertEqual(killed.map { $0["runs"] as? Int }, Array(repeating: 2, count: ingested.count))
      let withoutRuns = { (rows: [[String: Any]]) in
        rows.map { $0.filter { $0.key != "runs" }.map { "\($0.key)=\($0.value)" }.sorted() }
      }
      XCTAssertEqual(withoutRuns(killed), withoutRuns(ingested))
    }

    // MARK: Refusals

    /// 401 without a valid token (none, unknown, revoked), 403 with one of another scope, 413
    /// past the body limit (as sent, and once inflated), 415 for another encoding, 429 with
    /// `Retry-After` past the rate; nothing stored by a refused request, and the token never
    /// in any output.
    func testRefusalsAnswerWithTheirStatusAndStoreNothing() throws {
      let db = folder.appendingPathComponent("refusals.sqlite").path
      let ingestToken = try createToken(db, name: "ci")
      let metricsToken = try createToken(db, name: "prometheus", scope: "metrics")
      let revokedToken = try createToken(db, name: "old")
      XCTAssertEqual(try LCQProcess.run(["token", "revoke", "old", "--db", db]).status, 0)
      let server = try CollectorProcess(db: db, arguments: ["--max-body", "5000"])
      let otlp = folder.appendingPathComponent("request.json")
      try Data(try Self.otlpJSON(example).utf8).write(to: otlp)
      let json = ["Content-Type": "application/json"]
      func post(_ token: String?, headers: [String: String] = json, body: URL? = nil) throws
        -> CollectorProcess.Answer
      {
        var all = headers
        if let token { all["Authorization"] = "Bearer \(token)" }
        return try server.request("POST", "/v1/logs", headers: all, body: body ?? otlp)
      }
      XCTAssertEqual(try post(nil).status, 401)
      XCTAssertEqual(try post(nil).headers["www-authenticate"], "Bearer")
      XCTAssertEqual(try post("lcq_not-a-token").status, 401)
      XCTAssertEqual(try post(revokedToken).status, 401)
      XCTAssertEqual(try post(metricsToken).status, 403)
      XCTAssertEqual(
        try server.request("GET", "/metrics", headers: ["Authorization": "Bearer \(ingestToken)"]).status, 403
      )
      // 5,000 bytes: the example log's request is larger as sent; gzip makes it smaller, but
      // it still inflates past the limit.
      XCTAssertEqual(try post(ingestToken).status, 413)
      let zipped = folder.appendingPathComponent("request.json.gz")
      try gzip(otlp, into: zipped)
      XCTAssertEqual(
        try post(ingestToken, headers: json.merging(["Content-Encoding": "gzip"]) { $1 }, body: zipped)
          .status, 413)
      XCTAssertEqual(try post(ingestToken, headers: ["Content-Type": "text/plain"]).status, 415)
      // --rate 0.1: a burst of one request (twice the rate, at least one), then 429 until ten
      // seconds have passed. The first is taken (and refused for its size: the token's rate is
      // checked first), the second, sent at once, is refused for the rate.
      let limitedServer = try CollectorProcess(db: db, arguments: ["--rate", "0.1", "--max-body", "5000"])
      let answers = try (0..<2).map { _ in
        try limitedServer.request(
          "POST", "/v1/logs", headers: json.merging(["Authorization": "Bearer \(ingestToken)"]) { $1 },
          body: otlp)
      }
      XCTAssertEqual(answers.map(\.status), [413, 429])
      let wait = try XCTUnwrap(Int(answers[1].headers["retry-after"] ?? ""), "\(answers[1].headers)")
      XCTAssertTrue((1...10).contains(wait), "Retry-After: \(wait)")
      XCTAssertEqual(try statistic(db, "occurrences"), 0)
      let metrics = try server.request(
        "GET", "/metrics", headers: ["Authorization": "Bearer \(metricsToken)"])
      XCTAssertEqual(metrics.status, 200)
      XCTAssertTrue(
        metrics.text.contains(#"lcq_serve_requests_total{route="/v1/logs",status="401"} 4"#), metrics.text)
      let list = try LCQProcess.run(["token", "list", "--db", db])
      let stopped = server.stop()
      let limitedStopped = limitedServer.stop()
      for token in [ingestToken, metricsToken, revokedToken] {
        for (name, text) in [
          ("server", stopped.printed + limitedStopped.printed), ("metrics", metrics.text),
          ("token list", list.stdout + list.stderr),
        ] {
          XCTAssertFalse(text.contains(token), "\(name) printed a token")
        }
      }
    }

    /// `lcq token create` prints the token and nothing else on stdout; the store holds only
    /// its SHA-256; a second token of the same name is refused.
    func testATokenIsPrintedOnceAndStoredOnlyAsItsHash() throws {
      let db = folder.appendingPathComponent("tokens.sqlite").path
      let created = try LCQProcess.run(["token", "create", "--name", "ci", "--app", "Demo", "--db", db])
      XCTAssertEqual(created.status, 0, created.stderr)
      let token = created.stdout.trimmingCharacters(in: .newlines)
      XCTAssertTrue(token.hasPrefix("lcq_") && token.count > 40 && !token.contains(" "), created.stdout)
      XCTAssertEqual(created.stdout, token + "\n")
      let file = try Data(contentsOf: URL(fileURLWithPath: db))
      XCTAssertNil(file.range(of: Data(token.utf8)), "the store holds the token itself")
      let again = try LCQProcess.run(["token", "create", "--name", "ci", "--app", "Demo", "--db", db])
      XCTAssertEqual(again.status, 1)
      XCTAssertEqual(again.stdout, "")
    }

    // MARK: Helpers

    /// The SQLite file, and a database of the throwaway PostgreSQL server with the team store.
    private func engines() -> [(String, () throws -> String)] {
      var engines: [(String, () throws -> String)] = [
        ("sqlite", { self.folder.appendingPathComponent("\(UUID()).sqlite").path })
      ]
      #if TeamStore
        engines.append(("postgresql", { try PostgresTestServer.shared().makeDatabase() }))
      #endif
      return engines
    }

    private func topAfterFileIngest(into db: String) throws -> String {
      let ingest = try LCQProcess.run(["ingest", "--db", db, example.path] + runOptions)
      XCTAssertEqual(ingest.status, 0, ingest.stderr)
      return try top(db)
    }

    private func top(_ db: String) throws -> String {
      let top = try LCQProcess.run(["top", "--db", db, "--format", "json", "--limit", "100"] + window)
      XCTAssertEqual(top.status, 0, top.stderr)
      return top.stdout
    }

    private func statistic(_ db: String, _ name: String) throws -> Int {
      let stats = try LCQProcess.run(["db", "stats", "--db", db, "--format", "json"])
      let json = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
      return json?[name] as? Int ?? -1
    }

    /// The conflicts of `top --format json`.
    private func conflicts(_ db: String) throws -> [[String: Any]] {
      let json = try JSONSerialization.jsonObject(with: Data(try top(db).utf8)) as? [String: Any]
      return json?["conflicts"] as? [[String: Any]] ?? []
    }

    /// The occurrences `top` counts, summed over its conflicts.
    private func sumOfOccurrences(_ db: String) throws -> Int {
      try conflicts(db).reduce(0) { $0 + ($1["occurrences"] as? Int ?? 0) }
    }

    private func createToken(_ db: String, name: String, scope: String = "ingest") throws -> String {
      let apps = scope == "metrics" ? [] : ["--any-app"]
      let created = try LCQProcess.run(
        ["token", "create", "--name", name, "--scope", scope, "--db", db] + apps)
      XCTAssertEqual(created.status, 0, created.stderr)
      return created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends `log`; a plain upload's answer counts 7 messages stored the `firstTime`, else 7
    /// duplicates (counted once the commit is written: on the team store, which writes on a
    /// thread of its own, an answer given before would count none).
    private func send(_ log: URL, by way: String, to server: CollectorProcess, token: String, firstTime: Bool)
      throws
    {
      switch way {
      case "sdk":
        try sendWithSDK(log, to: server, token: token, extra: [])
      case "json":
        let body = folder.appendingPathComponent("request.json")
        try Data(try Self.otlpJSON(log).utf8).write(to: body)
        let zipped = folder.appendingPathComponent("request.json.gz")
        try gzip(body, into: zipped)
        let answer = try server.request(
          "POST", "/v1/logs",
          headers: [
            "Authorization": "Bearer \(token)", "Content-Type": "application/json",
            "Content-Encoding": "gzip",
          ],
          body: zipped)
        XCTAssertEqual(answer.status, 200, answer.text)
      default:
        let answer = try server.request(
          "POST", "/v1/ingest?app=Demo&build=13&run-id=r1&device=iPhone15,2",
          headers: ["Authorization": "Bearer \(token)"], body: log)
        XCTAssertEqual(answer.status, 200, answer.text)
        let counts = try XCTUnwrap(JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        XCTAssertEqual(counts["stored"] as? Int, firstTime ? 7 : 0, answer.text)
        XCTAssertEqual(counts["duplicates"] as? Int, firstTime ? 0 : 7, answer.text)
      }
    }

    /// Sends `log` with Tests/Collector/otlp_send.py (the OpenTelemetry SDK's OTLP/HTTP exporter).
    private func sendWithSDK(_ log: URL, to server: CollectorProcess, token: String, extra: [String]) throws {
      let script = LCQProcess.repositoryRoot.appendingPathComponent("Tests/Collector/otlp_send.py").path
      let python = Process()
      python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      python.arguments =
        ["python3", script, server.url, token, log.path]
        + Self.resourceAttributes.flatMap { ["--attribute", $0] } + extra
      let output = Pipe()
      python.standardOutput = output
      python.standardError = output
      try python.run()
      let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      python.waitUntilExit()
      XCTAssertEqual(python.terminationStatus, 0, printed)
      XCTAssertEqual(printed.trimmingCharacters(in: .whitespacesAndNewlines), "7", printed)
    }

    /// The run of ``runOptions``, in the semantic conventions' words.
    private static let resourceAttributes = [
      "service.name=Demo", "app.build_id=13", "cicd.pipeline.run.id=r1", "device.model.identifier=iPhone15,2",
    ]

    /// An OTLP/JSON logs request written here, from the protocol's JSON mapping: one record a
    /// message of `log` (its body from the header on, its time from the line's timestamp).
    static func otlpJSON(_ log: URL) throws -> String {
      let text = try String(contentsOf: log, encoding: .utf8)
      var records: [[String: Any]] = []
      var current: (time: String, lines: [String])?
      let stamp = try NSRegularExpression(pattern: #"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\.(\d{6})([+-]\d{4})"#)
      func close() {
        if let current {
          records.append([
            "timeUnixNano": current.time, "body": ["stringValue": current.lines.joined(separator: "\n")],
            "attributes": [] as [Any],
          ])
        }
      }
      for line in text.components(separatedBy: "\n") {
        if let header = line.range(of: "Unable to simultaneously") {
          close()
          let match = try XCTUnwrap(stamp.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)))
          let part = { (index: Int) in String(line[Range(match.range(at: index), in: line)!]) }
          let formatter = DateFormatter()
          formatter.locale = Locale(identifier: "en_US_POSIX")
          formatter.dateFormat = "yyyy-MM-dd HH:mm:ssZ"
          let seconds = Int64(try XCTUnwrap(formatter.date(from: part(1) + part(3))).timeIntervalSince1970)
          current = ("\(seconds)\(part(2))000", [String(line[header.lowerBound...])])
        } else if current != nil {
          current?.lines.append(line)
        }
      }
      close()
      let attributes = resourceAttributes.map { pair -> [String: Any] in
        let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
        return ["key": parts[0], "value": ["stringValue": parts[1]]]
      }
      let request: [String: Any] = [
        "resourceLogs": [
          [
            "resource": ["attributes": attributes],
            "scopeLogs": [["scope": ["name": "lcq-test"], "logRecords": records]],
          ]
        ]
      ]
      return String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
    }

    /// `count` copies of `log`, each message's timestamp moved so that no two are the same event.
    static func distinctCopies(of log: String, count: Int) throws -> String {
      try distinctCopies(of: log, count: count, separately: true).map { $0 + "\n" }.joined()
    }

    /// The copies of ``distinctCopies(of:count:)``, each on its own.
    static func distinctCopies(of log: String, count: Int, separately: Bool) throws -> [String] {
      let stamp = try NSRegularExpression(
        pattern: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}"#, options: .anchorsMatchLines)
      var copies: [String] = []
      var second = 0
      for _ in 0..<count {
        let mutable = NSMutableString(string: log)
        let matches = stamp.matches(in: log, range: NSRange(location: 0, length: (log as NSString).length))
        for match in matches.reversed() {
          second += 1
          let time = String(
            format: "2025-%02d-%02d %02d:%02d:%02d.000000", 1 + second / 2_419_200 % 12,
            1 + second / 86_400 % 28, second / 3_600 % 24, second / 60 % 60, second % 60)
          mutable.replaceCharacters(in: match.range, with: time)
        }
        copies.append(mutable as String)
      }
      return copies
    }

    private func gzip(_ file: URL, into zipped: URL) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/gzip")
      process.arguments = ["-c", file.path]
      FileManager.default.createFile(atPath: zipped.path, contents: nil)
      process.standardOutput = try FileHandle(forWritingTo: zipped)
      try process.run()
      process.waitUntilExit()
      XCTAssertEqual(process.terminationStatus, 0)
    }
  }

  /// Statuses collected from several threads.
  private final class StatusList: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [Int] = []

    var all: [Int] { lock.withLock { statuses.sorted() } }

    func append(_ status: Int) {
      lock.withLock { statuses.append(status) }
    }
  }
#endif
