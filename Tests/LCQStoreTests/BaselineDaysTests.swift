import Foundation
import LCQAnalysis
import LCQParsing
import LCQStore
import LCQTestSupport
import XCTest

/// The report's panels that count a baseline of weeks read the days it holds whole from the
/// rollup's sums per day (`conflict_day_counts`, `run_day_counts`) and the days it cuts from the
/// rollup's rows and the occurrences. Whatever the window, they must count what the occurrences
/// say. Two runs (apps Alpha and Beta) log two conflicts four times a day for twenty days; each
/// panel's numbers are counted below from that list of times, for windows that start and end at
/// midnight and inside a day, with and without an app, on both engines.
final class BaselineDaysTests: XCTestCase {
  /// 2023-11-01T00:00:00Z.
  private static let firstDay: Int64 = 1_698_796_800
  private static let day: Int64 = 86_400
  /// `report_settings.baseline_days`.
  private static let baselineDays: Int64 = 14

  /// One occurrence: which conflict (0: widths, 1: heights), which run (0: Alpha, 1: Beta), when.
  private struct Logged {
    var conflict: Int
    var run: Int
    var time: Int64
  }

  /// Alpha logs at 01:00 and 13:00 and some minutes, Beta at 07:00 and 19:00; the widths
  /// conflict every day, the heights one on even days and at Beta's evening.
  private static let logged: [Logged] = (0..<20).flatMap { day -> [Logged] in
    let midnight = firstDay + Int64(day) * BaselineDaysTests.day
    return [(0, 1), (0, 13), (1, 7), (1, 19)].flatMap { run, hour -> [Logged] in
      let time = midnight + Int64(hour) * 3_600 + Int64(day) * 60
      var logged = [Logged(conflict: 0, run: run, time: time)]
      if day % 2 == 0 || hour == 19 { logged.append(Logged(conflict: 1, run: run, time: time + 30)) }
      return logged
    }
  }

  private static let apps = ["Alpha", "Beta"]

  private static func message(_ conflict: Int, at time: Int64) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
    let attribute = conflict == 0 ? "width" : "height"
    return """
      \(formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time)))) MyApp[1:2] Unable to simultaneously satisfy constraints.
      (
          "<NSLayoutConstraint:0x600000001 UIView:0x7f0000000001.\(attribute) == 100   (active)>",
          "<NSLayoutConstraint:0x600000002 UIView:0x7f0000000001.\(attribute) == 200   (active)>"
      )

      """
  }

  private func ingest(into store: any ConflictStore) throws {
    let clock = IngestClock(
      now: Date(timeIntervalSince1970: TimeInterval(Self.firstDay + 30 * Self.day)), timeZone: .utc)
    for run in 0..<2 {
      let writer = try store.beginIngest(
        RunMetadata(
          app: Self.apps[run], build: "\(run + 1)", device: "iPhone15,2", runKey: "days-\(run)",
          source: "test",
          lcqVersion: "test"),
        clock: clock)
      for (index, logged) in Self.logged.enumerated() where logged.run == run {
        let block = try XCTUnwrap(
          ConflictScanner.blocks(in: Self.message(logged.conflict, at: logged.time), file: "days.log").first)
        let record = BlockRecord(
          block: block, template: BlockTemplate(splitting: block.rawText),
          summary: AnalysisSummary(BlockAnalyzer().analyze(block)), clock: clock, identity: "days-\(index)")
        XCTAssertEqual(record.time, logged.time, "the log's own time")
        writer.add(record)
      }
      try writer.finish(.finished)
    }
  }

  /// The windows: ends at midnight, inside a day and a second past midnight; 1, 1.5 and 7 days
  /// long (so the baselines start at midnight or inside a day, and some before the first day).
  private static let windows: [(since: Int64, until: Int64)] = {
    let ends = [18 * day, 18 * day + 23_400, 17 * day + 1, 12 * day + 46_800]
    let lengths = [day, day + day / 2, 7 * day]
    return ends.flatMap { end in lengths.map { (firstDay + end - $0, firstDay + end) } }
  }()

  private func assertPanels(of store: any ConflictStore, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    try ingest(into: store)
    let fingerprints = try store.top(QueryFilter()).map(\.fingerprint)
    XCTAssertEqual(fingerprints.count, 2, file: file, line: line)
    for window in Self.windows {
      for app in [nil, "Beta"] {
        let runs = Set(Self.apps.indices.filter { app == nil || Self.apps[$0] == app })
        let mine = Self.logged.filter { runs.contains($0.run) }
        let baselineStart = window.since - Self.baselineDays * Self.day
        func count(_ from: Int64, _ to: Int64) -> Int {
          mine.filter { $0.time >= from && $0.time < to }.count
        }
        let scope = ReportScope(since: window.since, until: window.until, app: app)
        let context = "window \(window), app \(app ?? "all")"

        let volume = try XCTUnwrap(try store.panel(Panels.Volume.self, scope).first, context)
        XCTAssertEqual(
          volume.baselineOccurrences.integer, Int64(count(baselineStart, window.since)), context, file: file,
          line: line)
        XCTAssertEqual(volume.occurrences.integer, Int64(count(window.since, window.until)), context)

        // Every day from the baseline's first to the window's last, zeros included.
        let byDay = try store.panel(Panels.VolumeByDay.self, scope)
        let days = Array((baselineStart / Self.day)...((window.until - 1) / Self.day))
        XCTAssertEqual(byDay.map { $0.day.text ?? "" }, days.map { UnixTime.isoDay($0 * Self.day) }, context)
        XCTAssertEqual(
          byDay.map(\.occurrences.integer),
          days.map {
            Int64(count(max(baselineStart, $0 * Self.day), min(window.until, ($0 + 1) * Self.day)))
          },
          context, file: file, line: line)

        // Per app and build: the window's count, and the baseline's daily mean.
        let groups = try store.panel(Panels.VolumeByGroup.self, scope)
        let expectedGroups = Self.apps.indices.filter { runs.contains($0) }.compactMap { run -> String? in
          let logged = mine.filter { $0.run == run }
          let inWindow = logged.filter { $0.time >= window.since && $0.time < window.until }.count
          let inBaseline = logged.filter { $0.time >= baselineStart && $0.time < window.since }.count
          guard inWindow > 0 else { return nil }
          let mean = (Double(inBaseline) / Double(Self.baselineDays) * 100).rounded() / 100
          return "\(Self.apps[run]) \(run + 1) \(inWindow) \(mean)"
        }
        XCTAssertEqual(
          Set(
            groups.map {
              "\($0.app.text ?? "") \($0.build.text ?? "") \($0.occurrences.integer) \($0.baselineDailyMean.real)"
            }),
          Set(expectedGroups), context, file: file, line: line)

        // Per conflict seen in the window (a rollup row of it, a conflict's day in a run, that
        // the window touches) and day, from the baseline's first day, days without any left out.
        let conflictDays = try store.panel(Panels.ConflictDays.self, scope)
        var expectedDays: [String: [String: Int]] = [:]
        for conflict in 0..<2 {
          let rows = Dictionary(grouping: mine.filter { $0.conflict == conflict }) {
            "\($0.run) \($0.time / Self.day)"
          }
          let seen = rows.values.contains { row in
            row.map(\.time).max()! >= window.since && row.map(\.time).min()! < window.until
          }
          guard seen else { continue }
          var perDay: [String: Int] = [:]
          for logged in mine
          where logged.conflict == conflict && logged.time >= baselineStart
            && logged.time < window.until
          {
            perDay[UnixTime.isoDay(logged.time / Self.day * Self.day), default: 0] += 1
          }
          expectedDays["\(conflict)"] = perDay
        }
        var stored: [String: [String: Int]] = [:]
        for row in conflictDays {
          let conflict = try XCTUnwrap(fingerprints.firstIndex(of: row.fingerprint.text ?? ""), context)
          // top orders by occurrences: the widths conflict (every day) comes first.
          stored["\(conflict)", default: [:]][row.day.text ?? ""] = Int(row.occurrences.integer)
        }
        XCTAssertEqual(stored, expectedDays, context, file: file, line: line)
      }
    }
  }

  func testTheBaselinesDaysOnTheSQLiteFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-baseline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try assertPanels(
      of: try Store(path: folder.appendingPathComponent("lcq.sqlite").path, mode: .createIfMissing))
  }

  #if TeamStore
    func testTheBaselinesDaysOnTheTeamStore() throws {
      let url = try PostgresTestServer.shared().makeDatabase()
      try assertPanels(of: try PostgresStore(url: url, mode: .createIfMissing, environment: [:]))
    }
  #endif
}
