import Foundation
import LCQStore
import XCTest

/// The generated panel types (`DashboardPanels.swift`) match what each panel's SQL returns on a
/// real database, and there is one type for every panel the binary carries.
final class PanelTypesTests: XCTestCase {
  func testEveryPanelTypeHasThePanelsColumns() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-panels-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try Store(path: folder.appendingPathComponent("lcq.sqlite").path, mode: .createIfMissing)
    let scope = ReportScope(since: 1_700_000_000, until: 1_700_086_400)
    XCTAssertEqual(Panels.all.map { $0.name }.sorted(), Store.panelNames.sorted(), "run scripts/embed-sql.py")
    for type in Panels.all {
      let rows = try store.panel(type.name, scope)
      XCTAssertEqual(rows.columns, type.columns, "\(type.name): run scripts/embed-sql.py")
      XCTAssertEqual(Set(rows.columns).count, rows.columns.count, "\(type.name) names a column twice")
    }
  }

  func testAPanelsRowsReadByTheirType() throws {
    let rows = PanelRows(
      columns: Panels.ConflictDays.columns,
      rows: [[.text("v1:0123456789abcdef"), .text("2024-03-05"), .integer(7)]])
    let typed = rows.typed(Panels.ConflictDays.self)
    XCTAssertEqual(typed.count, 1)
    XCTAssertEqual(typed.first?.fingerprint, .text("v1:0123456789abcdef"))
    XCTAssertEqual(typed.first?.day, .text("2024-03-05"))
    XCTAssertEqual(typed.first?.occurrences, .integer(7))
  }
}
