/// Every minimal conflicting set of a small block, and every minimal correction.
///
/// A breadth-first hitting-set tree (Reiter, 1987) finds every minimal *correction*: a smallest
/// set of members whose removal makes the block feasible. The minimal conflicting sets are then
/// exactly the minimal hitting sets of the corrections (the duality of Liffiton and Sakallah,
/// 2008), each confirmed with one more check.
struct ConflictEnumeration {
  /// Every minimal conflicting set, each in canonical order, the first one first.
  var sets: [[Int]]
  /// Every minimal correction, each in canonical order.
  var corrections: [[Int]]
  /// Whether the search ran to the end within its budget.
  var isComplete: Bool

  /// How many isolations ``enumerate(in:candidates:first:budget:)`` may run by default: each
  /// finds one minimal set or one minimal correction. A corpus block needs at most 16; a
  /// fuzzer's AppKit block with 298 minimal sets of big numbers needed 0.8 s with 400.
  static let isolationBudget = 100

  /// Enumerates around `first`, the set already isolated; at most `budget` isolations.
  static func enumerate(
    in system: inout MemberSystem, candidates: [Int], first: [Int], budget: Int = isolationBudget
  ) throws(ReplayError) -> ConflictEnumeration {
    let rank = Ranking(candidates)
    func canonical(_ set: some Sequence<Int>) -> [Int] { rank.sorted(set) }

    var conflicts: [[Int]] = [first]
    var corrections: [Set<Int>] = []
    var queue: [[Int]] = [[]]
    var seen: Set<Set<Int>> = [[]]
    var isolations = 0
    var isComplete = true
    var head = 0
    while head < queue.count {
      let blocked = queue[head]
      head += 1
      let blockedSet = Set(blocked)
      if corrections.contains(where: { $0.isSubset(of: blockedSet) }) { continue }
      let conflict: [Int]
      if let known = conflicts.first(where: { blockedSet.isDisjoint(with: $0) }) {
        conflict = known
      } else {
        guard isolations < budget else {
          isComplete = false
          break
        }
        isolations += 1
        let remaining = candidates.filter { !blockedSet.contains($0) }
        if let found = try ConflictIsolation.isolate(in: &system, candidates: remaining) {
          conflicts.append(found.members)
          conflict = found.members
        } else {
          corrections.append(blockedSet)
          continue
        }
      }
      for member in conflict {
        let child = blocked + [member]
        if seen.insert(Set(child)).inserted { queue.append(child) }
      }
    }

    var sets = conflicts.map { Set($0) }
    if isComplete {
      if let hittingSets = minimalHittingSets(of: corrections) {
        for candidate in hittingSets where !sets.contains(candidate) {
          if case .infeasible = try system.check(canonical(candidate), keepingValues: false) {
            sets.append(candidate)
          }
        }
      } else {
        isComplete = false
      }
    }
    var ordered = sets.dropFirst().map(canonical).sorted(by: rank.precedesSmallerFirst)
    ordered.insert(first, at: 0)
    let sortedCorrections = corrections.map(canonical).sorted(by: rank.precedesSmallerFirst)
    return ConflictEnumeration(sets: ordered, corrections: sortedCorrections, isComplete: isComplete)
  }

  /// How much work ``minimalHittingSets(of:budget:)`` may do by default, in set comparisons
  /// (each partial set is compared with every set of the family and every result so far): far
  /// more than any real block needs, well under a second. A fuzzer's block of many independent
  /// corrections needed seconds; the list of sets is then said to be incomplete instead.
  static let hittingSetBudget = 500_000

  /// The minimal sets that meet every set of `family`, or `nil` when finding them would take
  /// more than `budget` set comparisons (their number can grow exponentially with the family).
  static func minimalHittingSets(of family: [Set<Int>], budget: Int = hittingSetBudget) -> [Set<Int>]? {
    var results: [Set<Int>] = []
    var work = 0
    func extend(_ chosen: Set<Int>) {
      work += 1 + family.count + results.count
      guard work <= budget else { return }
      guard let missed = family.first(where: { $0.isDisjoint(with: chosen) }) else {
        if !results.contains(where: { $0.isSubset(of: chosen) }) {
          results.removeAll { chosen.isSubset(of: $0) }
          results.append(chosen)
        }
        return
      }
      for element in missed.sorted() {
        let next = chosen.union([element])
        if results.contains(where: { $0.isSubset(of: next) }) { continue }
        extend(next)
      }
    }
    if !family.isEmpty { extend([]) }
    return work <= budget ? results : nil
  }
}
