import ArgumentParser
import MCP

/// A tool call's arguments, read with a clear error for each thing that is wrong: a missing
/// argument, one of the wrong type or out of range, one the tool does not take.
struct ToolArguments {
  private let values: [String: Value]
  private let tool: String

  /// The arguments of a call of `tool`; anything not in `known` is refused.
  init(_ values: [String: Value]?, tool: String, known: Set<String>) throws(ToolError) {
    self.values = values ?? [:]
    self.tool = tool
    if let unknown = self.values.keys.sorted().first(where: { !known.contains($0) }) {
      throw ToolError(
        "\(tool) takes no argument '\(unknown)' (it takes: \(known.sorted().joined(separator: ", ")))")
    }
  }

  /// The text argument `key`, `nil` when it is absent or null.
  func text(_ key: String) throws(ToolError) -> String? {
    switch values[key] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    default: throw ToolError("\(tool): '\(key)' must be a string")
    }
  }

  /// The text argument `key`, which the call must give (not empty).
  func requiredText(_ key: String, _ meaning: String) throws(ToolError) -> String {
    guard let text = try text(key), !text.isEmpty else {
      throw ToolError("\(tool) needs '\(key)': \(meaning)")
    }
    return text
  }

  /// The window the argument `since` (a date, a time or a duration back from now) opens, up to
  /// now; the whole history when it is absent.
  func window() throws(ToolError) -> TimeWindow {
    let since = try text("since")
    do {
      return try TimeWindow(since: since, until: nil, now: currentTime)
    } catch {
      throw ToolError("\(tool): \(error.message.replacingOccurrences(of: "--since", with: "'since'"))")
    }
  }

  /// The integer argument `key` within `range`, `nil` when absent.
  func integer(_ key: String, in range: ClosedRange<Int>) throws(ToolError) -> Int? {
    switch values[key] {
    case nil, .null?: return nil
    case .int(let number)? where range.contains(number): return number
    case .double(let number)?
    where number.rounded() == number && range.contains(Int(exactly: number) ?? .min):
      return Int(number)
    default:
      throw ToolError("\(tool): '\(key)' must be an integer from \(range.lowerBound) to \(range.upperBound)")
    }
  }

  /// The argument `key`, a finite number of 0 or more (points), `nil` when absent.
  func points(_ key: String) throws(ToolError) -> Double? {
    switch values[key] {
    case nil, .null?: return nil
    case .int(let number)? where number >= 0: return Double(number)
    case .double(let number)? where number >= 0 && number.isFinite: return number
    default: throw ToolError("\(tool): '\(key)' must be a number of points, 0 or more (such as 1)")
    }
  }

  /// The argument `key`, one of `choices`' raw values, `nil` when absent.
  func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, _ type: Choice.Type) throws(ToolError)
    -> Choice? where Choice.RawValue == String
  {
    guard let text = try text(key) else { return nil }
    guard let choice = Choice(rawValue: text) else {
      let names = Choice.allCases.map(\.rawValue).joined(separator: ", ")
      throw ToolError("\(tool): '\(key)' must be one of \(names), not '\(text)'")
    }
    return choice
  }
}

/// What went wrong in a tool call, told to the agent as the call's result (`isError`), never
/// as a crash: the message says what to change.
struct ToolError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}
