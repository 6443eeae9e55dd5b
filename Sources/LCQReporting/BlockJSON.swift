import LCQAnalysis
import LCQParsing
import LCQSolver

/// The JSON form of an analysed block: one object per block, the contract of
/// `lcq analyze --format json` (documented in `docs/analyze-json.md`).
public enum BlockJSON {
  /// The `schema` of every object: version 3 added `envelope` (version 2: snake_case keys, as every command's JSON).
  public static let schema = "lcq-analyze/3"

  /// The block's object with `code_owners` and `source_files` last (`lcq analyze
  /// --source-root`), or without them when `codeOwnership` is `nil`; `renaming` as in
  /// ``write(_:codeOwnership:renaming:to:)``.
  public static func value(
    of analysis: BlockAnalysis, codeOwnership: CodeOwnership? = nil, renaming: AddressRenaming? = nil
  ) -> JSONValue {
    var json = JSONWriter()
    write(analysis, codeOwnership: codeOwnership, renaming: renaming, to: &json)
    return .json(String(decoding: json.bytes, as: UTF8.self))
  }

  /// Writes the block's object (with `code_owners` and `source_files` last when
  /// `codeOwnership` is given) to `json`. With `renaming`, the analysis is another block's with
  /// the same list at other addresses (``RepeatedLists``): its replay's and diagnosis's text
  /// is written with this block's addresses.
  public static func write(
    _ analysis: BlockAnalysis, codeOwnership: CodeOwnership?, renaming: AddressRenaming? = nil,
    to json: inout JSONWriter
  ) {
    var marks = TemplateMarks(recording: false)
    write(analysis, codeOwnership: codeOwnership, renaming: renaming, marks: &marks, to: &json)
  }

  /// As ``write(_:codeOwnership:renaming:to:)``; each of the message's own values is written by
  /// ``write(_:of:to:)``, and `marks` records where (for ``BlockJSONTemplate``).
  static func write(
    _ analysis: BlockAnalysis, codeOwnership: CodeOwnership?, renaming: AddressRenaming?,
    marks: inout TemplateMarks, to json: inout JSONWriter
  ) {
    let block = analysis.block
    json.beginObject()
    json.string("schema", schema)
    json.key("source")
    marks.write(.source, of: block, to: &json)
    json.string("platform", block.platform.rawValue)
    json.key("header")
    marks.write(.header, of: block, to: &json)
    json.key("starts_mid_list")
    marks.write(.startsMidList, of: block, to: &json)
    json.string("verdict", analysis.verdict.rawValue)
    json.key("constraints")
    json.beginArray()
    for index in block.constraints.indices {
      json.beginObject()
      writeMembers(of: block.constraints[index], at: .member(index), of: block, marks: &marks, to: &json)
      DiagnosisJSON.writeConstraintMembers(analysis, index, renaming: renaming, to: &json)
      json.endObject()
    }
    json.endArray()
    json.key("broken_constraint")
    if let logged = block.brokenConstraint {
      json.beginObject()
      json.int("index", block.brokenConstraintIndex)
      ReplayJSON.writeStanding(analysis.replay?.brokenConstraint, to: &json)
      writeMembers(of: logged, at: .broken, of: block, marks: &marks, to: &json)
      json.endObject()
    } else {
      json.null()
    }
    ReplayJSON.writeMembers(of: analysis.replay, renaming: renaming, marks: &marks, to: &json)
    json.string("fingerprint", analysis.fingerprint)
    json.string("title", analysis.title)
    DiagnosisJSON.writeMembers(of: analysis.diagnosis, renaming: renaming, to: &json)
    EnvelopeJSON.writeMembers(of: analysis.envelope, to: &json)
    DamageJSON.writeMembers(of: analysis.damage, renaming: renaming, to: &json)
    json.bool("redacted", block.isRedacted)
    json.key("issues")
    marks.write(.issues, of: block, to: &json)
    json.key("interleaved_lines")
    marks.write(.interleavedLines, of: block, to: &json)
    json.key("last_line")
    marks.write(.lastLine, of: block, to: &json)
    if let codeOwnership { CodeOwnerText.writeJSONMembers(codeOwnership, to: &json) }
    json.endObject()
  }

  /// A value of a block's object that is the message's own (where and when it was logged, how
  /// it was framed) rather than its list's: two messages that log the same list differ only in
  /// these and in their addresses.
  enum MessageField: Sendable {
    /// Which constraint of the block: a member of the list, or the broken constraint.
    enum Constraint: Sendable {
      case member(Int)
      case broken
    }
    case source, header, startsMidList
    case line(Constraint), column(Constraint)
    case issues, interleavedLines, lastLine
  }

  /// Writes `field`'s value for `block`.
  static func write(_ field: MessageField, of block: ConflictBlock, to json: inout JSONWriter) {
    func logged(_ constraint: MessageField.Constraint) -> LoggedConstraint? {
      switch constraint {
      case .member(let index): block.constraints[index]
      case .broken: block.brokenConstraint
      }
    }
    switch field {
    case .source: write(block.source, to: &json)
    case .header: json.string(block.header.rawValue)
    case .startsMidList: json.bool(block.startsMidList)
    case .line(let constraint): json.int(logged(constraint)?.line)
    case .column(let constraint): json.int(logged(constraint)?.column)
    case .issues: json.strings(block.issues.map(\.description))
    case .interleavedLines: json.int(block.interleavedLineCount)
    case .lastLine: json.int(block.lastLine)
    }
  }

  /// What a ``BlockJSONTemplate`` needs to know of a block's object, recorded while it is
  /// written (when `recording`).
  struct TemplateMarks {
    /// Each of the message's own values, with its bytes in the writer.
    private(set) var fields: [(field: MessageField, range: Range<Int>)] = []
    /// Each object whose members are sorted by name (a witness's values): the bytes of its
    /// members (inside its braces), and of each member's name (inside its quotes) and value.
    var sortedMembers: [(range: Range<Int>, members: [(name: Range<Int>, value: Range<Int>)])] = []
    let recording: Bool

    init(recording: Bool) {
      self.recording = recording
    }

    /// Writes `field`'s value for `block`, and records where when recording.
    mutating func write(_ field: MessageField, of block: ConflictBlock, to json: inout JSONWriter) {
      let start = json.bytes.count
      BlockJSON.write(field, of: block, to: &json)
      if recording { fields.append((field, start..<json.bytes.count)) }
    }
  }

  private static func write(_ source: BlockSource, to json: inout JSONWriter) {
    json.beginObject()
    json.string("file", source.file)
    json.int("line", source.line)
    json.string("timestamp", source.timestamp?.iso8601)
    json.string("timestamp_text", source.timestamp?.text)
    json.string("process", source.process)
    json.int("pid", source.pid)
    json.string("test", source.test)
    json.endObject()
  }

  /// `{"file": …, "line": …}`, or `null`.
  static func write(_ location: SourceLocation?, renaming: AddressRenaming? = nil, to json: inout JSONWriter)
  {
    guard let location else { return json.null() }
    json.beginObject()
    json.string("file", renaming.apply(location.file))
    json.int("line", location.line)
    json.endObject()
  }

  private static func writeMembers(
    of logged: LoggedConstraint, at place: MessageField.Constraint, of block: ConflictBlock,
    marks: inout TemplateMarks, to json: inout JSONWriter
  ) {
    json.string("description", logged.description)
    json.string("address", logged.address)
    json.key("line")
    marks.write(.line(place), of: block, to: &json)
    json.key("column")
    marks.write(.column(place), of: block, to: &json)
    json.bool("parsed", logged.isParsed)
    json.string("issue", logged.issue?.reason)
    guard let constraint = logged.constraint else { return }
    json.string("class_name", constraint.className)
    json.string("origin", constraint.origin.description)
    json.key("autoresizing_mask")
    if case .autoresizingMask(let value?) = constraint.origin {
      json.beginObject()
      json.string("horizontal", value.horizontal)
      json.string("vertical", value.vertical)
      json.endObject()
    } else {
      json.null()
    }
    json.string("identifier", constraint.identifier)
    json.key("source_location")
    write(constraint.sourceLocation, to: &json)
    json.key("first_item")
    write(constraint.firstItem, to: &json)
    json.string("first_attribute", constraint.firstAttribute.description)
    json.string("relation", constraint.relation.rawValue)
    json.key("multiplier")
    json.value(number(constraint.multiplier))
    json.key("second_item")
    if let second = constraint.secondItem { write(second, to: &json) } else { json.null() }
    json.string("second_attribute", constraint.secondAttribute?.description)
    json.key("constant")
    json.value(number(constraint.constant))
    json.key("system_spacing")
    json.value(constraint.systemSpacing.map(number) ?? .null)
    json.key("priority")
    json.value(constraint.priority.map(number) ?? .null)
    json.bool("active", constraint.isActive)
    json.string("notation", constraint.notation.rawValue)
    json.string("direction", constraint.direction?.rawValue)
    json.key("names")
    json.beginArray()
    for name in constraint.names {
      json.beginObject()
      json.string("key", name.key)
      json.string("class_name", name.item.className)
      json.string("address", name.item.address)
      json.endObject()
    }
    json.endArray()
  }

  private static func write(_ item: LayoutItem, to json: inout JSONWriter) {
    json.beginObject()
    json.string("class_name", item.className)
    json.string("address", item.address)
    json.string("label", item.label)
    json.string("name", item.name)
    json.endObject()
  }

  /// The printed digits when they are valid JSON, else the `Double`.
  ///
  /// `null` when no `Double` holds the number (`1e400`, `inf`) or it is beyond what lcq reads
  /// exactly: a JSON reader would fail on it or read infinity. The description keeps the text.
  static func number(_ number: LoggedNumber) -> JSONValue {
    let text = number.text
    guard number.value.isFinite, Rational.isWithinDecimalLimits(text) else { return .null }
    let isJSONNumber =
      !text.hasPrefix(".") && !text.hasPrefix("-.") && !text.hasSuffix(".") && !hasPointBeforeExponent(text)
      && !(text.hasPrefix("0") && text.count > 1 && text.dropFirst().first?.isNumber == true)
      && !(text.hasPrefix("-0") && text.count > 2 && text.dropFirst(2).first?.isNumber == true)
    if isJSONNumber { return .number(text) }
    return number.value.isFinite ? .number("\(number.value)") : .null
  }

  /// Whether a `.` stands just before the exponent's `e` or `E` (`1.e5`), which JSON does not
  /// allow. Read as bytes: Foundation's substring search costs more than the whole number.
  private static func hasPointBeforeExponent(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if previous == UInt8(ascii: "."), byte | 0x20 == UInt8(ascii: "e") { return true }
      previous = byte
    }
    return false
  }
}
