import SpendlyApp
import SpendlyCore

extension Context {
  /// The account the first words name (the longest run that names one), and the words after it;
  /// words that name none, or several, are an error saying so.
  func account(_ words: [String], command: String) throws(CLIError) -> (Account, [String]) {
    guard !words.isEmpty else { throw .usage("\(command): name the account (see: spendly accounts)") }
    let accounts = try reporting { try store().accounts.all() }
    let (found, rest) = AccountLookup.leading(words, accounts: accounts, parser: try phraseParser())
    return (try Self.account(found, words.joined(separator: " ")), rest)
  }

  /// The account `text` names (`--account WORD`): an exact name, a unique word or prefix, an alias.
  func account(named text: String) throws(CLIError) -> Account {
    let accounts = try reporting { try store().accounts.all() }
    return try Self.account(
      AccountLookup.find(text, accounts: accounts, parser: try phraseParser()), text, option: "--account")
  }

  static func account(_ found: AccountLookup.Found, _ text: String, option: String? = nil) throws(CLIError)
    -> Account
  {
    if case .account(let account) = found { return account }
    throw lookupError(found, text, option: option)
  }

  /// Words that name no account, or several.
  /// With `option`, the error names it: `--account "x": unknown account`.
  static func lookupError(_ found: AccountLookup.Found, _ text: String, option: String? = nil) -> CLIError {
    let field = option.map { "\($0) \(Render.quoted(text)): " } ?? ""
    if case .ambiguous(let accounts) = found {
      return .data(
        field + (option == nil ? "\(Render.quoted(text)) names " : "it names ") + "\(accounts.count) accounts: "
          + accounts.map { Render.safe($0.name) }.joined(separator: ", ") + "; say which")
    }
    return .data(
      (option == nil ? "no account named \(Render.quoted(text))" : field + "unknown account") + " (see: spendly accounts)")
  }
}
