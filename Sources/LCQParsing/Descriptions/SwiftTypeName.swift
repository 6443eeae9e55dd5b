/// A Swift class's runtime name read back: `_TtC5MyApp8CardView` is `MyApp.CardView`.
///
/// Swift classes visible to the Objective-C runtime that are generic, nested or private keep a
/// mangled name, which is what Auto Layout prints: `_TtC` (a class), `_TtCC` (a class nested in a
/// class), `_TtGC…_` (a generic class and its arguments), with each name written as its length
/// and characters, a private name's discriminator after `P`, and `S_`, `S0_`, … standing for the
/// module or type written before. Only these runtime names are read; anything else is `nil`.
public struct SwiftTypeName: Sendable, Hashable {
  /// The module (`MyApp`, `UIKit`; `Swift` for `Ss`, `__ObjC` for `So`).
  public var module: String
  /// The type's name with the types it is nested in, outermost first (`["NavigationButtonBar",
  /// "ItemWrapperView"]`).
  public var path: [String]
  /// The generic arguments, in order.
  public var arguments: [SwiftTypeName]

  /// Reads a runtime name; `nil` unless it is a whole `_Tt` name this reader knows.
  public init?(runtimeName: String) {
    guard runtimeName.hasPrefix("_Tt") else { return nil }
    var reader = Reader(bytes: Array(runtimeName.utf8.dropFirst(3)))
    guard let name = reader.type(), reader.index == reader.bytes.count else { return nil }
    self = name
  }

  init(module: String, path: [String], arguments: [SwiftTypeName] = []) {
    self.module = module
    self.path = path
    self.arguments = arguments
  }

  /// The name without modules: `CardView<RecoveryKeyView>`, `NavigationButtonBar.ItemWrapperView`.
  public var readable: String {
    let name = path.joined(separator: ".")
    guard !arguments.isEmpty else { return name }
    return name + "<" + arguments.map(\.readable).joined(separator: ", ") + ">"
  }

  /// The name with its module: `MyApp.CardView<RecoveryKeyView>`.
  public var qualified: String { module + "." + readable }

  /// Every module the name mentions, its own first, then its generic arguments'.
  public var modules: [String] { [module] + arguments.flatMap(\.modules) }

  /// Reads the old mangling that runtime names keep.
  private struct Reader {
    let bytes: [UInt8]
    var index = 0
    /// What `S_`, `S0_`, `S1_`… stand for: modules and types, in the order they were written.
    var substitutions: [SwiftTypeName] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    var next: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func take(_ byte: Character) -> Bool {
      guard next == byte.asciiValue else { return false }
      index += 1
      return true
    }

    /// A type: a generic `G` type with its arguments up to `_`, or a class, struct or enum.
    mutating func type() -> SwiftTypeName? {
      if take("G") {
        guard var generic = type() else { return nil }
        var arguments: [SwiftTypeName] = []
        while !take("_") {
          guard let argument = type() else { return nil }
          arguments.append(argument)
        }
        generic.arguments = arguments
        return generic
      }
      guard take("C") || take("V") || take("O") else { return nil }
      guard let context = context(), let name = declarationName() else { return nil }
      let type = SwiftTypeName(module: context.module, path: context.path + [name])
      substitutions.append(type)
      return type
    }

    /// What a type is declared in: a module, a substitution or an outer type (its `path` empty
    /// for a module).
    mutating func context() -> SwiftTypeName? {
      if next == UInt8(ascii: "C") || next == UInt8(ascii: "V") || next == UInt8(ascii: "O") { return type() }
      if take("S") {
        if take("s") { return SwiftTypeName(module: "Swift", path: []) }
        if take("o") { return SwiftTypeName(module: "__ObjC", path: []) }
        if take("C") { return SwiftTypeName(module: "__C", path: []) }
        var position = 0
        if !take("_") {
          guard let number = self.number(), take("_") else { return nil }
          position = number + 1
        }
        return position < substitutions.count ? substitutions[position] : nil
      }
      guard let module = identifier() else { return nil }
      let context = SwiftTypeName(module: module, path: [])
      substitutions.append(context)
      return context
    }

    /// A declaration's name, after a private one's `P` and discriminator.
    mutating func declarationName() -> String? {
      if take("P") { guard identifier() != nil else { return nil } }
      return identifier()
    }

    /// A name written as its length and its characters.
    mutating func identifier() -> String? {
      guard let length = number(), length > 0, index + length <= bytes.count else { return nil }
      defer { index += length }
      return String(decoding: bytes[index..<(index + length)], as: UTF8.self)
    }

    mutating func number() -> Int? {
      let start = index
      var value = 0
      while let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), index - start < 6 {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        index += 1
      }
      return index > start ? value : nil
    }
  }
}
