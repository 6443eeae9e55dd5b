import LCQParsing

/// A block's constraint list (and broken constraint) with every `0x…` address replaced by its
/// order of first appearance, with whether the list is redacted and which framework logged it
/// (everything of a block the analysis reads): the key of ``AnalysisCache``. Two blocks with the
/// same key differ only in which addresses their objects had.
///
/// Renumbering is one-to-one on the addresses' text: an address is renumbered only when it is
/// written as the runtime prints one (1 to 16 lowercase digits, no leading zero), so two texts
/// never share a number; any other `0x…` stays as written. A logged `@` is written `@@`, so a
/// number never reads as text of the log.
public struct ListKey: Hashable, Sendable {
  /// The list's text, one description a line, each address written `@n`, then the redacted
  /// mark and the platform.
  let bytes: [UInt8]
  /// A quick hash of `bytes`, worked out once (by the thread that builds the key), so that a
  /// dictionary lookup does not hash kilobytes again.
  private let digest: UInt64
  /// The block's addresses in order of first appearance, as renumbered (empty when addresses
  /// are kept); not part of the key.
  public let addresses: [UInt64]

  private init(bytes: [UInt8], addresses: [UInt64]) {
    self.bytes = bytes
    self.addresses = addresses
    digest = bytes.withUnsafeBytes(ByteHash.hash)
  }

  /// The key's text: the list one description a line, each address written `@n`, then the
  /// redacted mark and the platform.
  public var text: [UInt8] { bytes }

  /// Whether two keys are the same text.
  public static func == (lhs: ListKey, rhs: ListKey) -> Bool {
    lhs.digest == rhs.digest && ByteHash.equal(lhs.bytes, rhs.bytes)
  }

  /// Feeds the precomputed hash to `hasher`.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(digest)
  }

  /// Builds keys, reusing its memory of addresses from one block to the next.
  public struct Builder: Sendable {
    /// The number of each address renumbered so far in this block, by value.
    private var numbers: [UInt64: Int] = [:]
    /// The addresses of the last block keyed, in order of first appearance (the order of their
    /// numbers); empty when addresses are kept.
    public private(set) var addresses: [UInt64] = []
    /// Whether addresses are renumbered; when not, a key is the list exactly as logged, and two
    /// blocks share a key only when their analyses are the same but for the block itself.
    private let renumbersAddresses: Bool

    /// Creates a builder that renumbers addresses, or (`renumbersAddresses: false`) keeps them.
    public init(renumbersAddresses: Bool = true) {
      self.renumbersAddresses = renumbersAddresses
    }

    /// The key of `block`.
    public mutating func key(of block: ConflictBlock) -> ListKey {
      numbers.removeAll(keepingCapacity: true)
      addresses.removeAll(keepingCapacity: true)
      var key: [UInt8] = []
      key.reserveCapacity(block.constraints.reduce(0) { $0 + $1.description.utf8.count + 1 } + 16)
      for constraint in block.constraints { append(constraint.description, to: &key) }
      append(block.brokenConstraint?.description ?? "", to: &key)
      if block.isRedacted { key.append(contentsOf: "redacted".utf8) }
      // The analysis reads the platform too: the same list logged by AppKit and by UIKit is
      // two analyses. Undecided, it follows from the descriptions above.
      key.append(contentsOf: "\nplatform: \(block.decidedPlatform?.rawValue ?? "from items")".utf8)
      // And whose process logged it, when that is Apple's: its views are all Apple's.
      if AppleProcesses.isApples(block.source.process) {
        key.append(contentsOf: "\nprocess: Apple's".utf8)
      } else if let process = block.source.process {
        // Any other process names the app's module, which tells a library's classes (``LibraryViews``).
        key.append(contentsOf: "\nprocess: \(process)".utf8)
      }
      return ListKey(bytes: key, addresses: addresses)
    }

    private mutating func append(_ description: String, to key: inout [UInt8]) {
      guard renumbersAddresses else {
        key.append(contentsOf: description.utf8)
        key.append(10)
        return
      }
      var description = description
      description.withUTF8 { text in
        var copied = 0  // text[copied..<…] is still to be copied as it is
        func copy(upTo end: Int) {
          // A logged `@` is written `@@`, so that a number never reads as text of the log.
          for byte in UnsafeBufferPointer(rebasing: text[copied..<end]) {
            key.append(byte)
            if byte == UInt8(ascii: "@") { key.append(byte) }
          }
        }
        AddressTokens.forEach(in: text) { range, value in
          copy(upTo: range.lowerBound)
          let number = numbers[value] ?? numbers.count
          if number == numbers.count {
            numbers[value] = number
            addresses.append(value)
          }
          key.append(UInt8(ascii: "@"))
          appendDecimal(number, to: &key)
          copied = range.upperBound
        }
        copy(upTo: text.count)
      }
      key.append(10)
    }

    private func appendDecimal(_ number: Int, to key: inout [UInt8]) {
      if number >= 10 { appendDecimal(number / 10, to: &key) }
      key.append(UInt8(ascii: "0") + UInt8(number % 10))
    }
  }
}
