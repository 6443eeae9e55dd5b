import Foundation
import LCQAnalysis
import LCQParsing

/// How output rendered for one message is written again for a later message that logs the same
/// list at other addresses, without parsing, analysing or rendering that message: `make` turns
/// an analysis (with the renaming its text needs, as `render` gets it) and its block's addresses
/// into a template and its size in bytes (or refuses),
/// `fill` writes a message from a template with that message's addresses (both in order of
/// first appearance).
///
/// `lcq analyze --format json` passes ``LCQReporting``'s block template.
public struct Templating<Template: Sendable, Rendered>: Sendable {
  let make: @Sendable (BlockAnalysis, AddressRenaming?, [UInt64]) -> (template: Template, bytes: Int)?
  let fill: @Sendable (Template, ConflictBlock, [UInt64]) -> Rendered

  /// Templates made by `make` and filled by `fill`.
  public init(
    make:
      @escaping @Sendable (BlockAnalysis, AddressRenaming?, [UInt64]) -> (template: Template, bytes: Int)?,
    fill: @escaping @Sendable (Template, ConflictBlock, [UInt64]) -> Rendered
  ) {
    self.make = make
    self.fill = fill
  }
}

/// The templates of the lists `lcq analyze` has rendered, by the renumbered ``ListKey`` of the
/// message as read (its descriptions not parsed) and by member order.
///
/// The member order is the one thing addresses decide in the analysis (``RepeatedLists``): a
/// list whose descriptions differ only in their addresses is modelled in the order of those
/// addresses, so it can have an analysis, and a template, for each order. The ``MemberRanking``
/// kept with a list reads a message's order from its descriptions' text; a message is written
/// from the template of its order, and goes the long way when there is none yet.
///
/// Where most lists are logged once, a list's first message is written the long way and its
/// template made from its second (``makesTemplatesAtFirstSight``).
///
/// Shared by the threads of `lcq analyze --jobs`. Memory is bounded: a list over 64 KiB is
/// never kept, nor more than 8 orders of one list, and when the keys and templates kept pass
/// 8 MiB or 256 lists, the cache starts over.
final class ListTemplates<Template: Sendable>: @unchecked Sendable {
  /// What is kept for one member order of a list.
  enum Kept {
    /// The order was seen once and written the long way (``makesTemplatesAtFirstSight`` was
    /// false): a template is made when it is seen again.
    case seenOnce
    /// The template.
    case made(Template)
    /// The template was refused, so that it is not asked for again.
    case refused
  }

  private struct List {
    var ranking: MemberRanking
    /// What is kept for each member order seen.
    var orders: [(order: [Int], kept: Kept)]

    func kept(for order: [Int]) -> Kept? {
      orders.first { $0.order == order }.map { $0.kept }
    }
  }

  private let lock = NSLock()
  /// The lists by key (guarded by `lock`).
  private var lists: [ListKey: List] = [:]
  /// The bytes of the keys and templates kept (guarded by `lock`).
  private var keptBytes = 0
  private var largestKey: Int { 64 << 10 }
  private var keptBytesLimit: Int { 8 << 20 }
  private var capacity: Int { 256 }
  private var ordersPerList: Int { 8 }
  /// Since the cache last started over: the member orders kept, and the messages that came
  /// back to one (written from its template, or making it) (guarded by `lock`).
  private var ordersMet = 0
  private var ordersMetAgain = 0

  /// Whether a list's first message should be written from a template made of it (`true`),
  /// or written the long way with the template left to a second message (`false`). A template
  /// costs more than the plain write it replaces, so it pays only for lists logged again: while
  /// at least half the lists met lately came back (a device log's repeats), templates are made
  /// at once; when most did not (a log of lists never seen before), they wait for the second
  /// message. Either way each message is written alike.
  var makesTemplatesAtFirstSight: Bool {
    lock.lock()
    defer { lock.unlock() }
    return 2 * ordersMetAgain >= ordersMet
  }

  /// The template kept under `key` (the key of `block`, not parsed) for `block`'s member order.
  func template(under key: ListKey, for block: ConflictBlock) -> Template? {
    lock.lock()
    let list = lists[key]
    lock.unlock()
    guard let list, case .made(let template) = list.kept(for: list.ranking.order(in: block)) else {
      return nil
    }
    lock.lock()
    ordersMetAgain += 1
    lock.unlock()
    return template
  }

  /// What is kept under `key` for the member order of `block` (parsed), `nil` when nothing is.
  func kept(under key: ListKey, for block: ConflictBlock) -> Kept? {
    lock.lock()
    let list = lists[key]
    lock.unlock()
    guard let list else { return nil }
    return list.kept(for: list.ranking.order(in: block))
  }

  /// Notes that `block` (parsed), ranked `ranking`, was seen under `key` (its key as read) and
  /// written the long way.
  func keepSeen(under key: ListKey, ranking: MemberRanking, for block: ConflictBlock) {
    keep(.seenOnce, bytes: 0, under: key, ranking: ranking, for: block)
  }

  /// Keeps `made`, a template of `bytes` made for `block` (parsed), ranked `ranking`, under
  /// `key` (its key as read) and `block`'s member order; `nil` when it was refused.
  func keep(
    _ made: (template: Template, bytes: Int)?, under key: ListKey, ranking: MemberRanking,
    for block: ConflictBlock
  ) {
    keep(
      made.map { .made($0.template) } ?? .refused, bytes: made?.bytes ?? 0, under: key, ranking: ranking,
      for: block)
  }

  private func keep(
    _ kept: Kept, bytes: Int, under key: ListKey, ranking: MemberRanking, for block: ConflictBlock
  ) {
    guard key.text.count <= largestKey else { return }
    let order = ranking.order(in: block)
    lock.lock()
    defer { lock.unlock() }
    var list = lists[key]
    if let known = list?.orders.firstIndex(where: { $0.order == order }) {
      // Only a list seen once gets its template (or refusal) in its place.
      guard case .seenOnce = list?.orders[known].kept else { return }
      if case .seenOnce = kept { return }
      list?.orders[known].kept = kept
      ordersMetAgain += 1
    } else {
      if let list, list.orders.count >= ordersPerList { return }
      list = list ?? List(ranking: ranking, orders: [])
      list?.orders.append((order, kept))
      ordersMet += 1
    }
    var added = bytes
    if lists[key] == nil {
      // A new list's key counts once, with its first order.
      added += key.text.count
    }
    if lists.count >= capacity || keptBytes + added > keptBytesLimit {
      lists.removeAll(keepingCapacity: true)
      keptBytes = 0
      (ordersMet, ordersMetAgain) = (1, 0)
      // The list starts again with this order alone.
      list = List(ranking: ranking, orders: [(order, kept)])
      added = bytes + key.text.count
    }
    keptBytes += added
    lists[key] = list
  }
}
