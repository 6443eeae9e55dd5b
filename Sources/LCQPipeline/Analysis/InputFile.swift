import LCQAnalysis
import LCQParsing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A named input (`-` is standard input), opened for reading.
public enum InputFile {
  /// Opens `path` (standard input for `-`); the caller closes what is not standard input.
  ///
  /// - Throws: ``InputError`` when the file cannot be opened or is a directory.
  static func open(_ path: String) throws(InputError) -> Int32 {
    if path == "-" { return STDIN_FILENO }
    #if canImport(Glibc)
      let descriptor = Glibc.open(path, O_RDONLY)
    #else
      let descriptor = Darwin.open(path, O_RDONLY)
    #endif
    guard descriptor >= 0 else { throw InputError.cannotOpen(path: path, code: errno) }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw InputError.isDirectory(path: path)
    }
    return descriptor
  }

  /// Scans `path` to its end and hands each block's analysis (by `analyzer`) to `onAnalysis`,
  /// in input order, on the calling thread: what `lcq analyze` prints. With `jobs` above 1,
  /// blocks are analysed on that many threads while the input is read; the analyses and their
  /// order are the same.
  ///
  /// - Throws: ``InputError`` when the file cannot be opened, or ``ScanError`` when reading fails.
  public static func analyze(
    _ path: String, with analyzer: BlockAnalyzer, jobs: Int = 1, onAnalysis: (BlockAnalysis) -> Void
  ) throws -> ScanSummary {
    let descriptor = try open(path)
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    guard jobs > 1 else {
      return try ConflictScanner.scan(fileDescriptor: descriptor, file: path) {
        onAnalysis(analyzer.analyze($0))
      }
    }
    let work = OrderedWork<BlockAnalysis>(jobs: jobs)
    // What was read before a failure is still analysed and handed over, as with one job.
    defer { work.finish(deliver: onAnalysis) }
    return try ConflictScanner.scan(fileDescriptor: descriptor, file: path) { block in
      work.submit({ analyzer.analyze(block) }, deliver: onAnalysis)
    }
  }
}

/// Why an input could not be read.
public enum InputError: Error, CustomStringConvertible {
  /// `open(2)` failed with `code`.
  case cannotOpen(path: String, code: Int32)
  /// The path names a directory.
  case isDirectory(path: String)

  /// The error as one line: the input, then what went wrong.
  public var description: String {
    switch self {
    case .cannotOpen(let path, let code): "\(path): cannot open: \(String(cString: strerror(code)))"
    case .isDirectory(let path): "\(path): is a directory"
    }
  }
}
