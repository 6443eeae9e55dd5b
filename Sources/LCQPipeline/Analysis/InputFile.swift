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
  /// A live input (a pipe from `log stream`) that goes quiet for half a second hands over a
  /// message that may have ended, as `lcq ingest` does; every analysis so far is then handed
  /// over and `onQuiet` runs, so the caller can flush what it printed.
  ///
  /// - Throws: ``InputError`` when the file cannot be opened, or ``ReadError`` when reading fails.
  public static func analyze(
    _ path: String, with analyzer: BlockAnalyzer, jobs: Int = 1, onQuiet: () -> Void = {},
    onAnalysis: (BlockAnalysis) -> Void
  ) throws -> ScanSummary {
    let descriptor = try open(path)
    defer { if descriptor != STDIN_FILENO { close(descriptor) } }
    let work = jobs > 1 ? OrderedWork<BlockAnalysis>(jobs: jobs) : nil
    func hand(_ block: ConflictBlock) {
      if let work {
        work.submit({ analyzer.analyze(block) }, deliver: onAnalysis)
      } else {
        onAnalysis(analyzer.analyze(block))
      }
    }
    // What was read before a failure is still analysed and handed over.
    defer { work?.finish(deliver: onAnalysis) }
    var scanner = ConflictScanner(file: path)
    let reader = LiveReader(descriptor: descriptor, file: path)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
    defer { buffer.deallocate() }
    reading: while true {
      switch try reader.next(into: buffer) {
      case .data(let count, _):
        scanner.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) { hand($0) }
      case .quiet:
        scanner.closeOpenMessage { hand($0) }
        work?.finish(deliver: onAnalysis)
        onQuiet()
      case .end, .interrupted:
        break reading
      }
    }
    return scanner.finish { hand($0) }
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
