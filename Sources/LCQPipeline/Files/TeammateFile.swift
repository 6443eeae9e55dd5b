import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one rule for every file lcq reads on a teammate's behalf: a CODEOWNERS file, the source
/// files under `--source-root`, a `--baseline`. Anyone who can push to the repository chooses
/// these files, so lcq reads one only when
/// - it is a regular file (not a folder, FIFO or device);
/// - it is not reached through a symbolic link that leads out of its tree (a CODEOWNERS file
///   that is really `/proc/self/environ` would put CI's secrets into CI's log);
/// - its size, taken before reading, is at most the cap for its kind;
/// and then it reads no more than that size: a file that reports no size (the kernel's
/// `/proc` and `/sys` files) reads as empty, and one that grows while read is cut where it was.
public enum TeammateFile {
  /// Why a file was not read, in words that repeat none of its contents.
  public enum Refusal: Error, Equatable, CustomStringConvertible {
    /// There is nothing at the path.
    case missing
    /// It cannot be opened (permissions).
    case unreadable
    /// A folder, FIFO, socket or device.
    case notARegularFile
    /// A symbolic link to something outside `tree`.
    case linkOutOfTree(tree: String)
    /// Larger than the cap.
    case tooLarge(size: Int, cap: Int)

    /// The reason, in a few words.
    public var description: String {
      switch self {
      case .missing: "does not exist"
      case .unreadable: "cannot be read (permissions)"
      case .notARegularFile: "is not a regular file"
      case .linkOutOfTree(let tree): "is a symbolic link that leads out of \(tree); not read"
      case .tooLarge(let size, let cap): "is \(size) bytes, over the \(cap)-byte limit; not read"
      }
    }
  }

  /// CODEOWNERS: GitHub stops reading one at 3 MB.
  public static let codeOwnersCap = 3_000_000
  /// A source file: larger ones are generated code, and skipped.
  public static let sourceFileCap = 4 << 20
  /// A baseline: a fingerprint and a title a line; 16 MiB is hundreds of thousands of them.
  public static let baselineCap = 16 << 20

  /// The bytes of the file at `path`, read by the rule above. `tree` is the folder a symbolic
  /// link may lead into (`nil`: the folder the path's last component lies in).
  public static func read(_ path: String, within tree: String? = nil, cap: Int) -> Result<Data, Refusal> {
    var link = stat()
    guard lstat(path, &link) == 0 else {
      return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable)
    }
    if (link.st_mode & S_IFMT) == S_IFLNK {
      let folder = tree ?? (path as NSString).deletingLastPathComponent
      guard let target = realPath(path), let base = realPath(folder.isEmpty ? "." : folder),
        target.hasPrefix(base == "/" ? "/" : base + "/")
      else { return .failure(.linkOutOfTree(tree: tree ?? "its folder")) }
    }
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(.unreadable) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable) }
    guard (status.st_mode & S_IFMT) == S_IFREG else { return .failure(.notARegularFile) }
    let size = Int(status.st_size)
    guard size <= cap else { return .failure(.tooLarge(size: size, cap: cap)) }
    var data = Data(count: size)
    var filled = 0
    let failed = data.withUnsafeMutableBytes { buffer -> Bool in
      guard let base = buffer.baseAddress else { return false }  // an empty file
      while filled < size {
        let count = systemRead(descriptor, base + filled, size - filled)
        if count < 0, errno == EINTR { continue }
        if count < 0 { return true }
        if count == 0 { break }
        filled += count
      }
      return false
    }
    guard !failed else { return .failure(.unreadable) }
    return .success(data.prefix(filled))
  }

  /// Whether there is anything at `path`, a dangling link included (which ``read(_:within:cap:)``
  /// then refuses, rather than lcq acting as though there were no file).
  public static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}

/// `read(2)`, named apart from ``TeammateFile/read(_:within:cap:)``.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
