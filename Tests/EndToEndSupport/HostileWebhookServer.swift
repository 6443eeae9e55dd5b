import Foundation

/// A webhook on 127.0.0.1 that misbehaves as the security review's did (Python's
/// `http.server`, threaded), one behaviour per path:
/// - `/ok/…`: 200;
/// - `/hang/…`: takes the request and never answers;
/// - `/e429/SECONDS/…`: 429 with `Retry-After: SECONDS` to a change's first post, 200 after;
/// - `/mixed/…`: a change's first post gets, by the order changes first arrive, in turn: 200
///   and then a body dripped a byte every 0.2 s for a minute; a 307 redirect to `/ok/redirected`;
///   500; 200 with a 3 GB body (streamed, never held); plain 200. Every later post of that
///   change gets 200.
/// Every request is recorded with its status, path and change (`fingerprint change` of the
/// JSON payload).
public final class HostileWebhookServer {
  private let server: PythonServer
  /// The port it listens on.
  public var port: Int { server.port }

  /// Starts the server on a free port of 127.0.0.1.
  public init() throws {
    let script = """
      import http.server, json, socketserver, sys, threading, time
      record = sys.argv[1]
      lock = threading.Lock()
      first_seen = {}
      class Handler(http.server.BaseHTTPRequestHandler):
          protocol_version = "HTTP/1.1"
          def log(self, status, key):
              with lock, open(record, "a") as out:
                  out.write(json.dumps({"method": self.command, "status": status, "path": self.path, "change": key,
                      "headers": sorted(self.headers.keys())}) + "\\n")
          def do_GET(self):
              self.log(200, None)
              self.send_response(200); self.send_header("Content-Length", "0"); self.end_headers()
          def do_POST(self):
              body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
              try:
                  payload = json.loads(body)
                  key = "%s %s" % (payload.get("fingerprint"), payload.get("change"))
              except Exception:
                  key = None
              parts = self.path.split("/")
              mode = parts[1]
              with lock:
                  first = key not in first_seen
                  if first:
                      first_seen[key] = len(first_seen)
                  order = first_seen[key]
              if mode == "hang":
                  self.log(0, key)
                  time.sleep(120)
                  return
              if mode == "e429" and first:
                  self.log(429, key)
                  self.send_response(429); self.send_header("Retry-After", parts[2])
                  self.send_header("Content-Length", "0"); self.end_headers()
                  return
              behaviour = order % 5 if mode == "mixed" and first else 4
              if behaviour == 0:
                  self.log(200, key)
                  self.send_response(200); self.send_header("Content-Length", "300"); self.end_headers()
                  for _ in range(300):
                      self.wfile.write(b"x"); self.wfile.flush(); time.sleep(0.2)
              elif behaviour == 1:
                  self.log(307, key)
                  self.send_response(307)
                  self.send_header("Location", "http://127.0.0.1:%d/ok/redirected" % self.server.server_address[1])
                  self.send_header("Content-Length", "0"); self.end_headers()
              elif behaviour == 2:
                  self.log(500, key)
                  self.send_response(500); self.send_header("Content-Length", "0"); self.end_headers()
              elif behaviour == 3:
                  self.log(200, key)
                  self.send_response(200); self.send_header("Content-Length", str(3 * 10**9)); self.end_headers()
                  chunk = bytes(1 << 20)
                  for _ in range(3000):
                      self.wfile.write(chunk)
              else:
                  self.log(200, key)
                  self.send_response(200); self.send_header("Content-Length", "2"); self.end_headers()
                  self.wfile.write(b"ok")
          def handle(self):
              try:
                  super().handle()
              except (BrokenPipeError, ConnectionResetError):
                  pass
          def log_message(self, *args):
              pass
      class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
          daemon_threads = True
      server = Server(("127.0.0.1", 0), Handler)
      print(server.server_address[1], flush=True)
      server.serve_forever()
      """
    server = try PythonServer(script: script)
  }

  /// The URL of `mode` on this server, with a secret-looking token after it.
  public func url(_ mode: String) -> String { "http://127.0.0.1:\(port)/\(mode)/T000/B000/XOXBSECRETTOKEN" }

  /// One request as the server recorded it.
  public struct Request: Decodable {
    /// Its HTTP method.
    public var method: String
    /// The status the server answered.
    public var status: Int
    /// Its path.
    public var path: String
    /// The change it posted, by its key.
    public var change: String?
    /// The names of its headers.
    public var headers: [String]
  }

  /// Every request so far.
  public func requests() throws -> [Request] {
    try server.recorded().split(separator: "\n").map {
      try JSONDecoder().decode(Request.self, from: Data($0.utf8))
    }
  }
}

/// How one process ran: its exit status, output, peak memory and time, measured by its parent
/// (`wait4`'s resource usage, through Python, so nothing else the test ran is counted).
public struct MeasuredRun: Decodable {
  /// Its exit status.
  public var status: Int
  /// What it printed on standard output.
  public var stdout: String
  /// What it printed on standard error.
  public var stderr: String
  /// Peak resident memory in kilobytes.
  public var maxrss: Int
  /// Its wall time in seconds.
  public var seconds: Double

  /// Runs `lcq arguments…` and measures it.
  public static func lcq(_ arguments: [String], environment: [String: String]) throws -> MeasuredRun {
    let script = """
      import json, os, subprocess, sys, tempfile, time
      out, err = tempfile.TemporaryFile(), tempfile.TemporaryFile()
      start = time.monotonic()
      child = subprocess.Popen(sys.argv[1:], stdout=out, stderr=err, stdin=subprocess.DEVNULL)
      _, status, usage = os.wait4(child.pid, 0)
      seconds = time.monotonic() - start
      out.seek(0); err.seek(0)
      print(json.dumps({"status": os.waitstatus_to_exitcode(status), "stdout": out.read().decode(),
          "stderr": err.read().decode(), "maxrss": usage.ru_maxrss, "seconds": seconds}))
      """
    let result = try LCQProcess.execute(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", "-c", script, LCQProcess.executable.path] + arguments,
      environment: environment)
    return try JSONDecoder().decode(MeasuredRun.self, from: Data(result.stdout.utf8))
  }
}
