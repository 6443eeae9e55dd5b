import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The permissions of the files lcq creates: the database (SQLite gives its `-wal` and `-shm`
/// files the same), reports, baselines and pictures. They hold raw log text, host names and
/// build metadata, so they are the owner's alone (0600, folders 0700) unless `$LCQ_FILE_MODE`
/// gives an octal mode such as `0640` for a team that shares them (the umask still applies).
public enum FilePermissions {
  /// The mode for new files: `$LCQ_FILE_MODE` when it is an octal mode of at most 0666,
  /// else 0600.
  public static func fileMode(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> mode_t
  {
    guard let text = environment["LCQ_FILE_MODE"], !text.isEmpty, text.count <= 4,
      let mode = UInt16(text, radix: 8), mode & ~0o666 == 0, mode & 0o600 == 0o600
    else { return 0o600 }
    return mode_t(mode)
  }

  /// The mode for new folders: the file mode with search permission wherever it reads.
  public static func folderMode(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> mode_t
  {
    let file = fileMode(environment: environment)
    return file | ((file & 0o444) >> 2)
  }

  /// Creates an empty file at `path` with ``fileMode(environment:)`` unless something is there.
  /// Returns `false` when it could not (the caller's own open reports why).
  @discardableResult
  public static func createFile(atPath path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, fileMode())
    guard descriptor >= 0 else { return false }
    close(descriptor)
    return true
  }

  /// Writes `data` to `path` through a temporary file in the same folder, renamed over the
  /// destination once complete: readers never see half a file, and the new file has
  /// ``fileMode(environment:)`` whatever mode a file it replaces had.
  public static func writeAtomically(_ data: Data, toPath path: String) throws {
    let temporary = path + ".lcq-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, fileMode())
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var failure: Int32 = 0
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        guard let base = bytes.baseAddress else { break }
        let written = write(descriptor, base + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        offset += written
      }
    }
    if failure == 0, fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure == 0, rename(temporary, path) != 0 { failure = errno }
    if failure != 0 {
      unlink(temporary)
      throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
    }
  }
}
