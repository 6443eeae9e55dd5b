/// Splits a streamed JSON array (`log show --style json`) into its top-level objects, in
/// constant memory per object, and tracks line numbers.
struct JSONArraySplitter {
  private(set) var lineNumber = 1
  private var depth = 0
  private var strings = JSONStringTracker()
  private var object: [UInt8] = []
  private var objectLine = 1
  private var objectTooLarge = false

  /// Largest object kept; larger ones are skipped.
  static let maxObjectBytes = 16 << 20

  var hasOpenObject: Bool { depth >= 2 }

  /// Feeds bytes; `onObject` gets each complete object at array level with the line of its
  /// `"eventMessage"` key (or of its `{` when it has none).
  mutating func feed(_ bytes: UnsafeRawBufferPointer, onObject: ([UInt8], Int) -> Void) {
    for byte in bytes {
      if byte == 10 { lineNumber += 1 }
      if depth >= 2, !objectTooLarge {
        object.append(byte)
        if object.count > Self.maxObjectBytes {
          objectTooLarge = true
          object = []
        }
      }
      guard strings.isStructure(byte) else { continue }
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth == 2 {
          object = [byte]
          objectLine = lineNumber
          objectTooLarge = false
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if depth == 1 {
          if !objectTooLarge { onObject(object, messageLine()) }
          object = []
        }
        if depth < 0 { depth = 0 }
      default:
        break
      }
    }
  }

  private func messageLine() -> Int {
    guard let key = object.firstRange(of: Array("\"eventMessage\"".utf8), from: 0) else { return objectLine }
    return objectLine + object[..<key.lowerBound].reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
  }
}
