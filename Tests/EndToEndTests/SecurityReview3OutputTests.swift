import Foundation
import LCQEndToEndSupport
import XCTest

/// The cases of security review 3 on what reaches lcq's outputs from a stored log (O3, O5) and
/// on `lcq notify --payload otlp`'s headers (N3), each named by its id, through the real binary.
/// The collector's own cases are in SystemTests/SecurityReview3Tests.swift.
final class SecurityReview3OutputTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-review3-out-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// The characters no output for people may carry raw.
  private let raw = ["\u{1B}", "\u{9B}", "\u{202E}", "\u{2066}", "\r", "\u{0}"]

  /// A store whose conflicts' class names hold an escape sequence and a bidi override, and
  /// whose build id holds a line break that spells a workflow command.
  private func hostileStore() throws -> (db: String, build: String) {
    let db = folder.appendingPathComponent("hostile.sqlite").path
    let log = folder.appendingPathComponent("hostile.log")
    let text = """
      2026-11-20 10:00:00.000000+0000 Demo[1:2] Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x600001 Evil\u{202E}Cell:0x7e03.width == 40   (active)>",
          "<NSLayoutConstraint:0x600002 Evil\u{202E}Cell:0x7e03.width == 60   (active)>"
      )
      2026-11-20 10:00:01.000000+0000 Demo[1:2] Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x600003 Evil\u{1B}[2JCell:0x7e04.height == 40   (active)>",
          "<NSLayoutConstraint:0x600004 Evil\u{1B}[2JCell:0x7e04.height == 60   (active)>"
      )

      """
    try Data(text.utf8).write(to: log)
    let build = "7\u{1B}[2J\n*Fix:* forged"
    let ingest = try LCQProcess.run(["ingest", "--db", db, log.path, "--app", "Demo", "--build", build])
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    return (db, build)
  }

  /// O3: SARIF's messages and properties, which code scanning shows to people, carry no raw
  /// escape or bidi character (they are spelled out, as in every other output for people).
  func testO3SARIFTextFollowsTheTerminalTextRule() throws {
    let (db, build) = try hostileStore()
    let check = try LCQProcess.run(["check", "--db", db, "--build", build, "--format", "sarif"])
    XCTAssertEqual(check.status, 1, check.stderr)
    let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    let results = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
    XCTAssertEqual(results.count, 2, check.stdout)
    for result in results {
      let text = ((result["message"] as? [String: Any])?["text"] as? String) ?? ""
      let properties = (result["properties"] as? [String: Any] ?? [:]).values.compactMap { $0 as? String }
      for shown in [text] + properties {
        for character in raw { XCTAssertFalse(shown.contains(character), shown.debugDescription) }
      }
      XCTAssertTrue(text.contains("Evil\\u{202E}Cell") || text.contains("Evil\\u{1B}[2JCell"), text)
    }
  }

  /// O5: Slack's text and section carry no raw escape or bidi character, and the build id's
  /// line break cannot forge a line of the message (a fake `*Fix:*`); the OTLP payload's body
  /// and attributes neither.
  func testO5WebhookTextCannotForgeALineOrDriveAReader() throws {
    let (db, _) = try hostileStore()
    for payload in ["slack", "otlp"] {
      let notify = try LCQProcess.run([
        "notify", "--db", db, "--dry-run", "--payload", payload, "--since", "30000d", "--owner", "all",
      ])
      XCTAssertEqual(notify.status, 0, notify.stderr)
      let values = try Self.strings(in: notify.stdout)
      XCTAssertFalse(values.isEmpty, notify.stdout)
      for value in values {
        for character in raw {
          XCTAssertFalse(value.contains(character), "\(payload): \(value.debugDescription)")
        }
        XCTAssertFalse(
          value.split(separator: "\n").contains { $0.hasPrefix("*Fix:* forged") }, "\(payload): a forged line"
        )
      }
    }
  }

  /// N3: `OTEL_EXPORTER_OTLP_HEADERS` cannot add a header that frames the request: the receiver
  /// sees one `Content-Length`, one `Host` (lcq's), no `Transfer-Encoding`, and the header
  /// that is allowed; stderr names each one left out, never its value.
  func testN3HeadersThatFrameTheRequestAreLeftOut() throws {
    let (db, _) = try hostileStore()
    let script = """
      import socket, sys
      record = sys.argv[1]
      server = socket.socket()
      server.bind(("127.0.0.1", 0))
      server.listen(8)
      print(server.getsockname()[1], flush=True)
      while True:
          connection, _ = server.accept()
          data = b""
          while b"\\r\\n\\r\\n" not in data:
              chunk = connection.recv(65536)
              if not chunk:
                  break
              data += chunk
          with open(record, "ab") as out:
              out.write(data.split(b"\\r\\n\\r\\n")[0] + b"\\n--\\n")
          connection.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Length: 0\\r\\nConnection: close\\r\\n\\r\\n")
          connection.close()
      """
    let receiver = try PythonServer(script: script)
    let notify = try LCQProcess.run(
      [
        "notify", "--db", db, "--payload", "otlp", "--since", "30000d", "--owner", "all", "--webhook-url",
        "http://127.0.0.1:\(receiver.port)/v1/logs",
      ],
      environment: [
        "OTEL_EXPORTER_OTLP_HEADERS":
          "Content-Length=5,Host=evil.example,Transfer-Encoding=chunked,Connection=keep-alive,X-Ok=1,x-ok=2"
      ])
    XCTAssertEqual(notify.status, 0, notify.stderr)
    let requests = try receiver.recorded().components(separatedBy: "\n--\n").filter { !$0.isEmpty }
    XCTAssertFalse(requests.isEmpty)
    for request in requests {
      let names = request.split(separator: "\r\n").dropFirst().map {
        $0.split(separator: ":").first.map { $0.lowercased() } ?? ""
      }
      XCTAssertEqual(names.filter { $0 == "content-length" }.count, 1, request)
      XCTAssertEqual(names.filter { $0 == "host" }.count, 1, request)
      XCTAssertEqual(names.filter { $0 == "transfer-encoding" }.count, 0, request)
      XCTAssertEqual(names.filter { $0 == "x-ok" }.count, 1, request)
      XCTAssertFalse(request.contains("evil.example"), request)
    }
    XCTAssertTrue(notify.stderr.contains("Transfer-Encoding"), notify.stderr)
    XCTAssertFalse(notify.stderr.contains("evil.example"), notify.stderr)
  }

  /// Every string in the JSON values printed one after another (a dry run prints one a line,
  /// or one pretty-printed each).
  private static func strings(in text: String) throws -> [String] {
    var found: [String] = []
    func walk(_ value: Any) {
      if let text = value as? String {
        found.append(text)
      } else if let list = value as? [Any] {
        list.forEach(walk)
      } else if let object = value as? [String: Any] {
        object.values.forEach(walk)
      }
    }
    let decoder = JSONSerialization.self
    if let whole = try? decoder.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) {
      walk(whole)
    } else {
      for line in text.split(separator: "\n") {
        if let value = try? decoder.jsonObject(with: Data(line.utf8)) { walk(value) }
      }
    }
    return found
  }
}
