import Foundation
import LCQAnalysis
import LCQParsing

/// How output rendered for one message is written again for a later message that logs the same
/// list at other addresses, without parsing, analysing or rendering that message: `make` turns
/// an analysis and its list's addresses into a template and its size in bytes (or refuses),
/// `fill` writes a message from a template with that message's addresses (both in order of
/// first appearance).
///
/// `lcq analyze --format json` passes ``LCQReporting``'s block template.
public struct Templating<Template: Sendable, Rendered>: Sendable {
  let make: @Sendable (BlockAnalysis, [UInt64]) -> (template: Template, bytes: Int)?
  let fill: @Sendable (Template, ConflictBlock, [UInt64]) -> Rendered

  /// Templates made by `make` and filled by `fill`.
  public init(
    make: @escaping @Sendable (BlockAnalysis, [UInt64]) -> (template: Template, bytes: Int)?,
    fill: @escaping @Sendable (Template, ConflictBlock, [UInt64]) -> Rendered
  ) {
    self.make = make
    self.fill = fill
  }
}

/// The templates of the lists `lcq analyze` has rendered, by the renumbered ``ListKey`` of the
/// message as read (its descriptions not parsed), each with the ``MemberRanking`` of its list.
///
/// A message is written from a template only when its member order is the template's: the order
/// is the one thing addresses decide in the analysis (``RepeatedLists``), and the ranking reads
/// it from the descriptions' text. Any other message goes the long way.
///
/// Shared by the threads of `lcq analyze --jobs`. Memory is bounded: a list over 64 KiB is
/// never kept, and when the keys and templates kept pass 8 MiB or 256 lists, the cache starts
/// over.
final class ListTemplates<Template: Sendable>: @unchecked Sendable {
  private struct Kept {
    var template: Template
    var ranking: MemberRanking
    var order: [Int]
  }

  private let lock = NSLock()
  /// The templates by key; `nil` for a list whose template was refused, so that it is not
  /// made again (guarded by `lock`).
  private var kept: [ListKey: Kept?] = [:]
  /// The bytes of the keys and templates kept (guarded by `lock`).
  private var keptBytes = 0
  private var largestKey: Int { 64 << 10 }
  private var keptBytesLimit: Int { 8 << 20 }
  private var capacity: Int { 256 }

  /// The template kept under `key` (the key of `block`, not parsed), when `block`'s members
  /// take the template's order.
  func template(under key: ListKey, for block: ConflictBlock) -> Template? {
    lock.lock()
    let known = kept[key] ?? nil
    lock.unlock()
    guard let known, known.ranking.order(in: block) == known.order else { return nil }
    return known.template
  }

  /// Whether a template was made (or refused) under `key`.
  func contains(_ key: ListKey) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return kept[key] != nil
  }

  /// Keeps `made`, a template of `bytes` made for `block` (parsed), under `key` (its key as
  /// read); `nil` when it was refused.
  func keep(_ made: (template: Template, bytes: Int)?, under key: ListKey, for block: ConflictBlock) {
    guard key.text.count <= largestKey else { return }
    let size = key.text.count + (made?.bytes ?? 0)
    let entry = made.map { made in
      let ranking = MemberRanking(of: block)
      return Kept(template: made.template, ranking: ranking, order: ranking.order(in: block))
    }
    lock.lock()
    defer { lock.unlock() }
    if kept.count >= capacity || keptBytes + size > keptBytesLimit {
      kept.removeAll(keepingCapacity: true)
      keptBytes = 0
    }
    if kept.updateValue(entry, forKey: key) == nil { keptBytes += size }
  }
}
