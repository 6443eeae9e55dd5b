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
/// Shared by the threads of `lcq analyze --jobs`. Memory is bounded: a list over 64 KiB is
/// never kept, nor more than 8 orders of one list, and when the keys and templates kept pass
/// 8 MiB or 256 lists, the cache starts over.
final class ListTemplates<Template: Sendable>: @unchecked Sendable {
  private struct List {
    var ranking: MemberRanking
    /// The template of each member order seen; `nil` for one that was refused, so that it is
    /// not made again.
    var templates: [(order: [Int], template: Template?)]

    func template(for order: [Int]) -> Template?? {
      templates.first { $0.order == order }.map { $0.template }
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

  /// The template kept under `key` (the key of `block`, not parsed) for `block`'s member order.
  func template(under key: ListKey, for block: ConflictBlock) -> Template? {
    lock.lock()
    let list = lists[key]
    lock.unlock()
    guard let list else { return nil }
    return list.template(for: list.ranking.order(in: block)) ?? nil
  }

  /// Whether a template for the member order of `block` (parsed) was made (or refused) under
  /// `key`.
  func contains(_ key: ListKey, for block: ConflictBlock) -> Bool {
    lock.lock()
    let list = lists[key]
    lock.unlock()
    guard let list else { return false }
    return list.template(for: list.ranking.order(in: block)) != nil
  }

  /// Keeps `made`, a template of `bytes` made for `block` (parsed), under `key` (its key as
  /// read) and `block`'s member order; `nil` when it was refused.
  func keep(_ made: (template: Template, bytes: Int)?, under key: ListKey, for block: ConflictBlock) {
    guard key.text.count <= largestKey else { return }
    let ranking = MemberRanking(of: block)
    let order = ranking.order(in: block)
    lock.lock()
    defer { lock.unlock() }
    var list = lists[key]
    if let list, list.template(for: order) != nil || list.templates.count >= ordersPerList { return }
    if lists.count >= capacity || keptBytes + key.text.count + (made?.bytes ?? 0) > keptBytesLimit {
      lists.removeAll(keepingCapacity: true)
      keptBytes = 0
      list = nil
    }
    // A new list's key counts once, with its first template.
    keptBytes += (list == nil ? key.text.count : 0) + (made?.bytes ?? 0)
    var kept = list ?? List(ranking: ranking, templates: [])
    kept.templates.append((order, made?.template))
    lists[key] = kept
  }
}
