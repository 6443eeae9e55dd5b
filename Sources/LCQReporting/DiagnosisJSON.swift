import LCQAnalysis

/// The JSON members for what the diagnosis adds (documented in `docs/analyze-json.md`).
enum DiagnosisJSON {
  /// `english`, `owner` and `origins` of listed constraint `index`.
  static func writeConstraintMembers(
    _ analysis: BlockAnalysis, _ index: Int, renaming: AddressRenaming?, to json: inout JSONWriter
  ) {
    guard let diagnosis = analysis.diagnosis else { return }
    json.string("english", renaming.apply(diagnosis.sentences[index]))
    json.string("owner", diagnosis.owners[index]?.rawValue)
    json.key("origins")
    json.beginArray()
    for origin in diagnosis.origins[index] {
      json.beginObject()
      json.string("kind", origin.kind.rawValue)
      json.string("text", renaming.apply(origin.text))
      json.endObject()
    }
    json.endArray()
  }

  /// `explanation`, `suggestions`, `no_fix_reason` and `owner`.
  static func writeMembers(of diagnosis: Diagnosis?, renaming: AddressRenaming?, to json: inout JSONWriter) {
    json.string("explanation", renaming.apply(diagnosis?.explanation))
    json.key("suggestions")
    json.beginArray()
    for fix in diagnosis?.suggestions ?? [] { write(fix, renaming: renaming, to: &json) }
    json.endArray()
    json.string("no_fix_reason", renaming.apply(diagnosis?.noFixReason))
    json.string("owner", diagnosis?.conflictOwner?.rawValue)
  }

  private static func write(_ fix: FixSuggestion, renaming: AddressRenaming?, to json: inout JSONWriter) {
    json.beginObject()
    json.string("kind", fix.kind.rawValue)
    json.int("constraint", fix.constraint)
    json.ints("changes", fix.changes)
    json.string("text", renaming.apply(fix.text))
    json.bool("app_owned", fix.isAppOwned)
    json.key("source_location")
    BlockJSON.write(fix.sourceLocation, renaming: renaming, to: &json)
    json.bool("verified", fix.verified)
    EnvelopeJSON.writeFixMembers(of: fix, to: &json)
    DamageJSON.writeFixMembers(of: fix, to: &json)
    json.endObject()
  }
}
