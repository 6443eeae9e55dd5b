import Foundation

/// Async work run from a synchronous command (`lcq mcp`, `lcq serve`): the work runs in a task
/// while the command's thread waits for it to end.
enum BlockingTask {
  /// Runs `body` and waits until it returns; what it threw, if anything.
  static func run(_ body: sending @escaping () async throws -> Void) -> (any Error)? {
    let finished = DispatchSemaphore(value: 0)
    let outcome = Outcome()
    Task {
      do {
        try await body()
      } catch {
        outcome.failed(error)
      }
      finished.signal()
    }
    finished.wait()
    return outcome.error
  }
}

/// What the task threw, read once it has ended.
private final class Outcome: @unchecked Sendable {
  private let lock = NSLock()
  private var thrown: (any Error)?

  var error: (any Error)? { lock.withLock { thrown } }

  func failed(_ error: any Error) {
    lock.withLock { thrown = error }
  }
}
