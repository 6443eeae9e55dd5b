import Foundation

#if canImport(Glibc)
  import Glibc

  private let systemConnect = Glibc.connect
  private let systemSend = Glibc.send
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  private let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
  import Darwin

  private let systemConnect = Darwin.connect
  private let systemSend = Darwin.send
  private let streamSocket = SOCK_STREAM
  private let sendFlags: Int32 = 0  // SIGPIPE is turned off per socket (SO_NOSIGPIPE)
#endif

/// One POST to an `http://` webhook over a plain socket, reading no more of the answer than its
/// head (at most ``longestHead`` bytes): the status and `Retry-After` decide, then the connection
/// is closed. Foundation's URL loading reads a body it is told to cancel until the cancel takes
/// hold, and on a loaded machine a server sending gigabytes fills hundreds of megabytes first;
/// here a 3 GB answer costs 16 KiB. Everything before `deadline` or nothing: connecting, sending
/// and reading the head share it.
enum PlainHTTPPost {
  /// The most of an answer's head read.
  static let longestHead = 16 << 10

  /// Posts `body` to `url` (`http://`) with `headers` besides its own; how it went.
  static func send(_ body: Data, to url: URL, headers: [(String, String)] = [], deadline seconds: Double)
    -> PostAnswer
  {
    let deadline = Date().addingTimeInterval(seconds)
    guard let host = url.host, !host.isEmpty else {
      return PostAnswer(failure: "could not connect to the webhook")
    }
    let port = url.port ?? 80
    guard let socket = connect(host: host, port: port, deadline: deadline) else {
      return PostAnswer(failure: "could not connect to the webhook")
    }
    defer { close(socket) }
    var target = url.path.isEmpty ? "/" : url.path
    if let query = url.query { target += "?" + query }
    let hostHeader = url.port.map { "\(host):\($0)" } ?? host
    var request = Data(
      ("POST \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nContent-Type: application/json\r\n"
        + headers.map { "\($0.0): \($0.1)\r\n" }.joined()
        + "Content-Length: \(body.count)\r\nConnection: close\r\nUser-Agent: lcq\r\n\r\n").utf8)
    request.append(body)
    guard write(request, to: socket, deadline: deadline) else {
      return Date() >= deadline
        ? PostAnswer(failure: "the webhook did not answer within \(Int(seconds)) s")
        : PostAnswer(failure: "could not connect to the webhook")
    }
    guard let head = readHead(from: socket, deadline: deadline) else {
      return Date() >= deadline
        ? PostAnswer(failure: "the webhook did not answer within \(Int(seconds)) s")
        : PostAnswer(failure: "the webhook sent no answer")
    }
    return parse(head)
  }

  /// The status line's code and `Retry-After` of `head` (the text before the blank line).
  static func parse(_ head: String) -> PostAnswer {
    let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
    let words = lines.first?.split(separator: " ") ?? []
    guard words.count >= 2, words[0].hasPrefix("HTTP/"), let status = Int(words[1]) else {
      return PostAnswer(failure: "the webhook's answer was not HTTP")
    }
    var answer = PostAnswer(status: status)
    for line in lines.dropFirst() {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].lowercased() == "retry-after" else { continue }
      answer.retryAfter = Double(parts[1].trimmingCharacters(in: .whitespaces)).map { max(0, $0) }
    }
    return answer
  }

  /// A connected TCP socket to `host`:`port`, or `nil`.
  private static func connect(host: String, port: Int, deadline: Date) -> Int32? {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = streamSocket
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return nil }
    defer { freeaddrinfo(first) }
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let address = entry {
      entry = address.pointee.ai_next
      let descriptor = socket(
        address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
      guard descriptor >= 0 else { continue }
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
      #endif
      if systemConnect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0
        || (errno == EINPROGRESS && wait(descriptor, for: Int16(POLLOUT), until: deadline)
          && socketError(descriptor) == 0)
      {
        return descriptor
      }
      close(descriptor)
    }
    return nil
  }

  private static func socketError(_ descriptor: Int32) -> Int32 {
    var error: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
    return error
  }

  /// Whether `descriptor` became ready for `events` before `deadline`.
  private static func wait(_ descriptor: Int32, for events: Int16, until deadline: Date) -> Bool {
    while true {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return false }
      var entry = pollfd(fd: descriptor, events: events, revents: 0)
      let ready = poll(&entry, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
      if ready > 0 { return true }
      if ready < 0, errno != EINTR { return false }
    }
  }

  private static func write(_ data: Data, to descriptor: Int32, deadline: Date) -> Bool {
    data.withUnsafeBytes { bytes -> Bool in
      guard let base = bytes.baseAddress else { return true }
      var sent = 0
      while sent < bytes.count {
        guard wait(descriptor, for: Int16(POLLOUT), until: deadline) else { return false }
        let count = systemSend(descriptor, base + sent, bytes.count - sent, sendFlags)
        if count < 0, errno == EAGAIN || errno == EINTR { continue }
        guard count > 0 else { return false }
        sent += count
      }
      return true
    }
  }

  /// The answer's head (up to its blank line), read in at most ``longestHead`` bytes.
  private static func readHead(from descriptor: Int32, deadline: Date) -> String? {
    var head = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while head.count < longestHead {
      guard wait(descriptor, for: Int16(POLLIN), until: deadline) else { return nil }
      let count = recv(descriptor, &chunk, min(chunk.count, longestHead - head.count), 0)
      if count < 0, errno == EAGAIN || errno == EINTR { continue }
      guard count > 0 else { break }
      head += chunk[0..<count]
      if let range = head.firstRange(of: end) {
        return String(decoding: head[..<range.lowerBound], as: UTF8.self)
      }
    }
    // A head longer than the limit, or cut: its first lines still say the status.
    return head.isEmpty ? nil : String(decoding: head, as: UTF8.self)
  }
}
