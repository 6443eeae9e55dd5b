import ArgumentParser
import Foundation
import LCQPipeline
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq db`: looks after the database file.
  struct Database: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "db",
      abstract: "Look after the database: stats, migrate, prune, vacuum, reanalyze, copy.",
      subcommands: [Stats.self, Migrate.self, Prune.self, Vacuum.self, Reanalyze.self, Copy.self])

    /// `lcq db stats`.
    struct Stats: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count what the database holds.", discussion: ExitStatus.databaseHelp)
      @OptionGroup var output: FormatOption
      @OptionGroup var database: DatabaseOptions

      mutating func run() throws {
        let statistics = try usingStore(database) { store throws(StoreError) in try store.statistics() }
        let table = ResultTable(statistics: statistics)
        printOutput((output.format == .table ? table.transposed : table).rendered(as: output.format))
      }
    }

    /// `lcq db migrate`.
    struct Migrate: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Create the database, or bring its schema up to this lcq's (every command also does so).",
        discussion: ExitStatus.databaseHelp)
      @OptionGroup var database: DatabaseOptions

      mutating func run() throws {
        // A user who cannot write the file asks only whether anything is left to migrate: an
        // older schema is refused with who can migrate it (StoreError.needsMigration).
        let location = database.resolved.path
        if DatabaseLocation.scheme(of: location) == nil, FileManager.default.fileExists(atPath: location),
          !FileManager.default.isWritableFile(atPath: location)
        {
          let (path, schema) = try usingStore(database, access: .read) { store throws(StoreError) in
            (store.displayPath, store.schemaVersion)
          }
          StandardError.write(
            "lcq: \(path): schema \(schema), up to date (read-only here: nothing to migrate)")
          return
        }
        let (path, found, schema, tables) = try usingStore(database, access: .create) {
          store throws(StoreError) in
          (store.displayPath, store.schemaFound, store.schemaVersion, try store.tableCount())
        }
        StandardError.write("lcq: \(path): " + Self.outcome(found: found, schema: schema, tables: tables))
      }

      /// What opening the database did, in words: `created schema 22: 15 tables` (the SQLite
      /// file's count), `migrated schema 18 → 22` or `schema 22, up to date`.
      static func outcome(found: Int, schema: Int, tables: Int) -> String {
        if found == 0 { return "created schema \(schema): \(Wording.counted(tables, "table"))" }
        if found < schema { return "migrated schema \(found) → \(schema)" }
        return "schema \(schema), up to date"
      }
    }

    /// `lcq db prune`.
    struct Prune: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Delete occurrences older than a duration, and what is left with nothing.",
        discussion: """
          Resolved and ignored conflicts keep their status even with no occurrence left.

          \(ExitStatus.databaseHelp)
          """)
      @Option(help: ArgumentHelp("Delete what is older than this (90d, 12w).", valueName: "duration"))
      var olderThan: String
      @OptionGroup var database: DatabaseOptions

      func validate() throws {
        if TimeArgument.duration(olderThan) == nil {
          throw ValidationError("--older-than '\(olderThan)' is not a duration such as 90d")
        }
      }

      mutating func run() throws {
        let cutoff = currentTime - (TimeArgument.duration(olderThan) ?? 0)
        let result = try usingStore(database, access: .write) { store throws(StoreError) in
          try store.prune(before: cutoff)
        }
        StandardError.write(
          "lcq: pruned \(Wording.counted(result.occurrences, "occurrence")), "
            + "\(Wording.counted(result.failedBlocks, "failed block")), \(Wording.counted(result.runs, "run")), "
            + "\(Wording.counted(result.conflicts, "conflict")), \(Wording.counted(result.templates, "block template"))"
        )
      }
    }

    /// `lcq db vacuum`.
    struct Vacuum: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "vacuum",
        abstract: "Rebuild the file to reclaim free space (after a prune).",
        discussion: ExitStatus.databaseHelp)
      @OptionGroup var database: DatabaseOptions

      mutating func run() throws {
        let sizes = try usingStore(database, access: .write) { store throws(StoreError) in try store.vacuum()
        }
        StandardError.write("lcq: vacuumed: \(sizes.before) → \(sizes.after) bytes")
      }
    }

    /// `lcq db reanalyze`.
    struct Reanalyze: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "reanalyze",
        abstract: "Read every stored block again with this lcq, recomputing verdicts and fingerprints.",
        discussion: """
          Run it after upgrading lcq. Occurrences move to the conflict their new fingerprint \
          names; a resolved or ignored status moves with them when all of a conflict's \
          occurrences land in one new conflict. Failed blocks that now read become occurrences. \
          Give the --source-root the runs were ingested with: without it, a conflict among a \
          library's views is the app's again.

          \(ExitStatus.databaseHelp)
          """)
      @OptionGroup var database: DatabaseOptions
      @Option(
        help: ArgumentHelp(
          "The app's source tree (else $LCQ_SOURCE_ROOT): a class it does not declare and Apple does not ship "
            + "is a library's, as with `lcq ingest --source-root`.",
          valueName: "folder"))
      var sourceRoot: String?

      mutating func run() throws {
        let appSource = try SourceOptions.appSource(sourceRoot)
        let result = try usingStore(database, access: .write) { store throws(StoreError) in
          try Reanalysis.run(on: store, appSource: appSource)
        }
        StandardError.write(
          "lcq: reanalysed \(Wording.counted(result.occurrences, "occurrence")): \(result.changed) changed, "
            + "\(Wording.counted(result.newConflicts, "new conflict")), "
            + "\(Wording.counted(result.removedConflicts, "conflict")) removed, "
            + "\(result.recovered) failed blocks recovered, \(result.unreadable) unreadable")
      }
    }
  }
}
