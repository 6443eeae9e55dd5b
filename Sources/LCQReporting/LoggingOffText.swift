/// What lcq says where the app turns the conflict messages off (docs/owners.md, "Silence is not
/// health"): the ingest's warning, the check's and the report's, in the same words.
public enum LoggingOffText {
  /// `found` (`path:line what`) and why it matters, without a final full stop.
  public static func sentence(_ found: String) -> String {
    "\(found): a run without conflicts may only be a run that printed none"
  }
}
