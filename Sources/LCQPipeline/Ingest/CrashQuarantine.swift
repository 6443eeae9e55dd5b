import Foundation
import LCQAnalysis

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The list being analysed, for the crash handler: its bytes and count (0 when none).
nonisolated(unsafe) private var analysedList: UnsafePointer<UInt8>?
nonisolated(unsafe) private var analysedCount = 0
/// The quarantine file's path as a C string, made once before the handler is installed.
nonisolated(unsafe) private var quarantinePath: UnsafeMutablePointer<CChar>?

/// The signals a crash raises: a Swift trap (`SIGILL`, `SIGTRAP`), a bad access, an abort.
private let crashSignals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

/// Keeps one crashing message from stopping every later ingest.
///
/// lcq's analysis has no known way to crash on any input (RELIABILITY.md), but a process cannot
/// catch its own trap. So while `lcq ingest` analyses a list it has not seen, the list's key
/// (``ListKey/text``) is where a crash handler can find it; if the process crashes, the
/// handler appends that key to `DATABASE-quarantine` (async-signal-safe `open`/`write` only)
/// and lets the crash go on. What the crashed run committed stays (every commit is whole);
/// the next `lcq ingest` reads the file and stores every message with a quarantined list
/// unanalysed, as a failed block with its text and the reason, so the rest of the input (read
/// again: ingesting the same log twice stores it once) is stored as usual.
///
/// The file holds records of an 8-byte magic `lcqquar1`, an 8-byte little-endian length and
/// the key's bytes. Delete it after upgrading lcq to analyse those messages again.
public enum CrashQuarantine {
  /// The quarantine file beside the database at `databasePath`.
  public static func path(forDatabase databasePath: String) -> String { databasePath + "-quarantine" }

  /// Installs the crash handler, writing to `path`.
  public static func install(path: String) {
    quarantinePath = strdup(path)
    for signalNumber in crashSignals {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = recordAndCrash
      #else
        action.__sigaction_u.__sa_handler = recordAndCrash
      #endif
      sigemptyset(&action.sa_mask)
      // Back to the default action once run: the re-raised signal ends the process as before.
      action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
      sigaction(signalNumber, &action, nil)
    }
  }

  /// Runs `body` with `key` recorded as the list being analysed.
  static func analysing<T>(_ key: ListKey, _ body: () -> T) -> T {
    key.text.withUnsafeBufferPointer { bytes in
      analysedList = bytes.baseAddress
      analysedCount = bytes.count
      defer { analysedCount = 0 }
      return body()
    }
  }

  /// The keys quarantined at `path` by earlier crashes (none when there is no file; a record
  /// cut short by a crash while writing is skipped).
  public static func keys(at path: String) -> Set<[UInt8]> {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    let bytes = [UInt8](data)
    var keys = Set<[UInt8]>()
    var offset = 0
    while offset + 16 <= bytes.count, Array(bytes[offset..<(offset + 8)]) == magic {
      var length = 0
      for (shift, byte) in bytes[(offset + 8)..<(offset + 16)].enumerated() {
        length |= Int(byte) << (8 * shift)
      }
      let start = offset + 16
      guard length >= 0, length <= bytes.count - start else { break }
      keys.insert(Array(bytes[start..<(start + length)]))
      offset = start + length
    }
    return keys
  }

  fileprivate static let magic = Array("lcqquar1".utf8)
}

/// The crash handler: appends the analysed list's key to the quarantine file, then raises the
/// signal again with its default action.
private func recordAndCrash(_ signalNumber: Int32) {
  if analysedCount > 0, let list = analysedList, let path = quarantinePath {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    if descriptor >= 0 {
      // "lcqquar1" read as a little-endian number: no lazy global is touched in the handler.
      var header: (UInt64, UInt64) = (
        UInt64(0x3172_6175_7171_636C).littleEndian, UInt64(analysedCount).littleEndian
      )
      _ = withUnsafeBytes(of: &header) { write(descriptor, $0.baseAddress, 16) }
      _ = write(descriptor, list, analysedCount)
      close(descriptor)
    }
  }
  raise(signalNumber)
}
