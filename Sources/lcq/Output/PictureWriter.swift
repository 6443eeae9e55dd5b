import ArgumentParser
import Foundation
import LCQAnalysis
import LCQReporting
import LCQStore

/// Writes `lcq analyze --svg DIR` pictures, one file per conflict: `FILE-LINE.svg`, or
/// `FILE-LINE-2.svg` when two inputs of one run share a name (`a/x.log` and `b/x.log`).
struct PictureWriter {
  let directory: URL
  /// Pictures that could not be written.
  private(set) var failures = 0
  /// The names written by this run, so that no picture replaces another.
  private var written: Set<String> = []

  /// Makes the directory when missing; fails with a clear message when it cannot.
  init(directory path: String) throws {
    directory = URL(fileURLWithPath: path, isDirectory: true)
    do {
      // Owner-only, as the database's folder (or as $LCQ_FILE_MODE says): the names of the
      // pictures say which logs were read.
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: Int(FilePermissions.folderMode())])
    } catch {
      throw ValidationError("--svg \(path): cannot make the directory: \(error.localizedDescription)")
    }
  }

  /// Writes the picture of `analysis`, if it has one; reports a failure on stderr.
  mutating func write(_ analysis: BlockAnalysis, input: String) {
    guard let svg = BlockSVG.render(analysis) else { return }
    let name = uniqueName(analysis, input: input)
    save(svg, as: name + ".svg")
    // The envelope's two sizes side by side (docs/envelope.md), when it has them.
    if let sizes = BlockSVG.renderSizes(analysis) { save(sizes, as: name + "-sizes.svg") }
  }

  /// `FILE-LINE`, with `-2`, `-3`… for a line this run has already drawn.
  private mutating func uniqueName(_ analysis: BlockAnalysis, input: String) -> String {
    let base = Self.safeName(
      input == "-" ? "stdin" : URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent)
    var name = "\(base)-\(analysis.block.source.line)"
    var copy = 1
    while written.contains(name) {
      copy += 1
      name = "\(base)-\(analysis.block.source.line)-\(copy)"
    }
    written.insert(name)
    return name
  }

  /// Writes `svg` to `fileName` in the directory; reports a failure on stderr.
  private mutating func save(_ svg: String, as fileName: String) {
    let file = directory.appendingPathComponent(fileName)
    do {
      try FilePermissions.writeAtomically(Data(svg.utf8), toPath: file.path)
    } catch {
      failures += 1
      StandardError.write("lcq: \(file.path): cannot write the picture: \(error.localizedDescription)")
    }
  }

  /// `name` with every character but ASCII letters, digits, `.`, `_` and `-` as `_`: a file
  /// name that no terminal, shell or file manager can misread.
  static func safeName(_ name: String) -> String {
    let kept = name.unicodeScalars.map { scalar -> Character in
      scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
        ? Character(scalar) : "_"
    }
    return String(kept)
  }
}
