import Foundation
import Logging
import MCP

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// MCP's stdio transport for `lcq mcp`: one JSON-RPC message per line on standard input and
/// output. Unlike the SDK's, it reads with blocking reads on a thread of its own, finds line
/// ends in the bytes just read only (so a large message costs its length, not its length
/// squared), refuses a message over ``largestMessage`` with an error the client can match to its
/// request, and when input ends it finishes only once every request read has been answered
/// (`echo '{…}' | lcq mcp` gets its answer).
actor LineTransport: Transport {
  /// The longest message read; a longer line is answered with an error and skipped.
  static let largestMessage = 16 << 20

  nonisolated let logger = Logger(label: "lcq.mcp", factory: { _ in SwiftLogNoOpLogHandler() })
  private let messages: AsyncThrowingStream<Data, any Error>
  private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
  /// The ids of the requests read and not answered yet (an answer to anything else, such as
  /// the SDK's parse error with an id of its own making, answers none of them).
  private var unanswered: Set<String> = []
  private var inputEnded = false
  private var finished = false

  init() {
    (messages, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
  }

  func connect() async throws {
    let thread = Thread { [self] in Self.readLines(into: self) }
    thread.name = "lcq mcp reader"
    thread.start()
  }

  func disconnect() async { finish() }

  func receive() -> AsyncThrowingStream<Data, any Error> { messages }

  func send(_ data: Data) async throws {
    var line = data
    line.append(UInt8(ascii: "\n"))
    try Self.writeAll(line)
    lastAnswer = Date()
    unanswered.subtract(Self.ids(in: data, keys: ["result", "error"]))
    if inputEnded, unanswered.isEmpty { finish() }
  }

  // MARK: Reading (on the reader thread)

  fileprivate func received(_ message: Data) {
    // A request whose id JSON-RPC does not allow (a fraction, a boolean, an object, an array,
    // an integer too large) is answered here with "invalid request" and id null: the SDK would
    // never answer it, and the client would wait for ever.
    let sorted = RequestIds.sort(message)
    for _ in 0..<sorted.refused {
      try? Self.writeAll(Data((RequestIds.invalidIdAnswer + "\n").utf8))
    }
    guard let kept = sorted.kept else { return }
    unanswered.formUnion(Self.ids(in: kept, keys: ["method"]))
    continuation.yield(kept)
  }

  fileprivate func ended() {
    inputEnded = true
    if unanswered.isEmpty { finish() }
    // Whatever is still counted as unanswered, the server stops once nothing has been answered
    // for a while after its input ended: a client that closed its side gets no more.
    let grace = Self.graceAfterInput
    Task { [weak self] in
      while let self {
        let quiet = await self.secondsSinceLastAnswer()
        if quiet >= grace {
          await self.finish()
          return
        }
        try? await Task.sleep(nanoseconds: UInt64((grace - quiet) * 1e9) + 1_000_000)
      }
    }
  }

  /// How long the server waits, once its input has ended, after its last answer before it
  /// stops although a request seems unanswered.
  static let graceAfterInput = 30.0
  private var lastAnswer = Date()

  private func secondsSinceLastAnswer() -> Double { Date().timeIntervalSince(lastAnswer) }

  private func finish() {
    guard !finished else { return }
    finished = true
    continuation.finish()
  }

  /// Reads standard input to its end, handing each line to `transport`.
  private static func readLines(into transport: LineTransport) {
    let size = 1 << 16
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
    defer { chunk.deallocate() }
    var pending = Data()
    var skipping = false  // inside a line that was too long
    while true {
      let count = read(STDIN_FILENO, chunk.baseAddress, size)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      var rest = UnsafeRawBufferPointer(rebasing: chunk[0..<count])
      while let end = rest.firstIndex(of: UInt8(ascii: "\n")) {
        let piece = UnsafeRawBufferPointer(rebasing: rest[..<end])
        if skipping {
          skipping = false
        } else {
          pending.append(contentsOf: piece)
          if !pending.isEmpty { deliver(pending, to: transport) }
        }
        pending = Data()
        rest = UnsafeRawBufferPointer(rebasing: rest[(end + 1)...])
      }
      guard !skipping else { continue }
      pending.append(contentsOf: rest)
      if pending.count > largestMessage {
        refuse(pending)
        pending = Data()
        skipping = true
      }
    }
    if !pending.isEmpty, !skipping { deliver(pending, to: transport) }
    let done = DispatchSemaphore(value: 0)
    Task {
      await transport.ended()
      done.signal()
    }
    done.wait()
  }

  private static func deliver(_ message: Data, to transport: LineTransport) {
    let done = DispatchSemaphore(value: 0)
    Task {
      await transport.received(message)
      done.signal()
    }
    done.wait()
  }

  /// Answers a message over ``largestMessage`` with JSON-RPC's "invalid request", with its id
  /// when the message's start names one.
  private static func refuse(_ start: Data) {
    let head = String(decoding: start.prefix(4096), as: UTF8.self)
    var id = "null"
    if let range = head.range(of: #""id"\s*:\s*("(?:[^"\\]|\\.)*"|-?[0-9]+)"#, options: .regularExpression) {
      let match = head[range]
      if let colon = match.firstIndex(of: ":") {
        id = match[match.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    let answer =
      #"{"jsonrpc":"2.0","id":\#(id),"error":{"code":-32600,"message":"message too long: lcq mcp reads messages of at most \#(largestMessage) bytes"}}"#
      + "\n"
    try? writeAll(Data(answer.utf8))
  }

  // MARK: Writing

  private static func writeAll(_ data: Data) throws {
    try data.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = write(STDOUT_FILENO, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
        }
        offset += written
      }
    }
  }

  /// The ids of the JSON-RPC messages in `data` (one, or a batch) that have one of `keys`:
  /// requests (`method`) or answers (`result`, `error`), each written with its type (`s:` a
  /// string, `n:` a number) so that `"1"` and `1` stay apart.
  private static func ids(in data: Data, keys: Set<String>) -> [String] {
    guard let value = try? JSONSerialization.jsonObject(with: data) else { return [] }
    let messages = (value as? [Any]) ?? [value]
    return messages.compactMap { message in
      guard let object = message as? [String: Any], object.keys.contains(where: keys.contains) else {
        return nil
      }
      switch object["id"] {
      case let text as String: return "s:" + text
      case let number as NSNumber: return "n:" + number.stringValue
      default: return nil
      }
    }
  }

}
