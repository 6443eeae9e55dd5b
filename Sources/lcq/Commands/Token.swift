import ArgumentParser
import Foundation
import LCQAnalysis
import LCQReporting
import LCQStore

extension LCQCommand {
  /// `lcq token`: the bearer tokens `lcq serve` accepts.
  struct Token: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "token",
      abstract: "Create, list and revoke the bearer tokens `lcq serve` accepts.",
      discussion: """
        A token is shown once, when it is made; the store keeps only its SHA-256 (docs/serve.md).

        \(ExitStatus.databaseHelp)
        """,
      subcommands: [Create.self, List.self, Revoke.self])
  }
}

extension LCQCommand.Token {
  /// `lcq token create`: makes a token and prints it, once, on standard output.
  struct Create: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a token and print it on standard output (nothing else goes there).",
      discussion: """
        Scopes: ingest (POST /v1/logs and /v1/ingest), device (POST /v1/logs only, with a rate \
        and a daily quota per client address: for a token shipped inside an app, which anyone \
        with the app can read), metrics (GET /metrics). An ingest or device token writes the \
        history of the apps given with --app (a log naming another app is refused with 403; \
        one naming none is the app's, when there is one), or of any app with --any-app. The \
        token is printed once; keep it in the CI's secrets. Exit status 1: a token already has \
        the name.
        """)

    @Option(
      help: "A name for the token, unique in the store (ci, qa-lab): letters, digits, '.', '_', '-', '@'.")
    var name: String
    @Option(help: "What it allows: ingest, device or metrics.")
    var scope: String = AccessScope.ingest.rawValue
    @Option(name: .customLong("app"), help: "An app whose history the token may write (repeat for more).")
    var apps: [String] = []
    @Flag(help: "The token may write any app's history (a token for a shared CI runner of every app).")
    var anyApp = false
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      guard let scope = AccessScope(rawValue: scope) else {
        throw ValidationError(
          "--scope '\(scope)': use one of \(AccessScope.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      try Self.validate(name: name)
      switch scope {
      case .metrics:
        guard apps.isEmpty, !anyApp else {
          throw ValidationError(
            "--app and --any-app are for ingest and device tokens; a metrics token writes nothing")
        }
      case .ingest, .device:
        guard apps.isEmpty == anyApp else {
          throw ValidationError(
            apps.isEmpty
              ? "an \(scope.rawValue) token writes some apps' history: give --app NAME (repeatable), or --any-app"
              : "give --app or --any-app, not both")
        }
        guard apps.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isNewline) }) else {
          throw ValidationError("--app: give an app's name, on one line")
        }
      }
    }

    /// The characters a name may hold: it is printed in lists and in the server's answers, so it
    /// cannot hold a terminal control, a bidi override or a tab (security review 3, T9).
    static func validate(name: String) throws {
      let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-@"))
      guard !name.isEmpty, name.count <= 100, name.unicodeScalars.allSatisfy(allowed.contains),
        name.unicodeScalars.allSatisfy({ $0.isASCII })
      else {
        throw ValidationError(
          "--name \(TerminalText.oneLine(name).debugDescription): give 1 to 100 letters, digits, '.', '_', '-' or '@' (ASCII)"
        )
      }
    }

    mutating func run() throws {
      // validate() made sure the scope is one lcq knows.
      let (name, scope) = (self.name, AccessScope(rawValue: scope) ?? .ingest)
      let apps: [String]? = scope == .metrics || anyApp ? nil : Array(Set(apps)).sorted()
      let secret = AccessTokenText.make()
      let created = try usingStore(database, access: .create) { store throws(StoreError) -> Bool in
        if try store.accessTokens().contains(where: { $0.name == name }) { return false }
        try store.createToken(
          name: name, scope: scope, apps: apps, sha256: SHA256.hex(secret), at: currentTime)
        return true
      }
      guard created else {
        StandardError.write(
          "lcq: a token is already named '\(name)' (lcq token list; revoke it or pick another name)")
        throw ExitCode(1)
      }
      print(secret)
      let writes =
        scope == .metrics ? "" : apps.map { "; writes \(Self.names($0))" } ?? "; writes any app's history"
      StandardError.write(
        "lcq: token '\(name)' (scope \(scope.rawValue)\(writes)) created; it is not shown again")
    }

    /// `'A', 'B'`, each spelled out.
    static func names(_ apps: [String]) -> String {
      apps.map { "'\(TerminalText.oneLine($0))'" }.joined(separator: ", ")
    }
  }

  /// `lcq token list`: the tokens' names, scopes and dates, never a token.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the tokens: name, scope, apps, created, revoked.",
      discussion: """
        One line a token, tab-separated: name, scope, the apps it writes (`any app`, or the \
        names joined by commas; `-` for a metrics token), created, valid or revoked. Every \
        field is one line of text that cannot drive a terminal, whoever wrote the row.
        """)

    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      let tokens = try usingStore(database) { store throws(StoreError) in try store.accessTokens() }
      func field(_ text: String) -> String {
        TerminalText.oneLine(text).replacingOccurrences(of: "\t", with: " ")
      }
      for token in tokens {
        let revoked = token.revokedAt.map { "revoked \(UnixTime.iso($0))" } ?? "valid"
        let apps = token.scope == .metrics ? "-" : token.apps.map { $0.joined(separator: ",") } ?? "any app"
        print(
          [
            field(token.name), token.scope.rawValue, field(apps), "created \(UnixTime.iso(token.createdAt))",
            revoked,
          ]
          .joined(separator: "\t"))
      }
    }
  }

  /// `lcq token revoke`: the server refuses the token from its next request on.
  struct Revoke: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Revoke a token by name; lcq serve refuses it from the next request on.",
      discussion: """
        With --purge, everything the token wrote goes too: its runs, their occurrences and \
        failed blocks, and the open conflicts left with none (a leaked token's writes), with \
        the counts rebuilt; a token revoked earlier can be purged later. Exit status 1: no \
        valid token has the name (and, with --purge, no token at all).
        """)

    @Argument(help: "The token's name.")
    var name: String
    @Flag(help: "Delete what the token wrote, too.")
    var purge = false
    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      let (name, purge) = (self.name, self.purge)
      let shown = TerminalText.oneLine(name)
      let (revoked, known, purged) = try usingStore(database, access: .write) {
        store throws(StoreError) -> (Bool, Bool, PruneResult?) in
        let revoked = try store.revokeToken(named: name, at: currentTime)
        let known = try store.accessTokens().contains { $0.name == name }
        return (revoked, known, purge && known ? try store.purge(writtenByToken: name) : nil)
      }
      guard revoked || (purge && known) else {
        StandardError.write("lcq: no valid token is named '\(shown)' (lcq token list)")
        throw ExitCode(1)
      }
      if revoked { StandardError.write("lcq: token '\(shown)' revoked") }
      if let purged {
        StandardError.write(
          "lcq: deleted what '\(shown)' wrote: \(purged.runs) runs, \(purged.occurrences) occurrences, "
            + "\(purged.failedBlocks) failed blocks, \(purged.conflicts) conflicts left with none")
      }
    }
  }
}

/// The text of a new token: `lcq_` and 256 random bits in base64url.
enum AccessTokenText {
  static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    let base64 = Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    return "lcq_" + base64
  }
}
