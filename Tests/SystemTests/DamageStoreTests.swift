import Foundation
import LCQEndToEndSupport
import LCQTestSupport
import XCTest

/// The damage as the store keeps it, through the real `lcq` on each engine: `top --by damage`
/// and `--min-damage`, `check --min-damage`, SARIF levels, the order of GitHub annotations, the
/// report's top conflicts, `show` and `db reanalyze`.
///
/// The four logs and their figures, worked out by hand (a printed number stands for anything
/// that prints the same with six significant digits, as DamageTests explains):
/// - `thumbnail` (build 1): a 120-pt image in a 44-pt cell with 12 pt above and below; the rest
///   leaves at most 20.00015 pt, a miss of at least 99.99985: `99.99`, visible;
/// - `mask` (build 2): `1.07143 × 700` against the `750.2` asked; at most 1.071435 × 700.0005 =
///   750.005036, a miss of at least 0.194964: `0.19`, invisible;
/// - `badge` (build 3): a stack view's `height == 0` against `height == 24`: exactly 24,
///   visible, the badge collapsed;
/// - `unbroken` (build 3): two widths, 10 and 20, and no line naming the one UIKit broke: no
///   figure.
final class DamageStoreTests: XCTestCase {
  static let thumbnail = message(
    [
      "<NSLayoutConstraint:0x1 'UIView-Encapsulated-Layout-Height' MyApp.Cell:0x10.height == 44   (active)>",
      "<NSLayoutConstraint:0x2 UIImageView:0x20.top == MyApp.Cell:0x10.top + 12   (active)>",
      "<NSLayoutConstraint:0x3 MyApp.Cell:0x10.bottom == UIImageView:0x20.bottom + 12   (active)>",
      "<NSLayoutConstraint:0x4 UIImageView:0x20.height == 120   (active)>",
    ], broken: 3)
  static let mask = message(
    [
      "<NSLayoutConstraint:0x1 MyApp.Mask:0x10.width == 700   (active)>",
      "<NSLayoutConstraint:0x2 MyApp.Overlay:0x20.width == 1.07143*MyApp.Mask:0x10.width   (active)>",
      "<NSLayoutConstraint:0x3 MyApp.Overlay:0x20.width == 750.2   (active)>",
    ], broken: 2)
  static let badge = message(
    [
      "<NSLayoutConstraint:0x1 'UISV-hiding' MyApp.Badge:0x10.height == 0   (active)>",
      "<NSLayoutConstraint:0x2 MyApp.Badge:0x10.height == 24   (active)>",
    ], broken: 1)
  static let unbroken = message(
    [
      "<NSLayoutConstraint:0x1 MyApp.Banner:0x10.width == 10   (active)>",
      "<NSLayoutConstraint:0x2 MyApp.Banner:0x10.width == 20   (active)>",
    ], broken: nil)

  /// UIKit's message for `descriptions`, with the recovery line naming `descriptions[broken]`.
  static func message(_ descriptions: [String], broken: Int?) -> String {
    var text = "Unable to simultaneously satisfy constraints.\n(\n"
    text += descriptions.map { "    \"\($0)\"" }.joined(separator: ",\n") + "\n)\n\n"
    if let broken { text += "Will attempt to recover by breaking constraint \n\(descriptions[broken])\n\n" }
    return text
  }

  /// The logs in `folder`, by name.
  private func write(_ folder: URL) throws -> [String: String] {
    var paths: [String: String] = [:]
    for (name, text) in [
      ("thumbnail", Self.thumbnail), ("mask", Self.mask), ("badge", Self.badge), ("unbroken", Self.unbroken),
    ] {
      let path = folder.appendingPathComponent("\(name).log").path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      paths[name] = path
    }
    return paths
  }

  private func json(_ arguments: [String], db: String, status: Int32 = 0) throws -> [String: Any] {
    let result = try LCQProcess.run(arguments + ["--format", "json", "--db", db])
    XCTAssertEqual(result.status, status, "\(arguments): " + result.stderr + result.stdout)
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
  }

  /// The fingerprint of each log's conflict, by name, read from `lcq analyze`.
  private func fingerprints(_ logs: [String: String]) throws -> [String: String] {
    var fingerprints: [String: String] = [:]
    for (name, path) in logs {
      let result = try LCQProcess.run(["analyze", "--format", "json", path])
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      fingerprints[name] = try XCTUnwrap(object?["fingerprint"] as? String, result.stdout)
    }
    return fingerprints
  }

  private func check(db: String, folder: URL) throws {
    let logs = try write(folder)
    let ids = try fingerprints(logs)
    for (build, names) in [("1", ["thumbnail"]), ("2", ["mask"]), ("3", ["badge", "unbroken"])] {
      let ingest = try LCQProcess.run(["ingest", "--db", db, "--build", build] + names.map { logs[$0]! })
      XCTAssertEqual(ingest.status, 0, ingest.stderr)
    }

    // `top --by damage`: the largest miss first, the conflict without a figure last.
    let ranked = try json(["top", "--by", "damage"], db: db)["conflicts"] as? [[String: Any]] ?? []
    XCTAssertEqual(
      ranked.compactMap { $0["fingerprint"] as? String },
      [ids["thumbnail"]!, ids["badge"]!, ids["mask"]!, ids["unbroken"]!])
    XCTAssertEqual(ranked.map { $0["damage"] as? Double }, [99.99, 24, 0.19, nil])
    XCTAssertEqual(ranked.map { $0["shows"] as? String }, ["visible", "visible", "invisible", nil])
    let sorted = try json(["top", "--sort", "damage", "--min-damage", "1"], db: db)["conflicts"]
    XCTAssertEqual(
      (sorted as? [[String: Any]] ?? []).compactMap { $0["fingerprint"] as? String },
      [ids["thumbnail"]!, ids["badge"]!])
    let text = try LCQProcess.run(["top", "--min-damage", "0.1", "--db", db])
    XCTAssertTrue(text.stdout.contains("99.99") && text.stdout.contains("invisible"), text.stdout)
    XCTAssertFalse(text.stdout.contains(ids["unbroken"]!), text.stdout)
    let negative = try LCQProcess.run(["top", "--min-damage=-1", "--db", db])
    XCTAssertEqual(negative.status, 64, negative.stderr)
    XCTAssertTrue(
      negative.stderr.contains("--min-damage must be a number of points, 0 or more"), negative.stderr)

    // `check --min-damage`: build 2's invisible mask passes at 0.5 and fails without it.
    XCTAssertEqual(try LCQProcess.run(["check", "--db", db, "--build", "2"]).status, 1)
    let passed = try json(["check", "--build", "2", "--min-damage", "0.5"], db: db)
    XCTAssertEqual(passed["passed"] as? Bool, true)
    XCTAssertEqual(passed["min_damage"] as? Double, 0.5)
    let below = passed["below_min_damage"] as? [[String: Any]] ?? []
    XCTAssertEqual(below.compactMap { $0["fingerprint"] as? String }, [ids["mask"]!])
    XCTAssertEqual(below.first?["damage_shows"] as? String, "invisible")
    let markdown = try LCQProcess.run(["check", "--db", db, "--build", "2", "--min-damage", "0.5"])
    XCTAssertEqual(markdown.status, 0, markdown.stdout)
    XCTAssertTrue(markdown.stdout.contains("### Below --min-damage (not failing)\n"), markdown.stdout)
    XCTAssertTrue(markdown.stdout.contains("missing by 0.5 pt or more."), markdown.stdout)
    XCTAssertTrue(
      markdown.stdout.contains("  Damage \\(invisible\\): UIKit's layout misses \\[3\\]"), markdown.stdout)
    // Build 3 at 1000 pt: the badge misses by 24, but it collapses, and a view gone shows; the
    // conflict without a figure is not known to be below. Both fail.
    let high = try json(["check", "--build", "3", "--min-damage", "1000"], db: db, status: 1)
    XCTAssertEqual((high["below_min_damage"] as? [Any])?.count, 0, "\(high)")
    XCTAssertEqual(
      Set((high["new"] as? [[String: Any]] ?? []).compactMap { $0["fingerprint"] as? String }),
      [ids["badge"]!, ids["unbroken"]!])
    let collapsing = try json(["top", "--min-damage", "1000"], db: db)["conflicts"] as? [[String: Any]] ?? []
    XCTAssertEqual(collapsing.compactMap { $0["fingerprint"] as? String }, [ids["badge"]!])

    // SARIF: the invisible miss is a note; visible damage, and none known, stay errors.
    XCTAssertEqual(try json(["check", "--build", "2"], db: db, status: 1)["passed"] as? Bool, false)
    XCTAssertEqual(try sarifLevels(db: db, build: "2"), [ids["mask"]!: "note"])
    XCTAssertEqual(try sarifLevels(db: db, build: "3"), [ids["badge"]!: "error", ids["unbroken"]!: "error"])

    // GitHub annotations: the visible badge before the conflict without a figure.
    let github = try LCQProcess.run(["check", "--db", db, "--build", "3", "--format", "github"]).stdout
    let errors = github.split(separator: "\n").filter { $0.hasPrefix("::error") }
    XCTAssertEqual(errors.count, 2, github)
    XCTAssertTrue(errors.first?.contains(ids["badge"]!) ?? false, github)

    // `show`: the stored line.
    let show = try LCQProcess.run(["show", "--db", db, ids["badge"]!, "--format", "json"])
    let details = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
    XCTAssertEqual(details?["damage_points"] as? Double, 24)
    XCTAssertTrue(
      (details?["damage"] as? String ?? "").hasSuffix(
        "by exactly 24 pt: it is exactly 0 pt tall. Badge is 0 pt tall."),
      show.stdout)

    try checkReport(db: db, ids: ids)
  }

  /// Each SARIF result's level by its fingerprint, for `lcq check --build build`.
  private func sarifLevels(db: String, build: String) throws -> [String: String] {
    let result = try LCQProcess.run(["check", "--db", db, "--build", build, "--format", "sarif"])
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    let runs = object?["runs"] as? [[String: Any]] ?? []
    var levels: [String: String] = [:]
    for item in runs.first?["results"] as? [[String: Any]] ?? [] {
      let fingerprint = (item["properties"] as? [String: Any])?["fingerprint"] as? String ?? ""
      levels[fingerprint] = item["level"] as? String
    }
    return levels
  }

  /// The report's top conflicts: visible damage first, then none known; the invisible mask
  /// counted apart.
  private func checkReport(db: String, ids: [String: String]) throws {
    let report = try LCQProcess.run(["report", "--db", db, "--since", "2000-01-01", "--format", "markdown"])
    XCTAssertEqual(report.status, 0, report.stderr)
    let top = report.stdout.components(separatedBy: "### Top conflicts").last ?? ""
    let table = top.components(separatedBy: "\n\n").dropFirst().first ?? ""
    let rows = table.split(separator: "\n").dropFirst(2)
    XCTAssertEqual(rows.count, 3, table)
    let shows = rows.map { String($0.split(separator: "|")[5]).trimmingCharacters(in: .whitespaces) }
    // The two visible ones have one occurrence each: their fingerprints order them.
    XCTAssertEqual(Set(shows.prefix(2)), ["visible, 24 pt", "visible, 99.99 pt"], table)
    XCTAssertEqual(shows.last, "not known", table)
    XCTAssertFalse(table.contains(ids["mask"]!.prefix(11)), table)
    XCTAssertTrue(
      top.contains(
        "_Not listed: 1 conflict whose damage is invisible \\(under half a point\\), with 1 occurrence in 1 run._"
      ),
      top)
    let json = try json(["report", "--since", "2000-01-01"], db: db)
    XCTAssertEqual((json["invisible_damage"] as? [String: Any])?["conflicts"] as? Int, 1)
    XCTAssertEqual(
      (json["top_by_damage"] as? [[String: Any]] ?? []).compactMap { $0["damage_shows"] as? String },
      ["visible", "visible"])
  }

  /// The ingest analyses without looking for single fixes; each conflict of the corpus must
  /// still store the damage line `lcq analyze` prints for one of its blocks (the first sighting's:
  /// blocks of one fingerprint may name other addresses).
  func testIngestStoresTheDamageAnalyzeSays() throws {
    let fixture = try StoreFixture()
    let logs = try LCQProcess.corpusLogs()
    var lines: [String: Set<String>] = [:]
    let analyzed = try LCQProcess.run(["analyze", "--format", "json"] + logs)
    for text in analyzed.stdout.split(separator: "\n") {
      let block = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
      guard let fingerprint = block["fingerprint"] as? String else { continue }
      if let damage = block["damage"] as? [String: Any], let shows = damage["shows"] as? String,
        let words = damage["words"] as? String
      {
        lines[fingerprint, default: []].insert("Damage (\(shows)): \(words)")
      } else if let reason = block["damage_reason"] as? String {
        lines[fingerprint, default: []].insert("No damage figure: \(reason).")
      }
    }
    let ingest = try fixture.lcq(["ingest"] + logs)
    XCTAssertEqual(ingest.status, 0, ingest.stderr)
    let json = try fixture.python(
      "import json\nprint(json.dumps(db.execute('SELECT fingerprint, damage FROM conflicts WHERE damage IS NOT NULL').fetchall()))"
    )
    let stored = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String]] ?? []
    var figures = 0
    for row in stored {
      let (fingerprint, line) = (row[0], row[1])
      XCTAssertTrue(
        lines[fingerprint]?.contains(line) ?? false,
        "\(fingerprint): \(line) not in \(lines[fingerprint] ?? [])")
      if line.hasPrefix("Damage (") { figures += 1 }
    }
    // The corpus's conflicts with a figure (the z3 oracle checks each: OracleTests).
    XCTAssertGreaterThan(figures, 50, "\(stored.count) stored")
  }

  func testDamageRanksFiltersAndGatesOnTheSQLiteFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-damage-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let db = folder.appendingPathComponent("d.sqlite").path
    try check(db: db, folder: folder)
    #if TeamStore
      // The copy into the team store carries the damage columns, reals included.
      let url = try PostgresTestServer.shared().makeDatabase()
      let copy = try LCQProcess.run(["db", "copy", "--from", db, "--to", url])
      XCTAssertEqual(copy.status, 0, copy.stderr)
      let rows = try json(["top", "--min-damage", "1"], db: url)["conflicts"] as? [[String: Any]] ?? []
      XCTAssertEqual(rows.count, 2)
    #endif
  }

  #if TeamStore
    func testDamageRanksFiltersAndGatesOnTheTeamStore() throws {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lcq-damage-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let server = try PostgresTestServer.shared()
      let url = try server.makeDatabase()
      try check(db: url, folder: folder)
      // A store from before the damage (its columns empty) gets it from `db reanalyze`.
      let database = String(url.split(separator: "/").last?.split(separator: "?").first ?? "")
      _ = try server.psql(
        database,
        "UPDATE conflicts SET damage = NULL, damage_points = NULL, damage_shows = NULL, damage_collapses = NULL"
      )
      XCTAssertEqual((try json(["top", "--min-damage", "1"], db: url)["conflicts"] as? [Any])?.count, 0)
      let reanalysed = try LCQProcess.run(["db", "reanalyze", "--db", url])
      XCTAssertEqual(reanalysed.status, 0, reanalysed.stderr)
      XCTAssertEqual((try json(["top", "--min-damage", "1"], db: url)["conflicts"] as? [Any])?.count, 2)
    }
  #endif
}
