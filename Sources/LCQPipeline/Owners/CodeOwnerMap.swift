import Foundation
import LCQAnalysis

/// Turns a conflict's ``SourceClues`` into its ``CodeOwnership``: the source files by the
/// ``SourceIndex``, their owners by the CODEOWNERS rules. Read once per run; answers are
/// remembered per clue set, since a log repeats the same conflicts.
public final class CodeOwnerMap: @unchecked Sendable {
  /// The source tree's index.
  public let index: SourceIndex
  /// The CODEOWNERS rules, `nil` when there is no such file.
  public let rules: CodeOwnersRules?
  private var known: [SourceClues: CodeOwnership] = [:]
  private let lock = NSLock()

  /// Where GitHub looks for CODEOWNERS in a repository, in its order.
  public static let conventionalPlaces = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"]

  /// Indexes `root` and reads `codeOwners`, or when it is `nil` the first CODEOWNERS file in
  /// one of GitHub's places under `root`. Patterns are matched against paths relative to `root`.
  public init(root: URL, codeOwners: URL?) throws {
    let index = try SourceIndex(root: root)
    self.index = index
    let file =
      codeOwners
      ?? Self.conventionalPlaces.map { index.root.appendingPathComponent($0) }
      .first { FileManager.default.fileExists(atPath: $0.path) }
    if let file {
      guard let data = FileManager.default.contents(atPath: file.path) else {
        throw SourceTreeError.unreadable(file.path)
      }
      rules = CodeOwnersRules(String(decoding: data, as: UTF8.self), file: file.path)
    } else {
      rules = nil
    }
  }

  /// What the CODEOWNERS file had that could not be read (`file:line:column: reason`).
  public var issues: [String] { rules?.issues ?? [] }

  /// The files and owners of `analysis`'s conflict, `nil` when no constraint of it was read.
  public func ownership(of analysis: BlockAnalysis) -> CodeOwnership? {
    guard analysis.fingerprint != nil else { return nil }
    return ownership(of: SourceClues(block: analysis.block, described: analysis.describedIndices))
  }

  /// The files and owners of a conflict with `clues`: the described constraints' files, or when
  /// they name none the rest of the list's.
  public func ownership(of clues: SourceClues) -> CodeOwnership {
    lock.lock()
    defer { lock.unlock() }
    if let answer = known[clues] { return answer }
    var files = index.files(for: clues.described)
    if files.isEmpty { files = index.files(for: clues.elsewhere) }
    var owners: [String] = []
    for file in files {
      for owner in rules?.owners(of: file) ?? [] where !owners.contains(owner) { owners.append(owner) }
    }
    let answer = CodeOwnership(sourceFiles: files, owners: owners)
    if known.count > 10_000 { known.removeAll() }
    known[clues] = answer
    return answer
  }
}

/// Why a run's source tree or CODEOWNERS file could not be used.
public enum SourceTreeError: Error, CustomStringConvertible {
  /// `--source-root` is not a folder.
  case notAFolder(String)
  /// The CODEOWNERS file could not be read.
  case unreadable(String)

  /// The reason, naming the option and the path.
  public var description: String {
    switch self {
    case .notAFolder(let path): "--source-root \(path): not a folder"
    case .unreadable(let path): "--codeowners \(path): cannot be read"
    }
  }
}
