import Foundation
import Testing

/// Issue 24's boundaries, read from the source: no command names another command's type
/// (shared helpers live in files of their own), and only the shell builds a `Shell`.
@Suite struct CommandBoundaryTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Files that may name every command: the registry.
  static let registryFiles: Set<String> = ["Sources/SpendlyCLI/Route.swift"]

  /// Every Swift file under `folder`, by its path from the repository, with its text.
  static func sources(under folder: String) throws -> [(path: String, text: String)] {
    let base = root.appendingPathComponent(folder)
    let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
    return try paths.filter { $0.hasSuffix(".swift") }.sorted().map { relative in
      (folder + "/" + relative, try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8))
    }
  }

  /// The lines (from 1) where `word` appears followed by `suffix`, not as the end of a longer name
  /// (`LogPaymentCommand.` is no use of `PaymentCommand.`).
  static func lines(of text: String, naming word: String, then suffix: String) -> [Int] {
    let target = word + suffix
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
      var rest = line[...]
      while let found = rest.range(of: target) {
        let before = found.lowerBound == line.startIndex ? nil : line[line.index(before: found.lowerBound)]
        if before.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return index + 1 }
        rest = line[found.upperBound...]
      }
      return nil
    }
  }

  @Test func theScannerFindsAReferenceAndNoLongerName() {
    let text = "let a = 1\n  let saved = try AddCommand.save(fields)\nLogPaymentCommand.run()\n(AddCommand.self)"
    #expect(Self.lines(of: text, naming: "AddCommand", then: ".") == [2, 4])
    #expect(Self.lines(of: text, naming: "PaymentCommand", then: ".").isEmpty)
    #expect(Self.lines(of: "x = Shell(context: c)\nrunShell(x)", naming: "Shell", then: "(") == [1])
  }

  @Test func noCommandNamesAnotherCommandsType() throws {
    let files = try Self.sources(under: "Sources/SpendlyCLI")
    // Each command type, and the file that declares it.
    var declared: [String: String] = [:]
    for file in files {
      for line in file.text.split(separator: "\n") where line.hasPrefix("struct ") {
        let name = line.dropFirst("struct ".count).prefix { $0.isLetter || $0.isNumber }
        if name.hasSuffix("Command") { declared[String(name)] = file.path }
      }
    }
    #expect(declared.count >= 30, "found only \(declared.keys.sorted())")
    #expect(declared["AddCommand"] == "Sources/SpendlyCLI/Commands/AddCommand.swift")
    var found: [String] = []
    for file in files where !Self.registryFiles.contains(file.path) {
      let fileName = URL(fileURLWithPath: file.path).lastPathComponent
      for (command, home) in declared.sorted(by: { $0.key < $1.key }) {
        // Its own file, and its extensions' files (DebtsCommand+Options.swift).
        if file.path == home || fileName.hasPrefix(command + "+") { continue }
        found += Self.lines(of: file.text, naming: command, then: ".").map { "\(file.path):\($0): \(command)." }
      }
    }
    #expect(found.isEmpty, "commands named outside their own files:\n\(found.joined(separator: "\n"))")
  }

  @Test func onlyTheShellBuildsAShell() throws {
    let files = try Self.sources(under: "Sources")
    #expect(files.contains { $0.path == "Sources/SpendlyCLI/Shell/Shell.swift" })
    let found = files.filter { !$0.path.hasPrefix("Sources/SpendlyCLI/Shell/") }.flatMap { file in
      Self.lines(of: file.text, naming: "Shell", then: "(").map { "\(file.path):\($0)" }
    }
    #expect(found.isEmpty, "Shell( outside Sources/SpendlyCLI/Shell/:\n\(found.joined(separator: "\n"))")
  }
}
