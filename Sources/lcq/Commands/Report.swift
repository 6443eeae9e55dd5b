import ArgumentParser
import Foundation
import LCQPipeline
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq report`: the nightly report.
  struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "report",
      abstract:
        "Write the nightly report: volume, top, new, regressed and quiet conflicts, ingestion health.",
      discussion: """
        The window is [--since, --until); durations count back from --until (default: now). \
        Volume is compared with the daily mean of the days before the window (14 unless the \
        database's report_settings say otherwise; docs/report.md). Every panel \
        is one query of dashboards/*.sql, run with the same parameters Datasette takes.

        Formats: html (one self-contained page: inline CSS and SVG, no script, no network), \
        markdown (short, for chat or a pull request), json (schema lcq-report/1, see \
        docs/report.md). Without --format, the --out extension decides (.html, .md, .json), \
        else markdown. --out is written whole or not at all.

        A window in which nothing was ingested is a warning in the report, not an error.

        --notify then does what lcq notify does for the runs of the window (--app and --owner \
        too): each conflict that became new or regressed is posted to the webhook once.

        Exit status:
          0   the report was written (and, with --notify, every change posted)
          1   the output file could not be written, or (--notify) a change was left pending
          2   the database could not be opened or read
          64  the command line is wrong
        """)

    @Option(help: ArgumentHelp(TimeWindow.sinceHelp + " Default: 24h.", valueName: "time"))
    var since: String = "24h"
    @Option(help: ArgumentHelp(TimeWindow.untilHelp, valueName: "time")) var until: String?
    @Option(help: "Only runs of this app.") var app: String?
    @Option(help: "Output format: html, markdown or json.") var format: ReportFormat?
    @Option(
      help: ArgumentHelp(
        "The owner of the conflicts in the top lists: app, system or all (default: app). "
          + "UIKit's and AppKit's own conflicts are listed apart, as system noise, whatever this says.",
        valueName: "owner"))
    var owner: OwnerFilter = .app
    @OptionGroup var team: TeamOption
    @Option(
      help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "path"))
    var out: String?
    @Flag(
      help:
        "Then post each conflict that became new or regressed in the window to a webhook, once (lcq notify).")
    var notify = false
    @OptionGroup var webhook: WebhookOptions
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      _ = try scope()
      if notify { try webhook.requireURL() }
    }

    func scope() throws(ValidationError) -> ReportScope {
      // By default the window ends after the current second, so a run ingested just now counts.
      let now = currentTime + 1
      let window = try TimeWindow(since: since, until: until, now: now, defaultUntil: now)
      return ReportScope(
        since: window.since ?? 0, until: window.until ?? now, app: app, owner: owner, team: team.team)
    }

    mutating func run() throws {
      let scope = try scope()
      let format = format ?? ReportFormat(path: out)
      let report = try usingStore(database) { store throws(StoreError) in
        NightlyReport(try ReportData.load(from: store, scope: scope, analysing: format == .html))
      }
      let text: String =
        switch format {
        case .html: ReportHTML.render(report)
        case .markdown: ReportMarkdown.render(report)
        case .json: ReportJSON.render(report)
        }
      if let out {
        do {
          try FilePermissions.writeAtomically(Data(text.utf8), toPath: out)
        } catch {
          StandardError.write("lcq: \(out): cannot write the report: \(Self.reason(writing: out, error))")
          throw ExitCode(1)
        }
      } else {
        printOutput(text)
      }
      if notify {
        try Notify.post(
          since: scope.since, app: app, owner: owner, team: team.team, webhook: webhook, database: database)
      }
    }

    /// Why `path` could not be written, in lcq's words: a missing folder or one lcq may not write
    /// is named; anything else is the system's reason.
    static func reason(writing path: String, _ error: any Error) -> String {
      let folder = (path as NSString).deletingLastPathComponent
      var isFolder: ObjCBool = false
      let shown = folder.isEmpty ? "." : folder
      if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
        return "the folder \(shown) does not exist (make it first: mkdir -p \(shown))"
      }
      if !isFolder.boolValue, !folder.isEmpty { return "\(shown) is not a folder" }
      if !FileManager.default.isWritableFile(atPath: folder.isEmpty ? "." : folder) {
        return "the folder \(shown) cannot be written"
      }
      return (error as NSError).localizedFailureReason ?? error.localizedDescription
    }
  }
}

/// `lcq report --format`.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
  case html, markdown, json

  /// The format an output path's extension names (markdown when none does).
  init(path: String?) {
    switch path.map({ ($0 as NSString).pathExtension.lowercased() }) {
    case "html", "htm": self = .html
    case "json": self = .json
    default: self = .markdown
    }
  }
}
