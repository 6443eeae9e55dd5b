import ArgumentParser
import LCQPipeline
import LCQReporting
import LCQStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LCQCommand {
  /// `lcq ingest`: reads logs and stores every conflict in the database.
  struct Ingest: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ingest",
      abstract: "Store the conflicts of log files or standard input in the database.",
      discussion: """
        Reads each FILE (or standard input) as it arrives, analyses every conflict message and \
        stores it: blocks are committed within about a second of their end, so `lcq top` sees a \
        live `log stream` pipe. The same log ingested twice is stored once (see docs/store.md). \
        With --source-root, each conflict's source files (the files declaring the classes its \
        constraints name, and SnapKit's files) and their owners from CODEOWNERS are stored with \
        the run; `top`, `show`, `report`, `check` and `notify` show the latest, and --team \
        filters by them (see docs/owners.md). SIGINT or SIGTERM commits every message read whole, drops the one being read (a line \
        says so; ingest the log again to store it) and exits with status 0. A message a file \
        ends inside is kept uncounted until a later ingest reads it whole. A message whose \
        analysis crashed lcq is stored unanalysed by the next ingest (DATABASE-quarantine).

        Prints one summary line to stderr at the end, and a progress line while it works when \
        stderr is a terminal. With --source-root, a warning follows for each place that turns \
        the messages off (_UIConstraintBasedLayoutLogUnsatisfiable set to false, or \
        OS_ACTIVITY_MODE=disable, in code or in an enabled scheme setting), with its file and line.

        \(ExitStatus.databaseHelp)
        """
    )

    @Argument(
      help:
        "Log files to read ('-' or none reads standard input), result bundles' exported diagnostics folders, or .xcresult bundles (docs/tests.md)."
    )
    var files: [String] = []

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var origin: RunOptions
    @OptionGroup(title: "Owners") var source: SourceOptions

    mutating func run() throws {
      Interruption.install()
      CommandLineHints.sayWhenReadingATerminal(files: files, command: "lcq ingest")
      // A diagnostics folder or a result bundle is read as its console files (docs/tests.md).
      let given = files.isEmpty ? ["-"] : files
      let testRun = TestRunInputs(given)
      defer { testRun.removeExports() }
      for problem in testRun.problems { StandardError.write("lcq: \(problem)") }
      if testRun.paths.isEmpty { throw ExitStatus.inputUnreadable }
      let inputs = testRun.paths
      var metadata = origin.metadata(source: given.joined(separator: ", "), lcqVersion: LCQVersion.current)
      // Whose events the blocks are: what was given, not what a folder's files name (the same
      // consoles read from a folder or a pipe are the same events).
      let scope = OccurrenceIdentity.Scope(metadata)
      // The app under test, when a folder's console files name one bundle id and nothing else did.
      if metadata.app == nil, testRun.bundleIDs.count == 1 { metadata.app = testRun.bundleIDs.first }
      let clock = origin.clock
      let codeOwners = try source.map()
      // Silence is not health: where the source tree turns the messages off, kept with the run.
      metadata.loggingOff = codeOwners.map { map in
        map.index.loggingSwitches.map { "\($0.path):\($0.line) \($0.what)" }
      }
      let store: any ConflictStore
      let session: any IngestRun
      do {
        store = try database.open(.create)
        session = try store.beginIngest(metadata, clock: clock)
      } catch {
        StandardError.write("lcq: \(error)")
        throw ExitStatus.databaseError
      }
      // When lcq exits, every row is in the database file itself (a copy of it is whole).
      defer { store.close() }
      let quarantine = CrashQuarantine.path(forDatabase: store.path)
      let quarantined = CrashQuarantine.keys(at: quarantine)
      if !quarantined.isEmpty {
        StandardError.write(
          "lcq: an earlier ingest crashed analysing \(quarantined.count) distinct message\(quarantined.count == 1 ? "" : "s"); "
            + "they are stored unanalysed (delete \(quarantine) to analyse them again)")
      }
      CrashQuarantine.install(path: quarantine)
      let console = IngestConsole()
      var pipeline = IngestPipeline(
        session: session, scope: scope, clock: clock, quarantined: quarantined,
        codeOwners: codeOwners, observer: console)
      var failedInputs = testRun.problems.count
      do {
        for input in inputs where !pipeline.interrupted {
          do {
            try pipeline.ingest(input)
          } catch let error as StoreError {
            throw error
          } catch {
            StandardError.write("lcq: \(error)")
            failedInputs += 1
          }
        }
        pipeline.stopWorker()
        try session.finish(pipeline.interrupted ? .interrupted : .finished)
      } catch {
        pipeline.stopWorker()
        console.clearProgress()
        StandardError.write("lcq: \(error)")
        try? session.finish(.failed)
        throw ExitStatus.databaseError
      }
      console.clearProgress()
      // The same lines stored under another build are counted for each (docs/store.md): said.
      let elsewhere = try? store.alsoStoredUnderOtherBuilds(run: session.runID)
      StandardError.write(
        "lcq: "
          + IngestSummary.line(
            session.totals, interrupted: pipeline.interrupted, path: store.displayPath,
            alsoStored: elsewhere.flatMap { $0 }))
      // Silence is not health: say where the source tree turns the messages off.
      for found in metadata.loggingOff ?? [] {
        StandardError.write("lcq: warning: " + LoggingOffText.sentence(found))
      }
      if let older = try? store.conflictsOfOtherFingerprintVersions(), older > 0 {
        StandardError.write(
          "lcq: \(older) conflict\(older == 1 ? " was" : "s were") stored by an older lcq with \(older == 1 ? "a fingerprint" : "fingerprints") of another version; "
            + "`lcq db reanalyze` groups their history with this version's (their old fingerprints keep naming them)"
        )
      }
      if failedInputs > 0 { throw ExitStatus.inputUnreadable }
    }
  }
}
