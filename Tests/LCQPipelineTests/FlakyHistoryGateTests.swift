import Foundation
import LCQPipeline
import LCQReporting
import LCQStoreTestSupport
import XCTest

@testable import LCQStore

/// `lcq check --significance 0.05` replayed on a generated history: 200 builds of 10 CI runs
/// each, ingested through lcq's pipeline into an SQLite file, each build checked after its runs.
///
/// - 24 flaky conflicts fire in any run with a chance of 1, 2, 3, 5, 10 or 15 % (four each),
///   half of them from the first build, half from a build drawn at random;
/// - six real changes bring a conflict that fires in 9 runs of 10 on average, each for 10 or 15
///   builds, and two of them come back later (a regression);
/// - the team resolves a conflict once it has not been seen for 5 builds (resolved in the next
///   build), so the flaky ones regress now and then, as on a real team.
///
/// The gate must flag every real change (new or regressed) in the build that brings it, and
/// flag fewer than 1 % of the builds (fewer than 2 of 200) for anything else. Without the level,
/// the gate fails whenever a flaky conflict is new or regressed: that count is shown beside.
final class FlakyHistoryGateTests: XCTestCase {
  /// A small, seeded generator (SplitMix64), so that the history is the same on every machine.
  private struct Seeded {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    /// A number in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
  }

  /// A conflict of the history: its view class, and its chance to fire in a run of each build.
  private struct Simulated {
    var view: String
    var chance: (Int) -> Double
    var fingerprint = ""
  }

  private static let builds = 200
  private static let runsPerBuild = 10
  private static let level = 0.05

  func testTheGateFlagsEveryRealChangeAndAlmostNothingElse() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lcq-history-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let example = try String(
      contentsOf: EngineIngest.tests.deletingLastPathComponent().appendingPathComponent(
        "Examples/self-sizing-cell.log"), encoding: .utf8)
    let message = String(example[try XCTUnwrap(example.range(of: "[LayoutConstraints] ")).upperBound...])

    var random = Seeded(state: 2026)
    var conflicts: [Simulated] = []
    let chances = [0.01, 0.02, 0.03, 0.05, 0.10, 0.15]
    for index in 0..<24 {
      let chance = chances[index % chances.count]
      let start = index < 12 ? 1 : 1 + Int(random.next() % UInt64(Self.builds))
      conflicts.append(Simulated(view: "Flaky\(index)View") { $0 >= start ? chance : 0 })
    }
    // Each real change: the builds it fires in.
    let real: [(view: String, builds: [Range<Int>])] = [
      ("RealAView", [30..<40]), ("RealBView", [60..<70, 100..<110]), ("RealCView", [90..<100]),
      ("RealDView", [120..<130, 170..<180]), ("RealEView", [150..<160]), ("RealFView", [185..<200]),
    ]
    for change in real {
      conflicts.append(
        Simulated(view: change.view) { build in change.builds.contains { $0.contains(build) } ? 0.9 : 0 })
    }
    let changes = Dictionary(
      grouping: real.flatMap { change in change.builds.map { ($0.lowerBound, change.view) } }, by: \.0
    ).mapValues { Set($0.map(\.1)) }
    for index in conflicts.indices {
      let path = folder.appendingPathComponent("\(conflicts[index].view).log").path
      try message.replacingOccurrences(of: "ThumbnailView", with: conflicts[index].view)
        .write(toFile: path, atomically: true, encoding: .utf8)
      conflicts[index].fingerprint = try EngineIngest.fingerprint(ofLog: path)
    }
    XCTAssertEqual(Set(conflicts.map(\.fingerprint)).count, conflicts.count, "one fingerprint per view")
    let view = Dictionary(uniqueKeysWithValues: conflicts.map { ($0.fingerprint, $0.view) })

    let (store, remove) = try TestEngine.sqlite.makeStore()
    defer {
      store.close()
      remove()
    }
    var lastSeen: [Int: Int] = [:]  // conflict index → the last build a run saw it in
    var resolved: Set<Int> = []
    var falseFlags: [Int: [String]] = [:]
    var missed: [String] = []
    var failingWithoutLevel = 0
    for build in 1...Self.builds {
      for run in 1...Self.runsPerBuild {
        let firing = conflicts.indices.filter { random.unit() < conflicts[$0].chance(build) }
        var text = "App launched\n"
        for index in firing {
          text += message.replacingOccurrences(of: "ThumbnailView", with: conflicts[index].view)
          lastSeen[index] = build
          resolved.remove(index)
        }
        let path = folder.appendingPathComponent("run.log").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try EngineIngest.ingest(
          [path], into: store, run: "\(build)-\(run)", build: String(build),
          at: 1_767_225_600 + Int64(build * 100 + run))
      }
      let result = try store.check(.build(String(build)), app: nil, baseline: [])
      let flagged = Set(
        CheckText.failing(result, failOn: [.new, .regressed], significance: Self.level).compactMap {
          view[$0.fingerprint]
        })
      let expected = changes[build] ?? []
      missed += expected.subtracting(flagged).map { "\($0) in build \(build)" }
      let others = flagged.subtracting(expected)
      if !others.isEmpty { falseFlags[build] = others.sorted() }
      if !CheckText.failing(result, failOn: [.new, .regressed]).isEmpty, expected.isEmpty {
        failingWithoutLevel += 1
      }
      // The team resolves what it has not seen for 5 builds, in the next build.
      for (index, last) in lastSeen where build - last == 5 && !resolved.contains(index) {
        try store.setStatus(.resolved(build: String(build + 1)), of: conflicts[index].fingerprint, at: 0)
        resolved.insert(index)
      }
    }
    print(
      "FlakyHistoryGateTests: \(falseFlags.count) of \(Self.builds) builds flagged without a real change at "
        + "\(Self.level) (\(falseFlags)); \(failingWithoutLevel) would fail without the level")
    XCTAssertEqual(missed, [], "every real change is flagged in the build that brings it")
    XCTAssertLessThan(
      falseFlags.count, 2, "fewer than 1% of 200 builds flagged without a real change: \(falseFlags)")
    XCTAssertGreaterThan(failingWithoutLevel, 10, "the history has flaky conflicts the plain gate fails on")
  }
}
