import ArgumentParser
import Foundation
import LCQPipeline
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq notify`: posts each conflict that became new or regressed to a webhook, once.
  struct Notify: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "notify",
      abstract:
        "Post each conflict that became new or regressed to a webhook (Slack, JSON or OpenTelemetry logs), once.",
      discussion: """
        A conflict is posted when a run that started in --since (default: the last day) stored \
        it first (new), or saw it again after it was resolved (regressed: once per resolution). \
        What was posted is recorded in the database before it is sent, so re-runs and runs at \
        once never post a change twice; a post that fails (timeout, 5xx) is tried 3 times and \
        left pending for the next run, whenever that is. A try gets 10 s \
        to answer; redirects are not followed; past 20 changes the rest go in one digest message. The URL comes from --webhook-url or \
        $LCQ_WEBHOOK_URL and is never printed. docs/notify.md shows the three payloads.

        Exit status:
          0   every change was posted (or there was none)
          1   a change could not be posted; it is left pending for the next run
          2   the database could not be opened, read or written
          64  the command line is wrong (no webhook URL)
        """)

    @OptionGroup var webhook: WebhookOptions
    @Option(
      help: ArgumentHelp(
        "Changes of runs started since this time: " + TimeArgument.help + ".", valueName: "time"))
    var since = "1d"
    @Option(help: "Only runs of this app.") var app: String?
    @Option(help: OwnerFilter.help(default: .app)) var owner: OwnerFilter = .app
    @OptionGroup var team: TeamOption
    @Flag(help: "Print the payloads that would be posted; post and record nothing.") var dryRun = false
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      guard TimeArgument.parse(since, now: currentTime) != nil else {
        throw ValidationError("--since: not \(TimeArgument.help)")
      }
      if !dryRun { try webhook.requireURL() }
    }

    mutating func run() throws {
      let since = TimeArgument.parse(self.since, now: currentTime) ?? currentTime
      let (app, owner, team, form) = (self.app, self.owner, self.team.team, webhook.payload)
      if dryRun {
        let notices = try usingStore(database) { store throws(StoreError) in
          try store.unpostedNotices(since: since, app: app, owner: owner, team: team)
        }
        let single = notices.prefix(NotificationRun.mostSinglePosts)
        let rest = Array(notices.dropFirst(NotificationRun.mostSinglePosts))
        var bodies = single.map { NotifyPayload.body($0, form: form) }
        if !rest.isEmpty { bodies.append(NotifyPayload.digestBody(rest, form: form)) }
        printOutput(bodies.map { $0 + "\n" }.joined())
        StandardError.write(
          "lcq: dry run: \(notices.count) change\(notices.count == 1 ? "" : "s") would be posted"
            + (rest.isEmpty ? "" : " (\(single.count) one by one, \(rest.count) in one digest)"))
        return
      }
      try Self.post(since: since, app: app, owner: owner, team: team, webhook: webhook, database: database)
    }

    /// Posts every change not posted yet (``NotificationRun``) and says how it went on stderr;
    /// exits 1 when a change was left pending. `lcq report --notify` runs it too.
    static func post(
      since: Int64, app: String?, owner: OwnerFilter, team: String?, webhook: WebhookOptions,
      database: DatabaseOptions
    ) throws {
      guard let url = webhook.url else { throw ExitCode(64) }
      var client = WebhookClient(url: url, headers: webhook.headers)
      if let waits = WebhookClient.waits(
        fromEnvironment: ProcessInfo.processInfo.environment["LCQ_NOTIFY_RETRY_WAIT"])
      {
        client.waits = waits
      }
      let claim = UUID().uuidString
      let form = webhook.payload
      let outcome = try usingStore(database, access: .write) { store throws(StoreError) in
        try NotificationRun.run(
          store: store, since: since, app: app, owner: owner, team: team, claim: claim, now: { currentTime }
        ) { notice in
          client.post(NotifyPayload.body(notice, form: form))
        } postDigest: { notices in
          client.post(NotifyPayload.digestBody(notices, form: form))
        }
      }
      let new = outcome.posted.filter { $0.kind == .new }.count
      let regressed = outcome.posted.count - new
      StandardError.write(
        outcome.posted.isEmpty && outcome.pending.isEmpty
          ? "lcq: nothing to notify"
          : "lcq: notified \(outcome.posted.count) change\(outcome.posted.count == 1 ? "" : "s") (\(new) new, \(regressed) regressed)"
      )
      if outcome.digested > 0 {
        StandardError.write(
          "lcq: past \(NotificationRun.mostSinglePosts) changes, \(outcome.digested) went in one digest message"
        )
      }
      if outcome.claimedElsewhere > 0 {
        StandardError.write(
          "lcq: \(outcome.claimedElsewhere) change\(outcome.claimedElsewhere == 1 ? " is" : "s are") being posted by "
            + "another lcq notify (one that stopped is taken over after 5 minutes)")
      }
      for (notice, reason) in outcome.pending {
        StandardError.write(
          "lcq: \(notice.fingerprint) (\(notice.kind.rawValue)) left pending: \(reason); the next lcq notify posts it"
        )
      }
      if !outcome.pending.isEmpty { throw ExitCode(1) }
    }
  }
}

/// Where `lcq notify` (and `lcq report --notify`) post, and in which form.
struct WebhookOptions: ParsableArguments {
  @Option(help: "The webhook to post to (default: $LCQ_WEBHOOK_URL). Never printed.")
  var webhookURL: String?
  @Option(
    help:
      "The payload: slack (Block Kit, for an incoming webhook), json (lcq-notify/1) or otlp (OpenTelemetry log records, to a /v1/logs URL; headers from $OTEL_EXPORTER_OTLP_LOGS_HEADERS or $OTEL_EXPORTER_OTLP_HEADERS)."
  )
  var payload: NotifyPayload.Form = .slack

  /// The headers the post carries besides its own: for `otlp`, those OpenTelemetry's exporters
  /// read from the environment (`key=value` pairs separated by commas, values percent-encoded),
  /// an API key or a bearer token, never printed.
  var headers: [(String, String)] {
    guard payload == .otlp else { return [] }
    let environment = ProcessInfo.processInfo.environment
    return OTLPHeaders.parse(
      environment["OTEL_EXPORTER_OTLP_LOGS_HEADERS"] ?? environment["OTEL_EXPORTER_OTLP_HEADERS"] ?? ""
    ) { name in
      StandardError.write(
        "lcq: notify: the header \(name) in $OTEL_EXPORTER_OTLP_HEADERS is left out: lcq writes it, or it is given twice"
      )
    }
  }

  /// The webhook URL from the flag or the environment, when it is an http(s) URL.
  var url: URL? {
    let text = webhookURL ?? ProcessInfo.processInfo.environment["LCQ_WEBHOOK_URL"] ?? ""
    guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
      url.host != nil
    else { return nil }
    return url
  }

  /// Fails unless a webhook URL was given (the message never repeats it). Not `validate()`:
  /// the argument parser would run that for every command that takes these options.
  func requireURL() throws {
    guard url != nil else {
      throw ValidationError(
        "give the webhook with --webhook-url or $LCQ_WEBHOOK_URL (an http or https URL), or use --dry-run")
    }
  }
}

extension NotifyPayload.Form: ExpressibleByArgument {}
