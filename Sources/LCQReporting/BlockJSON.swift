import LCQAnalysis
import LCQParsing
import LCQSolver

/// The JSON form of an analysed block: one object per block, the contract of
/// `lcq analyze --format json` (documented in `docs/analyze-json.md`).
public enum BlockJSON {
  /// The `schema` of every object: version 2 has snake_case keys, as every command's JSON.
  public static let schema = "lcq-analyze/2"

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
    let block = analysis.block
    json.beginObject()
    json.string("schema", schema)
    json.key("source")
    write(block.source, to: &json)
    json.string("platform", block.platform.rawValue)
    json.string("header", block.header.rawValue)
    json.bool("starts_mid_list", block.startsMidList)
    json.string("verdict", analysis.verdict.rawValue)
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
      json.int("index", block.brokenConstraintIndex)
      ReplayJSON.writeStanding(analysis.replay?.brokenConstraint, to: &json)
      writeMembers(of: logged, to: &json)
      json.endObject()
    } else {
      json.null()
    }
    ReplayJSON.writeMembers(of: analysis.replay, renaming: renaming, to: &json)
    json.string("fingerprint", analysis.fingerprint)
    json.string("title", analysis.title)
    DiagnosisJSON.writeMembers(of: analysis.diagnosis, renaming: renaming, to: &json)
    json.bool("redacted", block.isRedacted)
    json.key("issues")
    json.strings(block.issues.map(\.description))
    json.int("interleaved_lines", block.interleavedLineCount)
    json.int("last_line", block.lastLine)
    if let codeOwnership { CodeOwnerText.writeJSONMembers(codeOwnership, to: &json) }
    json.endObject()
  }

  private static func write(_ source: BlockSource, to json: inout JSONWriter) {
    json.beginObject()
    json.string("file", source.file)
    json.int("line", source.line)
    json.string("timestamp", source.timestamp?.iso8601)
    json.string("timestamp_text", source.timestamp?.text)
    json.string("process", source.process)
    json.int("pid", source.pid)
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

  private static func writeMembers(of logged: LoggedConstraint, to json: inout JSONWriter) {
    json.string("description", logged.description)
    json.string("address", logged.address)
    json.int("line", logged.line)
    json.int("column", logged.column)
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
      !text.hasPrefix(".") && !text.hasPrefix("-.") && !text.hasSuffix(".") && !text.contains(".e")
      && !text.contains(".E")
      && !(text.hasPrefix("0") && text.count > 1 && text.dropFirst().first?.isNumber == true)
      && !(text.hasPrefix("-0") && text.count > 2 && text.dropFirst(2).first?.isNumber == true)
    if isJSONNumber { return .number(text) }
    return number.value.isFinite ? .number("\(number.value)") : .null
  }
}
