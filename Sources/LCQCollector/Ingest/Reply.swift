#if Collector
  import Foundation

  /// The store did not answer in time (``CollectorIngest/storeTimeout``).
  struct StoreTimedOut: Error, CustomStringConvertible {
    var description: String { "the store did not answer in time" }
  }

  /// The store was busy for the whole of a request's time, and never took its text: nothing of
  /// it was read, and the sender may send it again (``CollectorIngest/store(_:as:named:sharesCommit:keeping:)``).
  struct StoreBusy: Error, CustomStringConvertible {
    var description: String { "the store was busy for the request's whole time" }
  }

  /// A continuation resumed once: by the store's queue with what it did, or by a deadline with
  /// ``StoreTimedOut``, whichever comes first (the other is dropped). A request never waits
  /// longer than its deadline for a store that is stuck.
  final class Reply<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, any Error>?

    private init(_ continuation: CheckedContinuation<Value, any Error>) {
      self.continuation = continuation
    }

    /// What `start` has answered through the reply it is given, or ``StoreTimedOut`` after `limit`.
    static func waiting(at limit: Duration, _ start: (Reply<Value>) -> Void) async throws -> Value {
      try await withCheckedThrowingContinuation { continuation in
        let reply = Reply(continuation)
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Int(min(seconds, 86_400 * 365)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
          reply.resume(throwing: StoreTimedOut())
        }
        start(reply)
      }
    }

    /// Answers with `result`, unless answered already.
    func resume(with result: Result<Value, any Error>) {
      let taken: CheckedContinuation<Value, any Error>? = lock.withLock {
        defer { continuation = nil }
        return continuation
      }
      taken?.resume(with: result)
    }

    /// Answers with `value`, unless answered already.
    func resume(returning value: Value) { resume(with: .success(value)) }

    /// Answers with `error`, unless answered already.
    func resume(throwing error: any Error) { resume(with: .failure(error)) }
  }

  /// Whether the store is failing, so that an outage is said once, and its end once.
  final class Outage: @unchecked Sendable {
    private let lock = NSLock()
    private var failing = false

    /// Marks the store failing; whether it was answering until now.
    func begins() -> Bool {
      lock.withLock {
        defer { failing = true }
        return !failing
      }
    }

    /// Marks the store answering; whether it was failing until now.
    func ends() -> Bool {
      lock.withLock {
        defer { failing = false }
        return failing
      }
    }
  }
#endif
