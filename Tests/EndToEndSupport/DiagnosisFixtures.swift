/// The diagnosis fixtures, written in the log's own format.
public enum DiagnosisFixtures {
  /// A child view controller's view with its autoresizing mask translated.
  public static let childViewController = LCQProcess.fixture(
    "diagnosis/child-view-controller-autoresizing.log")
  /// A self-sizing table cell.
  public static let selfSizingCell = LCQProcess.fixture("diagnosis/self-sizing-cell.log")
  /// Labels whose text tries to pass for lcq's own output.
  public static let hostileLabels = LCQProcess.fixture("diagnosis/hostile-labels.log")
  /// Every one of them.
  public static let all = [childViewController, selfSizingCell, hostileLabels]
}
