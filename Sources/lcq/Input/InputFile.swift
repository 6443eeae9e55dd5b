import LCQParsing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opens a named input (`-` is standard input) and scans it.
enum InputFile {
  /// Scans `path` to its end.
  ///
  /// - Throws: ``InputError`` when the file cannot be opened, or ``ScanError`` when reading fails.
  static func scan(_ path: String, onBlock: (ConflictBlock) -> Void) throws -> ScanSummary {
    if path == "-" {
      return try ConflictScanner.scan(fileDescriptor: STDIN_FILENO, file: "-", onBlock: onBlock)
    }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw InputError.cannotOpen(path: path, code: errno) }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw InputError.isDirectory(path: path)
    }
    return try ConflictScanner.scan(fileDescriptor: descriptor, file: path, onBlock: onBlock)
  }
}

/// Why an input could not be read.
enum InputError: Error, CustomStringConvertible {
  case cannotOpen(path: String, code: Int32)
  case isDirectory(path: String)

  var description: String {
    switch self {
    case .cannotOpen(let path, let code): "\(path): cannot open: \(String(cString: strerror(code)))"
    case .isDirectory(let path): "\(path): is a directory"
    }
  }
}
