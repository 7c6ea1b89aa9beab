/// A one-shot command; the same words work at the shell prompt.
protocol Command: SendableMetatype {
  static var name: String { get }
  /// Other words that run this command.
  static var aliases: [String] { get }
  /// One line for the command list.
  static var summary: String { get }
  /// The written part of `--help` after the summary: usage lines and explanation. The options
  /// table is made from `specs` (and each action's from its options), see `fullHelp`.
  static var help: String { get }
  /// Command lines that show it at work, printed after the options (and in the man page).
  static var examples: [String] { get }
  /// Every option it parses (for a command with actions, those of them all: `Option.union`).
  static var specs: [Option] { get }
  /// Where its options table puts the help (nil: three columns after the longest label).
  static var optionColumn: Int? { get }
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
  /// What Tab offers for its words that are not options (after its first words or actions).
  static var argumentValues: ArgumentValues? { get }
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
  static var argumentValues: ArgumentValues? { nil }
  static var optionColumn: Int? { nil }

  /// The words that name its actions, aliases included, in the declared order.
  static var actions: [String] { subcommands.flatMap { [$0.name] + $0.aliases } }

  /// The action `words` name (its first positional word), else the default one; nil for a
  /// command without actions, or when none is named and there is no default.
  static func action(_ words: [String]) -> Subcommand? {
    guard !subcommands.isEmpty else { return nil }
    let first = Arguments.firstPositional(words, specs: specs)?.lowercased()
    return subcommands.first { $0.name == first || $0.aliases.contains { $0 == first } }
      ?? subcommands.first { $0.name == defaultSubcommand }
  }

  /// The command as the words name it: "debts remove", or "debts" for its default action.
  static func typedName(_ action: Subcommand?, _ words: [String]) -> String {
    guard let action else { return name }
    let first = Arguments.firstPositional(words, specs: specs)?.lowercased()
    let named = action.name == first || action.aliases.contains { $0 == first }
    return named ? "\(name) \(action.name)" : name
  }

  /// Parses `words` by the options of the action they name (else of the command): an option
  /// the action does not take is refused as unknown, naming the action (`debts remove`).
  static func arguments(_ words: [String]) throws(CLIError) -> Arguments {
    let action = action(words)
    return try Arguments(words, specs: action?.options ?? specs, command: typedName(action, words))
  }

  /// Refuses an option that the action these arguments name does not take: `debts remove X
  /// --balance 5` is a usage error (64), never an option silently ignored. (`arguments(_:)`
  /// refuses it already; this serves arguments parsed by the command's every option.)
  static func checkOptions(_ arguments: Arguments) throws(CLIError) {
    guard let action = action(arguments.positional) else { return }
    for option in arguments.givenOptions where !action.options.contains(where: { $0.name == option }) {
      throw OptionRefusal.unknown.error("--" + option, command: typedName(action, arguments.positional))
    }
  }
}

/// One action of a command (`debts remove`) and the options it takes.
struct Subcommand: Sendable {
  let name: String
  let aliases: [String]
  let options: [Option]
  /// Its usage lines (after "usage: "); nil: the command's usage lines that name it.
  let usage: String?
  /// One line on what it does, for its `--help` and its part of the man page; nil: the
  /// command's summary heads its help.
  let summary: String?

  init(
    _ name: String, aliases: [String] = [], usage: String? = nil, summary: String? = nil, options: [Option] = []
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage
    self.summary = summary
    self.options = options
  }
}
