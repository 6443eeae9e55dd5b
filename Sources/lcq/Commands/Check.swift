import ArgumentParser
import Foundation
import LCQPipeline
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq check`: the CI gate.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract: "Fail a CI run when the build or run under test brings new or regressed conflicts.",
      discussion: """
        Checks one build (--build) or one ingest run (--run-id); by default the newest run's \
        build, or the newest run when it recorded no build. A conflict is new when no earlier \
        build (or, for a run, no earlier run) saw it, and regressed when it was resolved in a \
        build at or before the one checked. Ignored conflicts and those in --baseline never \
        fail the check. Prints Markdown (paste it into a pull request), JSON, a SARIF 2.1.0 log \
        (--format sarif, for code scanning: a result per failing conflict), or GitHub Actions \
        workflow commands (--format github: an error annotation per failing conflict). Both \
        place a conflict at its first source file and line (SnapKit's, or its view class's \
        declaration), known when the ingest had --source-root at the repository's root.

        Each conflict is shown with the runs that saw it: k of the n runs of the build (or run) \
        checked, and j of the m runs of the build before (or the run before). With many runs per \
        build, --significance LEVEL (such as 0.05) fails on a new or regressed conflict only when \
        it is seen more often than before beyond chance: a one-sided exact test (Fisher's) on runs \
        with and without it gives a p-value at or below LEVEL. The others are listed as possibly \
        flaky and pass (1 of 20 runs after 0 of 20 has p = 0.5). Without it, every new or \
        regressed conflict fails, which is right for one run per build; --fail-on any fails on \
        every conflict, whatever the level. Where the logs held the test runners' markers, a \
        conflict logged in a test is also shown against the runs that ran that test, and when \
        both builds ran it the test weighs those runs only (docs/team.md).

        --min-damage POINTS lets a new or regressed conflict pass when its stored damage \
        (docs/diagnosis.md, "The damage") misses by less than POINTS and collapses no view (1 \
        gates on what shows on a 2x screen); it is listed apart. A conflict without a damage \
        figure is weighed as before, for nothing shows it is below. SARIF gives an invisible \
        miss the level note and a subpixel one at most warning; GitHub annotations come with \
        visible damage first.

        --write-baseline FILE writes every conflict the scope saw as accepted, and exits 0.

        A build or run that no ingest recorded (a typo in $BUILD_NUMBER, an empty ingest) \
        never passes: the check says so in one line and exits 2. A baseline holds one \
        fingerprint per line; any other word stops the check with its line number. A team \
        store's standby (read replica) is refused, since it may not have replayed the run just \
        ingested: give check the primary's URL.

        Exit status:
          0   no failing conflict (or a baseline was written)
          1   the scope brings conflicts that --fail-on counts (they are printed)
          2   the command line is wrong, the build or run was never ingested, the database is \
        a standby, the baseline cannot be read or written or holds something other than \
        fingerprints, or the database could not be opened or read
        """)

    @Option(help: "The build under test.") var build: String?
    @Option(help: "The ingest run under test (its --run-id).") var runId: String?
    @Option(help: "Only runs of this app.") var app: String?
    @Option(
      help: ArgumentHelp("Accepted fingerprints, one per line ('#' starts a comment).", valueName: "FILE"))
    var baseline: String?
    @Option(help: ArgumentHelp("Write the scope's conflicts as a baseline and exit 0.", valueName: "FILE"))
    var writeBaseline: String?
    @Option(
      help: ArgumentHelp(
        "What fails the check: a comma-separated list of new, regressed, any.", valueName: "KINDS"))
    var failOn: String = "new,regressed"
    @Option(
      help: ArgumentHelp(
        "Fail only on changes beyond chance at this level (0 < LEVEL < 1, such as 0.05).", valueName: "LEVEL")
    )
    var significance: Double?
    @Option(
      help: ArgumentHelp(
        "Let a conflict pass when its damage misses by less than this many points, collapsing no view.",
        valueName: "POINTS"))
    var minDamage: Double?
    @Option(help: "Output format: markdown, json, sarif or github.") var format: CheckFormat = .markdown
    @Option(help: OwnerFilter.help(default: .app)) var owner: OwnerFilter = .app
    @OptionGroup var team: TeamOption
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      if build != nil, runId != nil { throw ValidationError("give at most one of --build and --run-id") }
      try MinDamage.validate(minDamage)
      let kinds = try failures()
      if let significance {
        guard significance > 0, significance < 1 else {
          throw ValidationError("--significance must be between 0 and 1 (such as 0.05), not \(significance)")
        }
        if kinds.contains(.any) {
          throw ValidationError(
            "--significance weighs new and regressed conflicts; --fail-on any fails on every one")
        }
      }
    }

    func failures() throws -> Set<CheckText.Failure> {
      var kinds = Set<CheckText.Failure>()
      for word in failOn.split(separator: ",") {
        let name = word.trimmingCharacters(in: .whitespaces)
        guard let kind = CheckText.Failure(rawValue: name) else {
          throw ValidationError("--fail-on: '\(name)' is not one of new, regressed, any")
        }
        kinds.insert(kind)
      }
      guard !kinds.isEmpty else {
        throw ValidationError("--fail-on needs at least one of new, regressed, any")
      }
      return kinds
    }

    /// What the database says about the scope asked for.
    private enum Outcome {
      case checked(CheckResult)
      case nothingIngested
      case notIngested(CheckScope)
      /// The database is a standby, which may not have the run just ingested.
      case standby(String)
    }

    mutating func run() throws {
      let failOn = try failures()
      var accepted = Set<String>()
      if let baseline {
        let text: String
        switch TeammateFile.read(baseline, cap: TeammateFile.baselineCap) {
        case .success(let data): text = String(decoding: data, as: UTF8.self)
        case .failure(let refusal):
          StandardError.write("lcq: \(baseline): the baseline \(refusal)")
          throw ExitStatus.databaseError
        }
        do {
          accepted = try CheckText.fingerprints(inBaseline: text)
        } catch {
          StandardError.write("lcq: \(baseline):\(error)")
          throw ExitStatus.databaseError
        }
      }
      let (build, runId, app, owner, team) = (build, runId, app, owner, team.team)
      let outcome = try usingStore(database) { store throws(StoreError) -> Outcome in
        if try store.isStandby() { return .standby(store.displayPath) }
        var scope = build.map(CheckScope.build) ?? runId.map(CheckScope.run)
        if scope == nil { scope = try store.latestScope(app: app) }
        guard let scope else { return .nothingIngested }
        guard try store.hasRuns(in: scope, app: app) else { return .notIngested(scope) }
        return .checked(try store.check(scope, app: app, owner: owner, team: team, baseline: accepted))
      }
      var result: CheckResult
      switch outcome {
      case .checked(let checked): result = checked
      case .nothingIngested:
        StandardError.write("lcq: nothing to check: no run with a build or a run id in the database")
        throw ExitStatus.databaseError
      case .standby(let path):
        StandardError.write(
          "lcq: \(path): a standby (read replica), which may not have replayed the run just ingested; "
            + "check needs the primary's URL, the one the runners write to (docs/team.md)")
        throw ExitStatus.databaseError
      case .notIngested(let scope):
        let forApp = app.map { " for app \($0)" } ?? ""
        StandardError.write(
          "lcq: nothing to check: no ingest recorded \(CheckText.describe(scope))\(forApp) (a typo, or an empty ingest?)"
        )
        throw ExitStatus.databaseError
      }
      result.minDamage = minDamage
      if let writeBaseline {
        do {
          try FilePermissions.writeAtomically(Data(CheckText.baseline(result).utf8), toPath: writeBaseline)
        } catch {
          StandardError.write(
            "lcq: \(writeBaseline): cannot write the baseline: \(error.localizedDescription)")
          throw ExitStatus.databaseError
        }
        StandardError.write(
          "lcq: wrote \(result.seen.count) accepted conflicts (\(CheckText.describe(result.scope))) to \(writeBaseline)"
        )
        return
      }
      switch format {
      case .markdown: printOutput(CheckText.markdown(result, failOn: failOn, significance: significance))
      case .json: printOutput(CheckText.json(result, failOn: failOn, significance: significance))
      case .sarif:
        printOutput(
          CheckSARIF.text(result, failOn: failOn, significance: significance, toolVersion: LCQVersion.current)
        )
      case .github: printOutput(GitHubAnnotations.text(result, failOn: failOn, significance: significance))
      }
      if !CheckText.failing(result, failOn: failOn, significance: significance).isEmpty { throw ExitCode(1) }
    }
  }
}

/// Output formats of `lcq check`.
enum CheckFormat: String, ExpressibleByArgument, CaseIterable {
  case markdown
  case json
  /// A SARIF 2.1.0 log (``CheckSARIF``).
  case sarif
  /// GitHub Actions workflow commands (``GitHubAnnotations``).
  case github
}
