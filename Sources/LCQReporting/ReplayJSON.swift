import LCQAnalysis
import LCQParsing

/// The replay's part of a block's JSON object (documented in `docs/analyze-json.md`).
enum ReplayJSON {
  /// The members added to the block object, after `verdict`.
  static func writeMembers(of replay: Replay?, renaming: AddressRenaming?, to json: inout JSONWriter) {
    guard let replay else {
      json.key("minimal_set")
      json.ints([])
      json.key("minimal_sets")
      json.ints([])
      json.key("minimal_sets_complete")
      json.bool(false)
      json.key("single_fixes")
      json.null()
      json.key("missing")
      json.ints([])
      json.key("infeasible_with_default_margins")
      json.null()
      json.key("certificate")
      json.null()
      json.key("witnesses")
      json.ints([])
      json.key("excluded")
      json.ints([])
      json.key("note")
      json.null()
      return
    }
    json.key("minimal_set")
    json.ints(replay.minimalSet)
    json.key("minimal_sets")
    json.beginArray()
    for set in replay.minimalSets { json.ints(set) }
    json.endArray()
    json.key("minimal_sets_complete")
    json.bool(replay.minimalSetsComplete)
    json.key("single_fixes")
    if let fixes = replay.singleFixes { json.ints(fixes) } else { json.null() }
    json.key("missing")
    json.strings(replay.missing.map(\.rawValue))
    json.key("infeasible_with_default_margins")
    json.bool(replay.infeasibleWithDefaultMargins)
    json.key("certificate")
    if let certificate = replay.certificate {
      write(certificate, renaming: renaming, to: &json)
    } else {
      json.null()
    }
    json.key("witnesses")
    json.beginArray()
    for witness in replay.witnesses { write(witness, renaming: renaming, to: &json) }
    json.endArray()
    json.key("excluded")
    json.beginArray()
    for excluded in replay.excluded {
      json.beginObject()
      json.key("index")
      json.int(excluded.index)
      json.key("reason")
      json.string(renaming.apply(excluded.reason))
      json.endObject()
    }
    json.endArray()
    json.key("note")
    json.string(renaming.apply(replay.note))
  }

  /// The broken constraint's standing, added to the `brokenConstraint` object.
  static func writeStanding(_ standing: BrokenConstraintStanding?, to json: inout JSONWriter) {
    json.key("in_minimal_set")
    json.bool(standing?.inMinimalSet)
    json.key("in_any_minimal_set")
    json.bool(standing?.inAnyMinimalSet)
    json.key("resolves")
    json.bool(standing?.resolves)
  }

  private static func write(_ certificate: Certificate, renaming: AddressRenaming?, to json: inout JSONWriter)
  {
    json.beginObject()
    json.key("terms")
    json.beginArray()
    for term in certificate.terms {
      json.beginObject()
      json.key("constraint")
      json.int(term.constraint)
      json.key("row")
      json.string(renaming.apply(term.row))
      json.key("inequality")
      json.string(renaming.apply(term.inequality))
      json.key("multiplier")
      json.string(term.multiplier.description)
      json.endObject()
    }
    json.endArray()
    json.key("sum")
    json.string(certificate.sum.description)
    json.key("verified")
    json.bool(certificate.isVerified)
    json.endObject()
  }

  private static func write(_ witness: Witness, renaming: AddressRenaming?, to json: inout JSONWriter) {
    json.beginObject()
    json.key("constraint")
    json.int(witness.constraint)
    json.key("values")
    json.beginObject()
    for (name, value) in witness.values(renaming: renaming) {
      json.member(name)
      json.string(value.description)
    }
    json.endObject()
    json.key("verified")
    json.bool(witness.isVerified)
    json.endObject()
  }
}
