import SpendlyCore
import SpendlyStore

/// `spendly __complete -- WORD... PARTIAL`: the candidates for the last, partly typed word, one
/// a line. Hidden: the completion scripts call it on every Tab.
struct CompleteCommand: Command {
  static let name = "__complete"
  static let summary = "completion candidates for the words typed so far (used by the completion scripts)"
  static let help = """
    usage: spendly __complete -- WORD... PARTIAL

    The words after 'spendly' as typed, unquoted, the last one partial (possibly empty). Prints
    the candidates for it, one a line. The database is opened read-only; a missing one gives
    commands and options alone.
    """
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    var completion = LineCompletion(arguments.positional, databasePath: context.databasePath)
    return .lines(completion.candidates())
  }
}
