import Foundation

/// The webhook test server printed no port: the test fails (it is never skipped).
public struct ServerDidNotStart: Error {}

/// A test server written in Python, on 127.0.0.1 with a free port: `script` gets a record
/// file's path (where it writes what it saw) and `arguments`, and prints its port first. Stopped
/// and its record removed when released.
public final class PythonServer {
  private let process = Process()
  /// The file the script records into.
  public let record: URL
  /// The port it listens on.
  public let port: Int

  /// Starts `script` with Python on a free port of 127.0.0.1; it records requests in ``record``.
  public init(script: String, arguments: [String] = []) throws {
    record = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-server-\(UUID().uuidString).txt")
    _ = FileManager.default.createFile(atPath: record.path, contents: nil)
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, record.path] + arguments
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

  /// What the script has recorded so far.
  public func recorded() throws -> String { try String(contentsOf: record, encoding: .utf8) }
}
