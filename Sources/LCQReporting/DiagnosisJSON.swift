import LCQAnalysis

/// The JSON members for what the diagnosis adds (documented in `docs/analyze-json.md`).
enum DiagnosisJSON {
  /// `english`, `owner` and `origins` of listed constraint `index`.
  static func writeConstraintMembers(
    _ analysis: BlockAnalysis, _ index: Int, renaming: AddressRenaming?, to json: inout JSONWriter
  ) {
    guard let diagnosis = analysis.diagnosis else { return }
    json.key("english")
    json.string(renaming.apply(diagnosis.sentences[index]))
    json.key("owner")
    json.string(diagnosis.owners[index]?.rawValue)
    json.key("origins")
    json.beginArray()
    for origin in diagnosis.origins[index] {
      json.beginObject()
      json.key("kind")
      json.string(origin.kind.rawValue)
      json.key("text")
      json.string(renaming.apply(origin.text))
      json.endObject()
    }
    json.endArray()
  }

  /// `explanation`, `suggestions`, `no_fix_reason` and `owner`.
  static func writeMembers(of diagnosis: Diagnosis?, renaming: AddressRenaming?, to json: inout JSONWriter) {
    json.key("explanation")
    json.string(renaming.apply(diagnosis?.explanation))
    json.key("suggestions")
    json.beginArray()
    for fix in diagnosis?.suggestions ?? [] { write(fix, renaming: renaming, to: &json) }
    json.endArray()
    json.key("no_fix_reason")
    json.string(renaming.apply(diagnosis?.noFixReason))
    json.key("owner")
    json.string(diagnosis?.conflictOwner?.rawValue)
  }

  private static func write(_ fix: FixSuggestion, renaming: AddressRenaming?, to json: inout JSONWriter) {
    json.beginObject()
    json.key("kind")
    json.string(fix.kind.rawValue)
    json.key("constraint")
    json.int(fix.constraint)
    json.key("changes")
    json.ints(fix.changes)
    json.key("text")
    json.string(renaming.apply(fix.text))
    json.key("app_owned")
    json.bool(fix.isAppOwned)
    json.key("source_location")
    BlockJSON.write(fix.sourceLocation, renaming: renaming, to: &json)
    json.key("verified")
    json.bool(fix.verified)
    json.endObject()
  }
}
