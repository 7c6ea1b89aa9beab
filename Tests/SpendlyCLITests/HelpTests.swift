import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyCLI

@Suite("spendly --help and --version")
struct HelpTests {
  @Test func globalHelp() throws {
    let sandbox = try Sandbox()
    for arguments in [["--help"], ["-h"], ["help"]] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 0)
      #expect(result.stderr.isEmpty)
      #expect(result.stdout.contains("usage: spendly"))
      for command in ["add", "list", "show", "edit", "delete", "undo", "history", "categories", "methods", "config"] {
        #expect(result.stdout.contains("\n  \(command) "), "help lacks \(command)")
      }
      #expect(result.stdout.contains("--db PATH"))
    }
    #expect(!FileManager.default.fileExists(atPath: sandbox.database))
  }

  /// Each command's help ends with command lines that show it at work (the man page, made
  /// from the same help, has them in every command's section).
  @Test func everyCommandsHelpHasExamples() throws {
    for command in SpendlyCLI.commands {
      #expect(command.fullHelp.contains("example"), "\(command.name) --help has no examples")
    }
    let sandbox = try Sandbox()
    let page = try sandbox.ok("__man")
    #expect(page.components(separatedBy: "example").count > SpendlyCLI.commands.count)
  }

  @Test(arguments: ["add", "list", "show", "edit", "delete", "undo", "history", "categories", "methods", "config"])
  func commandHelp(_ command: String) throws {
    let sandbox = try Sandbox()
    for arguments in [[command, "--help"], ["help", command], ["--help", command]] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 0)
      #expect(result.stderr.isEmpty)
      #expect(result.stdout.hasPrefix("spendly \(command): "))
      #expect(result.stdout.contains("usage: spendly \(command)"))
    }
    let add = try sandbox.run(["add", "--help"])
    #expect(add.stdout.contains("--amount AMOUNT"))
    #expect(add.stdout.contains("--yes"))
  }

  @Test func version() throws {
    let sandbox = try Sandbox()
    for arguments in [["--version"], ["version"], ["list", "--version"]] {
      let result = try sandbox.run(arguments)
      #expect(result.status == 0)
      #expect(result.stdout == "spendly \(CLI.version)\n")
      #expect(result.stderr.isEmpty)
    }
    #expect(CLI.version.split(separator: ".").count == 3)
  }

  /// Help for a word that names no command is a usage error (64) naming the nearest commands,
  /// in the CLI and the shell alike; an unknown command says the same.
  @Test func helpForAnUnknownWordNamesTheNearestCommands() throws {
    let sandbox = try Sandbox()
    let none = try sandbox.run(["help", "nonexist"])
    #expect(none.status == 64)
    #expect(none.stdout.isEmpty)
    #expect(none.stderr.contains("no command 'nonexist'"))
    let typo = try sandbox.run(["help", "lsit"])
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("nearest: list"), "\(typo.stderr)")
    let prefix = try sandbox.run(["help", "recur"])
    #expect(prefix.stderr.contains("nearest: recurring"), "\(prefix.stderr)")
    let unknown = try sandbox.run(["expotr", "csv"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("unknown command 'expotr'; nearest: export"), "\(unknown.stderr)")
    let shell = try sandbox.run([], input: Data("help budgte\nlsit\nquit\n".utf8))
    #expect(shell.stderr.contains("'lsit' is no command; nearest: list"), "\(shell.stderr)")
    #expect(shell.stdout.contains("no help for 'budgte'; nearest: budget"), "\(shell.stdout)")
  }

  @Test func nearestNames() {
    #expect(NearestNames.to("lst", among: ["list", "log", "last"]) == ["list", "last"])
    #expect(NearestNames.to("ad", among: ["add", "log"]) == ["add"])
    #expect(NearestNames.to("zzzz", among: ["add", "list"]).isEmpty)
    #expect(NearestNames.to("imoprt", among: ["import", "export"]) == ["import"])
  }
}
