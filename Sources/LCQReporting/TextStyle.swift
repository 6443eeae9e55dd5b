@preconcurrency import Rainbow

/// Whether text output is coloured, and the few styles lcq uses.
///
/// Colour is for people at a terminal only: ``decide(standardOutputIsTerminal:environment:)``
/// turns it off when output is piped, when `NO_COLOR` is set (https://no-color.org) and for
/// `TERM=dumb`.
public struct TextStyle: Sendable {
  /// Whether escape codes are written.
  public var colored: Bool

  /// Creates a style.
  public init(colored: Bool) {
    self.colored = colored
  }

  /// Plain text.
  public static let plain = TextStyle(colored: false)

  /// The style for standard output, from whether it is a terminal and the environment.
  public static func decide(standardOutputIsTerminal: Bool, environment: [String: String]) -> TextStyle {
    if let value = environment["NO_COLOR"], !value.isEmpty { return .plain }
    if environment["TERM"] == "dumb" { return .plain }
    return TextStyle(colored: standardOutputIsTerminal)
  }

  /// Turns Rainbow on or off to match; call once before rendering.
  public func apply() {
    Rainbow.outputTarget = .console
    Rainbow.enabled = colored
  }

  func bold(_ text: String) -> String { colored ? text.bold : text }
  func dim(_ text: String) -> String { colored ? text.dim : text }
  func red(_ text: String) -> String { colored ? text.red : text }
  func green(_ text: String) -> String { colored ? text.green : text }
  func yellow(_ text: String) -> String { colored ? text.yellow : text }
}
