import Foundation
import LCQEndToEndSupport
import XCTest

/// `lcq notify` against a real HTTP server, on the store fixture (``StoreFixture``): its 13
/// conflicts were all first stored by the fixture's runs, which started now, so each is new in
/// the last day; conflict A, resolved in build 100 and seen in run 3 (build 102), is also a
/// regression: 14 changes with `--owner all`.
final class NotifyCommandTests: XCTestCase {
  var fixture: StoreFixture!
  /// Tries again after 0.05 s and 0.1 s, not 1 s and 2 s.
  let quickRetries = ["LCQ_NOTIFY_RETRY_WAIT": "0.05"]

  override func setUpWithError() throws { fixture = try StoreFixture.fourteenChanges() }

  override func tearDown() { fixture.remove() }

  private func notify(_ arguments: [String], environment: [String: String] = [:]) throws -> LCQProcess.Result
  {
    try LCQProcess.run(
      ["notify", "--db", fixture.database] + arguments,
      environment: StoreFixture.environment.merging(quickRetries) { $1 }.merging(environment) { $1 })
  }

  /// Each change once: two runs at once share the 14 between them, a third run posts nothing.
  func testEachChangeIsPostedOnceEvenByRunsAtOnce() throws {
    let server = try WebhookServer()
    let arguments = ["--webhook-url", server.url(), "--payload", "json", "--owner", "all"]
    let command = ["notify", "--db", fixture.database] + arguments
    let environment = StoreFixture.environment.merging(quickRetries) { $1 }
    let list = ResultList()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      list.append(Result { try LCQProcess.run(command, environment: environment) })
    }
    let results = try list.all.map { try $0.get() }
    XCTAssertEqual(results.map(\.status), [0, 0], results.map(\.stderr).joined())
    let requests = try server.requests()
    XCTAssertEqual(requests.count, 14)
    let changes = Set(requests.map { "\($0.body["fingerprint"] ?? "") \($0.body["change"] ?? "")" })
    XCTAssertEqual(changes.count, 14, "no change posted twice")
    XCTAssertTrue(changes.contains("\(StoreFixture.conflictA) regressed"))
    XCTAssertTrue(changes.contains("\(StoreFixture.conflictA) new"))
    let regressed = try XCTUnwrap(requests.first { $0.body["change"] as? String == "regressed" }?.body)
    XCTAssertEqual(regressed["schema"] as? String, "lcq-notify/1")
    XCTAssertEqual(regressed["resolved_build"] as? String, "100")
    XCTAssertEqual(regressed["occurrences"] as? Int, 9)  // A's: runs 1, 2 and 3
    XCTAssertNotNil(regressed["best_fix"] as? String)
    let third = try notify(arguments)
    XCTAssertEqual(third.status, 0, third.stderr)
    XCTAssertEqual(third.stderr, "lcq: nothing to notify\n")
    XCTAssertEqual(try server.requests().count, 14)
    // By default only the app's conflicts, and those are all posted already.
    XCTAssertEqual(try notify(["--webhook-url", server.url()]).stderr, "lcq: nothing to notify\n")
  }

  /// A change the webhook refuses (HTTP 500) is tried three times, left pending (exit 1), and
  /// posted by the next run, whenever it comes: then once, and nothing else again.
  func testAFailedPostIsLeftPendingAndPostedByTheNextRun() throws {
    let failing = try WebhookServer(failing: [StoreFixture.conflictB])
    let first = try notify(["--webhook-url", failing.url(), "--payload", "json"])
    XCTAssertEqual(first.status, 1, first.stderr)
    XCTAssertTrue(
      first.stderr.contains(
        "lcq: \(StoreFixture.conflictB) (new) left pending: the webhook answered HTTP 500; the next lcq notify posts it"
      ),
      first.stderr)
    let refused = try failing.requests().filter { $0.status == 500 }
    XCTAssertEqual(refused.count, 3, "three tries")
    let posted = try failing.requests().filter { $0.status == 200 }.count
    XCTAssertGreaterThan(posted, 0)

    let working = try WebhookServer()
    // Long after the window: a pending change is still posted.
    let second = try notify([
      "--webhook-url", working.url(), "--payload", "json", "--since", "2000-01-01T00:00:00Z",
    ])
    XCTAssertEqual(second.status, 0, second.stderr)
    let requests = try working.requests()
    XCTAssertEqual(requests.map { $0.body["fingerprint"] as? String }, [StoreFixture.conflictB])
    XCTAssertEqual(try notify(["--webhook-url", working.url()]).stderr, "lcq: nothing to notify\n")
  }

  /// A 500 then a 200: the post is tried again within the run and delivered exactly once.
  func testA500ThenA200DeliversOnce() throws {
    let server = try WebhookServer(failFirst: 1)
    let result = try notify(["--webhook-url", server.url(), "--payload", "json", "--owner", "all"])
    XCTAssertEqual(result.status, 0, result.stderr)
    let requests = try server.requests()
    XCTAssertEqual(requests.count, 15, "14 changes and one try again")
    XCTAssertEqual(requests.first?.status, 500)
    XCTAssertEqual(requests[0].body["fingerprint"] as? String, requests[1].body["fingerprint"] as? String)
    let delivered = requests.filter { $0.status == 200 }.map {
      "\($0.body["fingerprint"] ?? "") \($0.body["change"] ?? "")"
    }
    XCTAssertEqual(delivered.count, 14)
    XCTAssertEqual(Set(delivered).count, 14)
  }

  /// The URL (a Slack webhook's is a secret) appears in no output: not on success, not when the
  /// server cannot be reached, not when it is malformed; it may come from the environment.
  func testTheURLIsNeverPrinted() throws {
    let secret = "secret-token-1234"
    let closed = try notify(["--webhook-url", "http://127.0.0.1:9/hooks/\(secret)"])
    XCTAssertEqual(closed.status, 1)
    XCTAssertTrue(closed.stderr.contains("could not connect to the webhook"), closed.stderr)
    let server = try WebhookServer()
    let fromEnvironment = try notify([], environment: ["LCQ_WEBHOOK_URL": server.url()])
    XCTAssertEqual(fromEnvironment.status, 0, fromEnvironment.stderr)
    XCTAssertEqual(try server.requests().first?.path, "/hooks/T000/B000/\(secret)")
    let malformed = try notify(["--webhook-url", "htp:/\(secret)"])
    XCTAssertEqual(malformed.status, 64)
    for result in [fromEnvironment, closed, malformed] {
      XCTAssertFalse((result.stdout + result.stderr).contains(secret), result.stderr)
    }
  }

  /// `lcq report --notify` writes the report, then posts as `lcq notify` would for the
  /// report's window: the 14 changes, and nothing the next time.
  func testTheNightlyReportNotifiesToo() throws {
    let server = try WebhookServer()
    let out = fixture.folder.appendingPathComponent("report.md").path
    let report = try LCQProcess.run(
      [
        "report", "--db", fixture.database, "--since", "1d", "--owner", "all", "--out", out, "--notify",
        "--webhook-url", server.url(), "--payload", "json",
      ], environment: StoreFixture.environment)
    XCTAssertEqual(report.status, 0, report.stderr)
    XCTAssertEqual(report.stderr, "lcq: notified 14 changes (13 new, 1 regressed)\n")
    XCTAssertTrue(FileManager.default.fileExists(atPath: out))
    XCTAssertEqual(try server.requests().count, 14)
    XCTAssertEqual(
      try notify(["--webhook-url", server.url(), "--owner", "all"]).stderr, "lcq: nothing to notify\n")
    let noURL = try LCQProcess.run(
      ["report", "--db", fixture.database, "--notify"], environment: ["LCQ_WEBHOOK_URL": ""])
    XCTAssertEqual(noURL.status, 64, noURL.stderr)
  }

  /// `--dry-run` prints Slack's payloads and neither posts nor records: a real run afterwards
  /// posts all of them.
  func testADryRunPostsAndRecordsNothing() throws {
    let dry = try notify(["--dry-run", "--owner", "all"])
    XCTAssertEqual(dry.status, 0, dry.stderr)
    let payloads = dry.stdout.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
    XCTAssertEqual(payloads.count, 14)
    let blocks = try XCTUnwrap(payloads.first?["blocks"] as? [[String: Any]])
    let section = try XCTUnwrap(blocks.first?["text"] as? [String: Any])
    XCTAssertEqual(section["type"] as? String, "mrkdwn")
    XCTAssertTrue((payloads.first?["text"] as? String)?.hasPrefix("New layout conflict: ") ?? false)
    let server = try WebhookServer()
    XCTAssertEqual(try notify(["--webhook-url", server.url(), "--owner", "all"]).status, 0)
    XCTAssertEqual(try server.requests().count, 14)
  }

  /// `--payload otlp` posts OpenTelemetry log records that OpenTelemetry's own schema reads
  /// (the receiver parses each body with the official Python classes, which refuse an unknown
  /// field), with the headers of `$OTEL_EXPORTER_OTLP_HEADERS`, never printed: past 20 changes
  /// the rest go in one request, a record each.
  func testTheOTLPPayloadIsReadByOpenTelemetrysOwnSchema() throws {
    let script = """
      import http.server, json, sys, threading
      from google.protobuf import json_format
      from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
      record = sys.argv[1]
      lock = threading.Lock()
      class Handler(http.server.BaseHTTPRequestHandler):
          def do_POST(self):
              body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
              try:
                  request = json_format.Parse(body, ExportLogsServiceRequest())
                  records = [
                      {"body": r.body.string_value, "severity": r.severity_text, "time": r.time_unix_nano,
                       "attributes": {a.key: a.value.string_value or a.value.int_value for a in r.attributes}}
                      for rl in request.resource_logs for sl in rl.scope_logs for r in sl.log_records]
                  line = {"path": self.path, "authorization": self.headers.get("Authorization"),
                          "injected": self.headers.get("X-Evil"), "records": records}
                  status = 200
              except Exception as error:
                  line, status = {"error": str(error)}, 400
              with lock, open(record, "a") as out:
                  out.write(json.dumps(line) + "\\n")
              self.send_response(status)
              self.end_headers()
          def log_message(self, *args):
              pass
      server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
      print(server.server_address[1], flush=True)
      server.serve_forever()
      """
    let receiver = try PythonServer(script: script)
    let secret = "lcq_otlp-secret-42"
    let result = try notify(
      ["--webhook-url", "http://127.0.0.1:\(receiver.port)/v1/logs", "--payload", "otlp", "--owner", "all"],
      // A value with a line break is left out: it would add a header of its own to the request.
      environment: [
        "OTEL_EXPORTER_OTLP_HEADERS":
          "Authorization=Bearer%20\(secret),X-Scope=lcq,X-Note=a%0D%0AX-Evil:%20yes"
      ])
    XCTAssertEqual(result.status, 0, result.stderr)
    XCTAssertFalse((result.stdout + result.stderr).contains(secret))
    let lines = try receiver.recorded().split(separator: "\n").map {
      try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    XCTAssertEqual(lines.compactMap { $0["error"] as? String }, [], "a body the schema refused")
    XCTAssertEqual(Set(lines.map { $0["path"] as? String }), ["/v1/logs"])
    XCTAssertEqual(Set(lines.map { $0["authorization"] as? String }), ["Bearer \(secret)"])
    XCTAssertTrue(lines.allSatisfy { $0["injected"] is NSNull }, "\(lines.map { $0["injected"] ?? "" })")
    let records = lines.flatMap { $0["records"] as? [[String: Any]] ?? [] }
    XCTAssertEqual(records.count, 14)
    let attributes = records.map { $0["attributes"] as? [String: Any] ?? [:] }
    let changes = Set(attributes.map { "\($0["lcq.fingerprint"] ?? "") \($0["lcq.change"] ?? "")" })
    XCTAssertEqual(changes.count, 14)
    let regressed = try XCTUnwrap(
      records.first { ($0["attributes"] as? [String: Any])?["lcq.change"] as? String == "regressed" })
    let regressedAttributes = try XCTUnwrap(regressed["attributes"] as? [String: Any])
    XCTAssertEqual(regressedAttributes["lcq.fingerprint"] as? String, StoreFixture.conflictA)
    XCTAssertEqual(regressedAttributes["lcq.resolved_build"] as? String, "100")
    XCTAssertEqual(regressedAttributes["lcq.occurrences"] as? Int, 9)  // an intValue, read by the schema
    XCTAssertNotNil(regressedAttributes["lcq.best_fix"] as? String)
    XCTAssertEqual(regressed["severity"] as? String, "WARN")
    XCTAssertTrue(
      (regressed["body"] as? String ?? "").hasPrefix("Layout conflict seen again after its fix in build 100"))
  }
}
