/// The fields of a value type, shared by its copies until one of them changes (copy on write).
///
/// The parsed descriptions are read far more often than changed: each list entry, member,
/// diagnosis and JSON writer copies them, and a copy of the strings they hold retains each one.
/// Behind one reference, a copy is one retain.
final class SharedFields<Fields: Sendable>: @unchecked Sendable {
  // Sendable: `fields` is changed only through `unique(_:)`, when no other copy shares it.
  var fields: Fields

  init(_ fields: Fields) { self.fields = fields }

  /// `box`, made the caller's own before a change.
  static func unique(_ box: inout SharedFields) -> SharedFields {
    if !isKnownUniquelyReferenced(&box) { box = SharedFields(box.fields) }
    return box
  }
}
