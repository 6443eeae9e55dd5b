// swift-tools-version:6.1
import PackageDescription

let package = Package(
  name: "lcq",
  platforms: [.macOS(.v13)],
  products: [
    .library(
      name: "LCQ",
      targets: [
        "LCQParsing", "LCQSolver", "LCQAnalysis", "LCQStore", "LCQPipeline", "LCQReporting",
      ]),
    .executable(name: "lcq", targets: ["lcq"]),
  ],
  traits: [
    // The team store (`--db postgres://…`) and the PostgreSQL client only it needs (postgres-nio,
    // with two copies of BoringSSL: most of a cold build). Off by default: the embedded SQLite
    // file needs none of it. `swift build -c release --traits TeamStore` turns it on.
    .trait(
      name: "TeamStore",
      description: "The team store on PostgreSQL (`--db postgres://…`), through postgres-nio."),
    // `lcq serve`, the collector that receives OpenTelemetry logs and plain uploads over HTTP
    // (docs/serve.md), and the server it runs on (Hummingbird, SwiftNIO) with the OTLP types
    // (swift-protobuf). Off by default, as the team store.
    .trait(
      name: "Collector",
      description: "`lcq serve`: OTLP/HTTP logs and plain uploads into either store, through Hummingbird."),
    .default(enabledTraits: []),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/attaswift/BigInt", exact: "6.0.1"),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
    .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
    // Already in the graph (swift-sdk, postgres-nio): MCP's Transport protocol names its Logger.
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
    // Already in the graph (hummingbird): the collector's connection guard is a channel handler
    // of HTTP parts, which these two modules name.
    .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
    .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
    // Already in the graph (postgres-nio, hummingbird): `lcq serve --tls-cert` serves HTTPS with
    // Hummingbird's own HummingbirdTLS, which takes NIOSSL's certificate and key types.
    .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
  ],
  targets: [
    .target(name: "LCQParsing"),
    .target(name: "LCQSolver", dependencies: [.product(name: "BigInt", package: "BigInt")]),
    // SHA-256 on the x86 SHA instructions, for LCQAnalysis's SHA256 (which falls back to Swift).
    .target(name: "CSHA256"),
    .target(name: "LCQAnalysis", dependencies: ["LCQParsing", "LCQSolver", "CSHA256"]),
    .target(
      name: "LCQStore",
      dependencies: [
        "LCQParsing", "LCQAnalysis", .product(name: "GRDB", package: "GRDB.swift"),
        // Whole numbers of any size, for the check's exact test (RunShare), as the solver's.
        .product(name: "BigInt", package: "BigInt"),
        // SQLite's C interface, for binding the ingest's rows without boxing (ParameterBinding).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        // The team store's client: PostgreSQL's wire protocol in Swift, TLS through swift-nio-ssl
        // (with the TeamStore trait only).
        .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["TeamStore"])),
      ]
    ),
    // The only module that wires stages: read, prepare, analyse, record (ingest, reanalysis,
    // the report's pictures).
    .target(name: "LCQPipeline", dependencies: ["LCQParsing", "LCQAnalysis", "LCQStore"]),
    .target(
      name: "LCQReporting",
      dependencies: [
        "LCQParsing", "LCQAnalysis", "LCQStore", "LCQPipeline",
        .product(name: "Mustache", package: "swift-mustache"),
      ]
    ),
    // zlib, for gzip request bodies (`Content-Encoding: gzip`): the system's, as on every
    // Linux and macOS (Debian: zlib1g-dev).
    .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
    // `lcq serve`: OTLP/HTTP and plain uploads into the store through LCQPipeline's ingest. Its
    // sources compile to nothing, and its server is not built, without the Collector trait.
    .target(
      name: "LCQCollector",
      dependencies: [
        "LCQParsing", "LCQAnalysis", "LCQStore", "LCQPipeline", "CZlib",
        .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Collector"])),
        .product(name: "SwiftProtobuf", package: "swift-protobuf", condition: .when(traits: ["Collector"])),
        .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Collector"])),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: .when(traits: ["Collector"])),
        .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: ["Collector"])),
        .product(name: "HummingbirdTLS", package: "hummingbird", condition: .when(traits: ["Collector"])),
        .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["Collector"])),
      ]
    ),
    .executableTarget(
      name: "lcq",
      dependencies: [
        "LCQParsing", "LCQAnalysis", "LCQStore", "LCQPipeline", "LCQReporting",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        // `lcq mcp`: the Model Context Protocol's server and stdio transport.
        .product(name: "MCP", package: "swift-sdk"),
        .product(name: "Logging", package: "swift-log"),
        .target(name: "LCQCollector", condition: .when(traits: ["Collector"])),
      ]
    ),
    // What the tests share (Tests/Support): a seeded random generator, a throwaway PostgreSQL
    // server.
    .target(name: "LCQTestSupport", path: "Tests/Support"),
    // One test body on every store engine the build has (forEachEngine).
    .target(
      name: "LCQStoreTestSupport", dependencies: ["LCQStore", "LCQAnalysis", "LCQParsing", "LCQTestSupport"],
      path: "Tests/StoreSupport"),
    .testTarget(
      name: "LCQParsingTests",
      dependencies: ["LCQParsing", "LCQTestSupport"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(name: "LCQSolverTests", dependencies: ["LCQSolver", "LCQTestSupport"]),
    .testTarget(
      name: "LCQAnalysisTests",
      dependencies: ["LCQAnalysis", "LCQParsing", "LCQSolver", "LCQTestSupport"],
      exclude: ["Fixtures"]  // read from the source tree, as the corpus is
    ),
    .testTarget(
      name: "LCQStoreTests",
      dependencies: ["LCQStore", "LCQAnalysis", "LCQParsing", "LCQTestSupport", "LCQStoreTestSupport"]),
    .testTarget(
      name: "LCQReportingTests",
      dependencies: ["LCQReporting", "LCQPipeline", "LCQStore", "LCQAnalysis", "LCQTestSupport"]),
    .testTarget(
      name: "LCQPipelineTests",
      dependencies: [
        "LCQPipeline", "LCQStore", "LCQAnalysis", "LCQParsing", "LCQReporting", "LCQTestSupport",
        "LCQStoreTestSupport",
      ]
    ),
    // What the tests that run the built lcq share: launching it, a store fixture, the corpus,
    // local HTTP servers and the fixtures they read.
    .target(
      name: "LCQEndToEndSupport",
      dependencies: ["LCQTestSupport"],
      path: "Tests/EndToEndSupport",
      resources: [.copy("Fixtures")]
    ),
    // The built lcq end to end: exit codes, output, formats, --help (`scripts/test --fast` runs these).
    .testTarget(name: "EndToEndTests", dependencies: ["lcq", "LCQTestSupport", "LCQEndToEndSupport"]),
    // The slow system tests: killed and faulty processes, many writers, PostgreSQL faults and
    // parity through the binary, Datasette, the z3 oracle, slow webhooks, whole-file copies
    // (`scripts/test` runs them; `scripts/test --fast` does not).
    .testTarget(name: "SystemTests", dependencies: ["lcq", "LCQTestSupport", "LCQEndToEndSupport"]),
  ]
)
