import Foundation
import XCTest

/// Runs the built `lcq` binary as a user would, with real pipes.
public struct LCQProcess {
  /// A step of a fixture that did not go as it must.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// How one run of lcq ended.
  public struct Result {
    /// Its exit status.
    public var status: Int32
    /// What it printed on standard output.
    public var stdout: String
    /// What it printed on standard error.
    public var stderr: String
  }

  /// The `lcq` executable next to the test bundle, or `$LCQ_TEST_BINARY` when it is set (to run
  /// a test against the build before, as a review's cases are checked to fail there).
  public static var executable: URL {
    if let other = ProcessInfo.processInfo.environment["LCQ_TEST_BINARY"], !other.isEmpty {
      return URL(fileURLWithPath: other)
    }
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("lcq")
      }
      fatalError("no test bundle")
    #else
      return Bundle.main.bundleURL.appendingPathComponent("lcq")
    #endif
  }

  /// The path of the fixture `name` (under `Fixtures/`).
  public static func fixture(_ name: String) -> String {
    Bundle.module.resourceURL!.appendingPathComponent("Fixtures/\(name)").path
  }

  /// The repository's root folder (tests run from the source tree).
  public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The schema version a database has once every file in `Migrations/` is applied: the
  /// number of those files, counted here rather than asked of lcq.
  public static var migrationCount: Int {
    let names =
      (try? FileManager.default.contentsOfDirectory(
        atPath: repositoryRoot.appendingPathComponent("Migrations").path)) ?? []
    return names.filter { $0.hasSuffix(".sql") && $0.first?.isNumber == true }.count
  }

  /// Every log of the corpus copy (`real/`, `formats/`, then `test-markers/`, each sorted by name).
  public static func corpusLogs() throws -> [String] {
    try ["real", "formats", "test-markers"].flatMap { folder in
      try FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(folder).path)
        .filter { $0.hasSuffix(".log") }.sorted().map {
          corpus.appendingPathComponent("\(folder)/\($0)").path
        }
    }
  }

  /// The shared corpus as copied into the parsing tests' fixtures.
  public static let corpus = repositoryRoot.appendingPathComponent("Tests/LCQParsingTests/Fixtures/corpus")

  /// The path of `formats/NAME` or `real/NAME` in the corpus copy (a prefix such as `009` is
  /// enough for real files).
  public static func corpusFile(_ name: String) -> String {
    if name.hasSuffix(".log"),
      FileManager.default.fileExists(atPath: corpus.appendingPathComponent("formats/" + name).path)
    {
      return corpus.appendingPathComponent("formats/" + name).path
    }
    let real = corpus.appendingPathComponent("real")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: real.path)) ?? []
    return real.appendingPathComponent(names.sorted().first { $0.hasPrefix(name) } ?? name).path
  }

  /// The seven `corpus/formats` logs: the same two conflicts as each log tool prints them.
  public static let formatsFixtures = [
    "idevicesyslog.log", "log-show-json.log", "log-stream-compact.log", "log-stream-default.log",
    "log-stream-ndjson.log", "log-stream-syslog.log", "xcode-console-crlf.log",
  ]

  /// Runs `lcq arguments…`, feeding `stdin` (if any) through a pipe.
  public static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:])
    throws
    -> Result
  {
    try execute(executable, arguments, stdin: stdin, environment: environment)
  }

  /// Runs `lcq arguments…` on a real pseudo-terminal `columns` wide and 40 high (Python's
  /// `pty`), as a person at a terminal would: what it printed there, with the terminal's line
  /// ends turned back into line feeds.
  public static func onTerminal(_ arguments: [String], columns: Int, environment: [String: String] = [:])
    throws -> Result
  {
    let script = """
      import fcntl, os, pty, struct, sys, termios
      pid, fd = pty.fork()
      if pid == 0:
          os.execv(sys.argv[2], sys.argv[2:])
      fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, int(sys.argv[1]), 0, 0))
      out = b""
      while True:
          try:
              chunk = os.read(fd, 65536)
          except OSError:
              break
          if not chunk:
              break
          out += chunk
      os.waitpid(pid, 0)
      sys.stdout.write(out.decode())
      """
    var result = try execute(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", "-c", script, "\(columns)", executable.path] + arguments,
      environment: environment)
    result.stdout = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    return result
  }

  /// Runs any program, feeding `stdin` (if any) through a pipe.
  public static func execute(
    _ program: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]
  ) throws -> Result {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    // The width a shell may export would widen lcq's piped tables: only a test's own counts.
    env["COLUMNS"] = nil
    env.merge(environment) { $1 }
    process.environment = env
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let input = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    try process.run()
    if let stdin {
      DispatchQueue.global().async {
        // A program may exit before it reads all its input (a refused login, a usage error): the
        // pipe is then closed, and the throwing write says so instead of stopping the tests.
        try? input.fileHandleForWriting.write(contentsOf: stdin)
        try? input.fileHandleForWriting.close()
      }
    }
    let outData = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      outData.data = output.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    let errData = errors.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData.data, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}

/// `lcq` running with a live pipe on its standard input: the test writes to it while it runs.
public final class LiveLCQ {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let errors = Pipe()
  private let collected = DataBox()
  private let reader = DispatchGroup()

  /// Starts `lcq arguments…`.
  public init(_ arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = LCQProcess.executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Programs the test starts later (a restarted database server, for one) must not inherit
    // the pipe's writing end: lcq would never read the end of its input.
    for handle in [input.fileHandleForWriting, output.fileHandleForReading, errors.fileHandleForReading] {
      _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }
    reader.enter()
    DispatchQueue.global().async { [output, collected, reader] in
      collected.data = output.fileHandleForReading.readDataToEndOfFile()
      reader.leave()
    }
  }

  deinit {
    // A test that failed before `finish()` leaves no lcq behind.
    if process.isRunning { process.terminate() }
  }

  /// Writes `data` to its standard input.
  public func write(_ data: Data) { try? input.fileHandleForWriting.write(contentsOf: data) }

  /// Waits until lcq has read everything written to its standard input (the pipe holds no
  /// byte), for at most `seconds`; whether it has.
  public func waitUntilInputIsRead(seconds: Double = 60) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var unread: Int32 = 0
    repeat {
      guard ioctl(input.fileHandleForWriting.fileDescriptor, UInt(FIONREAD), &unread) == 0 else {
        return false
      }
      if unread == 0 { return true }
      usleep(1_000)
    } while Date() < deadline
    return false
  }

  /// Sends it SIGINT, as Ctrl-C would.
  public func interrupt() { process.interrupt() }

  /// Closes its standard input and waits for it to end.
  public func finish() -> LCQProcess.Result {
    try? input.fileHandleForWriting.close()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    reader.wait()
    process.waitUntilExit()
    return LCQProcess.Result(
      status: process.terminationStatus, stdout: String(decoding: collected.data, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }
}

/// Holds what a reader thread collected; read only after the thread is done (`group.wait()`).
private final class DataBox: @unchecked Sendable {
  var data = Data()
}

/// The JSON key style every command follows (docs/json.md).
public enum JSONKeys {
  /// The keys of `value`, at any depth, that are not snake_case; the maps from variable names
  /// to values (a witness's `values`) hold data, not keys, and are skipped.
  public static func notSnakeCase(in value: Any, under parent: String = "") -> [String] {
    if let object = value as? [String: Any] {
      guard parent != "values" else { return [] }
      return object.flatMap { key, member in
        (key.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "_" } ? [] : [key])
          + notSnakeCase(in: member, under: key)
      }
    }
    if let array = value as? [Any] { return array.flatMap { notSnakeCase(in: $0, under: parent) } }
    return []
  }
}

/// Results of `lcq` runs collected from several threads.
public final class ResultList: @unchecked Sendable {
  private let lock = NSLock()
  /// An empty list.
  public init() {}
  private var results: [Result<LCQProcess.Result, any Error>] = []
  /// Adds one run's result.
  public func append(_ result: Result<LCQProcess.Result, any Error>) {
    lock.withLock { results.append(result) }
  }
  /// Every result so far.
  public var all: [Result<LCQProcess.Result, any Error>] { lock.withLock { results } }
}
