import Foundation
import XCTest

/// A real HTTP server on 127.0.0.1 (Python's `http.server`, threaded) that records the body of
/// every POST it receives, one line each, and answers 500 to its first requests or to bodies
/// that contain any of `failing`, as asked, 200 to the others. For `lcq notify`'s tests.
public final class WebhookServer {
  private let server: PythonServer
  /// The port it listens on.
  public var port: Int { server.port }

  /// Starts a server; it answers 500 to its first `failFirst` requests, and to each body that
  /// contains one of `failing`.
  public init(failing: [String] = [], failFirst: Int = 0) throws {
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
    server = try PythonServer(script: script, arguments: ["\(failFirst)"] + failing)
  }

  /// The URL of `path` on this server.
  public func url(_ path: String = "/hooks/T000/B000/secret-token-1234") -> String {
    "http://127.0.0.1:\(port)\(path)"
  }

  /// Every request so far: its status, path and body (a JSON object).
  public func requests() throws -> [(status: Int, path: String, body: [String: Any])] {
    try server.recorded().split(separator: "\n").map { line in
      let parts = line.split(separator: " ", maxSplits: 2)
      let body = try JSONSerialization.jsonObject(with: Data(parts[2].utf8)) as? [String: Any] ?? [:]
      return (Int(parts[0]) ?? 0, String(parts[1]), body)
    }
  }
}
