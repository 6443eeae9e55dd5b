import LCQStore

/// One `lcq notify`: every change of state not posted yet (``ConflictStore/unpostedNotices(since:app:owner:team:)``)
/// is claimed in the store, posted, and recorded as posted or left pending, so that re-runs and
/// runs at once post each change once.
public enum NotificationRun {
  /// How a post went.
  public enum PostResult: Sendable {
    /// Answered with success after this many tries.
    case posted(attempts: Int)
    /// Not answered with success after this many tries; `reason` names no URL.
    case failed(attempts: Int, reason: String)
  }

  /// What a run did.
  public struct Outcome: Sendable {
    /// The changes posted.
    public var posted: [ConflictNotice] = []
    /// The changes that could not be posted, with why; the next run tries them again.
    public var pending: [(notice: ConflictNotice, reason: String)] = []
    /// The changes another run had claimed (it posts them).
    public var claimedElsewhere = 0
  }

  /// Posts what `store` has not posted: the changes of runs started at or after `since` (and
  /// those left pending), of `owner`, `app` and `team`, each claimed as `claim` before `post` sends it.
  /// A claim older than `lease` seconds is a run that died, and is taken over.
  public static func run(
    store: any ConflictStore, since: Int64, app: String?, owner: OwnerFilter, team: String? = nil,
    claim: String,
    lease: Int64 = 300,
    now: () -> Int64, post: (ConflictNotice) -> PostResult
  ) throws(StoreError) -> Outcome {
    var outcome = Outcome()
    for notice in try store.unpostedNotices(since: since, app: app, owner: owner, team: team) {
      guard try store.claim(notice, claim: claim, now: now(), lease: lease) else {
        outcome.claimedElsewhere += 1
        continue
      }
      switch post(notice) {
      case .posted(let attempts):
        try store.recordPosted(notice, claim: claim, now: now(), attempts: attempts)
        outcome.posted.append(notice)
      case .failed(let attempts, let reason):
        try store.recordNotPosted(notice, claim: claim, attempts: attempts, error: reason)
        outcome.pending.append((notice, reason))
      }
    }
    return outcome
  }
}
