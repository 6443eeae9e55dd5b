#if Collector
  import Foundation
  import LCQPipeline
  import LCQStore

  /// What one received log added to the store.
  struct ReceivedTotals: Sendable, Hashable {
    /// Conflict messages read.
    var blocks = 0
    /// Occurrences stored for the first time.
    var stored = 0
    /// Messages already stored (a retried request).
    var duplicates = 0
    /// Messages without a readable constraint list, or cut off: kept unanalysed.
    var unparsed = 0
    /// What the scanner said of the text (a message cut off, a missing header), as `file:line`
    /// sentences.
    var notes: [String] = []
  }

  /// Stores received logs, one at a time, into the server's store: each run (the records that
  /// share their run metadata) keeps one ingest session, and with it its analysis cache, while
  /// its logs keep coming; a run quiet for ``idleLimit`` is finished.
  ///
  /// Each received log is a log of its own (``IngestPipeline/ingest(text:named:waitsForCommit:)``):
  /// the same request sent again is stored once. ``store(_:as:named:sharesCommit:)`` returns once
  /// everything it read is committed.
  ///
  /// Texts that arrive while the store is busy wait together, and each run's are committed at
  /// once (``store(_:as:named:sharesCommit:)``).
  final class CollectorIngest: @unchecked Sendable {
    /// How long a run may stay without a new log before it is finished.
    let idleLimit: Duration
    /// Most runs open at once: past it, the run quiet longest is finished (security review 3,
    /// P6: a request of 3,000 runs opened 3,000, each with its worker thread).
    let maxOpenRuns: Int
    /// How long a request waits for the store before it is answered 503 (the store stuck, or
    /// gone): the sender retries, and what was committed is stored once.
    let storeTimeout: Duration
    /// Hears what the operator should know: the store failing, once an outage, and answering
    /// again.
    private let said: @Sendable (String) -> Void
    private let outage = Outage()
    private let store: any ConflictStore
    /// One writer at a time: every use of the store and the runs happens on it.
    private let queue = DispatchQueue(label: "lcq serve store")
    private var runs: [RunMetadata: OpenRun] = [:]
    /// Texts received and not yet taken by the store's queue.
    private let waitingLock = NSLock()
    private var waiting: [Waiting] = []
    /// Signalled when a text arrives and when a commit is written, so that the store's queue,
    /// waiting for a run's write, reads what came meanwhile at once.
    private let news = DispatchSemaphore(value: 0)

    private final class OpenRun: @unchecked Sendable {
      let session: any IngestRun
      var pipeline: IngestPipeline
      let notes: NoteCollector
      var lastUsed: ContinuousClock.Instant
      /// The run's totals as of its last commit written: the writes end one after another, and
      /// only their answers read and set it.
      var written: IngestTotals
      /// Taken by a commit until it is written: the next commit of the run waits for it, and
      /// the texts that arrive meanwhile wait together, to share one.
      let writing = DispatchSemaphore(value: 1)

      init(session: any IngestRun, pipeline: IngestPipeline, notes: NoteCollector) {
        self.session = session
        self.pipeline = pipeline
        self.notes = notes
        lastUsed = .now
        written = session.totals
      }
    }

    init(
      store: any ConflictStore, idleLimit: Duration = .seconds(60), maxOpenRuns: Int = 256,
      storeTimeout: Duration = .seconds(30), said: @escaping @Sendable (String) -> Void = { _ in }
    ) {
      self.store = store
      self.idleLimit = idleLimit
      self.maxOpenRuns = max(1, maxOpenRuns)
      self.storeTimeout = storeTimeout
      self.said = said
    }

    /// Stores `text`, received for the run `metadata`, named `name` in what the scanner says.
    ///
    /// With `sharesCommit`, it may be committed together with the other texts of its run that
    /// arrived while the store was busy (one commit for several requests: the store's cost is
    /// mostly per commit); the counts are then the shared commit's, given to the first of them
    /// (the others count 0), while each has its own notes. Without it, the text is committed
    /// alone and the counts are its own (`/v1/ingest` answers them).
    ///
    /// `share` (the request's part of the server's budget) is kept while the store keeps the
    /// text. A text the store has not taken when the request's time is up is withdrawn, unread,
    /// and ``StoreBusy`` thrown: nothing is done for a request that is no longer waiting (a
    /// queue of abandoned texts kept the server working and holding them after every answer).
    func store(
      _ text: [UInt8], as metadata: RunMetadata, named name: String, sharesCommit: Bool,
      keeping share: RequestBudget.Share? = nil
    ) async throws -> ReceivedTotals {
      var entry: Waiting?
      do {
        let totals = try await Reply<ReceivedTotals>.waiting(at: storeTimeout) { done in
          let waiting = Waiting(
            text: text, metadata: metadata, name: name, sharesCommit: sharesCommit, done: done,
            keeper: share?.keep())
          entry = waiting
          waitingLock.withLock { self.waiting.append(waiting) }
          news.signal()
          queue.async { self.storeWaiting() }
        }
        storeAnswered()
        return totals
      } catch is StoreTimedOut {
        if let entry, withdraw(entry) { throw StoreBusy() }
        throw StoreTimedOut()
      }
    }

    /// Takes `entry` out of the texts waiting, and lets go of its share; `false` when the store
    /// has taken it already.
    private func withdraw(_ entry: Waiting) -> Bool {
      let withdrawn: Bool = waitingLock.withLock {
        guard let position = waiting.firstIndex(where: { $0 === entry }) else { return false }
        waiting.remove(at: position)
        return true
      }
      if withdrawn { entry.answer(.failure(StoreBusy())) }
      return withdrawn
    }

    /// A received text waiting for the store, and then held by it until it is answered.
    private final class Waiting: @unchecked Sendable {
      let text: [UInt8]
      let metadata: RunMetadata
      let name: String
      let sharesCommit: Bool
      private let done: Reply<ReceivedTotals>
      /// The request's share of the budget, held while the store holds the text.
      private let keeper: RequestBudget.Keeper?

      init(
        text: [UInt8], metadata: RunMetadata, name: String, sharesCommit: Bool, done: Reply<ReceivedTotals>,
        keeper: RequestBudget.Keeper?
      ) {
        self.text = text
        self.metadata = metadata
        self.name = name
        self.sharesCommit = sharesCommit
        self.done = done
        self.keeper = keeper
      }

      /// Answers the request (unless its time was up), and lets go of its share.
      func answer(_ result: Result<ReceivedTotals, any Error>) {
        done.resume(with: result)
        keeper?.end()
      }
    }

    /// Stores every text waiting, in the order they came: each with the texts of its run that
    /// may share its commit. Each is taken from the queue only when the store comes to it, so
    /// that a request whose time is up before can still withdraw its text.
    private func storeWaiting() {
      while let next = takeNext() { storeTogether(next) }
    }

    /// The first text waiting, with the others of its run that may share its commit (when it
    /// may), taken out of the queue; `nil` when none waits.
    private func takeNext() -> [Waiting]? {
      let first: Waiting? = waitingLock.withLock {
        guard let first = waiting.first else { return nil }
        if !first.sharesCommit { waiting.removeFirst() }
        return first
      }
      guard let first else { return nil }
      return first.sharesCommit ? takeWaiting(sharingCommitIn: first.metadata) : [first]
    }

    /// Stores `texts`, all of one run, in one commit, and answers each once it is written. The
    /// queue goes on to the next texts meanwhile: their messages are analysed while these are
    /// written. While a commit waits for the run's last write, it takes in the run's texts that
    /// arrive (reading and analysing each at once), and it is handed over as soon as that write
    /// ends: the store is never left waiting for texts read after it became free.
    private func storeTogether(_ texts: [Waiting]) {
      guard let metadata = texts.first?.metadata else { return }
      let run: OpenRun
      do {
        run = try openRun(metadata)
      } catch {
        for text in texts { text.answer(.failure(error)) }
        return
      }
      run.notes.take()
      var texts = texts
      var notes: [[String]] = []
      do {
        for text in texts {
          try run.pipeline.ingest(text: text.text, named: text.name, waitsForCommit: false)
          notes.append(run.notes.take())
        }
        // While the run's last commit is written, the run's texts that come meanwhile are read
        // and analysed, and join this commit, which is handed over as soon as that write ends.
        let sharing = texts.allSatisfy(\.sharesCommit)
        while run.writing.wait(timeout: .now()) == .timedOut {
          let arrived = sharing ? takeWaiting(sharingCommitIn: metadata) : []
          guard !arrived.isEmpty else {
            _ = news.wait(timeout: .now() + .milliseconds(5))
            continue
          }
          for text in arrived {
            texts.append(text)
            try run.pipeline.ingest(text: text.text, named: text.name, waitsForCommit: false)
            notes.append(run.notes.take())
          }
        }
        let (committed, textNotes) = (texts, notes)
        do {
          try run.pipeline.commit { result in
            self.answer(committed, textNotes, of: run, metadata, result)
            run.writing.signal()
            self.news.signal()
          }
        } catch {
          run.writing.signal()
          throw error
        }
      } catch {
        // The session cannot be trusted after a failed write: the next text starts another.
        finish(metadata, run, .failed)
        for text in texts { text.answer(.failure(error)) }
        return
      }
      run.lastUsed = .now
    }

    /// The waiting texts of the run `metadata` that may share a commit, taken out of the queue
    /// in the order they came.
    private func takeWaiting(sharingCommitIn metadata: RunMetadata) -> [Waiting] {
      waitingLock.withLock {
        let taken = waiting.filter { $0.sharesCommit && $0.metadata == metadata }
        waiting.removeAll { $0.sharesCommit && $0.metadata == metadata }
        return taken
      }
    }

    /// Answers `texts`, committed together in `run`, with how their commit's write ended: the
    /// counts it added (given to the first text), or the failure, after which the run is
    /// finished (unless another took its place already).
    private func answer(
      _ texts: [Waiting], _ notes: [[String]], of run: OpenRun, _ metadata: RunMetadata,
      _ result: Result<IngestTotals, StoreError>
    ) {
      let after: IngestTotals
      switch result {
      case .success(let totals): after = totals
      case .failure(let error):
        for text in texts { text.answer(.failure(error)) }
        queue.async {
          if self.runs[metadata] === run { self.finish(metadata, run, .failed) }
        }
        return
      }
      let before = run.written
      run.written = after
      for (position, text) in texts.enumerated() {
        var totals = ReceivedTotals(notes: notes[position])
        if position == 0 {
          totals.blocks = after.blocks - before.blocks
          totals.stored = after.occurrences - before.occurrences
          totals.duplicates = after.duplicates - before.duplicates
          totals.unparsed = after.unparsed - before.unparsed
        }
        text.answer(.success(totals))
      }
    }

    /// Whether the store answers a trivial read within `limit` (`/readyz`: a probe's answer
    /// comes in time, whatever the store is doing).
    func isReady(within limit: Duration) async -> Bool {
      (try? await onQueue(within: limit) { try self.store.accessTokens() }) != nil
    }

    /// Says once an outage that the store failed (the answers to the senders say nothing of it).
    func storeFailed(_ error: any Error) {
      if outage.begins() {
        said("lcq: serve: the store failed, answering 503 until it answers again: \(error)")
      }
    }

    /// Says that the store answers again, after an outage.
    private func storeAnswered() {
      if outage.ends() { said("lcq: serve: the store answers again") }
    }

    /// The valid token whose SHA-256 is `sha256`, read from the store (a token revoked a
    /// moment ago is refused at once).
    func token(sha256: String) async throws -> AccessToken? {
      let token = try await onQueue(within: storeTimeout) { try self.store.validToken(sha256: sha256) }
      storeAnswered()
      return token
    }

    /// Finishes the runs that had no log for ``idleLimit``.
    func finishIdleRuns() async {
      await
        (try? onQueue(within: storeTimeout) {
          let now = ContinuousClock.now
          for (metadata, run) in self.runs where now - run.lastUsed >= self.idleLimit {
            self.finish(metadata, run, .finished)
          }
        })
    }

    /// What `body` returns, run on the store's queue after what waits there, or
    /// ``StoreTimedOut`` when that takes longer than `limit`.
    private func onQueue<T: Sendable>(within limit: Duration, _ body: @escaping @Sendable () throws -> T)
      async throws -> T
    {
      try await Reply<T>.waiting(at: limit) { reply in
        queue.async { reply.resume(with: Result { try body() }) }
      }
    }

    /// Finishes every run (the server is stopping), waiting at most `limit` for the store.
    func finishAllRuns(within limit: Duration) {
      let done = DispatchSemaphore(value: 0)
      queue.async {
        for (metadata, run) in self.runs { self.finish(metadata, run, .finished) }
        done.signal()
      }
      let (seconds, attoseconds) = limit.components
      _ = done.wait(
        timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
    }

    private func openRun(_ metadata: RunMetadata) throws -> OpenRun {
      if let run = runs[metadata] { return run }
      if runs.count >= maxOpenRuns, let (quiet, run) = runs.min(by: { $0.value.lastUsed < $1.value.lastUsed })
      {
        finish(quiet, run, .finished)
      }
      let clock = IngestClock(now: Date(), timeZone: .utc)
      let session = try store.beginIngest(metadata, clock: clock)
      let notes = NoteCollector()
      let run = OpenRun(
        session: session,
        pipeline: IngestPipeline(
          session: session, scope: OccurrenceIdentity.Scope(metadata), clock: clock, observer: notes),
        notes: notes)
      runs[metadata] = run
      return run
    }

    private func finish(_ metadata: RunMetadata, _ run: OpenRun, _ ending: RunEnding) {
      runs[metadata] = nil
      run.pipeline.stopWorker()
      try? run.session.finish(ending)
    }
  }

  /// Keeps what an ingest says for a person, until it is taken.
  private final class NoteCollector: IngestObserver, @unchecked Sendable {
    private let lock = NSLock()
    private var notes: [String] = []

    func progressed(_ totals: IngestTotals) {}

    func note(_ message: String) {
      lock.withLock { notes.append(message) }
    }

    @discardableResult
    func take() -> [String] {
      lock.withLock {
        defer { notes.removeAll() }
        return notes
      }
    }
  }
#endif
