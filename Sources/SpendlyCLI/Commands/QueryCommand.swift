import SpendlyCore
import SpendlyParse

/// `spendly query "..."`: answers a question about the data.
struct QueryCommand: Command {
  static let name = "query"
  static let aliases = ["q", "ask"]
  static let summary = "answer a question: spent this week, food last month, dashboard"
  static let help = """
    usage: spendly query [--json] QUESTION...

    examples:
      spendly query spent this week
      spendly query food last month
      spendly query top 5 merchants 2025
      spendly query by category this month
      spendly query compare this month with last month
      spendly query monthly 2025
      spendly query spent since 1 oct by card
      spendly query dashboard
      spendly query lifetime
    """
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, .max, command: name, what: "a question, like: spent this week")
    return try answer(arguments.positional.joined(separator: " "), context: context)
  }

  /// Parses and answers one question, as text and JSON.
  static func answer(_ text: String, context: Context) throws(CLIError) -> Rendered {
    let query = try context.query(text)
    return try Answers(context: context).answer(query)
  }
}

/// `spendly dashboard`: this month at a glance.
struct DashboardCommand: Command {
  static let name = "dashboard"
  static let summary = "this month: income, expenses, savings, top categories"
  static let help = "usage: spendly dashboard [--json]"
  static let examples = ["spendly dashboard", "spendly --json dashboard"]
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    return try QueryCommand.answer("dashboard", context: context)
  }
}

extension Context {
  func queryParser() throws(CLIError) -> QueryParser {
    QueryParser(entry: try phraseParser(), weekStart: weekStart)
  }

  /// The first day of a week from the `week` setting: 0 = Monday (the default), 6 = Sunday.
  var weekStart: Int { (try? store().settings.value(.weekStart)) == "sunday" ? 6 : 0 }

  /// Parses a question; one not understood names its words and shows examples.
  func query(_ text: String) throws(CLIError) -> Query {
    do {
      return try queryParser().parse(text, now: now)
    } catch let error as QueryError {
      let examples = QueryParser.examples.prefix(6).joined(separator: " · ")
      let context = error.words.joined(separator: " ") == text ? "" : " in '\(Render.clip(Render.safe(text), 60))'"
      throw .data("\(error.message)\(context). Try: \(examples)")
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError(.software, "\(error)")
    }
  }
}
