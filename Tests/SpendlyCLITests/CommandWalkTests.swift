import Foundation
import SpendlyTestSupport
import Testing

@testable import SpendlyCLI

/// Walks every command and action: the help shows what is parsed (its options table is made
/// from the declarations, and the prose names no option that is not taken), and an option an
/// action does not take is refused in the one wording.
@Suite("Commands: help and parsing agree")
struct CommandWalkTests {
  static let globals = Set(GlobalOptions.options.map(\.name))

  /// Options a help names as another command's ("'due --log' records them"), by that command.
  static let crossReferences: [String: [String: Set<String>]] = [
    "recurring": ["due": ["log"]],
    "accounts": ["edit": ["account"]],
    "sync": ["import": ["account", "mapping"]],
    "open": ["add": ["account", "to"]],
    "import": ["export": ["all-fields"]],
  ]

  /// The `--options` a help text names.
  static func shown(_ help: String) -> Set<String> {
    let pattern = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--([a-z][a-z0-9-]*)")
    let range = NSRange(help.startIndex..., in: help)
    return Set(
      pattern.matches(in: help, range: range).compactMap { Range($0.range(at: 1), in: help).map { String(help[$0]) } })
  }

  /// The options an options table lists, one a line: `  --name VALUE  help`, `  -y, --yes  help`.
  static func tabled(_ help: String) -> [String] {
    guard let table = help.components(separatedBy: "\n\noptions:\n").dropFirst().first else { return [] }
    return table.components(separatedBy: "\n\n")[0].split(separator: "\n").compactMap { line in
      let label = line.drop { $0 == " " }
      guard label.hasPrefix("-") else { return nil }
      let long = label.hasPrefix("--") ? label : label.drop { $0 != " " }.dropFirst()
      return String(long.dropFirst(2).prefix { $0 != " " })
    }
  }

  /// Each action, with nil for the command itself.
  static func actions(_ command: any Command.Type) -> [Subcommand?] { [nil] + command.subcommands.map { $0 } }

  static func words(_ action: Subcommand?) -> [String] { action.map { [$0.name] } ?? [] }

  @Test func everyOptionShownIsAcceptedAndEveryAcceptedOneShown() {
    for command in SpendlyCLI.commands {
      let accepted = Set(command.specs.map(\.name))
      #expect(Set(Self.tabled(command.fullHelp)) == accepted, "\(command.name) --help lists other options")
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
        let extra = Set(action.options.map(\.name)).subtracting(accepted)
        #expect(extra.isEmpty, "\(command.name) \(action.name) declares options the command does not parse: \(extra)")
      }
    }
  }

  /// `spendly COMMAND ACTION --help` lists exactly the action's options, and its usage names no
  /// option the action does not take.
  @Test func eachActionsHelpListsExactlyItsOptions() {
    for command in SpendlyCLI.commands {
      for action in command.subcommands {
        let help = command.fullHelp(of: action)
        let what = "\(command.name) \(action.name) --help"
        #expect(help.hasPrefix("usage: spendly \(command.name)"), "\(what): \(help)")
        #expect(Self.tabled(help) == action.options.map(\.name), "\(what) lists other options: \(help)")
        let other = Self.shown(help).subtracting(action.options.map(\.name)).subtracting(Self.globals)
        #expect(other.isEmpty, "\(what) shows options the action does not take: \(other.sorted())")
      }
    }
  }

  /// Every action's options are taken by it and refused by each action that does not take them.
  @Test func everyActionRefusesTheOptionsOfTheOthers() throws {
    for command in SpendlyCLI.commands where !command.subcommands.isEmpty {
      for action in command.subcommands {
        let taken = Set(action.options.map(\.name))
        for spec in command.specs where !taken.contains(spec.name) {
          let words = [action.name, "--" + spec.name] + (spec.takesValue ? ["1"] : [])
          let refusal = "\(command.name) \(action.name): unknown option '--\(spec.name)'"
          #expect(Self.refusal(command, words)?.hasPrefix(refusal) == true, "\(words): \(refusal)")
          // Arguments parsed by all the command's options (as the shell's are) are refused alike.
          let all = try Arguments(words, specs: command.specs, command: command.name)
          #expect(throws: CLIError.self, "\(command.name) \(action.name) --\(spec.name)") {
            try command.checkOptions(all)
          }
        }
        for option in action.options {
          let words = [action.name, "--" + option.name] + (option.takesValue ? ["1"] : [])
          #expect(Self.refusal(command, words) == nil, "\(command.name) \(action.name) --\(option.name)")
        }
      }
    }
  }

  /// The refusal's message, or nil when `words` parse.
  static func refusal(_ command: any Command.Type, _ words: [String]) -> String? {
    do {
      _ = try command.arguments(words)
      return nil
    } catch {
      return error.kind == .usage ? error.message : "not a usage error: \(error.message)"
    }
  }

  /// `--opt=value` gives the value, `--` ends the options, a missing value and a flag's value
  /// are refused naming the option and the command, for every command's and action's options.
  @Test func everyOptionReadsBothFormsAndDashDashEndsThem() throws {
    for command in SpendlyCLI.commands {
      for action in Self.actions(command) {
        let options = action?.options ?? command.action([])?.options ?? command.specs
        let typed = action.map { "\(command.name) \($0.name)" } ?? command.name
        for option in options {
          let before = Self.words(action)
          if option.takesValue {
            let inline = try command.arguments(before + ["--\(option.name)=a b"])
            #expect(inline[option.name] == "a b", "\(typed) --\(option.name)=a b")
            let apart = try command.arguments(before + ["--\(option.name)", "-"])
            #expect(apart[option.name] == "-", "\(typed) --\(option.name) -")
            let missing = Self.refusal(command, before + ["--\(option.name)"])
            #expect(missing == "\(typed): option '--\(option.name)' needs a value (see: spendly \(typed) --help)")
          } else {
            #expect(try command.arguments(before + ["--\(option.name)"]).has(option.name))
            let valued = Self.refusal(command, before + ["--\(option.name)=1"])
            #expect(valued == "\(typed): option '--\(option.name)' takes no value (see: spendly \(typed) --help)")
          }
          if let short = option.short {
            let given = try command.arguments(before + ["-\(short)"] + (option.takesValue ? ["v"] : []))
            #expect(given.has(option.name) || given[option.name] == "v", "\(typed) -\(short)")
          }
          let ended = try command.arguments(before + ["--", "--\(option.name)"])
          #expect(ended.givenOptions.isEmpty && ended.positional == before + ["--\(option.name)"], "\(typed) --")
        }
        let unknown = Self.refusal(command, Self.words(action) + ["--no-such-option"])
        #expect(unknown == "\(typed): unknown option '--no-such-option' (see: spendly \(typed) --help)")
      }
    }
  }

  @Test func aRefusedOptionIsExit64NamingTheAction() throws {
    let sandbox = try Sandbox()
    _ = try sandbox.ok("debts", "add", "Car", "--balance", "500000", "--apr", "9", "--term", "60", "--due-day", "5")
    let refused = try sandbox.run(["debts", "remove", "Car", "--balance", "5"])
    #expect(refused.status == 64)
    #expect(
      refused.stderr == "spendly: debts remove: unknown option '--balance' (see: spendly debts remove --help)\n",
      "\(refused.stderr)")
    #expect(try sandbox.ok("debts").contains("Car"), "nothing was removed")
    let missing = try sandbox.run(["debts", "add", "Car", "--balance"])
    #expect(missing.status == 64)
    #expect(missing.stderr.contains("debts add: option '--balance' needs a value (see: spendly debts add --help)"))
    let flag = try sandbox.run(["list", "--reverse=yes"])
    #expect(flag.status == 64)
    #expect(flag.stderr.contains("list: option '--reverse' takes no value (see: spendly list --help)"))
    let unknown = try sandbox.run(["list", "--nope"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("list: unknown option '--nope' (see: spendly list --help)"))
  }

  /// `spendly debts add --help` (and `help debts add`) shows add's usage and only its options.
  @Test func anActionsHelpIsItsOwn() throws {
    let sandbox = try Sandbox()
    for words in [["debts", "add", "--help"], ["help", "debts", "add"]] {
      let page = try sandbox.ok(words)
      #expect(page.hasPrefix("spendly debts add: "), "\(page)")
      let add = page.drop { $0 != "\n" }
      #expect(add.contains("usage: spendly debts add NAME --balance"))
      #expect(add.contains("  --balance AMOUNT") && add.contains("  --due-day DAY"))
      #expect(!add.contains("--budget") && !add.contains("debts remove") && !add.contains("--strategy"))
      #expect(add.contains("global options:"))
    }
    let remove = try sandbox.ok("debts", "remove", "--help")
    #expect(remove.contains("usage: spendly debts remove NAME\n") && !remove.contains("options:\n  --"), "\(remove)")
    let whole = try sandbox.ok("debts", "--help")
    #expect(whole.contains("  --budget AMOUNT") && whole.contains("  --balance AMOUNT"))
    #expect(whole.contains("'spendly debts ACTION --help'"))
    let resume = try sandbox.ok("recurring", "resume", "--help")
    #expect(resume.contains("usage: spendly recurring pause ID | resume ID"), "\(resume)")
    let ledger = try sandbox.ok("export", "hledger", "--help")
    #expect(ledger.contains("usage: spendly export ledger|hledger|beancount") && ledger.contains("  --status STATUS"))
  }

  /// At the shell's prompt too, an action's help is its own.
  @Test func theShellShowsAnActionsHelp() throws {
    let sandbox = try Sandbox()
    let shell = try sandbox.run([], input: Data("debts add --help\nhelp debts remove\nquit\n".utf8))
    #expect(shell.status == 0, "\(shell.stderr)")
    #expect(shell.stdout.contains("spendly debts add: ") && shell.stdout.contains("  --due-day DAY"), "\(shell.stdout)")
    #expect(shell.stdout.contains("spendly debts remove: "))
    #expect(shell.stdout.contains("usage: spendly debts remove NAME\n"))
    #expect(!shell.stdout.contains("--strategy"), "only the actions' options: \(shell.stdout)")
  }

  /// The shell offers the same values after an option as `__complete`, from the option's type.
  @Test func completionFollowsTheValueTypes() throws {
    let sandbox = try Sandbox()
    func complete(_ words: String...) throws -> [String] {
      try sandbox.ok(["__complete", "--"] + words).split(separator: "\n").map(String.init)
    }
    #expect(try complete("debts", "plan", "--strategy", "") == ["avalanche", "snowball"])
    #expect(try complete("accounts", "add", "--type", "c") == ["current", "cash", "card"])
    #expect(try complete("list", "--sort", "") == ["date", "amount"])
    #expect(try complete("list", "--status", "booked,p") == ["booked,pending"])
    #expect(try complete("debts", "plan", "--") .contains("--strategy"))
    #expect(try !complete("debts", "plan", "--").contains("--balance"))
    #expect(try complete("debts", "add", "--b") == ["--balance"])
    #expect(try complete("export", "csv", "--ex") == ["--excel"])
    let globals = GlobalOptions.options.map { "--" + $0.name }
    #expect(try complete("export", "json", "--").allSatisfy { globals.contains($0) })
  }
}
