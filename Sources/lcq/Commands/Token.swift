import ArgumentParser
import Foundation
import LCQAnalysis
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
        Scopes: ingest (POST /v1/logs and /v1/ingest), metrics (GET /metrics). The token is \
        printed once; keep it in the CI's secrets. Exit status 1: a token already has the name.
        """)

    @Option(help: "A name for the token, unique in the store (ci, qa-lab).")
    var name: String
    @Option(help: "What it allows: ingest or metrics.")
    var scope: String = AccessScope.ingest.rawValue
    @OptionGroup var database: DatabaseOptions

    func validate() throws {
      guard AccessScope(rawValue: scope) != nil else {
        throw ValidationError(
          "--scope '\(scope)': use one of \(AccessScope.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      guard !name.isEmpty, name.count <= 100, !name.contains(where: \.isNewline) else {
        throw ValidationError("--name: give a name of 1 to 100 characters on one line")
      }
    }

    mutating func run() throws {
      // validate() made sure the scope is one lcq knows.
      let (name, scope) = (self.name, AccessScope(rawValue: scope) ?? .ingest)
      let secret = AccessTokenText.make()
      let created = try usingStore(database, access: .create) { store throws(StoreError) -> Bool in
        if try store.accessTokens().contains(where: { $0.name == name }) { return false }
        try store.createToken(name: name, scope: scope, sha256: SHA256.hex(secret), at: currentTime)
        return true
      }
      guard created else {
        StandardError.write(
          "lcq: a token is already named '\(name)' (lcq token list; revoke it or pick another name)")
        throw ExitCode(1)
      }
      print(secret)
      StandardError.write("lcq: token '\(name)' (scope \(scope.rawValue)) created; it is not shown again")
    }
  }

  /// `lcq token list`: the tokens' names, scopes and dates, never a token.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the tokens: name, scope, created, revoked.")

    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      let tokens = try usingStore(database) { store throws(StoreError) in try store.accessTokens() }
      for token in tokens {
        let revoked = token.revokedAt.map { "revoked \(UnixTime.iso($0))" } ?? "valid"
        print("\(token.name)\t\(token.scope.rawValue)\tcreated \(UnixTime.iso(token.createdAt))\t\(revoked)")
      }
    }
  }

  /// `lcq token revoke`: the server refuses the token from its next request on.
  struct Revoke: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Revoke a token by name; lcq serve refuses it from the next request on.",
      discussion: "Exit status 1: no valid token has the name.")

    @Argument(help: "The token's name.")
    var name: String
    @OptionGroup var database: DatabaseOptions

    mutating func run() throws {
      let name = self.name
      let revoked = try usingStore(database, access: .write) { store throws(StoreError) in
        try store.revokeToken(named: name, at: currentTime)
      }
      guard revoked else {
        StandardError.write("lcq: no valid token is named '\(name)' (lcq token list)")
        throw ExitCode(1)
      }
      StandardError.write("lcq: token '\(name)' revoked")
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
