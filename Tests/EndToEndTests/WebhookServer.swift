import Foundation
import XCTest

/// The webhook test server printed no port: the test fails (it is never skipped).
struct ServerDidNotStart: Error {}

/// A real HTTP server on 127.0.0.1 (Python's `http.server`, threaded) that records the body of
/// every POST it receives, one line each, and answers 500 to its first requests or to bodies
/// that contain any of `failing`, as asked, 200 to the others. For `lcq notify`'s tests.
final class WebhookServer {
  private let process = Process()
  private let record: URL
  /// The port it listens on.
  let port: Int

  /// Starts a server; it answers 500 to its first `failFirst` requests, and to each body that
  /// contains one of `failing`.
  init(failing: [String] = [], failFirst: Int = 0) throws {
    record = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-webhook-\(UUID().uuidString).txt")
    FileManager.default.createFile(atPath: record.path, contents: nil)
    let script = """
      import http.server, sys, threading
      record, fail_first, failing = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
      lock = threading.Lock()
      seen = [0]
      class Handler(http.server.BaseHTTPRequestHandler):
          def do_POST(self):
              body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
              with lock:
                  seen[0] += 1
                  failed = seen[0] <= fail_first or any(part in body for part in failing)
              with lock, open(record, "a") as out:
                  out.write(("500 " if failed else "200 ") + self.path + " " + body.replace("\\n", " ") + "\\n")
              self.send_response(500 if failed else 200)
              self.end_headers()
              self.wfile.write(b"ok")
          def log_message(self, *args):
              pass
      server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
      print(server.server_address[1], flush=True)
      server.serve_forever()
      """
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, record.path, "\(failFirst)"] + failing
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line = Data()
    while !line.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      line.append(chunk)
    }
    guard
      let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw ServerDidNotStart() }
    self.port = port
  }

  deinit {
    process.terminate()
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: record)
  }

  /// The URL of `path` on this server.
  func url(_ path: String = "/hooks/T000/B000/secret-token-1234") -> String {
    "http://127.0.0.1:\(port)\(path)"
  }

  /// Every request so far: its status, path and body (a JSON object).
  func requests() throws -> [(status: Int, path: String, body: [String: Any])] {
    try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map { line in
      let parts = line.split(separator: " ", maxSplits: 2)
      let body = try JSONSerialization.jsonObject(with: Data(parts[2].utf8)) as? [String: Any] ?? [:]
      return (Int(parts[0]) ?? 0, String(parts[1]), body)
    }
  }
}
