/// Turns one constraint description (`<NSLayoutConstraint:0x… A.width == 8   (active)>`) into a
/// ``LayoutConstraint``.
///
/// The grammar is `"<" CLASS ":" ADDR ["@" FILE "#" LINE] [MASK] ["'" IDENTIFIER "'"] BODY [STATE] ">"`
/// where BODY is an equation or a visual-format string; see `GRAMMAR.md` §5 in the shared
/// corpus for every variant this accepts.
public struct ConstraintParser: Sendable {
  /// Creates a parser.
  public init() {}

  /// Parses `description`.
  ///
  /// - Returns: the typed constraint, or a ``ConstraintParseFailure`` saying at which column
  ///   (1-based, in bytes, within `description`) it stopped and why.
  public func parse(_ description: String) -> Result<LayoutConstraint, ConstraintParseFailure> {
    var bytes = Array(description.utf8)
    if let (rewritten, bodyColumn) = OldPrintStyle.rewritten(bytes) {
      guard let constraint = try? DescriptionReader(bytes: rewritten).read() else {
        return .failure(
          ConstraintParseFailure(
            column: bodyColumn,
            reason:
              "unknown description format (the old `<Class: address> body` style, with a body lcq cannot read)"
          ))
      }
      return .success(constraint)
    }
    do {
      let unwrapped = try Self.unwrapNestedItems(&bytes)
      var constraint = try DescriptionReader(bytes: bytes).read()
      if unwrapped { constraint.notation = .equation }
      return .success(constraint)
    } catch let failure as ConstraintParseFailure {
      return .failure(failure)
    } catch {
      return .failure(ConstraintParseFailure(column: 1, reason: "\(error)"))
    }
  }

  /// Early SnapKit printed `<<Module.LayoutConstraint:0x…> <UIView:0x…>.top == <…>.bottom>`:
  /// drops the inner angle brackets so the ordinary grammar applies.
  static func unwrapNestedItems(_ bytes: inout [UInt8]) throws -> Bool {
    guard bytes.count > 2, bytes[0] == UInt8(ascii: "<"), bytes[1] == UInt8(ascii: "<") else {
      return false
    }
    var result: [UInt8] = [UInt8(ascii: "<")]
    var index = 1
    let last = bytes.lastIndex(of: UInt8(ascii: ">")) ?? bytes.count
    while index < last {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<"), index + 1 < last, bytes[index + 1].isClassNameByte {
        index += 1
        continue
      }
      if byte == UInt8(ascii: ">") {
        index += 1
        continue
      }
      result.append(byte)
      index += 1
    }
    result.append(UInt8(ascii: ">"))
    bytes = result
    return true
  }
}

/// Why a description did not parse, and where.
public struct ConstraintParseFailure: Error, Sendable, Hashable, CustomStringConvertible {
  /// 1-based column in the description.
  public var column: Int
  /// What was expected or wrong.
  public var reason: String

  /// Creates a failure.
  public init(column: Int, reason: String) {
    self.column = column
    self.reason = reason
  }

  /// The value as lcq prints it.
  public var description: String { "column \(column): \(reason)" }
}

extension UInt8 {
  /// Bytes that may appear in a printed class name (`Proto.HeaderView`, `_TtGC8…$…_`).
  var isClassNameByte: Bool {
    isASCIILetter || isASCIIDigit || self == UInt8(ascii: "_") || self == UInt8(ascii: ".")
      || self == UInt8(ascii: "$")
  }
}
