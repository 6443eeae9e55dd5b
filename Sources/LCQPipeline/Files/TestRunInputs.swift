import Foundation

/// The inputs a command reads for a path that is not one log: an exported diagnostics folder of
/// an Xcode result bundle (its `StandardOutputAndStandardError*.txt` files: the app under test's
/// console and the test runner's, each attempt and clone), or a result bundle itself (`.xcresult`),
/// whose diagnostics Xcode's `xcresulttool` exports into a temporary folder (docs/tests.md).
public struct TestRunInputs {
  /// The logs to read, in order: a plain path as given, a folder's files sorted by their path.
  public private(set) var paths: [String] = []
  /// The bundle ids named by app-side console files (`StandardOutputAndStandardError-<id>.txt`).
  public private(set) var bundleIDs: Set<String> = []
  /// Why a path gave nothing to read, one line each (`path: what is wrong`).
  public private(set) var problems: [String] = []
  /// Folders made for exported result bundles, removed by ``removeExports()``.
  private var exports: [URL] = []

  /// The console files' names start with this (`…-<bundle id>.txt` for an app's).
  static let consolePrefix = "StandardOutputAndStandardError"

  /// The inputs of `paths` (`-` stays standard input). `environment`'s `PATH` is where
  /// `xcrun` is looked for.
  public init(_ paths: [String], environment: [String: String] = ProcessInfo.processInfo.environment) {
    for path in paths {
      var isFolder: ObjCBool = false
      guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
        isFolder.boolValue
      else {
        self.paths.append(path)
        continue
      }
      if path.hasSuffix(".xcresult") || path.hasSuffix(".xcresult/") {
        addResultBundle(path, environment: environment)
      } else {
        addFolder(path, shownAs: path)
      }
    }
  }

  /// Removes the folders exported result bundles were read from.
  public func removeExports() {
    for folder in exports { try? FileManager.default.removeItem(at: folder) }
  }

  /// Adds the console files under `folder` (sorted by path), or says there are none.
  private mutating func addFolder(_ folder: String, shownAs shown: String) {
    let root = URL(fileURLWithPath: folder)
    guard
      let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    else {
      problems.append("\(shown): cannot read the folder")
      return
    }
    var found: [String] = []
    for case let file as URL in walker {
      let name = file.lastPathComponent
      guard name.hasPrefix(Self.consolePrefix), name.hasSuffix(".txt"),
        (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
      else { continue }
      found.append(file.path)
      let rest = name.dropFirst(Self.consolePrefix.count).dropLast(".txt".count)
      if rest.hasPrefix("-"), rest.count > 1 { bundleIDs.insert(String(rest.dropFirst())) }
    }
    guard !found.isEmpty else {
      problems.append(
        "\(shown): is a folder without \(Self.consolePrefix)*.txt files (lcq reads a result bundle's exported "
          + "diagnostics, or log files)")
      return
    }
    paths += found.sorted()
  }

  /// Exports `bundle`'s diagnostics with `xcrun xcresulttool` into a temporary folder and adds
  /// its console files; says what to do where `xcrun` is not found (any system but macOS with
  /// Xcode) or the export fails.
  private mutating func addResultBundle(_ bundle: String, environment: [String: String]) {
    let searchPath = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    guard let xcrun = searchPath.map({ $0 + "/xcrun" }).first(where: FileManager.default.isExecutableFile)
    else {
      problems.append(
        "\(bundle): a result bundle is read with Xcode's xcresulttool, and xcrun is not on this machine's PATH; "
          + "on a Mac, run `xcrun xcresulttool export diagnostics --path \(bundle) --output-path DIR` and "
          + "ingest DIR")
      return
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lcq-xcresult-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      problems.append(
        "\(bundle): cannot make a temporary folder to export it into: \(error.localizedDescription)")
      return
    }
    exports.append(folder)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: xcrun)
    process.arguments = [
      "xcresulttool", "export", "diagnostics", "--path", bundle, "--output-path", folder.path,
    ]
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    do {
      try process.run()
    } catch {
      problems.append("\(bundle): cannot run \(xcrun): \(error.localizedDescription)")
      return
    }
    let said = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      // The tool's first line, without control characters (it is printed to a terminal).
      let first = String(decoding: said, as: UTF8.self).split(separator: "\n").first ?? ""
      let line = String(
        first.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
      problems.append(
        "\(bundle): xcresulttool could not export its diagnostics (exit \(process.terminationStatus))"
          + (line.isEmpty ? "" : ": \(line)"))
      return
    }
    addFolder(folder.path, shownAs: bundle)
  }
}
