import SpendlyApp
import SpendlyCore

extension StatementImporting.Refusal {
  /// The one line a refused import prints, and its exit code.
  var cli: CLIError {
    switch self {
    case .store(let error): return error.cli
    case .unreadable(let error, let file): return .data(error.described(file: Render.safe(file)))
    case .account(let text, let found):
      return Context.lookupError(found, text)
    case .wrongCurrency(let file, let statement, let account, let keeps):
      return .data(
        "\(Render.safe(file)): the statement is in \(statement.code) but \(Render.safe(account)) keeps \(keeps.code)")
    case .needsAccounts(let file, let unmatched, let creating):
      return .data(
        "\(Render.safe(file)): the statement for account \(Render.safe(unmatched.joined(separator: ", "))) matches none of "
          + "your accounts: give --account NAME, or --yes to create "
          + creating.map { "'\(Render.safe($0))'" }.joined(separator: ", "))
    case .tooLarge(let error): return .data(Render.safe(error.message))
    }
  }
}

/// Runs import work, turning its refusal into the CLI's one line and exit code.
func imported<T>(_ body: () throws(StatementImporting.Refusal) -> T) throws(CLIError) -> T {
  do {
    return try body()
  } catch {
    throw error.cli
  }
}
