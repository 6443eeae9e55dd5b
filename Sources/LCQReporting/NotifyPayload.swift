import Foundation
import LCQStore

/// What `lcq notify` posts for a change of state: Slack's message form (Block Kit with one
/// `mrkdwn` section, and `text` for notifications), lcq's own JSON (`lcq-notify/1`), or
/// OpenTelemetry log records (OTLP/HTTP's JSON, ``otlpRequest(_:)``).
public enum NotifyPayload {
  /// The payload forms.
  public enum Form: String, Sendable, CaseIterable {
    case slack, json, otlp
  }

  /// The body to post for `notice`, as UTF-8 JSON.
  public static func body(_ notice: ConflictNotice, form: Form) -> String {
    switch form {
    case .slack: slack(notice).serialized
    case .json: json(notice).serialized
    case .otlp: otlpRequest([notice]).serialized
    }
  }

  /// `{"schema": "lcq-notify/1", "change", "fingerprint", "title", "owner", "occurrences",
  /// "runs", "first_seen", "last_seen", "first_build", "last_build", "resolved_build",
  /// "explanation", "best_fix", "envelope", "damage", "damage_points", "damage_shows", "test",
  /// "code_owners", "source_files"}`.
  static func json(_ notice: ConflictNotice) -> JSONValue {
    .object(
      [
        ("schema", .string("lcq-notify/1")), ("change", .string(notice.kind.rawValue)),
        ("fingerprint", .string(notice.fingerprint)), ("title", .string(notice.title)),
        ("owner", .string(notice.owner)), ("occurrences", .int(notice.occurrences)),
        ("runs", .int(notice.runs)),
        ("first_seen", .string(UnixTime.iso(notice.firstSeen))),
        ("last_seen", .string(UnixTime.iso(notice.lastSeen))),
        ("first_build", .string(notice.firstBuild)), ("last_build", .string(notice.lastBuild)),
        ("resolved_build", .string(notice.kind == .regressed ? notice.resolvedBuild : nil)),
        ("explanation", .string(notice.explanation)), ("best_fix", .string(notice.bestFix)),
        ("envelope", .string(notice.envelope)),
      ] + DamageJSON.storedMembers(notice.damage) + [("test", .string(notice.test))]
        + CodeOwnerText.jsonMembers(notice.codeOwnership))
  }

  /// The body that posts `notices` together (the changes past a run's cap), as UTF-8 JSON:
  /// Slack's form lists each on a line; lcq's is `{"schema": "lcq-notify/1", "change":
  /// "digest", "count", "changes": [each change's own object]}`.
  public static func digestBody(_ notices: [ConflictNotice], form: Form) -> String {
    switch form {
    case .otlp:
      return otlpRequest(notices).serialized
    case .json:
      return JSONValue.object([
        ("schema", .string("lcq-notify/1")), ("change", .string("digest")), ("count", .int(notices.count)),
        ("changes", .array(notices.map(json))),
      ]).serialized
    case .slack:
      let headline =
        "\(notices.count) more layout conflict\(notices.count == 1 ? "" : "s") changed (new or regressed)"
      let lines = notices.map { notice in
        "• `\(notice.fingerprint)` \(notice.kind.rawValue): \(escape(clipped(notice.title, to: 150)))"
      }
      return slackMessage(headline: headline, section: "*\(headline)*\n" + lines.joined(separator: "\n"))
        .serialized
    }
  }

  /// Slack's form: the headline as `text`, everything in one `mrkdwn` section, with `&`, `<`
  /// and `>` escaped in both so that the log's text can make no link or mention.
  static func slack(_ notice: ConflictNotice) -> JSONValue {
    let headline = headline(notice)
    var lines = [
      "*\(escape(headline))* `\(notice.fingerprint)` (owner: \(notice.owner))",
      "\(notice.occurrences) occurrence\(notice.occurrences == 1 ? "" : "s") in \(notice.runs) run\(notice.runs == 1 ? "" : "s")"
        + " · first seen \(UnixTime.iso(notice.firstSeen))\(notice.firstBuild.map { " (build \(escape($0)))" } ?? "")"
        + " · last seen \(UnixTime.iso(notice.lastSeen))\(notice.lastBuild.map { " (build \(escape($0)))" } ?? "")",
    ]
    if let owners = CodeOwnerText.line(notice.codeOwnership) { lines.append(escape(owners)) }
    if let test = notice.test { lines.append("Logged in test " + escape(TerminalText.oneLine(test))) }
    if let explanation = notice.explanation { lines.append(escape(explanation)) }
    if let damage = notice.damage { lines.append(escape(damage.line)) }
    if let fix = notice.bestFix { lines.append("*Fix:* " + escape(fix)) }
    if let envelope = notice.envelope { lines.append("*Sizes:* " + escape(envelope)) }
    return slackMessage(headline: headline, section: lines.joined(separator: "\n"))
  }

  /// What a change is, in one line: `New layout conflict: …`, or `Layout conflict seen again
  /// after its fix in build 100: …`, with the title cut to 150 UTF-16 units.
  static func headline(_ notice: ConflictNotice) -> String {
    let title = clipped(notice.title, to: 150)
    return notice.kind == .new
      ? "New layout conflict: \(title)"
      : "Layout conflict seen again after its fix in build \(notice.resolvedBuild ?? "?"): \(title)"
  }

  /// Slack's message: `text` (what notifications show; Slack reads it as mrkdwn too) escaped
  /// and at most ``longestHeadline`` UTF-16 units, and one section of at most
  /// ``longestSection`` (Slack's limits count UTF-16 units, not what a reader sees as one
  /// character: a letter with 40 accents is 41).
  static func slackMessage(headline: String, section: String) -> JSONValue {
    .object([
      ("text", .string(clipped(escape(headline), to: longestHeadline))),
      (
        "blocks",
        .array([
          .object([
            ("type", .string("section")),
            (
              "text",
              .object([("type", .string("mrkdwn")), ("text", .string(clipped(section, to: longestSection)))])
            ),
          ])
        ])
      ),
    ])
  }

  /// The longest `text` lcq posts to Slack, in UTF-16 units (Slack cuts `text` at 40,000; a
  /// headline is read in a notification).
  static let longestHeadline = 300
  /// The longest section text, in UTF-16 units: Slack refuses a section of more than 3,000.
  static let longestSection = 3_000

  /// `text` cut to at most `limit` UTF-16 units, `…` included, never inside a character's
  /// scalars pair.
  static func clipped(_ text: String, to limit: Int) -> String {
    guard text.utf16.count > limit else { return text }
    var result = ""
    var units = 0
    for scalar in text.unicodeScalars {
      let width = scalar.utf16.count
      guard units + width <= limit - 1 else { break }
      result.unicodeScalars.append(scalar)
      units += width
    }
    return result + "…"
  }

  /// `text` on one line (``TerminalText/oneLine(_:)``: a build id's line break cannot forge a
  /// line of the message, nor an escape or bidi character reach a reader), with Slack's three
  /// control characters escaped.
  static func escape(_ text: String) -> String {
    TerminalText.oneLine(text).replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
      of: "<", with: "&lt;"
    )
    .replacingOccurrences(of: ">", with: "&gt;")
  }
}
