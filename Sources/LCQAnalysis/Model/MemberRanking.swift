import LCQParsing

/// What decides the order in which the model takes a block's readable constraints, but for the
/// addresses: each member's list index, whether it is system-generated, and its description
/// without addresses (``LayoutModelBuilder/precedes(_:_:in:)``).
///
/// Two blocks with the same renumbered ``ListKey`` have the same ranking, so the ranking of one
/// gives the other's member order from its descriptions' text alone, without parsing them
/// (``order(in:)``): `lcq analyze --format json` checks a message that logs a known list at
/// other addresses this way before writing it from a template.
public struct MemberRanking: Sendable {
  private let members: [LayoutModelBuilder.OrderedMember]

  /// The ranking of `block`'s readable (parsed) constraints.
  public init(of block: ConflictBlock) {
    members = block.constraints.indices.compactMap { index in
      guard let constraint = block.constraints[index].constraint else { return nil }
      return (
        index, ConstraintOwnership.isSystemGenerated(constraint),
        AddressFreeText.of(block.constraints[index].description)
      )
    }
  }

  /// The members' order (list indices) in `block`, which must list the same constraints as the
  /// ranked block (the same ``ListKey``); ties between descriptions that differ only in their
  /// addresses are broken by `block`'s descriptions, as in ``BlockAnalyzer/memberOrder(of:)``.
  public func order(in block: ConflictBlock) -> [Int] {
    members.sorted { LayoutModelBuilder.precedes($0, $1, in: block) }.map(\.index)
  }
}
