import Foundation
import XCTest

@testable import LCQPipeline

#if canImport(Glibc)
  import Glibc
#endif

/// The rule for files lcq reads on a teammate's behalf (security review 2: S3, S4, S5, S6),
/// on real files, links, a FIFO and the kernel's own files.
final class TeammateFileTests: XCTestCase {
  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-teammate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("tree/sub"), withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try FileManager.default.removeItem(at: folder) }

  private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  func testARegularFileIsReadWhole() throws {
    try "* @acme/ios\n".write(toFile: path("tree/CODEOWNERS"), atomically: true, encoding: .utf8)
    XCTAssertEqual(
      TeammateFile.read(path("tree/CODEOWNERS"), within: path("tree"), cap: 100),
      .success(Data("* @acme/ios\n".utf8)))
  }

  /// S5: a link out of the tree (to `/proc/self/environ`, or to a file beside the tree) is
  /// refused; a link to a file inside the tree is read.
  func testS5ALinkOutOfTheTreeIsNotFollowed() throws {
    try "secret".write(toFile: path("outside.txt"), atomically: true, encoding: .utf8)
    try "* @inside\n".write(toFile: path("tree/sub/owners"), atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: path("tree/CODEOWNERS"), withDestinationPath: "/proc/self/environ")
    try FileManager.default.createSymbolicLink(atPath: path("tree/up"), withDestinationPath: "../outside.txt")
    try FileManager.default.createSymbolicLink(atPath: path("tree/in"), withDestinationPath: "sub/owners")
    XCTAssertEqual(
      TeammateFile.read(path("tree/CODEOWNERS"), within: path("tree"), cap: 1 << 20),
      .failure(.linkOutOfTree(tree: path("tree"))))
    XCTAssertEqual(
      TeammateFile.read(path("tree/up"), within: path("tree"), cap: 1 << 20),
      .failure(.linkOutOfTree(tree: path("tree"))))
    XCTAssertEqual(
      TeammateFile.read(path("tree/in"), within: path("tree"), cap: 1 << 20),
      .success(Data("* @inside\n".utf8)))
  }

  /// S5: a kernel file named directly (no link) reports no size, and reads as nothing: the
  /// environment never reaches the caller.
  func testS5AKernelFileReadsAsEmpty() {
    XCTAssertEqual(TeammateFile.read("/proc/self/environ", cap: 1 << 20), .success(Data()))
  }

  /// S3, S4: a device and a FIFO nobody writes are refused at once (no hang).
  func testS3S4DevicesAndFIFOsAreRefused() throws {
    XCTAssertEqual(mkfifo(path("tree/fifo"), 0o600), 0)
    XCTAssertEqual(TeammateFile.read(path("tree/fifo"), cap: 1 << 20), .failure(.notARegularFile))
    XCTAssertEqual(TeammateFile.read("/dev/zero", cap: 1 << 20), .failure(.notARegularFile))
    XCTAssertEqual(TeammateFile.read(path("tree"), cap: 1 << 20), .failure(.notARegularFile))
    XCTAssertEqual(TeammateFile.read(path("missing"), cap: 1 << 20), .failure(.missing))
  }

  /// S6: a 3 GB file (sparse: it takes no disk) is refused by its size before a byte is read;
  /// the process's peak memory does not move.
  func testS6AHugeFileIsRefusedBeforeReading() throws {
    let huge = path("tree/Generated.swift")
    XCTAssertTrue(FileManager.default.createFile(atPath: huge, contents: nil))
    XCTAssertEqual(truncate(huge, 3_000_000_000), 0)
    let before = Self.peakMemory()
    XCTAssertEqual(
      TeammateFile.read(huge, within: path("tree"), cap: TeammateFile.sourceFileCap),
      .failure(.tooLarge(size: 3_000_000_000, cap: TeammateFile.sourceFileCap)))
    let index = try SourceIndex(root: folder.appendingPathComponent("tree"))
    XCTAssertEqual(index.fileCount, 0, "the huge file is skipped")
    XCTAssertLessThan(Self.peakMemory() - before, 64 << 20)
  }

  /// This process's peak resident memory, in bytes.
  private static func peakMemory() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
  }
}
