import Foundation
import LCQAnalysis
import LCQParsing

/// The shared corpus, as copied into the parsing tests' fixtures (read from the source tree).
enum Corpus {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../LCQParsingTests/Fixtures/corpus").standardizedFileURL

  /// Every `real/*.log` file name, sorted.
  static var realFiles: [String] {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("real").path)) ?? []
    return names.filter { $0.hasSuffix(".log") }.sorted()
  }

  /// The blocks of `real/NAME` (a prefix such as `009` is enough).
  static func blocks(_ name: String) -> [ConflictBlock] {
    let file = realFiles.first { $0.hasPrefix(name) }!
    let data = try! Data(contentsOf: root.appendingPathComponent("real/" + file))
    var scanner = ConflictScanner(file: file)
    var blocks: [ConflictBlock] = []
    scanner.feed(Array(data)) { blocks.append($0) }
    _ = scanner.finish { blocks.append($0) }
    return blocks
  }

  /// Every block of every real file.
  static var allBlocks: [ConflictBlock] { realFiles.flatMap { blocks($0) } }
}
