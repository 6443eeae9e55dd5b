import LCQParsing
import LCQSolver

/// What a conflict does to the layout UIKit draws: UIKit draws it without the constraint it
/// broke, so the figure is how far every layout the rest of the block allows is from what that
/// constraint asked (docs/diagnosis.md, "The damage").
public struct Damage: Sendable, Hashable {
  /// Whether the miss shows on a screen.
  public enum Shows: String, Sendable, Hashable {
    /// Under half a point: under one pixel on a 2× screen.
    case invisible
    /// From half a point to under one point.
    case subpixel
    /// A point or more, or a view collapsed to nothing.
    case visible

    /// A miss below this is invisible: half a point is one pixel on a 2× screen.
    public static let invisibleBelow = Rational(1, 2)
    /// A miss of this or more is visible: a point is two pixels on a 2× screen, three on a 3× one.
    public static let visibleFrom = Rational.one

    /// How a miss of `miss` points shows, a view collapsed or not.
    public static func of(miss: Rational, collapsed: Bool) -> Shows {
      if collapsed || !(miss < visibleFrom) { return .visible }
      return miss < invisibleBelow ? .invisible : .subpixel
    }
  }

  /// A view that is at most 0 pt wide or tall in every layout the rest of the block allows.
  public struct CollapsedView: Sendable, Hashable {
    /// The view as the log printed it.
    public var item: LayoutItem
    /// Which of its sizes is 0.
    public var axis: SizeEnvelope.Axis
  }

  /// The list index of the constraint UIKit broke.
  public var constraint: Int
  /// What it asked: its constant (`first − multiplier × second` should relate so to it).
  public var asked: Rational
  /// The least value `first − multiplier × second` takes in the layouts the rest allows (`nil`:
  /// no least).
  public var drawnLow: Rational?
  /// The greatest value (`nil`: no greatest).
  public var drawnHigh: Rational?
  /// The least distance, in points, from what the rest allows to what the constraint asked.
  public var miss: Rational
  /// Whether the rest fixes the value (`drawnLow == drawnHigh`): the miss is then exact, not a
  /// least.
  public var isExact: Bool { drawnLow != nil && drawnLow == drawnHigh }
  /// Views of the conflict collapsed to nothing.
  public var collapsed: [CollapsedView]
  /// How the miss shows.
  public var shows: Shows
  /// The figure in a sentence.
  public var words: String
}

/// A conflict's damage, or why there is no figure.
public enum DamageFinding: Sendable, Hashable {
  /// The figure.
  case figure(Damage)
  /// No figure, and why, in one clause (`the log does not say which constraint UIKit broke`).
  case none(reason: String)

  /// The figure, if any.
  public var damage: Damage? {
    if case .figure(let damage) = self { damage } else { nil }
  }

  /// Why there is no figure, if there is none.
  public var reason: String? {
    if case .none(let reason) = self { reason } else { nil }
  }

  /// The finding in one line, as `lcq analyze` prints it and the store keeps it
  /// (`conflicts.damage`): `Damage (visible): UIKit's layout misses …`, or `No damage figure: why.`
  public var line: String {
    switch self {
    case .figure(let damage): "Damage (\(damage.shows.rawValue)): " + damage.words
    case .none(let reason): "No damage figure: " + reason + "."
    }
  }
}
