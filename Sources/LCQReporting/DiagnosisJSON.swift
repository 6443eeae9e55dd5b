import LCQAnalysis

/// The JSON members for what the diagnosis adds (documented in `docs/analyze-json.md`).
enum DiagnosisJSON {
  /// `english` and `origins` of listed constraint `index`.
  static func constraintMembers(_ analysis: BlockAnalysis, _ index: Int) -> [(String, JSONValue)] {
    guard let diagnosis = analysis.diagnosis else { return [] }
    return [
      ("english", .string(diagnosis.sentences[index])),
      ("owner", .string(diagnosis.owners[index]?.rawValue)),
      (
        "origins",
        .array(
          diagnosis.origins[index].map {
            .object([("kind", .string($0.kind.rawValue)), ("text", .string($0.text))])
          })
      ),
    ]
  }

  /// `explanation`, `suggestions` and `noFixReason`.
  static func members(of diagnosis: Diagnosis?) -> [(String, JSONValue)] {
    [
      ("explanation", .string(diagnosis?.explanation)),
      ("suggestions", .array((diagnosis?.suggestions ?? []).map(suggestion))),
      ("no_fix_reason", .string(diagnosis?.noFixReason)),
      ("owner", .string(diagnosis?.conflictOwner?.rawValue)),
    ]
  }

  static func suggestion(_ fix: FixSuggestion) -> JSONValue {
    .object([
      ("kind", .string(fix.kind.rawValue)),
      ("constraint", .int(fix.constraint)),
      ("changes", .array(fix.changes.map { .int($0) })),
      ("text", .string(fix.text)),
      ("app_owned", .bool(fix.isAppOwned)),
      (
        "source_location",
        fix.sourceLocation.map { .object([("file", .string($0.file)), ("line", .int($0.line))]) } ?? .null
      ),
      ("verified", .bool(fix.verified)),
    ])
  }
}
