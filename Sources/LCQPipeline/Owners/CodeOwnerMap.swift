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
  /// What the tree declares as the app's and as vendored libraries', worked out once.
  public let appSource: AppSource
  private var known: [SourceClues: CodeOwnership] = [:]
  /// Each file's owners once matched: a CODEOWNERS file of costly patterns is matched once per
  /// file, not once per conflict.
  private var ownersByFile: [String: [String]] = [:]
  private let lock = NSLock()

  /// Where GitHub looks for CODEOWNERS in a repository, in its order.
  public static let conventionalPlaces = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS"]

  /// Indexes `root` and reads `codeOwners`, or when it is `nil` the first CODEOWNERS file in
  /// one of GitHub's places under `root`. Patterns are matched against paths relative to `root`.
  public init(root: URL, codeOwners: URL?) throws {
    let index = try SourceIndex(root: root)
    self.index = index
    appSource = index.appSource
    // A file found by convention is the repository's: it is read only from inside the tree. One
    // named on the command line may be a link only within the source root too.
    let file =
      codeOwners
      ?? Self.conventionalPlaces.map { index.root.appendingPathComponent($0) }
      .first { TeammateFile.exists($0.path) }
    if let file {
      switch TeammateFile.read(file.path, within: index.root.path, cap: TeammateFile.codeOwnersCap) {
      case .success(let data):
        rules = CodeOwnersRules(String(decoding: data, as: UTF8.self), file: file.path)
      case .failure(let refusal):
        // Named on the command line: a usage error. Found in the tree (a file anyone who can
        // push chooses): said, and the run goes on without owners.
        guard codeOwners == nil else { throw SourceTreeError.unreadable(file.path, named: true, refusal) }
        fileIssue = "\(SourceTreeError.unreadable(file.path, named: false, refusal)); no owners this run"
        rules = nil
      }
    } else {
      rules = nil
    }
  }

  /// Why the CODEOWNERS file found in the tree was not read, when it was not.
  private var fileIssue: String?

  /// What the CODEOWNERS file had that could not be read (`file:line:column: reason`), or why
  /// the file itself was not read.
  public var issues: [String] { (fileIssue.map { [$0] } ?? []) + (rules?.issues ?? []) }

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
    var places = index.places(for: clues.described)
    if places.isEmpty { places = index.places(for: clues.elsewhere) }
    var owners: [String] = []
    for place in places {
      for owner in ownersOfFile(place.path) where !owners.contains(owner) { owners.append(owner) }
    }
    let answer = CodeOwnership(
      sourceFiles: places.map(\.path), owners: owners, firstLine: places.first?.line)
    if known.count > 10_000 { known.removeAll() }
    known[clues] = answer
    return answer
  }
}

extension CodeOwnerMap {
  /// The owners of `file` (the lock is held).
  fileprivate func ownersOfFile(_ file: String) -> [String] {
    if let owners = ownersByFile[file] { return owners }
    let owners = rules?.owners(of: file) ?? []
    if ownersByFile.count > 100_000 { ownersByFile.removeAll() }
    ownersByFile[file] = owners
    return owners
  }
}

/// Why a run's source tree or CODEOWNERS file could not be used.
public enum SourceTreeError: Error, CustomStringConvertible {
  /// `--source-root` is not a folder.
  case notAFolder(String)
  /// The CODEOWNERS file at the path was not read: named with `--codeowners` (or
  /// `$LCQ_CODEOWNERS`) or found in one of GitHub's places, and why.
  case unreadable(String, named: Bool, TeammateFile.Refusal)

  /// The reason, naming the option and the path.
  public var description: String {
    switch self {
    case .notAFolder(let path): "--source-root \(path): not a folder"
    case .unreadable(let path, let named, let refusal):
      named ? "--codeowners \(path): \(refusal)" : "\(path) (the source tree's CODEOWNERS): \(refusal)"
    }
  }
}
