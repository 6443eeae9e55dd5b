// swift-tools-version:6.0
import PackageDescription

// libFuzzer targets, in their own package so that building lcq never pulls them in.
// Build and run them with `Fuzz/fuzz.sh` (it passes `-sanitize=fuzzer,address`).
let package = Package(
  name: "lcq-fuzz",
  dependencies: [.package(name: "lcq", path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzScanner",
      dependencies: [.product(name: "LCQ", package: "lcq")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "FuzzReplay",
      dependencies: [.product(name: "LCQ", package: "lcq")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
  ]
)
