import LCQAnalysis

extension Optional where Wrapped == AddressRenaming {
  /// `text` with its addresses renamed, or as it is when there is no renaming (a block's own
  /// analysis).
  func apply(_ text: String?) -> String? {
    guard let text, let renaming = self else { return text }
    return renaming.apply(text)
  }
}
