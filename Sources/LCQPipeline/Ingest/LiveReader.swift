#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file or a pipe in chunks, and says when a live input has gone quiet.
struct LiveReader {
  /// What one call to ``next(into:)`` found.
  enum Event {
    /// `count` bytes were read; `filledBuffer` tells a backlog from the live edge of a pipe.
    case data(count: Int, filledBuffer: Bool)
    /// Nothing arrived for ``quietInterval`` milliseconds.
    case quiet
    /// The input ended.
    case end
    /// SIGINT or SIGTERM arrived.
    case interrupted
  }

  let descriptor: Int32
  let file: String
  /// How long a pause must last before it counts as quiet.
  static let quietInterval: Int32 = 500

  /// Waits for input and reads what is there into `buffer`.
  ///
  /// - Throws: ``ReadError`` when `read(2)` fails.
  func next(into buffer: UnsafeMutableRawBufferPointer) throws -> Event {
    while true {
      if Interruption.requested { return .interrupted }
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, Self.quietInterval)
      if ready < 0 {
        if errno == EINTR { continue }
        break  // poll cannot wait on this descriptor; fall back to a blocking read
      }
      if ready == 0 { return .quiet }
      break
    }
    while true {
      if Interruption.requested { return .interrupted }
      let count = read(descriptor, buffer.baseAddress, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw ReadError(file: file, code: errno)
      }
      return count == 0 ? .end : .data(count: count, filledBuffer: count == buffer.count)
    }
  }
}

/// `read(2)` failed.
public struct ReadError: Error, CustomStringConvertible {
  /// The input's name.
  public let file: String
  /// `errno`.
  public let code: Int32
  /// The error as one line: the input, then what went wrong.
  public var description: String { "\(file): cannot read: \(String(cString: strerror(code)))" }
}
