import ArgumentParser
import Foundation
import LCQAnalysis
import LCQPipeline

/// `--source-root` and `--codeowners`: where the app's source lives and who owns it, so that
/// `analyze` prints each conflict's source files and owners and `ingest` stores them with the
/// run.
struct SourceOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The app's source tree (else $LCQ_SOURCE_ROOT): each conflict's files are found by the "
        + "classes its constraints name and SnapKit's file names, and their owners in CODEOWNERS.",
      valueName: "folder"))
  var sourceRoot: String?
  @Option(
    help: ArgumentHelp(
      "A CODEOWNERS file (GitHub's syntax; else $LCQ_CODEOWNERS, else .github/CODEOWNERS, "
        + "CODEOWNERS or docs/CODEOWNERS under the source root). Its patterns are matched "
        + "against paths relative to the source root.",
      valueName: "file"))
  var codeowners: String?

  private var environment: [String: String] { ProcessInfo.processInfo.environment }
  private var root: String? { Self.root(sourceRoot) }

  /// The source root given, else `$LCQ_SOURCE_ROOT` when set and not empty.
  static func root(_ given: String?) -> String? {
    given ?? ProcessInfo.processInfo.environment["LCQ_SOURCE_ROOT"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// What the source tree at `given` (else `$LCQ_SOURCE_ROOT`) declares, `nil` without one; a
  /// source root that is not a folder is a usage error (exit 64).
  static func appSource(_ given: String?) throws -> AppSource? {
    guard let root = root(given) else { return nil }
    do {
      return try SourceIndex(root: URL(fileURLWithPath: root)).appSource
    } catch {
      StandardError.write("lcq: \(error)")
      throw ExitCode.validationFailure
    }
  }
  private var codeOwnersFile: String? {
    codeowners ?? environment["LCQ_CODEOWNERS"].flatMap { $0.isEmpty ? nil : $0 }
  }

  func validate() throws {
    if codeOwnersFile != nil, root == nil {
      throw ValidationError("--codeowners needs --source-root: its patterns are paths in the source tree")
    }
  }

  /// The run's map from conflicts to files and owners, `nil` without a source root. What
  /// CODEOWNERS holds that cannot be read is said on stderr; a source root that is not a folder,
  /// or a CODEOWNERS file that cannot be read, is a usage error (exit 64).
  func map() throws -> CodeOwnerMap? {
    guard let root else { return nil }
    let map: CodeOwnerMap
    do {
      map = try CodeOwnerMap(
        root: URL(fileURLWithPath: root), codeOwners: codeOwnersFile.map { URL(fileURLWithPath: $0) })
    } catch {
      StandardError.write("lcq: \(error)")
      throw ExitCode.validationFailure
    }
    for issue in map.issues { StandardError.write("lcq: \(issue)") }
    return map
  }
}
