import Dispatch
import Foundation
import LCQStore

/// Runs independent work on every core (the store's pool serves concurrent reads).
enum Concurrently {
  /// `transform` applied to every element, in order; the first error thrown is rethrown.
  static func map<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ transform: @Sendable (Element) throws(StoreError) -> Result
  ) throws(StoreError) -> [Result] {
    let results = ResultSlots<Result>(count: elements.count)
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
      results.set(index, Swift.Result { () throws(StoreError) in try transform(elements[index]) })
    }
    return try results.values.map { result throws(StoreError) in try result.get() }
  }
}

/// Slots written once each from concurrent iterations.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
  private var slots: [Result<Value, StoreError>?]
  private let lock = NSLock()

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ value: Result<Value, StoreError>) {
    lock.lock()
    slots[index] = value
    lock.unlock()
  }

  var values: [Result<Value, StoreError>] { slots.map { $0! } }
}
