import Foundation
import LCQAnalysis
import LCQParsing
import LCQPipeline
import LCQReporting
import LCQStore
import MCP

/// The tools `lcq mcp` offers a coding agent. Each answers as the command for the same job
/// does, in that command's JSON (docs/agents.md): `analyze_log` as `lcq analyze --format json`,
/// `top_conflicts` as `lcq top`, `show_conflict` as `lcq show` (and `conflict_tests` as its
/// tests), `check_build` as `lcq check`,
/// reading the same store as the command line. The JSON is the call's structured content, and
/// its text the call's content for clients that read only text.
struct AgentTools: Sendable {
  /// Where the store is (`--db`, `$LCQ_DB`, or the default file).
  let database: DatabaseOptions

  /// The most log text `analyze_log` reads in one call; larger logs belong in `lcq analyze`.
  static let largestLog = 4 << 20

  /// Answers a call of the tool `name`; a wrong call gets a result that says what is wrong.
  ///
  /// - Throws: `MCPError.invalidParams` for a tool that does not exist.
  func call(_ name: String, _ arguments: [String: Value]?) throws -> CallTool.Result {
    let json: JSONValue
    do {
      switch name {
      case "analyze_log": json = try analyzeLog(arguments)
      case "top_conflicts": json = try topConflicts(arguments)
      case "show_conflict": json = try showConflict(arguments)
      case "conflict_tests": json = try conflictTests(arguments)
      case "check_build": json = try checkBuild(arguments)
      default:
        let names = Self.definitions.map(\.name).joined(separator: ", ")
        throw MCPError.invalidParams("no tool named '\(name)' (the tools: \(names))")
      }
    } catch let error as ToolError {
      return CallTool.Result(
        content: [.text(text: error.description, annotations: nil, _meta: nil)], isError: true)
    }
    let text = json.serialized
    let structured: Value? = try JSONDecoder().decode(Value.self, from: Data(text.utf8))
    return CallTool.Result(
      content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: structured, isError: nil)
  }

  // MARK: The tools

  private func analyzeLog(_ values: [String: Value]?) throws(ToolError) -> JSONValue {
    let arguments = try ToolArguments(
      values, tool: "analyze_log", known: ["log", "file_name", "source_root"])
    let log = try arguments.requiredText("log", "the log's text")
    guard log.utf8.count <= Self.largestLog else {
      throw ToolError(
        "analyze_log: the log is \(log.utf8.count) bytes; one call reads at most \(Self.largestLog) (4 MiB). "
          + "Pipe a larger log to `lcq analyze --format json`.")
    }
    let name = try arguments.text("file_name") ?? "log"
    var codeOwners: CodeOwnerMap?
    if let root = try arguments.text("source_root") {
      do {
        codeOwners = try CodeOwnerMap(root: URL(fileURLWithPath: root), codeOwners: nil)
      } catch {
        throw ToolError("analyze_log: 'source_root' \(root) is not a folder lcq can read")
      }
    }
    let analyzer = BlockAnalyzer(appSource: codeOwners?.appSource)
    let repeats = RepeatedLists(acrossAddresses: true)
    let blocks = ConflictScanner.blocks(in: log, file: name).map { block in
      let (analysis, renaming) = repeats.analysisAcrossAddresses(of: block, by: analyzer)
      return BlockJSON.value(
        of: analysis, codeOwnership: codeOwners?.ownership(of: analysis), renaming: renaming)
    }
    return .object([
      ("schema", .string("lcq-mcp-analyze/1")),
      ("conflicts_found", .int(blocks.count)),
      ("blocks", .array(blocks)),
    ])
  }

  private func topConflicts(_ values: [String: Value]?) throws -> JSONValue {
    let arguments = try ToolArguments(
      values, tool: "top_conflicts", known: ["limit", "since", "owner", "team", "app", "by", "min_damage"])
    let limit = try arguments.integer("limit", in: 1...100) ?? 10
    let window = try arguments.window()
    var filter = QueryFilter(
      app: try arguments.text("app"), since: window.since, until: window.until,
      owner: try arguments.choice("owner", OwnerFilter.self) ?? .app, team: try arguments.text("team"))
    filter.minDamage = try arguments.points("min_damage")
    let order = try arguments.choice("by", TopOrder.self) ?? .occurrences
    let rows = try reading { store throws(StoreError) in try store.top(filter, by: order, limit: limit) }
    return ResultTable(top: rows, by: order, minDamage: filter.minDamage)
      .jsonValue
  }

  private func showConflict(_ values: [String: Value]?) throws -> JSONValue {
    let arguments = try ToolArguments(values, tool: "show_conflict", known: ["fingerprint"])
    let prefix = try arguments.requiredText("fingerprint", "a fingerprint (v3:…) or its first digits")
    let details = try reading { store throws(StoreError) in try store.details(of: prefix, QueryFilter()) }
    return ConflictDetailsText.json(details)
  }

  private func conflictTests(_ values: [String: Value]?) throws -> JSONValue {
    let arguments = try ToolArguments(values, tool: "conflict_tests", known: ["fingerprint", "since"])
    let prefix = try arguments.requiredText("fingerprint", "a fingerprint (v3:…) or its first digits")
    let window = try arguments.window()
    let filter = QueryFilter(since: window.since, until: window.until)
    let details = try reading { store throws(StoreError) in try store.details(of: prefix, filter) }
    return ConflictDetailsText.testsJSON(details)
  }

  private func checkBuild(_ values: [String: Value]?) throws -> JSONValue {
    let arguments = try ToolArguments(
      values, tool: "check_build", known: ["build", "run_id", "owner", "team", "min_damage"])
    let minDamage = try arguments.points("min_damage")
    let (build, run) = (try arguments.text("build"), try arguments.text("run_id"))
    if build != nil, run != nil { throw ToolError("check_build: give 'build' or 'run_id', not both") }
    let owner = try arguments.choice("owner", OwnerFilter.self) ?? .app
    let team = try arguments.text("team")
    let result = try reading { store throws(StoreError) -> CheckResult? in
      var scope = build.map(CheckScope.build) ?? run.map(CheckScope.run)
      if scope == nil { scope = try store.latestScope(app: nil) }
      guard let scope, try store.hasRuns(in: scope, app: nil) else { return nil }
      return try store.check(scope, app: nil, owner: owner, team: team, baseline: [])
    }
    guard var result else {
      throw ToolError(
        "check_build: no ingest recorded \(build.map { "build \($0)" } ?? run.map { "run \($0)" } ?? "a build or run id")"
      )
    }
    result.minDamage = minDamage
    return CheckText.jsonValue(result, failOn: [.new, .regressed])
  }

  /// Runs `body` on the store opened for reading; a store error becomes the call's error.
  private func reading<T>(_ body: (any ConflictStore) throws(StoreError) -> T) throws(ToolError) -> T {
    do {
      return try body(try database.open(.readNeverMigrating))
    } catch {
      throw ToolError("lcq: \(error)")
    }
  }
}
