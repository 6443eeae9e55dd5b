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
  /// The members in their canonical order as far as it goes without addresses: system-generated
  /// first, then by address-free description (``LayoutModelBuilder/precedes(_:_:in:)``).
  private let members: [LayoutModelBuilder.OrderedMember]
  /// The stretches of `members` that tie on that (descriptions that differ only in their
  /// addresses): only they are ordered again for another block.
  private let ties: [Range<Int>]

  /// The ranking of `block`'s readable (parsed) constraints.
  public init(of block: ConflictBlock) {
    var members: [LayoutModelBuilder.OrderedMember] = block.constraints.indices.compactMap { index in
      guard let constraint = block.constraints[index].constraint else { return nil }
      return (
        index, ConstraintOwnership.isMadeOutsideTheApp(constraint),
        AddressFreeText.of(block.constraints[index].description)
      )
    }
    members.sort { LayoutModelBuilder.precedes($0, $1, in: block) }
    var ties: [Range<Int>] = []
    var start = 0
    for end in stride(from: 1, through: members.count, by: 1) {
      let tied =
        end < members.count
        && LayoutModelBuilder.precedesWithoutAddresses(members[start], members[end]) == nil
      guard !tied else { continue }
      if end - start > 1 { ties.append(start..<end) }
      start = end
    }
    self.members = members
    self.ties = ties
  }

  /// The members' order (list indices) in `block`, which must list the same constraints as the
  /// ranked block (the same ``ListKey``); ties between descriptions that differ only in their
  /// addresses are broken by `block`'s descriptions, as in ``BlockAnalyzer/memberOrder(of:)``.
  public func order(in block: ConflictBlock) -> [Int] {
    var order = members.map { $0.index }
    for tie in ties {
      let tied = members[tie].sorted { LayoutModelBuilder.precedes($0, $1, in: block) }
      order.replaceSubrange(tie, with: tied.map { $0.index })
    }
    return order
  }
}
