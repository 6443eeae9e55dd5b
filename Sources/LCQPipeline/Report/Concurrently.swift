import Dispatch
import Foundation

/// Runs independent work on every core (the store's pool serves concurrent reads).
public enum Concurrently {
  /// `transform` applied to every element, in order; the first error thrown is rethrown.
  public static func map<Element: Sendable, Result: Sendable, Failure: Error>(
    _ elements: [Element], _ transform: @Sendable (Element) throws(Failure) -> Result
  ) throws(Failure) -> [Result] {
    let results = ResultSlots<Result, Failure>(count: elements.count)
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
      results.set(index, Swift.Result { () throws(Failure) in try transform(elements[index]) })
    }
    return try results.values.map { result throws(Failure) in try result.get() }
  }
}

/// Slots written once each from concurrent iterations.
private final class ResultSlots<Value: Sendable, Failure: Error>: @unchecked Sendable {
  private var slots: [Result<Value, Failure>?]
  private let lock = NSLock()

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Result<Value, Failure>) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  /// Every slot's value; `concurrentPerform` has returned, so each was written.
  var values: [Result<Value, Failure>] {
    slots.map { slot in
      guard let slot else { preconditionFailure("concurrentPerform returned before every iteration ran") }
      return slot
    }
  }
}
