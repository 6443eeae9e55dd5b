import LCQAnalysis
import LCQParsing

/// The replay's part of a block's JSON object (documented in `docs/analyze-json.md`).
enum ReplayJSON {
  /// The members added to the block object, after `verdict`.
  static func members(of replay: Replay?) -> [(String, JSONValue)] {
    guard let replay else {
      return [
        ("minimal_set", .array([])), ("minimal_sets", .array([])), ("minimal_sets_complete", .bool(false)),
        ("single_fixes", .null), ("missing", .array([])), ("infeasible_with_default_margins", .null),
        ("certificate", .null), ("witnesses", .array([])), ("excluded", .array([])), ("note", .null),
      ]
    }
    return [
      ("minimal_set", indices(replay.minimalSet)),
      ("minimal_sets", .array(replay.minimalSets.map(indices))),
      ("minimal_sets_complete", .bool(replay.minimalSetsComplete)),
      ("single_fixes", replay.singleFixes.map(indices) ?? .null),
      ("missing", .array(replay.missing.map { .string($0.rawValue) })),
      ("infeasible_with_default_margins", replay.infeasibleWithDefaultMargins.map { .bool($0) } ?? .null),
      ("certificate", replay.certificate.map(certificate) ?? .null),
      ("witnesses", .array(replay.witnesses.map(witness))),
      (
        "excluded",
        .array(replay.excluded.map { .object([("index", .int($0.index)), ("reason", .string($0.reason))]) })
      ),
      ("note", .string(replay.note)),
    ]
  }

  /// The broken constraint's standing, added to the `brokenConstraint` object.
  static func standing(_ standing: BrokenConstraintStanding?) -> [(String, JSONValue)] {
    [
      ("in_minimal_set", standing.map { .bool($0.inMinimalSet) } ?? .null),
      ("in_any_minimal_set", standing?.inAnyMinimalSet.map { .bool($0) } ?? .null),
      ("resolves", standing?.resolves.map { .bool($0) } ?? .null),
    ]
  }

  static func indices(_ values: [Int]) -> JSONValue { .array(values.map { .int($0) }) }

  static func certificate(_ certificate: Certificate) -> JSONValue {
    .object([
      (
        "terms",
        .array(
          certificate.terms.map { term in
            .object([
              ("constraint", .int(term.constraint)), ("row", .string(term.row)),
              ("inequality", .string(term.inequality)), ("multiplier", .string(term.multiplier.description)),
            ])
          })
      ),
      ("sum", .string(certificate.sum.description)),
      ("verified", .bool(certificate.isVerified)),
    ])
  }

  static func witness(_ witness: Witness) -> JSONValue {
    .object([
      ("constraint", .int(witness.constraint)),
      ("values", .object(witness.values.map { ($0.name, .string($0.value.description)) })),
      ("verified", .bool(witness.isVerified)),
    ])
  }
}
