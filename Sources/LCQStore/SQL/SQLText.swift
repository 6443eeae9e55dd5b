/// The two rewrites lcq makes of its own SQL text before an engine runs it, both aware of
/// quoted strings, quoted names and comments (a `:` or `?` inside them is text, not a
/// parameter).
enum SQLText {
  /// `sql` with each `:name` parameter (the dashboards' and Datasette's form) replaced by `?`,
  /// and the values to bind in order; `--` comments are dropped. A name missing from `named`
  /// binds NULL.
  static func positional(_ sql: String, named: [String: QueryValue]) -> (sql: String, values: [QueryValue]) {
    var output: [UInt8] = []
    output.reserveCapacity(sql.utf8.count)
    var values: [QueryValue] = []
    scan(sql) { piece in
      switch piece {
      case .code(let bytes):
        var index = bytes.startIndex
        while index < bytes.endIndex {
          let byte = bytes[index]
          let previous = index > bytes.startIndex ? bytes[index - 1] : 0
          if byte == UInt8(ascii: ":"), previous != UInt8(ascii: ":"), index + 1 < bytes.endIndex,
            isNameStart(bytes[index + 1])
          {
            var end = index + 1
            while end < bytes.endIndex, isNameByte(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            values.append(named[name] ?? .null)
            output.append(UInt8(ascii: "?"))
            index = end
          } else {
            output.append(byte)
            index += 1
          }
        }
      case .quoted(let bytes): output.append(contentsOf: bytes)
      case .comment: break
      }
    }
    return (String(decoding: output, as: UTF8.self), values)
  }

  /// `sql` with its `?` placeholders numbered `$1, $2, …` in order (PostgreSQL's form).
  static func numbered(_ sql: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(sql.utf8.count + 16)
    var number = 0
    scan(sql) { piece in
      switch piece {
      case .code(let bytes):
        for byte in bytes {
          if byte == UInt8(ascii: "?") {
            number += 1
            output.append(contentsOf: "$\(number)".utf8)
          } else {
            output.append(byte)
          }
        }
      case .quoted(let bytes), .comment(let bytes): output.append(contentsOf: bytes)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// A run of SQL text: code, a quoted string or name (quotes included), or a `--` comment.
  enum Piece {
    case code(ArraySlice<UInt8>)
    case quoted(ArraySlice<UInt8>)
    case comment(ArraySlice<UInt8>)
  }

  /// Calls `body` with the pieces of `sql` in order.
  static func scan(_ sql: String, _ body: (Piece) -> Void) {
    let bytes = Array(sql.utf8)
    var start = 0
    var index = 0
    func flushCode() {
      if start < index { body(.code(bytes[start..<index])) }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
        flushCode()
        var end = index + 1
        while end < bytes.count {
          if bytes[end] == byte {
            // A doubled quote is the quote itself, inside the string.
            if end + 1 < bytes.count, bytes[end + 1] == byte {
              end += 2
              continue
            }
            break
          }
          end += 1
        }
        end = min(end + 1, bytes.count)
        body(.quoted(bytes[index..<end]))
        index = end
        start = end
      } else if byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
        flushCode()
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        body(.comment(bytes[index..<end]))
        index = end
        start = end
      } else {
        index += 1
      }
    }
    flushCode()
  }

  private static func isNameStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_")
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }
}
