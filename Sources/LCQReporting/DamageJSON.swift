import LCQAnalysis
import LCQSolver

/// The damage's part of a block's JSON object (`damage`, `damage_reason`; documented in
/// `docs/analyze-json.md`).
enum DamageJSON {
  /// Writes `damage` and `damage_reason`.
  static func writeMembers(of finding: DamageFinding?, renaming: AddressRenaming?, to json: inout JSONWriter)
  {
    json.key("damage")
    guard let damage = finding?.damage else {
      json.null()
      json.string("damage_reason", renaming.apply(finding?.reason))
      return
    }
    json.beginObject()
    json.int("constraint", damage.constraint)
    json.string("asked", damage.asked.description)
    json.key("drawn")
    json.value(.array([.string(damage.drawnLow?.description), .string(damage.drawnHigh?.description)]))
    json.key("miss")
    json.value(EnvelopeJSON.number(damage.miss))
    json.string("miss_exact", damage.miss.description)
    json.bool("exact", damage.isExact)
    json.key("collapsed")
    json.beginArray()
    for view in damage.collapsed {
      json.beginObject()
      json.string("class_name", view.item.className)
      json.string("address", renaming.apply(view.item.address))
      json.string("axis", view.axis.rawValue)
      json.endObject()
    }
    json.endArray()
    json.string("shows", damage.shows.rawValue)
    json.string("words", renaming.apply(damage.words))
    json.endObject()
    json.null("damage_reason")
  }

  /// A stored conflict's `damage` (the line), `damage_points` (two decimals, rounded down) and
  /// `damage_shows`, each null without it: `lcq show`, `lcq check` and `lcq notify` alike.
  static func storedMembers(_ damage: DamageSummary?) -> [(String, JSONValue)] {
    [
      ("damage", .string(damage?.line)),
      ("damage_points", damage?.points.map { .number(Wording.damagePoints($0)) } ?? .null),
      ("damage_shows", .string(damage?.shows?.rawValue)),
    ]
  }

  /// A suggestion's `cost` (points, to four decimals) and `cost_exact` (a fraction), `null` when
  /// the solver gave up.
  static func writeFixMembers(of fix: FixSuggestion, to json: inout JSONWriter) {
    json.key("cost")
    json.value(EnvelopeJSON.number(fix.cost))
    json.string("cost_exact", fix.cost?.description)
  }
}
