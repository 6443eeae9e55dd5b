/// Canonical names for the items of a set of constraints that do not depend on their addresses
/// or on the order of the list.
///
/// Each item starts with a colour made of what it is (its class, module included, and any key
/// the developer chose). Then, round after round, an item's colour absorbs the sorted colours
/// of its neighbours and the shapes of the constraints that join them (colour refinement, as in
/// the Weisfeiler–Leman test). Two items end with the same colour only when nothing in the set
/// tells them apart, so swapping them changes nothing that is hashed.
struct ItemColoring {
  /// One constraint between items, as the refinement sees it.
  struct Edge {
    var shape: String
    var first: String
    var second: String?
  }

  /// The final colour of each item key.
  private(set) var colors: [String: String]

  /// The most edge visits the refinement makes: a round visits every edge, and a long chain of
  /// items needs about half its length in rounds, so a block of 100,000 constraints would take
  /// hours (the reader keeps at most 20,000 constraints of a block). Blocks within the budget (every block seen in real logs by far) refine until
  /// stable; larger ones stop after `workLimit / edges` rounds, which still gives the same
  /// colours whatever the list order.
  static let workLimit = 400_000

  /// Refines `initial` colours over `edges` until the number of colour classes stops growing
  /// (or the work limit is reached).
  init(initial: [String: String], edges: [Edge]) {
    var colors = initial
    var classes = Set(colors.values).count
    let rounds = max(1, min(initial.count, Self.workLimit / max(edges.count, 1)))
    for _ in 0..<rounds {
      var signatures: [String: [String]] = [:]
      for edge in edges {
        let secondColor = edge.second.flatMap { colors[$0] } ?? "-"
        signatures[edge.first, default: []].append("1\u{1F}\(edge.shape)\u{1F}\(secondColor)")
        if let second = edge.second {
          signatures[second, default: []].append("2\u{1F}\(edge.shape)\u{1F}\(colors[edge.first] ?? "-")")
        }
      }
      var next: [String: String] = [:]
      for (key, color) in colors {
        let signature = (signatures[key] ?? []).sorted().joined(separator: "\u{1E}")
        next[key] = String(SHA256.hex(color + "\u{1D}" + signature).prefix(24))
      }
      let nextClasses = Set(next.values).count
      colors = next
      if nextClasses == classes { break }
      classes = nextClasses
    }
    self.colors = colors
  }
}
