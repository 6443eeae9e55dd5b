import UIKit

/// The browser's input toolbar.
@MainActor
public final class UnifiedToggleInputToolbarView: UIView {
  private let stack = UIStackView()
}
