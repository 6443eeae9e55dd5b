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

  func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc_write(1, bytes.baseAddress! + offset, bytes.count - offset)
        if written <= 0 { break }
        offset += written
      }
    }
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
    _ = text.utf8CString.withUnsafeBufferPointer { pointer in
      Glibc_write(2, pointer.baseAddress!, pointer.count - 1)
    }
  }
}

/// `write(2)`, named so it does not clash with the methods above.
@inline(__always)
private func Glibc_write(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, pointer, count)
}
