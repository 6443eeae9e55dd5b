import LCQReporting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Buffered writes to standard output.
final class StandardOutput {
  private var buffer: [UInt8] = []

  init() { buffer.reserveCapacity(1 << 16) }

  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  func write(_ bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { writeAll(STDOUT_FILENO, $0) }
    buffer.removeAll(keepingCapacity: true)
  }

  deinit { flush() }
}

/// Lines for people on standard error.
enum StandardError {
  /// Writes `line` cleaned (``TerminalText/clean(_:keepingLineBreaks:)``): file names, labels
  /// and database text in messages cannot drive the terminal.
  static func write(_ line: String) {
    writeRaw(TerminalText.clean(line, keepingLineBreaks: true) + "\n")
  }

  /// Writes `text` as it is (no line feed added).
  static func writeRaw(_ text: String) {
    var text = text
    text.withUTF8 { writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
  }
}

/// `write(2)`, named so it does not clash with the methods above.
@inline(__always)
private func Glibc_write(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, pointer, count)
}

/// Writes all of `bytes` to `descriptor`, stopping at the first failure (a closed pipe).
private func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
  guard let base = bytes.baseAddress else { return }
  var offset = 0
  while offset < bytes.count {
    #if canImport(Glibc)
      let written = Glibc.write(descriptor, base + offset, bytes.count - offset)
    #else
      let written = Darwin.write(descriptor, base + offset, bytes.count - offset)
    #endif
    if written <= 0 { break }
    offset += written
  }
}
