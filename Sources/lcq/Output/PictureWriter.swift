import ArgumentParser
import Foundation
import LCQAnalysis
import LCQReporting

/// Writes `lcq analyze --svg DIR` pictures, one file per conflict: `FILE-LINE.svg`.
struct PictureWriter {
  let directory: URL
  /// Pictures that could not be written.
  private(set) var failures = 0

  /// Makes the directory when missing; fails with a clear message when it cannot.
  init(directory path: String) throws {
    directory = URL(fileURLWithPath: path, isDirectory: true)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw ValidationError("--svg \(path): cannot make the directory: \(error.localizedDescription)")
    }
  }

  /// Writes the picture of `analysis`, if it has one; reports a failure on stderr.
  mutating func write(_ analysis: BlockAnalysis, input: String) {
    guard let svg = BlockSVG.render(analysis) else { return }
    let base = input == "-" ? "stdin" : URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
    let file = directory.appendingPathComponent("\(base)-\(analysis.block.source.line).svg")
    do {
      try Data(svg.utf8).write(to: file, options: .atomic)
    } catch {
      failures += 1
      StandardError.write("lcq: \(file.path): cannot write the picture: \(error.localizedDescription)")
    }
  }
}
