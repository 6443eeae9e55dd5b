import Foundation
import LCQParsing

/// Conflict messages taken from the corpus, ready to be re-printed with fresh addresses.
public struct ConflictTemplate: Sendable {
  /// The constraint descriptions of the list, as logged.
  public var descriptions: [String]
  /// The broken constraint's description.
  public var broken: String
  /// Whether AppKit printed it (colon header, AppKit footer).
  public var isAppKit: Bool

  /// Reads every complete, fully parsed block of the `.log` files under `directory`.
  public static func load(from directory: URL) throws -> [ConflictTemplate] {
    let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "log" }.sorted { $0.path < $1.path }
    var templates: [ConflictTemplate] = []
    for file in files {
      var scanner = ConflictScanner(file: file.lastPathComponent)
      let bytes = try [UInt8](Data(contentsOf: file))
      var blocks: [ConflictBlock] = []
      scanner.feed(bytes) { blocks.append($0) }
      _ = scanner.finish { blocks.append($0) }
      for block in blocks {
        guard let broken = block.brokenConstraint, broken.isParsed, !block.constraints.isEmpty,
          block.constraints.allSatisfy(\.isParsed), block.header != .listOnly, block.header != .recoveryOnly
        else { continue }
        templates.append(
          ConflictTemplate(
            descriptions: block.constraints.map(\.description), broken: broken.description,
            isAppKit: block.platform == .appkit))
      }
    }
    return templates
  }
}
