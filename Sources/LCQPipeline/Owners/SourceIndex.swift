import Foundation
import LCQAnalysis

/// Where an app's classes are declared and which files a source tree holds, read once from a
/// folder (`--source-root`): Swift's `class` declarations, Objective-C's `@interface Name :` and
/// `@implementation Name`, in `.swift`, `.h`, `.m` and `.mm` files. Hidden folders (`.git`,
/// `.build`) and `DerivedData` are skipped, as are files over 4 MiB (generated code).
public struct SourceIndex: Sendable {
  /// The folder read.
  public let root: URL
  /// Paths relative to `root` (`/`-separated) of the files declaring each class, sorted.
  public private(set) var declarations: [String: [String]] = [:]
  /// Paths relative to `root` of the source files with each file name, sorted.
  public private(set) var filesByName: [String: [String]] = [:]
  /// The 1-based line of each class's first declaration in each file that declares it, by path
  /// and class.
  public private(set) var declarationLines: [String: [String: Int]] = [:]
  /// How many source files were read.
  public private(set) var fileCount = 0
  /// What turns the conflict messages off, in code and in Xcode schemes (``LoggingSwitches``),
  /// by path and line.
  public private(set) var loggingSwitches: [LoggingSwitch] = []

  static let extensions: Set<String> = ["swift", "h", "m", "mm"]
  /// Xcode's schemes, read for their launch arguments and environment only.
  static let schemeExtension = "xcscheme"
  static let skippedFolders: Set<String> = ["DerivedData"]
  static let largestFile = TeammateFile.sourceFileCap

  /// Reads every source file under `root`.
  public init(root: URL) throws {
    self.root = root.standardizedFileURL
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: self.root.path, isDirectory: &isFolder), isFolder.boolValue
    else {
      throw SourceTreeError.notAFolder(root.path)
    }
    var paths: [String] = []
    Self.walk(self.root, relative: "", into: &paths)
    for path in paths.sorted() {
      let url = self.root.appendingPathComponent(path)
      // The size is taken before reading: a 3 GB generated file costs nothing (TeammateFile).
      guard
        case .success(let data) = TeammateFile.read(url.path, within: self.root.path, cap: Self.largestFile)
      else { continue }
      if path.hasSuffix("." + Self.schemeExtension) {
        loggingSwitches += LoggingSwitches.inScheme(data, path: path)
        continue
      }
      loggingSwitches += LoggingSwitches.inCode(data, path: path)
      fileCount += 1
      filesByName[(path as NSString).lastPathComponent, default: []].append(path)
      let swift = path.hasSuffix(".swift")
      var lines: [String: Int] = [:]
      for declaration in swift ? DeclaredClasses.swift(data) : DeclaredClasses.objectiveC(data)
      where lines[declaration.name] == nil {
        lines[declaration.name] = declaration.line
        declarations[declaration.name, default: []].append(path)
      }
      if !lines.isEmpty { declarationLines[path] = lines }
    }
  }

  /// What the tree declares as the app's own and as vendored libraries' (``AppSource``): a class
  /// declared anywhere outside a vendored folder is the app's.
  public var appSource: AppSource {
    var source = AppSource(declaredClasses: [])
    for (name, paths) in declarations {
      let libraries = paths.map(AppSource.vendoredLibrary(of:))
      if libraries.contains(nil) {
        source.declaredClasses.insert(name)
      } else if let library = libraries.first ?? nil {
        source.vendoredClasses[name] = library
      }
    }
    return source
  }

  /// Appends the source files under `folder` (at `relative` from the root) to `paths`. Symbolic
  /// links are not followed, so a link loop cannot trap the walk.
  private static func walk(_ folder: URL, relative: String, into paths: inout [String]) {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
    for name in names where !name.hasPrefix(".") {
      let url = folder.appendingPathComponent(name)
      let path = relative.isEmpty ? name : relative + "/" + name
      guard let attributes = try? manager.attributesOfItem(atPath: url.path),
        let type = attributes[.type] as? FileAttributeType
      else { continue }
      if type == .typeDirectory {
        if !skippedFolders.contains(name) { walk(url, relative: path, into: &paths) }
      } else if type == .typeRegular, case let kind = (name as NSString).pathExtension,
        extensions.contains(kind) || kind == schemeExtension
      {
        paths.append(path)
      }
    }
  }

  /// The files `names` point to: SnapKit's files first (by name; a printed absolute path picks
  /// the indexed file it ends with), then the files declaring each class, each once; the app's
  /// own before a vendored library's.
  public func files(for names: SourceClues.Names) -> [String] { places(for: names).map(\.path) }

  /// The places `names` point to, in the order of ``files(for:)``: each file with the line
  /// SnapKit printed for it, or the line declaring the first of `names`' classes it declares.
  public func places(for names: SourceClues.Names) -> [SourcePlace] {
    var found: [SourcePlace] = []
    var seen: Set<String> = []
    func add(_ paths: [String], line: (String) -> Int?) {
      for path in paths where seen.insert(path).inserted {
        found.append(SourcePlace(path: path, line: line(path)))
      }
    }
    for (index, printed) in names.files.enumerated() {
      let candidates = filesByName[(printed as NSString).lastPathComponent] ?? []
      let exact = candidates.filter { printed.hasSuffix("/" + $0) }
      let line = names.fileLines.indices.contains(index) ? names.fileLines[index] : nil
      add(exact.isEmpty ? candidates : exact) { _ in line }
    }
    for name in names.classes { add(declarations[name] ?? []) { declarationLines[$0]?[name] } }
    // The app's own files first: a vendored library's (`Pods/…`) is not where the app changes it.
    let isVendored = Dictionary(
      uniqueKeysWithValues: found.map { ($0.path, AppSource.vendoredLibrary(of: $0.path) != nil) })
    return found.filter { isVendored[$0.path] == false } + found.filter { isVendored[$0.path] == true }
  }
}

/// A source file and, when known, the 1-based line in it where a conflict's code is.
public struct SourcePlace: Sendable, Hashable {
  /// The path relative to the source root.
  public var path: String
  /// The line SnapKit printed, or the line declaring the class; `nil` when neither is known.
  public var line: Int?
}

/// The classes a source file declares, read line by line: enough for the declarations Xcode
/// projects write, not a parser (a declaration inside a block comment counts).
enum DeclaredClasses {
  /// Words that may follow `class` without it declaring one (`class func`, `class var`, …).
  static let classMemberWords: Set<String> = [
    "func", "var", "let", "subscript", "override", "final", "static", "private", "fileprivate", "internal",
    "public", "open", "convenience", "required", "dynamic", "protocol",
  ]
  /// Words that may come before `class` in a declaration.
  static let modifiers: Set<String> = [
    "public", "open", "internal", "fileprivate", "private", "package", "final", "nonisolated", "indirect",
  ]

  /// A class declaration: the class's name and its 1-based line.
  struct Declaration: Equatable {
    var name: String
    var line: Int
  }

  /// The classes `source` (UTF-8) declares in Swift.
  static func swift(_ source: some DataProtocol) -> [Declaration] {
    var names: [Declaration] = []
    for (number, line) in SourceLines.lines(of: source, containing: ["class"]) {
      var words = Words(line)
      while let word = words.next() {
        if word.hasPrefix("@") {
          words.skipArguments()
          continue
        }
        if modifiers.contains(String(word)) { continue }
        guard word == "class", let name = words.next(), isIdentifier(name),
          !classMemberWords.contains(String(name))
        else { break }
        names.append(Declaration(name: String(name), line: number))
        break
      }
    }
    return names
  }

  /// The classes `source` (UTF-8) declares in Objective-C: `@interface Name : Super` (not a
  /// category or class extension) and `@implementation Name` (not a category's).
  static func objectiveC(_ source: some DataProtocol) -> [Declaration] {
    var names: [Declaration] = []
    for (number, line) in SourceLines.lines(of: source, containing: ["@interface", "@implementation"]) {
      var words = Words(line)
      guard let keyword = words.next(), keyword == "@interface" || keyword == "@implementation",
        let name = words.next(), isIdentifier(name)
      else { continue }
      words.skipGenericArguments()
      let next = words.nextCharacter()
      if keyword == "@interface" ? next == ":" : next != "(" {
        names.append(Declaration(name: String(name), line: number))
      }
    }
    return names
  }

  static func isIdentifier(_ word: Substring) -> Bool {
    guard let first = word.first, first == "_" || first.isLetter else { return false }
    return word.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
  }

  /// A line's words: identifiers, `@attribute`s, and single punctuation characters.
  struct Words {
    private var rest: Substring

    init(_ line: Substring) { rest = line }

    private static func isWordCharacter(_ character: Character) -> Bool {
      character == "_" || character.isLetter || character.isNumber
    }

    mutating func next() -> Substring? {
      rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
      guard let first = rest.first else { return nil }
      let start = rest.startIndex
      if first == "@" || Self.isWordCharacter(first) {
        rest = rest.dropFirst().drop(while: Self.isWordCharacter)
      } else {
        rest = rest.dropFirst()
      }
      return rest.base[start..<rest.startIndex]
    }

    /// The next character that is not a space, consumed (`nil` at the line's end).
    mutating func nextCharacter() -> Character? {
      rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
      guard let first = rest.first else { return nil }
      rest = rest.dropFirst()
      return first
    }

    /// Skips an attribute's `(…)` right after it.
    mutating func skipArguments() { skipBracketed("(", ")") }

    /// Skips `<…>` (Objective-C's generic parameters).
    mutating func skipGenericArguments() {
      rest = rest.drop { $0 == " " || $0 == "\t" }
      skipBracketed("<", ">")
    }

    private mutating func skipBracketed(_ open: Character, _ close: Character) {
      guard rest.first == open, let end = rest.firstIndex(of: close) else { return }
      rest = rest[rest.index(after: end)...]
    }
  }
}
