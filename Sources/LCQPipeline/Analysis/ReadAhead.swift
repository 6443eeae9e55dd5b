import Dispatch
import Foundation

/// Reads an input on a thread of its own, a few buffers ahead of the thread that scans it, so
/// that copying a large file out of the kernel overlaps with scanning it: what `lcq analyze`
/// reads with.
///
/// The events are ``LiveReader``'s, in the order it gave them (a live input's pauses
/// included). The reading thread fills at most `bufferCount` buffers ahead: memory stays flat,
/// and a pipe is read no further ahead than a reader of one buffer would be, since a pipe
/// gives what it holds.
final class ReadAhead: @unchecked Sendable {
  /// What ``next()`` found.
  enum Event {
    /// Bytes read; hand the buffer back with ``recycle(_:)`` once they are scanned.
    case data(UnsafeRawBufferPointer, buffer: Int)
    /// Nothing arrived for ``LiveReader/quietInterval`` milliseconds.
    case quiet
    /// The input ended.
    case end
    /// SIGINT or SIGTERM arrived.
    case interrupted
  }

  private enum Read {
    case data(buffer: Int, count: Int)
    case quiet, end, interrupted
    case failed(ReadError)
  }

  private let reader: LiveReader
  private let buffers: [UnsafeMutableRawBufferPointer]
  private let condition = NSCondition()
  /// Buffers the reading thread may fill (guarded by `condition`).
  private var free: [Int]
  /// What was read, oldest first, not yet taken by ``next()`` (guarded by `condition`).
  private var read: [Read] = []
  private var readIndex = 0
  /// Whether the scanning side has stopped (guarded by `condition`).
  private var stopped = false
  /// Signalled when the reading thread ends.
  private let ended = DispatchSemaphore(value: 0)

  /// Starts reading `reader`'s input into `bufferCount` buffers of `bufferSize` bytes.
  init(_ reader: LiveReader, bufferSize: Int = 1 << 20, bufferCount: Int = 4) {
    self.reader = reader
    buffers = (0..<bufferCount).map { _ in
      UnsafeMutableRawBufferPointer.allocate(byteCount: bufferSize, alignment: 64)
    }
    free = Array(buffers.indices)
    let thread = Thread { [self] in
      readAll()
      ended.signal()
    }
    thread.name = "lcq.read-ahead"
    thread.start()
  }

  deinit {
    for buffer in buffers { buffer.deallocate() }
  }

  /// The next thing read, waiting for it.
  ///
  /// - Throws: ``ReadError`` when reading failed.
  func next() throws -> Event {
    condition.lock()
    while readIndex == read.count { condition.wait() }
    let next = read[readIndex]
    readIndex += 1
    if readIndex == read.count {
      read.removeAll(keepingCapacity: true)
      readIndex = 0
    }
    condition.unlock()
    switch next {
    case .data(let buffer, let count):
      return .data(UnsafeRawBufferPointer(rebasing: buffers[buffer][0..<count]), buffer: buffer)
    case .quiet: return .quiet
    case .end: return .end
    case .interrupted: return .interrupted
    case .failed(let error): throw error
    }
  }

  /// Hands back a buffer of a ``Event/data(_:buffer:)`` event, to be read into again.
  func recycle(_ buffer: Int) {
    condition.lock()
    free.append(buffer)
    condition.broadcast()
    condition.unlock()
  }

  /// Stops reading and waits for the reading thread to end, so that the input can be closed:
  /// at once after ``next()`` gave the input's last event (the end, an interruption, a
  /// failure), else when the read under way returns (a pipe's within
  /// ``LiveReader/quietInterval``).
  func stop() {
    condition.lock()
    stopped = true
    condition.broadcast()
    condition.unlock()
    ended.wait()
  }

  /// The reading thread: reads into free buffers until the input ends, fails or is stopped.
  private func readAll() {
    while true {
      condition.lock()
      while free.isEmpty, !stopped { condition.wait() }
      guard !stopped else { return condition.unlock() }
      let buffer = free.removeLast()
      condition.unlock()
      let event: Read
      do {
        switch try reader.next(into: buffers[buffer]) {
        case .data(let count, _): event = .data(buffer: buffer, count: count)
        case .quiet: event = .quiet
        case .end: event = .end
        case .interrupted: event = .interrupted
        }
      } catch let error as ReadError {
        event = .failed(error)
      } catch {
        preconditionFailure("LiveReader throws ReadError only")
      }
      condition.lock()
      if case .data = event {} else { free.append(buffer) }
      read.append(event)
      condition.broadcast()
      condition.unlock()
      switch event {
      case .data, .quiet: continue
      case .end, .interrupted, .failed: return
      }
    }
  }
}
