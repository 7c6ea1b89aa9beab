/// A one-shot command; the same words work at the shell prompt.
protocol Command: SendableMetatype {
  static var name: String { get }
  /// Other words that run this command.
  static var aliases: [String] { get }
  /// One line for the command list.
  static var summary: String { get }
  /// The full `--help` text after the summary: usage, options, examples.
  static var help: String { get }
  static var specs: [Arguments.Spec] { get }
  /// Does the command's work and returns what to print (`Context.show` prints it).
  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered
}

extension Command {
  static var aliases: [String] { [] }
}
