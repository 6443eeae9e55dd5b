import Foundation

/// `lcq serve` started by a test on 127.0.0.1 with a free port, and `curl` to talk to it.
/// Stopped (SIGTERM) when released, unless the test killed it.
public final class CollectorProcess {
  private let process = Process()
  private let errors = Pipe()
  private let output = Pipe()
  private let collected = CollectedText()
  /// `http://127.0.0.1:PORT` (`https://` when it serves TLS).
  public let url: String

  /// The server's process id (its memory and threads are read from `/proc`).
  public var pid: Int32 { process.processIdentifier }

  /// Starts `lcq serve --listen 127.0.0.1:0 --db db` with `arguments`, and waits until it says
  /// where it listens; with `fileLimit`, under that limit on open files (`ulimit -n`, soft and
  /// hard, as a service manager sets it).
  public init(db: String, arguments: [String] = [], fileLimit: Int? = nil) throws {
    let serve = ["serve", "--listen", "127.0.0.1:0", "--db", db] + arguments
    if let fileLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments =
        ["-c", "ulimit -n \(fileLimit) && exec \"$0\" \"$@\"", LCQProcess.executable.path] + serve
    } else {
      process.executableURL = LCQProcess.executable
      process.arguments = serve
    }
    process.standardError = errors
    process.standardOutput = output
    try process.run()
    var text = ""
    let deadline = Date().addingTimeInterval(60)
    while !text.contains("\n"), Date() < deadline {
      let chunk = errors.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    // Any address it listens on is reached through loopback (0.0.0.0 too).
    guard let range = text.range(of: #"https?://[0-9.]+:[0-9]+"#, options: .regularExpression),
      let scheme = text[range].split(separator: ":").first, let port = text[range].split(separator: ":").last
    else {
      process.terminate()
      process.waitUntilExit()
      throw ServerDidNotStart()
    }
    url = "\(scheme)://127.0.0.1:\(port)"
    collected.append(text)
    DispatchQueue.global().async { [errors, output, collected] in
      let rest = errors.fileHandleForReading.readDataToEndOfFile()
      let out = output.fileHandleForReading.readDataToEndOfFile()
      collected.append(String(decoding: rest, as: UTF8.self) + String(decoding: out, as: UTF8.self))
      collected.finish()
    }
  }

  deinit {
    if process.isRunning { _ = stop() }
  }

  /// Stops it as an operator would (SIGTERM) and returns its exit status and everything it
  /// printed on stderr and stdout. A server still running `grace` seconds after SIGTERM (stuck, as a mutant's may be) is
  /// killed, so that a test fails instead of hanging; the status is then SIGKILL's.
  public func stop(grace: TimeInterval = 30) -> (status: Int32, printed: String) {
    process.terminate()
    let deadline = Date().addingTimeInterval(grace)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return (process.terminationStatus, collected.waitForText())
  }

  /// Kills it at once (SIGKILL), as a crash or an out-of-memory kill would.
  public func kill() {
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// What `curl` got back from one request.
  public struct Answer {
    /// The HTTP status; 0 when no answer came.
    public let status: Int
    /// The headers, lowercased names.
    public let headers: [String: String]
    /// The body.
    public let body: Data
    /// The body as text.
    public var text: String { String(decoding: body, as: UTF8.self) }
  }

  /// `curl` sends `method path` with `headers` and `body` (a file, so any size), and returns
  /// the answer.
  public func request(
    _ method: String, _ path: String, headers: [String: String] = [:], body: URL? = nil
  ) throws -> Answer {
    try Self.curl(url + path, method: method, headers: headers, body: body)
  }

  /// `curl` to any URL (see ``request(_:_:headers:body:)``), waiting at most `maxTime` seconds,
  /// from the local address `interface` when given (`127.0.0.2`: another client), trusting the
  /// certificate `certificateAuthority` (a PEM file) for `https://`.
  public static func curl(
    _ url: String, method: String, headers: [String: String] = [:], body: URL? = nil, maxTime: Int = 120,
    interface: String? = nil, certificateAuthority: String? = nil
  ) throws -> Answer {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-curl-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let head = folder.appendingPathComponent("head")
    let out = folder.appendingPathComponent("body")
    var arguments = ["-s", "-X", method, "-D", head.path, "-o", out.path, "--max-time", String(maxTime)]
    if let interface { arguments += ["--interface", interface] }
    if let certificateAuthority { arguments += ["--cacert", certificateAuthority] }
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { arguments += ["-H", "\(name): \(value)"] }
    if let body { arguments += ["--data-binary", "@" + body.path] }
    arguments.append(url)
    let curl = Process()
    curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    curl.arguments = arguments
    curl.standardOutput = FileHandle.nullDevice
    curl.standardError = FileHandle.nullDevice
    try curl.run()
    curl.waitUntilExit()
    let headText = (try? String(contentsOf: head, encoding: .utf8)) ?? ""
    var status = 0
    var fields: [String: String] = [:]
    for line in headText.split(whereSeparator: \.isNewline) {
      if line.hasPrefix("HTTP/") {
        status = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
      } else if let colon = line.firstIndex(of: ":") {
        fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
          in: .whitespaces)
      }
    }
    return Answer(status: status, headers: fields, body: (try? Data(contentsOf: out)) ?? Data())
  }
}

/// Text a reader thread collects, read once it is done.
private final class CollectedText: @unchecked Sendable {
  private let condition = NSCondition()
  private var text = ""
  private var done = false

  func append(_ more: String) {
    condition.withLock { text += more }
  }

  func finish() {
    condition.withLock {
      done = true
      condition.broadcast()
    }
  }

  func waitForText() -> String {
    condition.withLock {
      while !done { condition.wait() }
      return text
    }
  }
}
