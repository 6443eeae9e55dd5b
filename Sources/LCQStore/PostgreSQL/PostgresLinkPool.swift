// The team store: built with the TeamStore trait only (Package.swift).
#if TeamStore
  import Foundation

  /// The connections of one ``PostgresStore``: one while the command uses the store from one
  /// thread at a time, more while calls overlap (the report runs its panels on every core), up
  /// to ``limit``. A connection is made only when every one made is in use; it stays open, idle,
  /// until the store is released.
  ///
  /// A server or pooler that refuses the extra connection (full, or any other reason) is not
  /// waited for: the pool stops growing, and the call waits for a connection it has. Every
  /// call's work is one transaction or one statement (``PostgresStore/using(_:)``), so which
  /// connection runs it changes nothing but when.
  final class PostgresLinkPool: @unchecked Sendable {
    /// The most connections open at once: one per core, at most 8 (a fleet's server shares
    /// its `max_connections` with every runner).
    private(set) var limit: Int
    /// Connections open and not in use.
    private var idle: [PostgresLink]
    /// Connections open (in use or idle), and connections being made.
    private var opened: Int
    /// Guards the three above; waited on for a connection to come back.
    private let condition = NSCondition()

    /// A pool holding `first`, growing to one connection per core (at most 8).
    init(first: PostgresLink, limit: Int = min(8, max(1, ProcessInfo.processInfo.activeProcessorCount))) {
      idle = [first]
      opened = 1
      self.limit = limit
    }

    /// An idle connection, or a new one from `connect` while fewer than ``limit`` are open, or
    /// (every one in use) the first to come back. `connect` is told whether others are open
    /// (then it need not wait for the server: a refusal is taken as the pool's size); a pool
    /// with none open (each was lost) throws its error.
    func take(connect: (_ othersOpen: Bool) throws(StoreError) -> PostgresLink) throws(StoreError)
      -> PostgresLink
    {
      condition.lock()
      while idle.isEmpty && opened >= limit && opened > 0 { condition.wait() }
      if let link = idle.popLast() {
        condition.unlock()
        return link
      }
      let isFirst = opened == 0
      opened += 1
      condition.unlock()
      do {
        return try connect(!isFirst)
      } catch {
        condition.lock()
        opened -= 1
        // Refused while others are open: grow no more, and wait for one of those.
        if !isFirst { limit = max(1, opened) }
        condition.unlock()
        if isFirst { throw error }
        return try take(connect: connect)
      }
    }

    /// Gives `link` back for the next call.
    func giveBack(_ link: PostgresLink) {
      condition.lock()
      idle.append(link)
      condition.signal()
      condition.unlock()
    }

    /// Forgets a connection taken and lost (its replacement could not be made): the next call
    /// makes one when none is idle.
    func drop() {
      condition.lock()
      opened -= 1
      condition.signal()
      condition.unlock()
    }
  }
#endif
