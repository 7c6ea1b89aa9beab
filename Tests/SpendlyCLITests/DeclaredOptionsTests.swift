import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyCLI

/// Issue 24: the global options are declared and read by the one parser, each option's value
/// type reads its text with one refusal naming the option, and the actions of `categories` and
/// `methods` are declared (help, refusal, completion and the man page come from that).
@Suite("Declared options: globals, value readers, catalog actions, the man page")
struct DeclaredOptionsTests {
  /// The message of the error `body` throws, or nil when it throws none.
  static func refusal(_ body: () throws -> Void) -> String? {
    do {
      try body()
      return nil
    } catch {
      return (error as? CLIError)?.message ?? "not a CLIError: \(error)"
    }
  }

  @Test func theGlobalOptionsAreTakenOutWhereverTheyStandBeforeDashDash() throws {
    let words = [
      "list", "--db", "x.db", "--category", "food", "--json", "-y", "--no-colour", "--now=2026-11-29T13:05", "--",
      "--json",
    ]
    let (values, rest) = try GlobalOptions.read(words)
    #expect(rest == ["list", "--category", "food", "--", "--json"])
    #expect(values.database == "x.db" && values.json && values.yes && values.noColour && !values.help)
    #expect(values.now == LocalDateTime(iso: "2026-11-29T13:05"))
    var expected = GlobalOptions.Values()
    expected.database = "a=b.db"
    expected.help = true
    #expect(try GlobalOptions.read(["--db=a=b.db", "-h"]).0 == expected)
    // Unknown options, phrase numbers and `-` are the command's.
    #expect(try GlobalOptions.read(["add", "-420", "-", "--nope", "x"]).rest == ["add", "-420", "-", "--nope", "x"])
  }

  @Test func aGlobalOptionIsRefusedInTheOneWording() throws {
    #expect(
      Self.refusal { _ = try GlobalOptions.read(["list", "--db"]) }
        == "option '--db' needs a value (see: spendly --help)")
    #expect(
      Self.refusal { _ = try GlobalOptions.read(["--now"]) } == "option '--now' needs a value (see: spendly --help)")
    #expect(
      Self.refusal { _ = try GlobalOptions.read(["--json=1"]) }
        == "option '--json' takes no value (see: spendly --help)")
    #expect(Self.refusal { _ = try GlobalOptions.read(["--db="]) } == "--db needs a path")
    #expect(
      Self.refusal { _ = try GlobalOptions.read(["--now", "noon"]) }
        == "--now 'noon': expected YYYY-MM-DDTHH:MM, like 2026-11-29T13:05")
    // --version wins over whatever else the line holds.
    #expect(try GlobalOptions.read(["--now", "noon", "--version"]).0.version)
  }

  @Test func theGlobalsRefuseAtTheCommandLineWithExit64() throws {
    let sandbox = try Sandbox()
    for (words, message) in [
      (["list", "--db"], "spendly: option '--db' needs a value (see: spendly --help)"),
      (["list", "--json=yes"], "spendly: option '--json' takes no value (see: spendly --help)"),
      (["--nope"], "spendly: unknown option '--nope' (see: spendly --help)"),
    ] {
      let result = try sandbox.run(words)
      #expect(result.status == 64, "\(words): \(result.stderr)")
      #expect(result.stderrLines == [Substring(message)], "\(words): \(result.stderr)")
    }
    #expect(try sandbox.ok("--no-colour", "parse", "--json", "420 food").hasPrefix("{"))
  }

  static let specs: [Option] = [
    .value("from", "DATE", .date, "a day"), .value("month", "YYYY-MM", .month, "a month"),
    .value("apr", "PERCENT", .decimal, "a rate"), .value("day", "DAY", .number(1...31), "a day of the month"),
    .value("count", "N", .number(0...Int.max), "how many"),
  ]

  @Test func eachValueTypeReadsItsTextAndARefusalNamesTheOption() throws {
    let today = LocalDate(iso: "2026-12-01")!
    let good = try Arguments(
      ["--from", "yesterday", "--month=2026-11", "--apr", "9.5%", "--day", "31", "--count", "7"], specs: Self.specs,
      command: "x")
    #expect(try good.date("from", today: today) == LocalDate(iso: "2026-11-30"))
    #expect(try good.month("month") == YearMonth(text: "2026-11"))
    #expect(try good.decimal("apr") == DecimalNumber(text: "9.5"))
    #expect(try good.number("day") == 31)
    #expect(try good.number("count") == 7)
    #expect(try good.number("none") == nil)
    let bad = try Arguments(
      ["--from", "xyz", "--month", "2026-13", "--apr", "lots", "--day", "32", "--count", "-1"], specs: Self.specs,
      command: "x")
    #expect(
      Self.refusal { _ = try bad.date("from", today: today) }
        == "--from 'xyz': expected a date: YYYY-MM-DD (like 2026-12-01), today or yesterday")
    #expect(Self.refusal { _ = try bad.month("month") } == "--month '2026-13': expected YYYY-MM, like 2026-12")
    #expect(Self.refusal { _ = try bad.decimal("apr") } == "--apr 'lots': expected a number like 9.5")
    #expect(Self.refusal { _ = try bad.number("day") } == "--day '32': expected a whole number from 1 to 31")
    #expect(Self.refusal { _ = try bad.number("count") } == "--count '-1': expected a whole number from 0")
  }

  @Test func aBadValueIsOneLineNamingTheOptionWithExit64() throws {
    let sandbox = try Sandbox()
    for (words, message) in [
      (
        ["list", "--from", "xyz"],
        "spendly: --from 'xyz': expected a date: YYYY-MM-DD (like 2026-11-29), today or yesterday"
      ),
      (["list", "--sort", "size"], "spendly: --sort 'size': expected date or amount"),
      (
        ["debts", "add", "X", "--balance", "100", "--apr", "5", "--min", "10", "--due-day", "0"],
        "spendly: --due-day '0': expected a whole number from 1 to 31"
      ),
      (
        ["debts", "add", "X", "--balance", "100", "--apr", "5", "--due-day", "3", "--term", "5000"],
        "spendly: --term '5000': expected a whole number from 1 to 1200"
      ),
    ] {
      let result = try sandbox.run(words)
      #expect(result.status == 64, "\(words): \(result.stderr)")
      #expect(result.stderrLines == [Substring(message)], "\(words): \(result.stderr)")
    }
  }

  @Test func theCatalogActionsAreDeclared() throws {
    for command in [CategoriesCommand.self, MethodsCommand.self] as [any Command.Type] {
      #expect(command.subcommands.map(\.name) == ["list", "add", "rename", "alias"])
      #expect(command.action([])?.name == "list")
      #expect(command.subcommands.allSatisfy { $0.summary != nil })
    }
    #expect(CategoriesCommand.subcommands[1].options.map(\.name) == ["income", "alias"])
    let sandbox = try Sandbox()
    let refused = try sandbox.run(["categories", "rename", "Bills", "Utilities", "--income"])
    #expect(refused.status == 64)
    #expect(
      refused.stderrLines == [
        "spendly: categories rename: unknown option '--income' (see: spendly categories rename --help)"
      ], "\(refused.stderr)")
    let alias = try sandbox.run(["methods", "alias", "UPI", "bhim", "--alias", "x"])
    #expect(alias.status == 64 && alias.stderr.contains("methods alias: unknown option '--alias'"), "\(alias.stderr)")
    #expect(try sandbox.ok("categories", "add", "Pets", "--alias", "vet") == "added expense category Pets\n")
    let help = try sandbox.ok("categories", "add", "--help")
    #expect(help.hasPrefix("spendly categories add: a new category, with other words for it\n"), "\(help)")
    #expect(help.contains("usage: spendly categories add NAME [--income] [--alias A,B]\n\noptions:\n  --income"))
    #expect(!help.contains("rename OLD NEW"), "\(help)")
    let whole = try sandbox.ok("methods", "--help")
    #expect(whole.contains("'spendly methods ACTION --help' shows one action's usage and options."), "\(whole)")
  }

  @Test func theCatalogActionsComplete() throws {
    let sandbox = try Sandbox()
    try sandbox.createDatabase()
    func complete(_ words: String...) throws -> [String] {
      try sandbox.ok(["__complete", "--"] + words).split(separator: "\n").map(String.init)
    }
    #expect(try complete("categories", "") == ["list", "add", "rename", "alias"])
    #expect(try complete("methods", "re") == ["rename"])
    #expect(
      try complete("categories", "add", "--") == ["--income", "--alias"]
        + GlobalOptions.options.filter { $0.name != "version" }.map { "--" + $0.name })
    #expect(try complete("categories", "rename", "--").allSatisfy { !["--income", "--alias"].contains($0) })
    #expect(try complete("categories", "rename", "Foo") == ["Food"])
    #expect(try complete("methods", "alias", "up") == ["UPI"])
  }

  @Test func theManPageHasASubsectionPerAction() throws {
    let page = ManPage.lines()
    for command in SpendlyCLI.commands {
      for action in command.subcommands {
        let also = action.aliases.map { " (\(command.name) \($0))" }.joined()
        let title = #".SS "\#(ManPage.escaped("\(command.name) \(action.name)\(also)"))""#
        let index = try #require(page.firstIndex(of: title), "\(title)")
        let part = page[index...].prefix { $0 == title || !$0.hasPrefix(".SS") && !$0.hasPrefix(".SH") }
        let usage = ManPage.escaped(String(command.fullHelp(of: action).split(separator: "\n")[0]))
        #expect(part.contains(usage), "\(title): \(part)")
        for option in action.options {
          #expect(part.contains { $0.contains(ManPage.escaped("--" + option.name)) }, "\(title) --\(option.name)")
        }
      }
    }
    #expect(page.contains(#".SS "categories add""#) && page.contains(#".SS "budget clear (budget remove)""#))
    #expect(page.contains(ManPage.escaped("a new payment method, with other words for it")))
  }
}
