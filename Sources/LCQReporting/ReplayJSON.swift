import LCQAnalysis
import LCQParsing

/// The replay's part of a block's JSON object (documented in `docs/analyze-json.md`).
enum ReplayJSON {
  /// The members added to the block object, after `verdict`.
  static func writeMembers(
    of replay: Replay?, renaming: AddressRenaming?, marks: inout BlockJSON.TemplateMarks,
    to json: inout JSONWriter
  ) {
    guard let replay else {
      json.ints("minimal_set", [])
      json.ints("minimal_sets", [])
      json.bool("minimal_sets_complete", false)
      json.null("single_fixes")
      json.ints("missing", [])
      json.null("infeasible_with_default_margins")
      json.null("certificate")
      json.ints("witnesses", [])
      json.ints("excluded", [])
      json.null("note")
      return
    }
    json.ints("minimal_set", replay.minimalSet)
    json.key("minimal_sets")
    json.beginArray()
    for set in replay.minimalSets { json.ints(set) }
    json.endArray()
    json.bool("minimal_sets_complete", replay.minimalSetsComplete)
    json.key("single_fixes")
    if let fixes = replay.singleFixes { json.ints(fixes) } else { json.null() }
    json.key("missing")
    json.strings(replay.missing.map(\.rawValue))
    json.bool("infeasible_with_default_margins", replay.infeasibleWithDefaultMargins)
    json.key("certificate")
    if let certificate = replay.certificate {
      write(certificate, renaming: renaming, to: &json)
    } else {
      json.null()
    }
    json.key("witnesses")
    json.beginArray()
    for witness in replay.witnesses { write(witness, renaming: renaming, marks: &marks, to: &json) }
    json.endArray()
    json.key("excluded")
    json.beginArray()
    for excluded in replay.excluded {
      json.beginObject()
      json.int("index", excluded.index)
      json.string("reason", renaming.apply(excluded.reason))
      json.endObject()
    }
    json.endArray()
    json.string("note", renaming.apply(replay.note))
  }

  /// The broken constraint's standing, added to the `brokenConstraint` object.
  static func writeStanding(_ standing: BrokenConstraintStanding?, to json: inout JSONWriter) {
    json.bool("in_minimal_set", standing?.inMinimalSet)
    json.bool("in_any_minimal_set", standing?.inAnyMinimalSet)
    json.bool("resolves", standing?.resolves)
  }

  private static func write(_ certificate: Certificate, renaming: AddressRenaming?, to json: inout JSONWriter)
  {
    json.beginObject()
    json.key("terms")
    json.beginArray()
    for term in certificate.terms {
      json.beginObject()
      json.int("constraint", term.constraint)
      json.string("row", renaming.apply(term.row))
      json.string("inequality", renaming.apply(term.inequality))
      json.string("multiplier", term.multiplier.description)
      json.endObject()
    }
    json.endArray()
    json.string("sum", certificate.sum.description)
    json.bool("verified", certificate.isVerified)
    json.endObject()
  }

  /// The witness's object; its values are sorted by name, so `marks` records them.
  private static func write(
    _ witness: Witness, renaming: AddressRenaming?, marks: inout BlockJSON.TemplateMarks,
    to json: inout JSONWriter
  ) {
    json.beginObject()
    json.int("constraint", witness.constraint)
    json.key("values")
    json.beginObject()
    let start = json.bytes.count
    var members: [(name: Range<Int>, value: Range<Int>)] = []
    for (name, value) in witness.values(renaming: renaming) {
      let nameRange = json.member(name)
      let valueStart = json.bytes.count
      json.string(value.description)
      if marks.recording { members.append((nameRange, valueStart..<json.bytes.count)) }
    }
    if marks.recording { marks.sortedMembers.append((start..<json.bytes.count, members)) }
    json.endObject()
    json.bool("verified", witness.isVerified)
    json.endObject()
  }
}
