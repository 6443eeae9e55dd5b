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
  public static func value(of analysis: BlockAnalysis, codeOwnership: CodeOwnership?) -> JSONValue {
    guard let codeOwnership, case .object(let members) = value(of: analysis) else {
      return value(of: analysis)
    }
    return .object(members + CodeOwnerText.jsonMembers(codeOwnership))
  }

  /// The block as a JSON object.
  public static func value(of analysis: BlockAnalysis) -> JSONValue {
    let block = analysis.block
    var broken: JSONValue = .null
    if let logged = block.brokenConstraint {
      broken = .object(
        [("index", .int(block.brokenConstraintIndex))]
          + ReplayJSON.standing(analysis.replay?.brokenConstraint) + constraintMembers(logged))
    }
    return .object(
      [
        ("schema", .string(schema)),
        ("source", source(block.source)),
        ("platform", .string(block.platform.rawValue)),
        ("header", .string(block.header.rawValue)),
        ("starts_mid_list", .bool(block.startsMidList)),
        ("verdict", .string(analysis.verdict.rawValue)),
        (
          "constraints",
          .array(
            block.constraints.indices.map { index in
              .object(
                constraintMembers(block.constraints[index]) + DiagnosisJSON.constraintMembers(analysis, index)
              )
            })
        ),
        ("broken_constraint", broken),
      ] + ReplayJSON.members(of: analysis.replay) + [
        ("fingerprint", .string(analysis.fingerprint)),
        ("title", .string(analysis.title)),
      ] + DiagnosisJSON.members(of: analysis.diagnosis) + [
        ("redacted", .bool(block.isRedacted)),
        ("issues", .array(block.issues.map { .string($0.description) })),
        ("interleaved_lines", .int(block.interleavedLineCount)),
        ("last_line", .int(block.lastLine)),
      ])
  }

  private static func source(_ source: BlockSource) -> JSONValue {
    .object([
      ("file", .string(source.file)),
      ("line", .int(source.line)),
      ("timestamp", .string(source.timestamp?.iso8601)),
      ("timestamp_text", .string(source.timestamp?.text)),
      ("process", .string(source.process)),
      ("pid", .int(source.pid)),
    ])
  }

  private static func constraintMembers(_ logged: LoggedConstraint) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [
      ("description", .string(logged.description)),
      ("address", .string(logged.address)),
      ("line", .int(logged.line)),
      ("column", .int(logged.column)),
      ("parsed", .bool(logged.isParsed)),
      ("issue", .string(logged.issue?.reason)),
    ]
    guard let constraint = logged.constraint else { return members }
    var mask: JSONValue = .null
    if case .autoresizingMask(let value?) = constraint.origin {
      mask = .object([("horizontal", .string(value.horizontal)), ("vertical", .string(value.vertical))])
    }
    members += [
      ("class_name", .string(constraint.className)),
      ("origin", .string(constraint.origin.description)),
      ("autoresizing_mask", mask),
      ("identifier", .string(constraint.identifier)),
      (
        "source_location",
        constraint.sourceLocation.map {
          .object([("file", .string($0.file)), ("line", .int($0.line))])
        } ?? .null
      ),
      ("first_item", item(constraint.firstItem)),
      ("first_attribute", .string(constraint.firstAttribute.description)),
      ("relation", .string(constraint.relation.rawValue)),
      ("multiplier", number(constraint.multiplier)),
      ("second_item", constraint.secondItem.map(item) ?? .null),
      ("second_attribute", .string(constraint.secondAttribute?.description)),
      ("constant", number(constraint.constant)),
      ("system_spacing", constraint.systemSpacing.map(number) ?? .null),
      ("priority", constraint.priority.map(number) ?? .null),
      ("active", constraint.isActive.map { .bool($0) } ?? .null),
      ("notation", .string(constraint.notation.rawValue)),
      ("direction", .string(constraint.direction?.rawValue)),
      (
        "names",
        .array(
          constraint.names.map {
            .object([
              ("key", .string($0.key)), ("class_name", .string($0.item.className)),
              ("address", .string($0.item.address)),
            ])
          })
      ),
    ]
    return members
  }

  private static func item(_ item: LayoutItem) -> JSONValue {
    .object([
      ("class_name", .string(item.className)),
      ("address", .string(item.address)),
      ("label", .string(item.label)),
      ("name", .string(item.name)),
    ])
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
