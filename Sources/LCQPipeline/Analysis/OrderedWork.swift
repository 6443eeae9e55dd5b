import Dispatch
import Foundation

/// Runs submitted work on up to `jobs` threads and hands the results back in submission order,
/// on the submitting thread, with at most `window` results in flight or waiting, so memory stays
/// bounded however long the input.
final class OrderedWork<Output: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  /// Finished results not yet handed back, by submission number (guarded by `condition`).
  private var finished: [Int: Output] = [:]
  private var submitted = 0
  private var delivered = 0
  private let window: Int
  private let running: DispatchSemaphore
  private let queue = DispatchQueue(label: "lcq.ordered-work", attributes: .concurrent)

  /// Work for `jobs` threads at once (at least 1), `4 × jobs` results at most in flight.
  init(jobs: Int) {
    let jobs = max(1, jobs)
    running = DispatchSemaphore(value: jobs)
    window = 4 * jobs
  }

  /// Starts `work`, first handing `deliver` every result that is next in order (waiting for the
  /// oldest when `window` results are in flight).
  func submit(_ work: @escaping @Sendable () -> Output, deliver: (Output) -> Void) {
    deliverReady(untilInFlightBelow: window, deliver)
    let number = submitted
    submitted += 1
    running.wait()
    queue.async { [self] in
      let output = work()
      running.signal()
      condition.lock()
      finished[number] = output
      condition.broadcast()
      condition.unlock()
    }
    deliverReady(untilInFlightBelow: Int.max, deliver)
  }

  /// Hands `deliver` every result still to come, in order, waiting for each.
  func finish(deliver: (Output) -> Void) {
    deliverReady(untilInFlightBelow: 1, deliver)
  }

  /// Delivers the results that are next in order; waits for the oldest while `submitted -
  /// delivered` is at least `limit`.
  private func deliverReady(untilInFlightBelow limit: Int, _ deliver: (Output) -> Void) {
    while true {
      condition.lock()
      while submitted - delivered >= limit, finished[delivered] == nil { condition.wait() }
      guard let output = finished.removeValue(forKey: delivered) else {
        condition.unlock()
        return
      }
      condition.unlock()
      delivered += 1
      deliver(output)
    }
  }
}
