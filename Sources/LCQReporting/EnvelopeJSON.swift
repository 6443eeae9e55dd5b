import LCQAnalysis
import LCQSolver

/// The envelope's part of a block's JSON object (`envelope`, `envelope_reason`; documented in
/// `docs/analyze-json.md`).
enum EnvelopeJSON {
  /// Writes `envelope` and `envelope_reason`.
  static func writeMembers(of envelope: BlockEnvelope?, to json: inout JSONWriter) {
    json.key("envelope")
    guard let envelope, !envelope.sizes.isEmpty else {
      json.null()
      json.string("envelope_reason", envelope?.reason ?? "not a proven conflict")
      return
    }
    json.beginArray()
    for size in envelope.sizes { write(size, to: &json) }
    json.endArray()
    json.null("envelope_reason")
  }

  /// One freed size's object.
  static func write(_ size: SizeEnvelope, to json: inout JSONWriter) {
    json.beginObject()
    json.int("constraint", size.constraint)
    json.string("axis", size.axis.rawValue)
    json.string("container", size.container)
    json.key("logged")
    json.value(.number(size.logged))
    json.key("fires")
    json.beginArray()
    for interval in size.fires {
      json.value(.array([number(interval.low), number(interval.high)]))
    }
    json.endArray()
    json.key("safe")
    json.value(interval(size.safe, exact: false))
    json.key("safe_exact")
    json.value(interval(size.safe, exact: true))
    json.bool("widened", size.isWidened)
    json.key("safe_widened_exact")
    json.value(interval(size.widenedSafe, exact: true))
    json.ints("held", size.held)
    json.key("devices")
    json.value(size.tracksScreen ? .array(DeviceSizes.firing(size).map { .string($0.name) }) : .null)
    json.string("words", EnvelopeWords.sentence(size))
    json.endObject()
  }

  /// A fix's `holds_at_every_size` and `holds` (where the fixed block holds, per freed size).
  static func writeFixMembers(of fix: FixSuggestion, to json: inout JSONWriter) {
    json.bool("holds_at_every_size", fix.holdsAtEverySize)
    json.key("holds")
    json.beginArray()
    for range in fix.sizeRanges {
      json.value(
        .object([("constraint", .int(range.constraint)), ("safe", interval(range.holds, exact: false))]))
    }
    json.endArray()
  }

  /// `[low, high]` (`high` `null` when unbounded), or `null` for no interval; exact values as
  /// `n` or `n/d` strings.
  static func interval(_ interval: SizeEnvelope.Interval?, exact: Bool) -> JSONValue {
    guard let interval else { return .null }
    if exact { return .array([.string(interval.low.description), .string(interval.high?.description)]) }
    return .array([number(interval.low), number(interval.high)])
  }

  /// A size as a JSON number to four decimals, or `null`.
  static func number(_ value: Rational?) -> JSONValue {
    value.map { .number(EnvelopeWords.number($0)) } ?? .null
  }
}
