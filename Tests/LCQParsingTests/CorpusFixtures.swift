import Foundation
import LCQParsing

/// Reads the corpus copied into `Fixtures/corpus` (from the shared corpus, read-only there).
enum CorpusFixtures {
  static let root = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/corpus")

  /// `real/NAME.log` and `formats/NAME.log` paths relative to the corpus root, sorted.
  static func relativePaths(in folder: String) -> [String] {
    let directory = root.appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".log") }.sorted().map { "\(folder)/\($0)" }
  }

  static func bytes(_ relativePath: String) -> [UInt8] {
    Array(try! Data(contentsOf: root.appendingPathComponent(relativePath)))
  }

  /// Scans a whole fixture in one feed.
  static func blocks(_ relativePath: String) -> [ConflictBlock] {
    scan(bytes(relativePath), file: relativePath).blocks
  }

  /// Scans `bytes`, fed in pieces of `chunkSize` bytes (all at once when `nil`).
  static func scan(_ bytes: [UInt8], file: String, chunkSize: Int? = nil) -> (
    blocks: [ConflictBlock], summary: ScanSummary
  ) {
    var scanner = ConflictScanner(file: file)
    var blocks: [ConflictBlock] = []
    let size = chunkSize ?? max(bytes.count, 1)
    var start = 0
    while start < bytes.count {
      let end = min(start + size, bytes.count)
      scanner.feed(Array(bytes[start..<end])) { blocks.append($0) }
      start = end
    }
    let summary = scanner.finish { blocks.append($0) }
    return (blocks, summary)
  }

  /// `SOURCES.tsv`: file name → notes.
  static func sourceNotes() -> [String: String] {
    let text = try! String(contentsOf: root.appendingPathComponent("real/SOURCES.tsv"), encoding: .utf8)
    var notes: [String: String] = [:]
    for line in text.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 4 else { continue }
      notes[String(fields[0])] = String(fields[3])
    }
    return notes
  }
}
