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
    private let lock = NSLock()
    private var takenRequests = 0
    private var takenBytes = 0
    /// Bytes given back since the memory was last returned to the system.
    private var givenBack = 0

    init(requests: Int, bytes: Int) {
      self.requests = max(1, requests)
      self.bytes = max(1, bytes)
    }

    /// One request's share: its place and the bytes it holds, given back by ``Share/end()``.
    final class Share: @unchecked Sendable {
      private let budget: RequestBudget
      private var held = 0
      private var ended = false

      fileprivate init(_ budget: RequestBudget) {
        self.budget = budget
      }

      /// Takes `count` more bytes; `false` (and nothing taken) when the budget has not that many.
      func hold(_ count: Int) -> Bool {
        guard budget.take(bytes: count) else { return false }
        held += count
        return true
      }

      /// Gives back the request's place and bytes.
      func end() {
        guard !ended else { return }
        ended = true
        budget.giveBack(bytes: held)
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
    /// second, so that what the store freed after the last answer goes back too.
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
