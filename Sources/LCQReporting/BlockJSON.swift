import LCQAnalysis
import LCQParsing
import LCQSolver

/// The JSON form of an analysed block: one object per block, the contract of
/// `lcq analyze --format json` (documented in `docs/analyze-json.md`).
public enum BlockJSON {
  /// The `schema` of every object: version 2 has snake_case keys, as every command's JSON.
  public static let schema = "lcq-analyze/2"

  /// The block's object with `code_owners` and `source_files` last (`lcq analyze
  /// --source-root`), or without them when `codeOwnership` is `nil`.
  public static func value(of analysis: BlockAnalysis, codeOwnership: CodeOwnership? = nil) -> JSONValue {
    var json = JSONWriter()
    write(analysis, codeOwnership: codeOwnership, to: &json)
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
    let block = analysis.block
    json.beginObject()
    json.key("schema")
    json.string(schema)
    json.key("source")
    write(block.source, to: &json)
    json.key("platform")
    json.string(block.platform.rawValue)
    json.key("header")
    json.string(block.header.rawValue)
    json.key("starts_mid_list")
    json.bool(block.startsMidList)
    json.key("verdict")
    json.string(analysis.verdict.rawValue)
    json.key("constraints")
    json.beginArray()
    for index in block.constraints.indices {
      json.beginObject()
      writeMembers(of: block.constraints[index], to: &json)
      DiagnosisJSON.writeConstraintMembers(analysis, index, renaming: renaming, to: &json)
      json.endObject()
    }
    json.endArray()
    json.key("broken_constraint")
    if let logged = block.brokenConstraint {
      json.beginObject()
      json.key("index")
      json.int(block.brokenConstraintIndex)
      ReplayJSON.writeStanding(analysis.replay?.brokenConstraint, to: &json)
      writeMembers(of: logged, to: &json)
      json.endObject()
    } else {
      json.null()
    }
    ReplayJSON.writeMembers(of: analysis.replay, renaming: renaming, to: &json)
    json.key("fingerprint")
    json.string(analysis.fingerprint)
    json.key("title")
    json.string(analysis.title)
    DiagnosisJSON.writeMembers(of: analysis.diagnosis, renaming: renaming, to: &json)
    json.key("redacted")
    json.bool(block.isRedacted)
    json.key("issues")
    json.strings(block.issues.map(\.description))
    json.key("interleaved_lines")
    json.int(block.interleavedLineCount)
    json.key("last_line")
    json.int(block.lastLine)
    if let codeOwnership { CodeOwnerText.writeJSONMembers(codeOwnership, to: &json) }
    json.endObject()
  }

  private static func write(_ source: BlockSource, to json: inout JSONWriter) {
    json.beginObject()
    json.key("file")
    json.string(source.file)
    json.key("line")
    json.int(source.line)
    json.key("timestamp")
    json.string(source.timestamp?.iso8601)
    json.key("timestamp_text")
    json.string(source.timestamp?.text)
    json.key("process")
    json.string(source.process)
    json.key("pid")
    json.int(source.pid)
    json.endObject()
  }

  /// `{"file": …, "line": …}`, or `null`.
  static func write(_ location: SourceLocation?, renaming: AddressRenaming? = nil, to json: inout JSONWriter)
  {
    guard let location else { return json.null() }
    json.beginObject()
    json.key("file")
    json.string(renaming.apply(location.file))
    json.key("line")
    json.int(location.line)
    json.endObject()
  }

  private static func writeMembers(of logged: LoggedConstraint, to json: inout JSONWriter) {
    json.key("description")
    json.string(logged.description)
    json.key("address")
    json.string(logged.address)
    json.key("line")
    json.int(logged.line)
    json.key("column")
    json.int(logged.column)
    json.key("parsed")
    json.bool(logged.isParsed)
    json.key("issue")
    json.string(logged.issue?.reason)
    guard let constraint = logged.constraint else { return }
    json.key("class_name")
    json.string(constraint.className)
    json.key("origin")
    json.string(constraint.origin.description)
    json.key("autoresizing_mask")
    if case .autoresizingMask(let value?) = constraint.origin {
      json.beginObject()
      json.key("horizontal")
      json.string(value.horizontal)
      json.key("vertical")
      json.string(value.vertical)
      json.endObject()
    } else {
      json.null()
    }
    json.key("identifier")
    json.string(constraint.identifier)
    json.key("source_location")
    write(constraint.sourceLocation, to: &json)
    json.key("first_item")
    write(constraint.firstItem, to: &json)
    json.key("first_attribute")
    json.string(constraint.firstAttribute.description)
    json.key("relation")
    json.string(constraint.relation.rawValue)
    json.key("multiplier")
    json.value(number(constraint.multiplier))
    json.key("second_item")
    if let second = constraint.secondItem { write(second, to: &json) } else { json.null() }
    json.key("second_attribute")
    json.string(constraint.secondAttribute?.description)
    json.key("constant")
    json.value(number(constraint.constant))
    json.key("system_spacing")
    json.value(constraint.systemSpacing.map(number) ?? .null)
    json.key("priority")
    json.value(constraint.priority.map(number) ?? .null)
    json.key("active")
    json.bool(constraint.isActive)
    json.key("notation")
    json.string(constraint.notation.rawValue)
    json.key("direction")
    json.string(constraint.direction?.rawValue)
    json.key("names")
    json.beginArray()
    for name in constraint.names {
      json.beginObject()
      json.key("key")
      json.string(name.key)
      json.key("class_name")
      json.string(name.item.className)
      json.key("address")
      json.string(name.item.address)
      json.endObject()
    }
    json.endArray()
  }

  private static func write(_ item: LayoutItem, to json: inout JSONWriter) {
    json.beginObject()
    json.key("class_name")
    json.string(item.className)
    json.key("address")
    json.string(item.address)
    json.key("label")
    json.string(item.label)
    json.key("name")
    json.string(item.name)
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
      !text.hasPrefix(".") && !text.hasPrefix("-.") && !text.hasSuffix(".") && !text.contains(".e")
      && !text.contains(".E")
      && !(text.hasPrefix("0") && text.count > 1 && text.dropFirst().first?.isNumber == true)
      && !(text.hasPrefix("-0") && text.count > 2 && text.dropFirst(2).first?.isNumber == true)
    if isJSONNumber { return .number(text) }
    return number.value.isFinite ? .number("\(number.value)") : .null
  }
}
