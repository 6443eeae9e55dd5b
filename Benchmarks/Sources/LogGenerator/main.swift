import ArgumentParser
import Foundation
import LogGeneration

/// `lcq-loggen`: writes a realistic device log for benchmarks and performance checks.
@main
struct LogGeneratorCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lcq-loggen",
    abstract: "Write a realistic device log with conflict messages drawn from the corpus.")

  @Option(help: "How much to write: bytes, or with K, M or G (1G = 2^30 bytes).")
  var size: String = "64M"

  @Option(help: "Share of lines that belong to conflict messages (0.001 is 0.1%).")
  var conflictLineRate: Double = 0.001

  @Option(help: "Seed of the random generator; the same seed gives the same log.")
  var seed: UInt64 = 1

  @Option(help: "Folder of corpus .log files to draw conflicts from.")
  var corpus: String = "../Tests/LCQParsingTests/Fixtures/corpus/real"

  @Option(name: .shortAndLong, help: "Output file ('-' for standard output).")
  var output: String = "-"

  mutating func run() throws {
    guard let byteCount = Self.parseSize(size) else { throw ValidationError("cannot read size '\(size)'") }
    let templates = try ConflictTemplate.load(from: URL(fileURLWithPath: corpus))
    guard !templates.isEmpty else { throw ValidationError("no complete conflict messages under \(corpus)") }
    var generator = DeviceLogGenerator(templates: templates, conflictLineRate: conflictLineRate, seed: seed)
    let handle: FileHandle
    if output == "-" {
      handle = FileHandle.standardOutput
    } else {
      FileManager.default.createFile(atPath: output, contents: nil)
      guard let file = FileHandle(forWritingAtPath: output) else {
        throw ValidationError("cannot write \(output)")
      }
      handle = file
    }
    let summary = generator.generate(byteCount: byteCount) { handle.write(Data($0)) }
    try handle.close()
    FileHandle.standardError.write(
      Data(
        "lcq-loggen: \(summary.bytes) bytes, \(summary.lines) lines, \(summary.conflicts) conflicts (\(summary.conflictLines) conflict lines) from \(templates.count) templates\n"
          .utf8))
  }

  static func parseSize(_ text: String) -> Int? {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    if let last = text.last?.uppercased().first, let unit = units[last], let value = Double(text.dropLast()) {
      return Int(value * Double(unit))
    }
    return Int(text)
  }
}
