import LCQParsing
import LCQSolver

/// A change to the app that re-solving proved resolves the block.
public struct FixSuggestion: Sendable, Hashable {
  /// The kinds of change lcq tries, best first.
  public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Make a dimension that a view's autoresizing mask fixes flexible in that mask
    /// (`.flexibleHeight`): the view keeps its mask, and its size follows its superview's.
    case flexibleAutoresizingSize
    /// `translatesAutoresizingMaskIntoConstraints = false` on a view whose autoresizing mask
    /// became constraints.
    case translatesAutoresizingMask
    /// Give a view constraints of its own in Interface Builder, so that it stops generating
    /// prototyping constraints for it at build time.
    case interfaceBuilderConstraints
    /// Lower the app's constraint that fights a cell size set by the table or collection view.
    case cellSizePriority
    /// Lower the size constraint of a view a stack view hides.
    case stackViewHiding
    /// Deactivate the old constraint before activating the new one.
    case deactivateFirst
    /// Lower one of the app's constraints to priority 999.
    case lowerPriority

    /// Whether `lhs` ranks before `rhs`.
    public static func < (lhs: Kind, rhs: Kind) -> Bool {
      lhs.declarationOrder < rhs.declarationOrder
    }
  }

  /// What to change.
  public var kind: Kind
  /// The list index of the constraint the change is about.
  public var constraint: Int
  /// Every list index the change lowers to an optional priority or removes.
  public var changes: [Int]
  /// What to do, for a person.
  public var text: String
  /// The same in a few words: `lower [2] to priority 999`.
  public var shortText: String
  /// Where to make it, when SnapKit printed the place.
  public var sourceLocation: SourceLocation?
  /// With the change made, where the block holds for each container-set size of the conflict
  /// (``SizeEnvelope``), freed in turn; empty when the conflict has no such size.
  public var sizeRanges: [SizeRange] = []
  /// What the change moves: the least total amount, in points, by which the constraints it
  /// lowers or removes give way in a layout that satisfies the rest of the block (``FixCost``);
  /// `nil` when the solver gave up.
  public var cost: Rational?

  /// Where a fixed block holds as one container-set size varies.
  public struct SizeRange: Sendable, Hashable {
    /// The list index of the freed size.
    public var constraint: Int
    /// The sizes at which the fixed block holds (`nil`: at none).
    public var holds: SizeEnvelope.Interval?
  }

  /// Whether the change makes the block hold at every value of each container-set size (`nil`
  /// when the conflict has none).
  public var holdsAtEverySize: Bool? {
    guard !sizeRanges.isEmpty else { return nil }
    return sizeRanges.allSatisfy { $0.holds?.isEverySize ?? false }
  }
  /// Always `true`: a suggestion exists only after re-solving proved it.
  public var verified: Bool { true }
  /// Always `true`: lcq suggests only changes the app can make (its own constraints, or the
  /// autoresizing mask of its own view), never one to a constraint UIKit or AppKit made.
  public var isAppOwned: Bool { true }
}
