import LCQParsing

extension LayoutModel {
  /// The framed items that the members `indices` (list indices) name, with their frame keys, in
  /// the order of first mention (each member's first item, then its second); layout guides only
  /// when `includingGuides`.
  func items(namedBy indices: [Int], in block: ConflictBlock, includingGuides: Bool)
    -> [(key: String, item: LayoutItem)]
  {
    var seen = Set<String>()
    var items: [(key: String, item: LayoutItem)] = []
    for index in indices {
      let member = block.member(index)
      var pairs = [(member.firstItem, member.secondItem)]
      if let second = member.secondItem { pairs.append((second, member.firstItem)) }
      for (item, other) in pairs where includingGuides || !item.isLayoutGuide {
        let key = LayoutModelBuilder.key(of: item, other: other)
        if frames[key] != nil, seen.insert(key).inserted { items.append((key, item)) }
      }
    }
    return items
  }
}
