/// A one-shot command; the same words work at the shell prompt.
protocol Command: SendableMetatype {
  static var name: String { get }
  /// Other words that run this command.
  static var aliases: [String] { get }
  /// One line for the command list.
  static var summary: String { get }
  /// The full `--help` text after the summary: usage, options, examples.
  static var help: String { get }
  /// Command lines that show it at work, printed after `help` (and in the man page).
  static var examples: [String] { get }
  static var specs: [Arguments.Spec] { get }
  /// Its actions, each with the options it takes (empty for a command without actions): an
  /// option its action does not take is refused, naming both.
  static var subcommands: [Subcommand] { get }
  /// The action when the first word names none (`debts` lists); nil when one must be named.
  static var defaultSubcommand: String? { get }
  /// Whether its own arguments hold an amount or a balance (`reconcile ACCOUNT 5L`): then a
  /// refusal of them is about that amount, never a line that meant an entry.
  static var readsAmounts: Bool { get }
  /// Whether the shell passes `--yes` to it: the shell asks its own question before saving (`add`).
  static var shellPassesYes: Bool { get }
  /// The words Tab offers for its first argument (export's formats), when not its route's actions.
  static var firstWords: [String]? { get }
  /// The values Tab offers after option `name`, when the command declares its own (`debts --kind`).
  static func values(ofOption name: String) -> [String]?
  /// Does the command's work and returns what to print (`Context.show` prints it).
  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered
}

extension Command {
  static var aliases: [String] { [] }
  static var examples: [String] { [] }
  static var readsAmounts: Bool { false }
  static var subcommands: [Subcommand] { [] }
  static var defaultSubcommand: String? { nil }
  static var shellPassesYes: Bool { false }
  static var firstWords: [String]? { nil }
  static func values(ofOption name: String) -> [String]? { nil }

  /// The words that name its actions, aliases included, in the declared order.
  static var actions: [String] { subcommands.flatMap { [$0.name] + $0.aliases } }

  /// Refuses an option that the action these arguments name does not take: `debts remove X
  /// --balance 5` is a usage error (64), never an option silently ignored.
  static func checkOptions(_ arguments: Arguments) throws(CLIError) {
    guard !subcommands.isEmpty else { return }
    let first = arguments.positional.first?.lowercased()
    guard
      let action = subcommands.first(where: { $0.name == first || ($0.aliases.contains { $0 == first }) })
        ?? subcommands.first(where: { $0.name == defaultSubcommand })
    else { return }
    for option in arguments.givenOptions where !action.options.contains(option) {
      let shown = action.name == defaultSubcommand && action.name != first ? name : "\(name) \(action.name)"
      throw .usage("option '--\(option)' is not an option of '\(shown)' (see: spendly \(name) --help)")
    }
  }
  /// `help` with the examples after it: what `--help` prints and the man page shows.
  static var fullHelp: String {
    examples.isEmpty ? help : help + "\n\nexamples:\n" + examples.map { "  " + $0 }.joined(separator: "\n")
  }
}

/// One action of a command (`debts remove`) and the options it takes, by name.
struct Subcommand: Sendable {
  let name: String
  let aliases: [String]
  let options: [String]

  init(_ name: String, aliases: [String] = [], options: [String] = []) {
    self.name = name
    self.aliases = aliases
    self.options = options
  }
}
