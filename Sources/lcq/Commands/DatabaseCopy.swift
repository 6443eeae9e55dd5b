import ArgumentParser
import Foundation
import LCQReporting
import LCQStore

extension LCQCommand.Database {
  /// `lcq db copy`.
  struct Copy: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "copy",
      abstract: "Copy a history from one database to another (an SQLite file to PostgreSQL, or back).",
      discussion: """
        Every run, conflict, occurrence and failed block of --from is added to --to (created \
        when missing), counts and statuses kept. Nothing is added twice: run it again after an \
        interruption and it adds what is missing. A conflict --to already holds keeps its \
        status there.
        \(ExitStatus.databaseHelp)
        """)

    @Option(
      help: ArgumentHelp("The database to copy: an SQLite file or a postgres:// URL.", valueName: "path"))
    var from: String
    @Option(help: ArgumentHelp("The database to copy into (created when missing).", valueName: "path"))
    var to: String
    @Option(help: .hidden) var batchSize = 500

    mutating func run() throws {
      let result: CopyResult
      do {
        let source = try openDatabase(from, mode: .readOnly)
        let destination = try openDatabase(to, mode: .createIfMissing)
        defer { destination.close() }
        result = try destination.copy(from: source, batchSize: max(1, batchSize))
      } catch {
        StandardError.write("lcq: \(error)")
        throw ExitStatus.databaseError
      }
      StandardError.write(
        "lcq: copied \(Wording.counted(result.runs, "run")), \(Wording.counted(result.conflicts, "conflict")) "
          + "(\(result.conflictsKept) already there), \(Wording.counted(result.occurrences, "occurrence")), "
          + "\(Wording.counted(result.failedBlocks, "failed block")), \(Wording.counted(result.templates, "block template")), "
          + "\(Wording.counted(result.notifications, "notification record"))"
          + " → \(DatabaseLocation.redacted(to))")
    }
  }
}
