import Foundation

/// A source file's lines as editors number them, read on the bytes.
enum SourceLines {
  /// The lines of `source` that hold one of `words` (every line when `words` is empty), with
  /// their 1-based numbers, found on the bytes (decoding and searching every line as text took
  /// most of an index's time). A line ends at LF, CR, or CR LF, as editors number them.
  static func lines(of source: some DataProtocol, containing words: [String]) -> [(Int, Substring)] {
    let bytes = Array(source)
    let needles = words.map { Array($0.utf8) }
    var found: [(Int, Substring)] = []
    var start = 0
    var number = 1
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
      let line = bytes[start..<end]
      if needles.isEmpty || needles.contains(where: { contains(line, $0) }) {
        found.append((number, Substring(String(decoding: line, as: UTF8.self))))
      }
      let crLF =
        end + 1 < bytes.count && bytes[end] == UInt8(ascii: "\r") && bytes[end + 1] == UInt8(ascii: "\n")
      start = end + (crLF ? 2 : 1)
      number += 1
    }
    return found
  }

  private static func contains(_ line: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, line.count >= needle.count else { return false }
    var index = line.startIndex
    while index <= line.endIndex - needle.count {
      if line[index] == first, line[index..<(index + needle.count)].elementsEqual(needle) { return true }
      index += 1
    }
    return false
  }
}
