import Foundation
import LCQStore

/// What `lcq notify` posts for a change of state: Slack's message form (Block Kit with one
/// `mrkdwn` section, and `text` for notifications), or lcq's own JSON (`lcq-notify/1`).
public enum NotifyPayload {
  /// The two payload forms.
  public enum Form: String, Sendable, CaseIterable {
    case slack, json
  }

  /// The body to post for `notice`, as UTF-8 JSON.
  public static func body(_ notice: ConflictNotice, form: Form) -> String {
    switch form {
    case .slack: slack(notice).serialized
    case .json: json(notice).serialized
    }
  }

  /// `{"schema": "lcq-notify/1", "change", "fingerprint", "title", "owner", "occurrences",
  /// "runs", "first_seen", "last_seen", "first_build", "last_build", "resolved_build",
  /// "explanation", "best_fix", "code_owners", "source_files"}`.
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
      ] + CodeOwnerText.jsonMembers(notice.codeOwnership))
  }

  /// Slack's form: the headline as `text`, everything in one `mrkdwn` section (at most 3,000
  /// characters, as Slack allows), with `&`, `<` and `>` escaped so that the log's text can make
  /// no link or mention.
  static func slack(_ notice: ConflictNotice) -> JSONValue {
    let headline =
      notice.kind == .new
      ? "New layout conflict: \(notice.title)"
      : "Layout conflict seen again after its fix in build \(notice.resolvedBuild ?? "?"): \(notice.title)"
    var lines = [
      "*\(escape(headline))* `\(notice.fingerprint)` (owner: \(notice.owner))",
      "\(notice.occurrences) occurrence\(notice.occurrences == 1 ? "" : "s") in \(notice.runs) run\(notice.runs == 1 ? "" : "s")"
        + " · first seen \(UnixTime.iso(notice.firstSeen))\(notice.firstBuild.map { " (build \(escape($0)))" } ?? "")"
        + " · last seen \(UnixTime.iso(notice.lastSeen))\(notice.lastBuild.map { " (build \(escape($0)))" } ?? "")",
    ]
    if let owners = CodeOwnerText.line(notice.codeOwnership) { lines.append(escape(owners)) }
    if let explanation = notice.explanation { lines.append(escape(explanation)) }
    if let fix = notice.bestFix { lines.append("*Fix:* " + escape(fix)) }
    var text = lines.joined(separator: "\n")
    if text.count > 3_000 { text = String(text.prefix(2_999)) + "…" }
    return .object([
      ("text", .string(headline)),
      (
        "blocks",
        .array([
          .object([
            ("type", .string("section")),
            ("text", .object([("type", .string("mrkdwn")), ("text", .string(text))])),
          ])
        ])
      ),
    ])
  }

  /// `text` with Slack's three control characters escaped.
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
