// The team store: built with the TeamStore trait only (Package.swift).
#if TeamStore
  import Foundation
  import Logging
  import NIOCore
  import NIOPosix
  import NIOSSL
  import PostgresNIO

  /// One connection to a PostgreSQL server, used synchronously: lcq's commands run on one
  /// thread, and each call here waits for the server's answer.
  ///
  /// Statements are written with `?` placeholders, as for SQLite; ``SQLText/numbered(_:)`` turns them
  /// into PostgreSQL's `$1, $2, …` (lcq's SQL has no `?` inside a literal). Every value is a
  /// bound parameter.
  final class PostgresLink: @unchecked Sendable {
    /// The location as messages show it (no password).
    let displayPath: String
    private let connection: PostgresConnection
    /// Nothing of postgres-nio's own logging reaches the user's terminal.
    private let logger = Logger(label: "lcq.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    private init(connection: PostgresConnection, displayPath: String) {
      self.connection = connection
      self.displayPath = displayPath
    }

    deinit {
      try? connection.close().wait()
    }

    /// Why a connection could not be made, and whether the server answered that it cannot take
    /// one now (``busyStates``), which is worth waiting for.
    struct ConnectFailure: Error {
      /// What to tell the user.
      var error: StoreError
      /// The server, or a pooler in front of it, answered that it is full or starting.
      var serverIsBusy: Bool
    }

    /// The SQLSTATEs of a server that is there but cannot take a connection now: too many
    /// connections (53300), starting up or recovering (57P03), and a pooler's refusal while its
    /// clients or its server logins are full (PgBouncer sends 08P01 for those).
    static let busyStates: Set<String> = ["53300", "57P03", "08P01"]

    /// Connects to `location` (TLS as its `sslmode` says), waiting at most its `connect_timeout`.
    static func connect(to location: PostgresLocation, displayPath: String) throws(ConnectFailure)
      -> PostgresLink
    {
      let tls: PostgresConnection.Configuration.TLS
      do {
        tls = try Self.tls(for: location.sslMode)
      } catch {
        throw ConnectFailure(
          error: .postgres(path: displayPath, message: "could not set up TLS: \(error)", sqlState: nil),
          serverIsBusy: false)
      }
      // The connection is made here, then handed to postgres-nio for the login, so that a host
      // that never takes it (a wrong host, a firewall) and one that takes it but does not log
      // lcq in (an overloaded pooler, a port that is not PostgreSQL's) are told apart.
      let loop = MultiThreadedEventLoopGroup.singleton.any()
      let deadline = NIODeadline.now() + .seconds(Int64(location.connectTimeout))
      let channel: any Channel
      do {
        channel = try ClientBootstrap(group: loop).connectTimeout(.seconds(Int64(location.connectTimeout)))
          .connect(host: location.host, port: location.port).wait()
      } catch {
        throw ConnectFailure(
          error: Self.connectionError(error, location: location, displayPath: displayPath, connected: false),
          serverIsBusy: false)
      }
      var configuration = PostgresConnection.Configuration(
        establishedChannel: channel, tls: tls, username: location.user, password: location.password,
        database: location.database)
      configuration.options.connectTimeout = max(deadline - .now(), .milliseconds(1))
      configuration.options.additionalStartupParameters = [("application_name", location.applicationName)]
      let logger = Logger(label: "lcq.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
      do {
        let connection = try PostgresConnection.connect(
          on: loop, configuration: configuration, id: 1, logger: logger
        ).wait()
        return PostgresLink(connection: connection, displayPath: displayPath)
      } catch {
        channel.close(promise: nil)
        let state = (error as? PSQLError)?.serverInfo?[.sqlState]
        throw ConnectFailure(
          error: Self.connectionError(error, location: location, displayPath: displayPath, connected: true),
          serverIsBusy: state.map(busyStates.contains) ?? false)
      }
    }

    /// Why a connection could not be made, in one sentence that says what to check: nothing
    /// listening, no answer in time (before the connection was made, or after, when
    /// `connected`), or what ``storeError(_:displayPath:)`` makes of the rest.
    static func connectionError(
      _ error: any Error, location: PostgresLocation, displayPath: String, connected: Bool
    ) -> StoreError {
      let text = "\(error) \((error as? PSQLError)?.underlying.map { "\($0)" } ?? "")"
      let address =
        location.host.contains(":")
        ? "[\(location.host)]:\(location.port)" : "\(location.host):\(location.port)"
      if text.contains("Connection refused") {
        return .postgresUnreachable(
          path: displayPath,
          message:
            "nothing is listening at \(address) (connection refused): is the server running, and is the port right?"
        )
      }
      if text.contains("Connect timeout") || text.contains("connectTimeout") {
        return .postgresUnreachable(
          path: displayPath,
          message: connected
            ? "\(address) took the connection but did not log lcq in within \(location.connectTimeout) s "
              + "(connect_timeout): is it a PostgreSQL server or pooler, and is it overloaded? (runners that "
              + "share a busy pooler may need a longer connect_timeout)"
            : "no answer from \(address) within \(location.connectTimeout) s (connect_timeout): is the host "
              + "right, and does a firewall let lcq through?")
      }
      if let error = error as? PSQLError, error.code == .sslUnsupported {
        // Why TLS was asked for: the sslmode given, or the default for a host elsewhere.
        let reason =
          location.sslModeIsGiven
          ? "sslmode=\(location.sslMode.rawValue) asks for it"
          : "sslmode=\(location.sslMode.rawValue), the default for a host that is not this machine, asks for it"
        return .postgres(
          path: displayPath,
          message: "the server does not offer TLS, and \(reason); enable ssl on the server, or give "
            + "sslmode=disable knowingly", sqlState: nil)
      }
      return storeError(error, displayPath: displayPath)
    }

    /// The TLS settings for libpq's `sslmode`: `disable` never, `allow` and `prefer` when the
    /// server offers it (unverified, as libpq does), `require` always (unverified), `verify-ca`
    /// always with the certificate checked against the system's roots, `verify-full` also
    /// checking the host name.
    private static func tls(for mode: PostgresLocation.SSLMode) throws -> PostgresConnection.Configuration.TLS
    {
      var settings = TLSConfiguration.makeClientConfiguration()
      switch mode {
      case .disable: return .disable
      case .allow, .prefer:
        settings.certificateVerification = .none
        return .prefer(try NIOSSLContext(configuration: settings))
      case .require:
        settings.certificateVerification = .none
        return .require(try NIOSSLContext(configuration: settings))
      case .verifyCA:
        settings.certificateVerification = .noHostnameVerification
        return .require(try NIOSSLContext(configuration: settings))
      case .verifyFull:
        settings.certificateVerification = .fullVerification
        return .require(try NIOSSLContext(configuration: settings))
      }
    }

    /// Runs `sql` with `values` bound to its `?`s; returns its rows.
    @discardableResult
    func rows(_ sql: String, _ values: [QueryValue] = []) throws(StoreError) -> [PostgresRandomAccessRow] {
      try result(sql, values).rows.map { $0.makeRandomAccess() }
    }

    /// Runs `sql` with `values` bound to its `?`s; returns its rows as lcq's queries read them
    /// (``QueryRows``).
    func table(_ sql: String, _ values: [QueryValue] = []) throws(StoreError) -> QueryRows {
      Self.table(of: try result(sql, values).rows)
    }

    /// `rows` as lcq's queries read them.
    private static func table(of rows: [PostgresRow]) -> QueryRows {
      let columns = rows.first.map { $0.map(\.columnName) } ?? []
      return QueryRows(columns: columns, values: rows.map { row in row.map(PanelValue.init) })
    }

    /// Runs `sql` with `values` bound to its `?`s; returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [QueryValue] = []) throws(StoreError) -> Int {
      try result(sql, values).metadata.rows ?? 0
    }

    /// Runs `statements` in order; returns each one's rows as lcq's queries read them (``QueryRows``).
    func tables(_ statements: [SQLStatement]) throws(StoreError) -> [QueryRows] {
      try together(statements).map { Self.table(of: $0.rows) }
    }

    /// Runs `statements` in order, handed to the connection together, so that each is sent as
    /// soon as the server has answered the one before, without waiting for this thread in
    /// between; returns their results. The first failure is thrown, once every statement is
    /// answered (inside a transaction, those after it fail too).
    private func together(_ statements: [SQLStatement]) throws(StoreError) -> [PostgresQueryResult] {
      guard !connection.isClosed else {
        throw .postgresUnreachable(path: displayPath, message: "the server closed the connection")
      }
      let answers = statements.map { statement in
        connection.query(
          PostgresQuery(unsafeSQL: SQLText.numbered(statement.sql), binds: Self.bindings(statement.values)),
          logger: logger)
      }
      var results: [PostgresQueryResult] = []
      var failure: StoreError?
      for answer in answers {
        do {
          results.append(try answer.wait())
        } catch {
          failure = failure ?? Self.storeError(error, displayPath: displayPath)
        }
      }
      if let failure { throw failure }
      return results
    }

    /// Runs `sql` with `arrays` bound to its `?`s, each as one array parameter; returns its rows.
    func rows(_ sql: String, arrays: [PostgresArrayParameter]) throws(StoreError) -> [PostgresRandomAccessRow]
    {
      var binds = PostgresBindings(capacity: arrays.count)
      for array in arrays {
        do {
          try binds.append(array)
        } catch {
          throw .postgres(path: displayPath, message: "\(error)", sqlState: nil)
        }
      }
      return try result(sql, binds).rows.map { $0.makeRandomAccess() }
    }

    private func result(_ sql: String, _ values: [QueryValue]) throws(StoreError) -> PostgresQueryResult {
      try result(sql, Self.bindings(values))
    }

    /// `values` as postgres-nio binds them.
    private static func bindings(_ values: [QueryValue]) -> PostgresBindings {
      var binds = PostgresBindings(capacity: values.count)
      for value in values {
        switch value {
        case .integer(let integer): binds.append(integer)
        case .real(let real): binds.append(real)
        case .text(let text): binds.append(text)
        case .null: binds.appendNull()
        }
      }
      return binds
    }

    private func result(_ sql: String, _ binds: PostgresBindings) throws(StoreError) -> PostgresQueryResult {
      let query = PostgresQuery(unsafeSQL: SQLText.numbered(sql), binds: binds)
      // A query sent on a connection the server has already closed is never answered: ask first.
      guard !connection.isClosed else {
        throw .postgresUnreachable(path: displayPath, message: "the server closed the connection")
      }
      do {
        return try connection.query(query, logger: logger).wait()
      } catch {
        throw Self.storeError(error, displayPath: displayPath)
      }
    }

    /// Statements on this connection directly (inside a transaction the store already holds).
    var queries: QueryEngine {
      QueryEngine(
        dialect: .postgres, fetchRows: { sql, values throws(StoreError) in try self.table(sql, values) },
        changeRows: { sql, values throws(StoreError) in try self.execute(sql, values) },
        inTransaction: { body throws(StoreError) in try body(self.queries) })
    }

    /// Runs `body` inside one transaction: committed when it returns, rolled back when it throws.
    /// The transaction plans without JIT compilation (`SET LOCAL`, so that nothing outlives it on
    /// a pooled connection): lcq's statements over a large store cost enough for PostgreSQL to
    /// compile them, and compiling each over a dozen monthly partitions took seconds where the
    /// statement itself took a tenth of that (BENCHMARKS.md).
    /// Inside a transaction already, `body` runs in it.
    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
      guard !isInTransaction else { return try body() }
      isInTransaction = true
      defer { isInTransaction = false }
      do {
        _ = try together([SQLStatement(sql: "BEGIN"), SQLStatement(sql: "SET LOCAL jit = off")])
        let result = try body()
        try rows("COMMIT")
        return result
      } catch {
        _ = try? rows("ROLLBACK")
        throw error
      }
    }

    /// Whether ``transaction(_:)`` is running its body on this connection.
    private var isInTransaction = false

    /// A client or server error as one line that names what failed and never the password. A
    /// lost or refused connection (the client's own errors, or the server's SQLSTATE class 08 and
    /// its shutdown codes 57P01–57P03) is ``StoreError/postgresUnreachable(path:message:)``, which
    /// the store may retry after reconnecting; anything the server refused is not.
    static func storeError(_ error: any Error, displayPath: String) -> StoreError {
      if let error = error as? StoreError { return error }
      guard let error = error as? PSQLError else {
        return .postgresUnreachable(path: displayPath, message: String(describing: error))
      }
      if let info = error.serverInfo, let message = info[.message] {
        let state = info[.sqlState]
        if let state, state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) {
          return .postgresUnreachable(path: displayPath, message: "\(message) (SQLSTATE \(state))")
        }
        // A reader's role (docs/team.md) or a standby refused a write: say what the command needs.
        let hint =
          switch state {
          case "42501":
            "; this role may not write: ingest, resolve, ignore, reopen, notify and db commands need the "
              + "writer's role (docs/team.md)"
          case "25006":
            "; this server only reads (a standby, or read-only): ingest, resolve, ignore, reopen, notify and "
              + "db commands need the primary (docs/team.md)"
          default: ""
          }
        return .postgres(path: displayPath, message: "the server said: \(message)\(hint)", sqlState: state)
      }
      switch error.code {
      case .sslUnsupported:
        return .postgres(
          path: displayPath,
          message:
            "the server does not offer TLS, and the sslmode asks for it (the default for a host that is "
            + "not this machine is require); enable ssl on the server, or give sslmode=disable knowingly",
          sqlState: nil)
      case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .connectionError:
        let reason = error.underlying.map { "\($0)" } ?? "the connection was closed"
        return .postgresUnreachable(path: displayPath, message: reason)
      default:
        if let underlying = error.underlying {
          return .postgresUnreachable(path: displayPath, message: "\(underlying)")
        }
        return .postgres(path: displayPath, message: "\(error.code)", sqlState: nil)
      }
    }
  }

  extension PostgresRandomAccessRow {
    /// The column `name` decoded as `T` (`nil` for SQL NULL when `T` is optional).
    func value<T: PostgresDecodable>(_ name: String, as type: T.Type = T.self) throws(StoreError) -> T {
      do {
        return try self[name].decode(T.self)
      } catch {
        throw .postgres(path: "", message: "column \(name): \(error)", sqlState: nil)
      }
    }
  }

  extension PanelValue {
    /// The value of a PostgreSQL cell as SQLite would have returned it: booleans as 0 or 1, a
    /// `numeric` with no digits after the point (`sum` of integers) as an integer, any other
    /// `numeric` or float as a real, everything else as text.
    init(_ cell: PostgresCell) {
      guard let bytes = cell.bytes else {
        self = .null
        return
      }
      do {
        switch cell.dataType {
        case .bool: self = .integer(try cell.decode(Bool.self) ? 1 : 0)
        case .int2, .int4, .int8, .oid: self = .integer(try cell.decode(Int64.self))
        case .float4, .float8: self = .real(try cell.decode(Double.self))
        case .numeric:
          let text = try cell.decode(Decimal.self).description
          // The binary numeric's fourth 16-bit field is its display scale: digits after the point.
          let scale =
            cell.format == .binary ? bytes.getInteger(at: bytes.readerIndex + 6, as: Int16.self) : nil
          if scale == 0, let integer = Int64(text) {
            self = .integer(integer)
          } else {
            self = Double(text).map { .real($0) } ?? .text(text)
          }
        default: self = .text(try cell.decode(String.self))
        }
      } catch {
        self = .text(String(buffer: bytes))
      }
    }
  }
#endif
