// swift-tools-version:6.1
import PackageDescription

// Benchmarks live in their own package so that building lcq never pulls them in.
let package = Package(
  name: "lcq-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "lcq", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
  ],
  targets: [
    .target(
      name: "LogGeneration",
      dependencies: [.product(name: "LCQ", package: "lcq")],
      path: "Sources/LogGeneration"
    ),
    .executableTarget(
      name: "lcq-loggen",
      dependencies: [
        "LogGeneration",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/LogGenerator"
    ),
    .executableTarget(
      name: "lcq-replay-bench",
      dependencies: [
        "LogGeneration",
        .product(name: "LCQ", package: "lcq"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/ReplayBench"
    ),
    .executableTarget(
      name: "ScanBenchmarks",
      dependencies: [
        "LogGeneration",
        .product(name: "LCQ", package: "lcq"),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/ScanBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
