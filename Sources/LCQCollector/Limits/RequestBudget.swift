#if Collector
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #endif

  /// What the requests in flight may hold together (security review 3, B11: a hundred uploads at
  /// once held 2 GB, and kept it): at most ``requests`` requests past their token check at once,
  /// and at most ``bytes`` of their bodies, as sent and inflated. A request past either is
  /// answered 503 with `Retry-After` (OTLP exporters wait and send again), before its body is
  /// read or as soon as it would go over.
  final class RequestBudget: @unchecked Sendable {
    /// Most requests taken at once.
    let requests: Int
    /// Most body bytes held at once.
    let bytes: Int
    fileprivate let lock = NSLock()
    private var takenRequests = 0
    private var takenBytes = 0
    /// Bytes given back since the memory was last returned to the system.
    private var givenBack = 0

    init(requests: Int, bytes: Int) {
      self.requests = max(1, requests)
      self.bytes = max(1, bytes)
    }

    /// One request's share: its place and the bytes it holds, given back once the request has
    /// ended (``end()``) and so has every keeper of it (``keep()``).
    final class Share: @unchecked Sendable {
      private let budget: RequestBudget
      /// Changed by the request's task only, before it hands its text over.
      private var held = 0
      /// Whether the request has ended; under the budget's lock.
      private var ended = false
      /// Keepers not ended yet; under the budget's lock.
      private var keepers = 0

      fileprivate init(_ budget: RequestBudget) {
        self.budget = budget
      }

      /// Takes `count` more bytes; `false` (and nothing taken) when the budget has not that many.
      func hold(_ count: Int) -> Bool {
        guard budget.take(bytes: count) else { return false }
        held += count
        return true
      }

      /// Ends the request's hold; the place and bytes go back unless a keeper still holds them.
      func end() {
        release { ended = true }
      }

      /// One more holder of the share: the store, while it keeps a text of the request. A
      /// request answered before the store is done with its text (it waited past the store's
      /// time-out) gives its place and bytes back only when the store lets go of the text.
      func keep() -> Keeper {
        budget.lock.withLock { keepers += 1 }
        return Keeper(self)
      }

      fileprivate func keeperEnded() {
        release { keepers -= 1 }
      }

      /// Applies `change`, and gives the share back when it leaves the request ended and no keeper.
      private func release(_ change: () -> Void) {
        let last: Bool = budget.lock.withLock {
          let open = !(ended && keepers == 0)
          change()
          return open && ended && keepers == 0
        }
        if last { budget.giveBack(bytes: held) }
      }

      deinit { end() }
    }

    /// The store's hold on a request's share (``Share/keep()``), ended once, by ``end()`` or
    /// when it goes away.
    final class Keeper: @unchecked Sendable {
      private let lock = NSLock()
      private var share: Share?

      fileprivate init(_ share: Share) {
        self.share = share
      }

      /// Lets go of the share; a second call does nothing.
      func end() {
        let share: Share? = lock.withLock {
          defer { self.share = nil }
          return self.share
        }
        share?.keeperEnded()
      }

      deinit { end() }
    }

    /// A place for one more request; `nil` when ``requests`` are in flight.
    func admit() -> Share? {
      lock.withLock {
        guard takenRequests < requests else { return nil }
        takenRequests += 1
        return Share(self)
      }
    }

    private func take(bytes count: Int) -> Bool {
      lock.withLock {
        guard count <= bytes - takenBytes else { return false }
        takenBytes += count
        return true
      }
    }

    private func giveBack(bytes count: Int) {
      lock.withLock {
        takenRequests -= 1
        takenBytes -= count
        givenBack += count
      }
    }

    /// After a burst (no request in flight, and 16 MiB or more of bodies given back since the
    /// last time), gives what the burst took back to the system: glibc keeps freed memory in
    /// its arenas otherwise, and the process stays at its peak. The server calls it once a
    /// second; a request's share is held until the store lets go of its text, so the first idle
    /// tick comes after the store is done with the burst.
    func returnMemoryAfterABurst() {
      let trims: Bool = lock.withLock {
        guard takenRequests == 0, givenBack >= 16 << 20 else { return false }
        givenBack = 0
        return true
      }
      if trims { Self.returnFreedMemory() }
    }

    /// glibc's `malloc_trim(0)`, looked up at run time (the Glibc module does not declare it;
    /// elsewhere nothing is done).
    private static let returnFreedMemory: @Sendable () -> Void = {
      #if canImport(Glibc)
        // RTLD_DEFAULT is the null handle on glibc.
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
          typealias Trim = @convention(c) (Int) -> Int32
          let trim = unsafeBitCast(symbol, to: Trim.self)
          return { _ = trim(0) }
        }
      #endif
      return {}
    }()
  }
#endif
