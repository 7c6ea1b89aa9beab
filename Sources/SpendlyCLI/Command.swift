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
  /// Whether its own arguments hold an amount or a balance (`reconcile ACCOUNT 5L`): then a
  /// refusal of them is about that amount, never a line that meant an entry.
  static var readsAmounts: Bool { get }
  /// Does the command's work and returns what to print (`Context.show` prints it).
  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered
}

extension Command {
  static var aliases: [String] { [] }
  static var examples: [String] { [] }
  static var readsAmounts: Bool { false }

  /// `help` with the examples after it: what `--help` prints and the man page shows.
  static var fullHelp: String {
    examples.isEmpty ? help : help + "\n\nexamples:\n" + examples.map { "  " + $0 }.joined(separator: "\n")
  }
}
