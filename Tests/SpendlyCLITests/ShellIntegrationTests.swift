import Foundation
import SpendlyTestSupport
import Testing

@testable import SpendlyCLI

/// Runs `program ARGS...` (found on the PATH) in the sandbox's environment, `pathFirst` first
/// on its PATH; nil when the program is not installed.
func runTool(
  _ sandbox: Sandbox, _ program: String, _ arguments: [String], input: String? = nil, lang: String = "C.UTF-8",
  pathFirst: String? = nil
) throws -> RunResult? {
  guard
    let path = ["/usr/bin/", "/bin/", "/usr/local/bin/"].map({ $0 + program }).first(where: {
      FileManager.default.isExecutableFile(atPath: $0)
    })
  else { return nil }
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  process.environment = [
    "PATH": (pathFirst.map { $0 + ":" } ?? "") + "/usr/bin:/bin", "HOME": sandbox.directory, "XDG_DATA_HOME": sandbox.directory + "/xdg",
    "NO_COLOR": "1", "LANG": lang,
  ]
  process.currentDirectoryURL = URL(fileURLWithPath: sandbox.directory)
  let stdin = Pipe()
  let out = Pipe()
  let err = Pipe()
  process.standardInput = stdin
  process.standardOutput = out
  process.standardError = err
  try process.run()
  // Written and read on other threads: a big page must not fill a pipe and stop both sides.
  let inputData = Data((input ?? "").utf8)
  let writer = Thread {
    try? stdin.fileHandleForWriting.write(contentsOf: inputData)
    try? stdin.fileHandleForWriting.close()
  }
  writer.start()
  let errData = LockedData()
  let reader = Thread { errData.set(err.fileHandleForReading.readDataToEndOfFile()) }
  reader.start()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  while !errData.done { usleep(1000) }
  return RunResult(
    status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData.value, as: UTF8.self))
}

private final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private var finished = false
  func set(_ value: Data) {
    lock.lock()
    data = value
    finished = true
    lock.unlock()
  }
  var done: Bool {
    lock.lock()
    defer { lock.unlock() }
    return finished
  }
  var value: Data {
    lock.lock()
    defer { lock.unlock() }
    return data
  }
}

/// `spendly completions`, the hidden `spendly __complete` behind it, and the man page.
@Suite("shell completions and the man page")
struct ShellIntegrationTests {
  /// A database with a category, a method and merchants (one with a space in its name).
  func stocked() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    try sandbox.ok("add", "--amount", "250", "--category", "Food", "--merchant", "Blue Tokai", "--yes")
    try sandbox.ok("add", "--amount", "90", "--category", "Transport", "--merchant", "Blue_Line 50%", "--yes")
    return sandbox
  }

  func complete(_ sandbox: Sandbox, _ words: String...) throws -> [String] {
    let result = try sandbox.run(["__complete", "--"] + words)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func candidates() throws {
    let sandbox = try stocked()
    #expect(try complete(sandbox, "add", "--category", "F").contains("Food"))
    #expect(try complete(sandbox, "add", "--category=fo") == ["--category=Food"])
    #expect(try complete(sandbox, "list", "--method", "").contains("UPI"))
    #expect(try complete(sandbox, "list", "--merchant", "bl") == ["Blue Tokai", "Blue_Line 50%"])
    // LIKE's wildcards are plain characters in what was typed.
    #expect(try complete(sandbox, "list", "--merchant", "Blue_") == ["Blue_Line 50%"])
    #expect(try complete(sandbox, "list", "--merchant", "Blue%").isEmpty)
    #expect(try complete(sandbox, "list", "--kind", "") == ["expense", "income", "transfer"])
    #expect(try complete(sandbox, "debts", "add", "--kind", "") == ["loan", "card", "other"])
    #expect(try complete(sandbox, "export", "--status", "p") == ["pending"])
    #expect(try complete(sandbox, "export", "") == ExportCommand.formats)
    #expect(try complete(sandbox, "export", "csv", "").isEmpty)
    let options = try complete(sandbox, "add", "--c")
    #expect(options.contains("--category") && options.contains("--currency"))
    let first = try complete(sandbox, "")
    for command in commands { #expect(first.contains(command.name)) }
    #expect(first.contains("completions") && !first.contains("__complete") && !first.contains("__man"))
    #expect(try complete(sandbox, "help", "exp") == ["export"])
    #expect(try complete(sandbox, "--json", "--now", "2026-01-01", "ad") == ["add"])
    #expect(try complete(sandbox, "nonsense", "").isEmpty)
  }

  @Test func theLinesDatabaseIsRead() throws {
    let sandbox = try stocked()
    let other = try Sandbox()
    // `--db` on the line wins over the one the script was run with.
    let result = try other.run(["__complete", "--", "--db", sandbox.database, "add", "--category", "Fo"])
    #expect(result.stdout == "Food\n")
  }

  @Test func aMissingDatabaseIsNeverCreated() throws {
    let sandbox = try Sandbox()
    #expect(try complete(sandbox, "add", "--category", "").isEmpty)
    #expect(try complete(sandbox, "list", "--merchant", "b").isEmpty)
    #expect(try complete(sandbox, "ad") == ["add"])
    #expect(try complete(sandbox, "list", "--kind", "e") == ["expense"])
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))
    #expect(!FileManager.default.fileExists(atPath: sandbox.directory + "/data"))
  }

  @Test func hiddenFromHelp() throws {
    let help = try Sandbox().run(["--help"]).stdout
    #expect(help.contains("\n  completions "))
    #expect(!help.contains("__complete") && !help.contains("__man"))
  }

  @Test func unknownShell() throws {
    let result = try Sandbox().run(["completions", "tcsh"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("bash, zsh or fish"))
    #expect(try Sandbox().run(["completions"]).status == 64)
  }

  /// The bash script, sourced in a non-interactive bash, completes as readline would ask it.
  func bashComplete(_ sandbox: Sandbox, _ words: [String]) throws -> [String] {
    let script = try sandbox.ok("completions", "bash")
    let path = sandbox.directory + "/spendly.bash"
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    let quoted = ([spendlyBinary, "--db", sandbox.database] + words).map { "'" + $0 + "'" }
    let line = """
      source '\(path)'
      COMP_WORDS=(\(quoted.joined(separator: " ")))
      COMP_CWORD=\(quoted.count - 1)
      _spendly
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try #require(try runTool(sandbox, "bash", ["-c", line]))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesACategory() throws {
    let sandbox = try stocked()
    #expect(try bashComplete(sandbox, ["add", "--category", "F"]).contains("Food"))
    // bash splits --category=F at '=': the value after it still completes.
    #expect(try bashComplete(sandbox, ["add", "--category", "=", "Fo"]) == ["Food"])
    #expect(try bashComplete(sandbox, ["ex"]) == ["export"])
  }

  @Test func bashQuotesNamesWithSpaces() throws {
    let sandbox = try stocked()
    #expect(try bashComplete(sandbox, ["list", "--merchant", "Blue"]) == [#"Blue\ Tokai"#, #"Blue_Line\ 50%"#])
    #expect(try bashComplete(sandbox, ["list", "--merchant", #"Blue\ T"#]) == [#"Blue\ Tokai"#])
    // In an open quote readline adds the closing one; the name goes in as it is.
    #expect(try bashComplete(sandbox, ["list", "--merchant", #""Blue T"#]) == ["Blue Tokai"])
  }

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func zshAndFishScriptsParse() throws {
    let sandbox = try Sandbox()
    for (shell, flag) in [("zsh", "-n"), ("fish", "--no-execute")] {
      let script = try sandbox.ok("completions", shell)
      let path = sandbox.directory + "/spendly." + shell
      try script.write(toFile: path, atomically: true, encoding: .utf8)
      guard let result = try runTool(sandbox, shell, [flag, path]) else { continue }  // not installed
      #expect(result.status == 0, "\(shell): \(result.stderr)")
      #expect(result.stderr.isEmpty, "\(shell): \(result.stderr)")
    }
  }

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func manPageRendersEveryCommand() throws {
    let sandbox = try Sandbox()
    let page = try sandbox.ok("__man")
    #expect(page.hasPrefix(".TH SPENDLY 1"))
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "ENVIRONMENT", "FILES"] {
      #expect(page.contains("\n.SH \(section)\n"))
    }
    for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
      #expect(line.range(of: #"^\.(TH|SH|SS|B|BR|I|TP|PP|RS|RE|nf|fi|br|nh)( |$)"#, options: .regularExpression) != nil)
    }
    let rendered = try #require(
      try runTool(sandbox, "groff", ["-man", "-Tutf8", "-ww", "-P-cbou"], input: page),
      "groff is not installed (make test-deps)")
    #expect(rendered.status == 0)
    #expect(rendered.stderr.isEmpty, "\(rendered.stderr)")
    func plain(_ text: String) -> String {
      text.replacingOccurrences(of: "\u{2019}", with: "'").replacingOccurrences(of: "\u{2018}", with: "`")
        .replacingOccurrences(of: "\u{2212}", with: "-").replacingOccurrences(of: "\u{2010}", with: "-")
        .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    let text = plain(rendered.stdout)
    for command in commands {
      #expect(text.contains(plain(ManPage.withFallbacks(command.summary))), "the man page lacks \(command.name)'s summary")
      let usage = try #require(command.help.split(separator: "\n").first)
      #expect(text.contains(plain(ManPage.withFallbacks(String(usage)))), "the man page lacks \(command.name)'s usage")
    }
    #expect(text.contains("SPENDLY_DB") && text.contains("XDG_DATA_HOME") && text.contains("NO_COLOR"))
  }

  /// Under LANG=C groff has no glyph for the rupee sign or the Enter key: the page says `Rs`
  /// and `Enter` instead, renders without a warning, and has its date.
  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func manPageInAnASCIILocale() throws {
    let sandbox = try Sandbox()
    let page = try sandbox.ok("__man")
    let header = try #require(page.split(separator: "\n").first)
    #expect(header == #".TH SPENDLY 1 "\#(CLI.versionDate)" "spendly \#(CLI.version)" "User Commands""#)
    #expect(CLI.versionDate.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil)
    #expect(try sandbox.ok("__man") == page, "the page is the same each time")
    #expect(!page.contains("u20B9") && !page.contains("u23CE"))
    let rendered = try #require(
      try runTool(sandbox, "groff", ["-man", "-Tascii", "-ww", "-P-cbou"], input: page, lang: "C"),
      "groff is not installed (make test-deps)")
    #expect(rendered.status == 0)
    #expect(rendered.stderr.isEmpty, "\(rendered.stderr)")
    #expect(!rendered.stdout.unicodeScalars.contains { $0 == "\u{20B9}" || $0 == "\u{23CE}" })
    #expect(rendered.stdout.contains("Rs 1,50,000"))
    #expect(rendered.stdout.contains("420 Enter"))
    #expect(rendered.stdout.contains("2026-12-03") || rendered.stdout.contains(CLI.versionDate))
    // The shell's section: questions at the prompt, the prefixes, the review keys, recall.
    #expect(rendered.stdout.contains("INTERACTIVE SHELL"))
    for words in ["a question", "? LINE", "+ LINE", "< goes", ">NAME", "a field's name", "Up Down", "clear"] {
      #expect(rendered.stdout.contains(words), "the man page lacks '\(words)'")
    }
  }

  @Test func asciiFallbacksKeepWordsAndColumns() {
    #expect(ManPage.escaped("\u{20B9}8,000") == "Rs 8,000")
    #expect(ManPage.escaped("420\u{23CE} and") == "420 Enter and")
    #expect(ManPage.escaped("\u{2191} \u{2193}       recall") == "Up Down   recall")
    #expect(ManPage.escaped("a\u{2026}") == "a...")
  }

  /// The README's aliases, s='spendly add' and sq='spendly query', complete as the words they
  /// stand for; `s` that is no alias gets the shell's default completion.
  @Test func bashCompletesTheREADMEAliases() throws {
    let sandbox = try stocked()
    let script = try sandbox.ok("completions", "bash")
    let path = sandbox.directory + "/spendly.bash"
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    func run(_ alias: String?, _ words: [String]) throws -> [String] {
      let define = alias.map { "alias \(words[0])='\(spendlyBinary) --db \(sandbox.database) \($0)'" } ?? ""
      let line = """
        source '\(path)'
        \(define)
        COMP_WORDS=(\(words.map { "'" + $0 + "'" }.joined(separator: " ")))
        COMP_CWORD=\(words.count - 1)
        _spendly
        printf '%s\\n' "${COMPREPLY[@]}"
        """
      let result = try #require(try runTool(sandbox, "bash", ["-c", line]))
      #expect(result.status == 0, "\(result.stderr)")
      return result.stdout.split(separator: "\n").map(String.init)
    }
    #expect(try run("add", ["s", "420", "Blu"]) == [#"Blue\ Tokai"#, #"Blue_Line\ 50%"#])
    #expect(try run("add", ["s", "420", "Fo"]) == ["Food"])
    #expect(try run("query", ["sq", "Tr"]).contains("Transport"))
    #expect(try run(nil, ["s", "F"]).isEmpty)
    #expect(script.contains("complete -o default -F _spendly spendly s sq"))
  }

  @Test func roffEscapes() {
    #expect(ManPage.escaped(".hidden") == #"\&.hidden"#)
    #expect(ManPage.escaped("'quoted") == #"\&'quoted"#)
    #expect(ManPage.escaped(#"a\b --all"#) == #"a\eb \-\-all"#)
    #expect(ManPage.escaped("from → to") == #"from \[u2192] to"#)
  }

  @Test(.tags(.externalTool), .enabled(if: ExternalTools.run)) func desktopEntry() throws {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("share/spendly.desktop").path
    let entry = try String(contentsOfFile: source, encoding: .utf8)
    for line in [
      "Type=Application", "Name=Spendly", "Exec=spendly open --desktop %u", "Terminal=true",
      "MimeType=x-scheme-handler/spendly;", "Categories=Office;Finance;",
    ] {
      #expect(entry.contains("\n" + line + "\n"), "spendly.desktop lacks \(line)")
    }
    let sandbox = try Sandbox()
    guard let result = try runTool(sandbox, "desktop-file-validate", [source]) else { return }
    #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stdout)\(result.stderr)")
  }
}
