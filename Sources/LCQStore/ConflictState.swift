/// Where a conflict stands (`conflicts.status`): open until `lcq resolve` or `lcq ignore`
/// changes it, and open again after `lcq reopen`.
public enum ConflictState: String, Sendable, Hashable, CaseIterable {
  /// Seen, not acted on.
  case open
  /// Fixed in a build (`conflicts.resolved_build`): seeing it again there or later regresses it.
  case resolved
  /// Known and accepted: still counted, never new or regressed.
  case ignored

  /// The state stored as `text`. The schema's CHECK constraint allows only the three names;
  /// a database changed by hand past it reads as open, the state that hides nothing.
  init(stored text: String) {
    self = ConflictState(rawValue: text) ?? .open
  }
}
