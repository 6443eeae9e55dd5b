import Foundation
import LCQStore
import LCQTestSupport
import XCTest

/// The store engines a test body runs on, as GRDB runs one test body on every kind of database:
/// the embedded SQLite file, and the team store on a throwaway PostgreSQL server when lcq is
/// built with the TeamStore trait (`scripts/test` builds it so).
public enum TestEngine: String, Sendable, CaseIterable {
  /// A new SQLite file in a temporary folder.
  case sqlite = "the SQLite file"
  /// A new database on ``PostgresTestServer/shared()``.
  case teamStore = "the team store"

  /// The engines this build has.
  public static var built: [TestEngine] {
    #if TeamStore
      [.sqlite, .teamStore]
    #else
      [.sqlite]
    #endif
  }

  /// A new, empty store of this engine, and what removes it.
  public func makeStore() throws -> (store: any ConflictStore, remove: () -> Void) {
    switch self {
    case .sqlite:
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lcq-engine-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let store = try Store(path: folder.appendingPathComponent("lcq.sqlite").path, mode: .createIfMissing)
      return (store, { try? FileManager.default.removeItem(at: folder) })
    case .teamStore:
      #if TeamStore
        guard PostgresTestServer.isInstalled else {
          throw XCTSkip(
            "the team store needs PostgreSQL's server binaries (Debian's postgresql; scripts/test installs it)"
          )
        }
        let url = try PostgresTestServer.shared().makeDatabase()
        return (try PostgresStore(url: url, mode: .createIfMissing, environment: [:]), {})
      #else
        throw XCTSkip("lcq is built without the TeamStore trait")
      #endif
    }
  }
}

/// Runs `body` once on a new store of each engine this build has (``TestEngine/built``), in
/// order; an error thrown names the engine, and the log names it before each engine's
/// assertions. The team store is skipped, with the reason, only when
/// PostgreSQL's binaries are missing, and only after the SQLite file's run.
public func forEachEngine(_ body: (any ConflictStore, TestEngine) throws -> Void) throws {
  var skip: XCTSkip?
  for engine in TestEngine.built {
    let made: (store: any ConflictStore, remove: () -> Void)
    do {
      made = try engine.makeStore()
    } catch let error as XCTSkip {
      skip = error
      continue
    }
    defer {
      made.store.close()
      made.remove()
    }
    // XCTest on Linux has no activities: the line names the engine of the failures after it.
    print("forEachEngine: on \(engine.rawValue)")
    do {
      try body(made.store, engine)
    } catch {
      throw EngineFailure(engine: engine, error: error)
    }
  }
  if let skip { throw skip }
}

/// An error a test body threw on one engine.
struct EngineFailure: Error, CustomStringConvertible {
  let engine: TestEngine
  let error: any Error
  var description: String { "on \(engine.rawValue): \(error)" }
}
