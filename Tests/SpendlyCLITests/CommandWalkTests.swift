import Foundation
import SpendlyTestSupport
import Testing

@testable import SpendlyCLI

/// Walks every command and action: what the help shows is what is parsed, and an option an
/// action does not take is refused.
@Suite("Commands: help and parsing agree")
struct CommandWalkTests {
  static let globals: Set<String> = ["db", "now", "json", "yes", "no-color", "help", "version"]

  /// Options a help names as another command's ("'due --log' records them"), by that command.
  static let crossReferences: [String: [String: Set<String>]] = [
    "recurring": ["due": ["log"]],
    "accounts": ["edit": ["account"]],
    "sync": ["import": ["account", "mapping"]],
  ]

  /// The `--options` a help text names.
  static func shown(_ help: String) -> Set<String> {
    let pattern = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--([a-z][a-z0-9-]*)")
    let range = NSRange(help.startIndex..., in: help)
    return Set(
      pattern.matches(in: help, range: range).compactMap { Range($0.range(at: 1), in: help).map { String(help[$0]) } })
  }

  @Test func everyOptionShownIsAcceptedAndEveryAcceptedOneShown() {
    for command in SpendlyCLI.commands {
      let accepted = Set(command.specs.map(\.name))
      var shown = Self.shown(command.fullHelp)
      for (other, options) in Self.crossReferences[command.name] ?? [:] {
        let named = SpendlyCLI.commands.first { $0.name == other }
        #expect(options.isSubset(of: Set(named?.specs.map(\.name) ?? [])), "\(command.name) refers to \(other)")
        shown.subtract(options.subtracting(accepted))
      }
      let unknown = shown.subtracting(accepted).subtracting(Self.globals)
      #expect(unknown.isEmpty, "\(command.name) --help shows options it does not take: \(unknown.sorted())")
      let hidden = accepted.subtracting(shown).subtracting(Self.globals)
      #expect(hidden.isEmpty, "\(command.name) takes options its help does not show: \(hidden.sorted())")
      for action in command.subcommands {
        let extra = Set(action.options).subtracting(accepted)
        #expect(extra.isEmpty, "\(command.name) \(action.name) declares options the command does not parse: \(extra)")
      }
    }
  }

  /// Every action's options are taken by it and refused by each action that does not take them.
  @Test func everyActionRefusesTheOptionsOfTheOthers() throws {
    for command in SpendlyCLI.commands where !command.subcommands.isEmpty {
      for action in command.subcommands {
        for spec in command.specs where !action.options.contains(spec.name) && !Self.globals.contains(spec.name) {
          let words = [action.name, "--" + spec.name] + (spec.takesValue ? ["1"] : [])
          let arguments = try Arguments(words, specs: command.specs, command: command.name)
          #expect(throws: CLIError.self, "\(command.name) \(action.name) --\(spec.name)") {
            try command.checkOptions(arguments)
          }
        }
        for option in action.options {
          let spec = try #require(command.specs.first { $0.name == option })
          let words = [action.name, "--" + option] + (spec.takesValue ? ["1"] : [])
          let arguments = try Arguments(words, specs: command.specs, command: command.name)
          #expect(throws: Never.self, "\(command.name) \(action.name) --\(option)") {
            try command.checkOptions(arguments)
          }
        }
      }
    }
  }

  @Test func aRefusedOptionIsExit64NamingTheAction() throws {
    let sandbox = try Sandbox()
    _ = try sandbox.ok("debts", "add", "Car", "--balance", "500000", "--apr", "9", "--term", "60", "--due-day", "5")
    let refused = try sandbox.run(["debts", "remove", "Car", "--balance", "5"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("'--balance' is not an option of 'debts remove'"), "\(refused.stderr)")
    #expect(try sandbox.ok("debts").contains("Car"), "nothing was removed")
  }
}
