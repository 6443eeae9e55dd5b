import LCQStore

extension NotifyPayload {
  /// `lcq notify --payload otlp`: the changes as OpenTelemetry log records, in OTLP/HTTP's
  /// JSON encoding (an `ExportLogsServiceRequest`, posted to a collector's or a backend's
  /// `/v1/logs`). One record a change, of severity WARN, timed at the conflict's last
  /// occurrence; its body is the headline Slack's form shows, and its attributes carry the
  /// rest (docs/notify.md lists them). A digest is one request with a record for each change.
  static func otlpRequest(_ notices: [ConflictNotice]) -> JSONValue {
    .object([
      (
        "resourceLogs",
        .array([
          .object([
            ("resource", .object([("attributes", .array([attribute("service.name", .string("lcq"))]))])),
            (
              "scopeLogs",
              .array([
                .object([
                  ("scope", .object([("name", .string("lcq notify"))])),
                  ("logRecords", .array(notices.map(otlpRecord))),
                ])
              ])
            ),
          ])
        ])
      )
    ])
  }

  /// One change's log record.
  static func otlpRecord(_ notice: ConflictNotice) -> JSONValue {
    let pairs: [(String, String?)] = [
      ("lcq.change", notice.kind.rawValue), ("lcq.fingerprint", notice.fingerprint),
      ("lcq.title", notice.title),
      ("lcq.owner", notice.owner), ("lcq.first_seen", UnixTime.iso(notice.firstSeen)),
      ("lcq.last_seen", UnixTime.iso(notice.lastSeen)), ("lcq.first_build", notice.firstBuild),
      ("app.build_id", notice.lastBuild),
      ("lcq.resolved_build", notice.kind == .regressed ? notice.resolvedBuild : nil),
      ("lcq.explanation", notice.explanation), ("lcq.best_fix", notice.bestFix),
      ("lcq.envelope", notice.envelope), ("lcq.damage", notice.damage?.line),
      ("lcq.damage_shows", notice.damage?.shows?.rawValue),
      ("test.case.name", notice.test), ("lcq.code_owners", CodeOwnerText.line(notice.codeOwnership)),
    ]
    let attributes =
      pairs.compactMap { key, value in value.map { attribute(key, .string(TerminalText.oneLine($0))) } }
      + [attribute("lcq.occurrences", .int(notice.occurrences)), attribute("lcq.runs", .int(notice.runs))]
    return .object([
      // 64-bit integers are strings in OTLP's JSON.
      ("timeUnixNano", .string(String(notice.lastSeen) + "000000000")),
      ("severityNumber", .int(13)), ("severityText", .string("WARN")),
      // Loki and Grafana show the body to people: the terminal-text rule, as everywhere.
      ("body", .object([("stringValue", .string(TerminalText.oneLine(headline(notice))))])),
      ("attributes", .array(attributes)),
    ])
  }

  /// An attribute of `key` with a string or a whole number (64-bit integers are strings in
  /// OTLP's JSON).
  private static func attribute(_ key: String, _ value: AttributeValue) -> JSONValue {
    let typed: (String, JSONValue) =
      switch value {
      case .string(let text): ("stringValue", .string(text))
      case .int(let number): ("intValue", .string(String(number)))
      }
    return .object([("key", .string(key)), ("value", .object([typed]))])
  }

  /// The two kinds of value lcq's records carry.
  private enum AttributeValue {
    case string(String)
    case int(Int)
  }
}
