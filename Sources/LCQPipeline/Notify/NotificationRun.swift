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
    /// How many of the changes went out in one digest message rather than one by one.
    public var digested = 0
  }

  /// The most changes a run posts one by one; the rest go out in one digest message, so that a
  /// log of a thousand new conflicts does not flood a channel (Slack takes about one message a
  /// second).
  public static let mostSinglePosts = 20

  /// Posts what `store` has not posted: the changes of runs started at or after `since` (and
  /// those left pending), of `owner`, `app` and `team`, each claimed as `claim` before `post` sends it.
  /// Past `mostPosts` changes, the rest are claimed together and sent in one `postDigest`,
  /// recorded posted or pending together.
  ///
  /// A claim older than `lease` seconds is a run that died, and is taken over; the lease must
  /// stay above the longest one post can take (`WebhookClient`: 3 tries of at most 10 s and 2
  /// waits of at most 30 s, 90 s in all), so that a slow post is never taken over and posted twice.
  public static func run(
    store: any ConflictStore, since: Int64, app: String?, owner: OwnerFilter, team: String? = nil,
    claim: String,
    lease: Int64 = 300,
    mostPosts: Int = mostSinglePosts,
    now: () -> Int64, post: (ConflictNotice) -> PostResult,
    postDigest: ([ConflictNotice]) -> PostResult = { _ in .failed(attempts: 0, reason: "no digest form") }
  ) throws(StoreError) -> Outcome {
    var outcome = Outcome()
    var digest: [ConflictNotice] = []
    for notice in try store.unpostedNotices(since: since, app: app, owner: owner, team: team) {
      guard try store.claim(notice, claim: claim, now: now(), lease: lease) else {
        outcome.claimedElsewhere += 1
        continue
      }
      guard outcome.posted.count + outcome.pending.count < mostPosts else {
        digest.append(notice)
        continue
      }
      try record(post(notice), of: [notice], store: store, claim: claim, now: now, into: &outcome)
    }
    if !digest.isEmpty {
      try record(postDigest(digest), of: digest, store: store, claim: claim, now: now, into: &outcome)
      outcome.digested = digest.count
    }
    return outcome
  }

  /// Records how the post of `notices` (one, or a digest of many) went.
  private static func record(
    _ result: PostResult, of notices: [ConflictNotice], store: any ConflictStore, claim: String,
    now: () -> Int64, into outcome: inout Outcome
  ) throws(StoreError) {
    for notice in notices {
      switch result {
      case .posted(let attempts):
        try store.recordPosted(notice, claim: claim, now: now(), attempts: attempts)
        outcome.posted.append(notice)
      case .failed(let attempts, let reason):
        try store.recordNotPosted(notice, claim: claim, attempts: attempts, error: reason)
        outcome.pending.append((notice, reason))
      }
    }
  }
}
