import LCQAnalysis
import LCQParsing
import LCQPipeline

/// A block's JSON object written once, to be written again for each later message that logs the
/// same list at other addresses, without parsing, analysing or rendering that message again:
/// what `lcq analyze --format json` does with a device log that repeats a conflict thousands of
/// times.
///
/// The object of a message that logs the same list (the same renumbered ``ListKey``) differs
/// from the first one's in three things only:
/// - the message's own values (``BlockJSON/MessageField``: where and when it was logged, each
///   description's line and column, the framing's issues), written afresh for each message;
/// - the addresses: every address of the first message's list, wherever it stands in the
///   object, is written as the other message's address of the same rank (``AddressRenaming``'s
///   rule, on the whole object instead of on each string);
/// - the order of a witness's values, sorted by names that hold addresses: they are sorted
///   again by their new names.
///
/// That holds when the analysis itself can be reused at other addresses (``RepeatedLists``: the
/// list's addresses all stand in their places, and the model takes the members in the same
/// order, which the caller checks with ``MemberRanking``), every description parsed (a parse
/// issue's column moves with the addresses' lengths), and no JSON `\u` escape could join an
/// address (the bytes `0` before an `x` of the text). ``init(_:addresses:)`` refuses the others,
/// and lists whose witness names are not plain ASCII (whose order is then not simply their
/// bytes' order).
/// `AnalyzeAtOtherAddressesTests` and the fuzz target `FuzzReplay` compare the objects written
/// from a template with fresh ones.
public struct BlockJSONTemplate: Sendable {
  /// The object, in order.
  private let pieces: [Piece]
  /// How many addresses the list has.
  private let addressCount: Int
  /// About how long an object written from the template is, to reserve that room once.
  public let typicalSize: Int

  private enum Piece: Sendable {
    /// Text of the object.
    case text(Text)
    /// One of the message's own values.
    case field(BlockJSON.MessageField)
    /// The members of an object sorted by name, each name and value.
    case sortedMembers([(name: Text, value: Text)])
  }

  /// A stretch of the object's text, with where the list's addresses stand in it.
  private struct Text: Sendable {
    var bytes: [UInt8]
    /// Each address in `bytes`: its range and its rank in the list's addresses.
    var addresses: [(range: Range<Int>, rank: Int)]

    /// Appends the text to `output` with the addresses of rank `i` written as `addresses[i]`.
    func write(_ addresses: [UInt64], to output: inout JSONWriter) {
      bytes.withUnsafeBufferPointer { text in
        var copied = 0
        for (range, rank) in self.addresses {
          output.appendWritten(UnsafeBufferPointer(rebasing: text[copied..<range.lowerBound]))
          output.appendAddress(addresses[rank])
          copied = range.upperBound
        }
        output.appendWritten(UnsafeBufferPointer(rebasing: text[copied...]))
      }
    }
  }

  /// The template of the object of `analysis`'s block (without code owners), written with
  /// `renaming` as ``BlockJSON/write(_:codeOwnership:renaming:to:)`` writes it; the block's
  /// list has `addresses` in order of first appearance (as ``ListKey/Builder`` gives them).
  /// `nil` when the object cannot be written again this way (see the type's comment).
  public init?(_ analysis: BlockAnalysis, renaming: AddressRenaming? = nil, addresses: [UInt64]) {
    let block = analysis.block
    guard block.descriptionsParsed, block.isFullyParsed, block.keepsAddressesInPlace else { return nil }
    var json = JSONWriter()
    var marks = BlockJSON.TemplateMarks(recording: true)
    BlockJSON.write(analysis, codeOwnership: nil, renaming: renaming, marks: &marks, to: &json)
    var ranks: [UInt64: Int] = Dictionary(minimumCapacity: addresses.count)
    for (rank, address) in addresses.enumerated() { ranks[address] = rank }
    let object = json.bytes
    func text(_ range: Range<Int>) -> Text? { Self.text(object[range], ranks: ranks) }
    // The marked pieces in the object's order, and the text around them.
    let marked: [(range: Range<Int>, piece: Piece?)] =
      (marks.fields.map { ($0.range, .field($0.field)) } + marks.sortedMembers.map { ($0.range, nil) })
      .sorted { $0.range.lowerBound < $1.range.lowerBound }
    var sorted = marks.sortedMembers.makeIterator()
    var pieces: [Piece] = []
    var copied = 0
    for (range, piece) in marked {
      guard let before = text(copied..<range.lowerBound) else { return nil }
      pieces.append(.text(before))
      if let piece {
        pieces.append(piece)
      } else {
        var members: [(name: Text, value: Text)] = []
        for member in sorted.next()?.members ?? [] {
          guard let name = text(member.name), let value = text(member.value),
            name.bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\\") })
          else { return nil }
          members.append((name, value))
        }
        // Two values of one name would have no order of their own.
        let names = members.map(\.name.bytes)
        guard zip(names, names.dropFirst()).allSatisfy({ $0.lexicographicallyPrecedes($1) }) else {
          return nil
        }
        pieces.append(.sortedMembers(members))
      }
      copied = range.upperBound
    }
    guard let last = text(copied..<object.count) else { return nil }
    pieces.append(.text(last))
    self.pieces = pieces
    addressCount = addresses.count
    typicalSize = object.count + 256
  }

  /// The bytes the template holds, for a cache's budget.
  public var byteCount: Int {
    func size(_ text: Text) -> Int { text.bytes.count + 16 * text.addresses.count }
    return pieces.reduce(0) { total, piece in
      switch piece {
      case .text(let text): total + size(text)
      case .field: total + 16
      case .sortedMembers(let members): members.reduce(total) { $0 + size($1.name) + size($1.value) }
      }
    }
  }

  /// Writes the object of `block`, a message that logs the template's list (the same renumbered
  /// ``ListKey``, the same member order) with `addresses` (its list's, in order of first
  /// appearance).
  public func write(for block: ConflictBlock, addresses: [UInt64], to json: inout JSONWriter) {
    precondition(addresses.count == addressCount, "a block of another list")
    var names = JSONWriter(capacity: 0)  // grown by the first witness, if any
    for piece in pieces {
      switch piece {
      case .text(let text): text.write(addresses, to: &json)
      case .field(let field): BlockJSON.write(field, of: block, to: &json)
      case .sortedMembers(let members): Self.write(members, sortedWith: addresses, scratch: &names, to: &json)
      }
    }
  }

  /// Writes `members` (`"name":value`, separated by commas) with `addresses`, in the order of
  /// their names as written (byte order, which for ASCII is the order of Swift's strings).
  private static func write(
    _ members: [(name: Text, value: Text)], sortedWith addresses: [UInt64], scratch: inout JSONWriter,
    to json: inout JSONWriter
  ) {
    scratch.removeAll()
    var names: [Range<Int>] = []
    names.reserveCapacity(members.count)
    for member in members {
      let start = scratch.bytes.count
      member.name.write(addresses, to: &scratch)
      names.append(start..<scratch.bytes.count)
    }
    let order = scratch.bytes.withUnsafeBufferPointer { bytes in
      names.indices.sorted { bytes[names[$0]].lexicographicallyPrecedes(bytes[names[$1]]) }
    }
    for (position, index) in order.enumerated() {
      if position > 0 { json.appendWritten(",") }
      json.appendWritten("\"")
      scratch.bytes.withUnsafeBufferPointer {
        json.appendWritten(UnsafeBufferPointer(rebasing: $0[names[index]]))
      }
      json.appendWritten("\":")
      members[index].value.write(addresses, to: &json)
    }
  }

  /// `text` with its addresses found: the tokens of ``AddressTokens`` whose value is one of the
  /// list's (`ranks`); `nil` when the text holds a `\u` escape.
  private static func text(_ text: ArraySlice<UInt8>, ranks: [UInt64: Int]) -> Text? {
    let text = Array(text)
    var previous: UInt8 = 0
    for byte in text {
      if previous == UInt8(ascii: "\\"), byte == UInt8(ascii: "u") { return nil }
      previous = byte
    }
    var addresses: [(range: Range<Int>, rank: Int)] = []
    text.withUnsafeBufferPointer { bytes in
      AddressTokens.forEach(in: bytes) { range, value in
        if let rank = ranks[value] { addresses.append((range, rank)) }
      }
    }
    return Text(bytes: text, addresses: addresses)
  }
}

extension BlockJSONTemplate {
  /// Block objects (a line of `lcq analyze --format json` each) written again from the first
  /// message that logged their list (``InputFile/analyzeRendered(_:with:jobs:render:templating:onQuiet:onRendered:)``).
  public static let templating = Templating<BlockJSONTemplate, [UInt8]>(
    make: { analysis, renaming, addresses in
      BlockJSONTemplate(analysis, renaming: renaming, addresses: addresses).map { ($0, $0.byteCount) }
    },
    fill: { template, block, addresses in
      var json = JSONWriter(capacity: template.typicalSize)
      template.write(for: block, addresses: addresses, to: &json)
      json.endLine()
      return json.bytes
    })
}
