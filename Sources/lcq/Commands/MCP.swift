import ArgumentParser
import Dispatch
import MCP

extension LCQCommand {
  /// `lcq mcp`: lcq's answers for coding agents, as a Model Context Protocol server on stdio.
  struct MCPServer: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "mcp",
      abstract: "Serve lcq's answers to coding agents: a Model Context Protocol server on stdio.",
      discussion: """
        Speaks MCP (JSON-RPC on standard input and output) until standard input ends. Tools: \
        analyze_log (log text in; per conflict message the verdict, the minimal set in plain \
        English with owners, the proven fix: `lcq analyze --format json`'s objects), \
        top_conflicts, show_conflict, conflict_tests and check_build (the store's answers, as \
        `lcq top`, `lcq show` and `lcq check` give them in JSON; conflict_tests the tests that \
        logged a conflict). A wrong call gets an error result that \
        says what to change; the server goes on. Nothing but protocol messages is written to \
        standard output. See docs/agents.md for registering it with a client.

        Exit status:
          0   standard input ended
          1   the protocol could not be served (standard input or output failed)
          64  the command line is wrong
        """)

    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      let tools = AgentTools(database: database)
      let failure = BlockingTask.run {
        let server = Server(
          name: "lcq", version: LCQVersion.current, title: "lcq: Auto Layout conflicts, proven",
          capabilities: .init(tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in
          ListTools.Result(tools: AgentTools.definitions)
        }
        await server.withMethodHandler(CallTool.self) { call in try tools.call(call.name, call.arguments) }
        try await server.start(transport: LineTransport())
        await server.waitUntilCompleted()
      }
      if let failure {
        StandardError.write("lcq: mcp: \(failure)")
        throw ExitCode(1)
      }
    }
  }
}
