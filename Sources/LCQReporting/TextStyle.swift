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

  func bold(_ text: String) -> String { styled(text, 1) }
  func dim(_ text: String) -> String { styled(text, 2) }
  func red(_ text: String) -> String { styled(text, 31) }
  func green(_ text: String) -> String { styled(text, 32) }
  func yellow(_ text: String) -> String { styled(text, 33) }

  /// `text` between the SGR escape of `code` (ECMA-48: 1 bold, 2 faint, 31–33 red, green,
  /// yellow) and the one that resets every attribute, when coloured; else `text`.
  private func styled(_ text: String, _ code: Int) -> String {
    colored ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
  }
}
