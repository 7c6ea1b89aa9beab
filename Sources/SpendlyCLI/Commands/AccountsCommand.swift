import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly accounts`: where the money is. Balances with assets, liabilities and net worth per
/// currency; adding, editing, renaming and closing accounts (each one undoable change).
struct AccountsCommand: Command {
  static let readsAmounts = true
  static let name = "accounts"
  static let aliases = ["account"]
  static let summary = "accounts: balances, assets, liabilities and net worth; accounts add NAME --type savings"
  static let help = """
    usage: spendly accounts [--json]          each account's type, currency and balance today, and
                                              per currency: assets, liabilities, net worth
           spendly accounts add NAME --type savings|current|cash|wallet|card|loan
                          [--institution NAME] [--currency CODE] [--opening AMOUNT [--on DATE]]
                          [--methods UPI,"Debit Card"] [--alias WORD,WORD] [--last4 1234]
                          [--number ACCOUNT-NUMBER]
           spendly accounts edit NAME --OPTION VALUE   the options of add, and --name NEW
           spendly accounts rename NAME NEW           the old name stays an alias
           spendly accounts close NAME [--on DATE]    keeps its history, takes no entry after DATE
           spendly accounts reopen NAME

    Savings, current, cash and wallets are assets; a card or a loan is a liability, and its
    balance is what is owed (--opening is what was owed on --on). An entry's account is the one
    its phrase names ('420 hdfc card food', '300 from wallet'), else its method's (--methods).
    Transfers ('transfer 10000 to savings', 'atm 5000', 'paid credit card bill 25000') move
    money between two accounts and count as neither income nor spending. The opening balance
    is the balance on its day: entries dated before it are already in it, and entries saved
    before an account existed keep no account (edit ID --account NAME gives them one).
    --number and --last4 let a statement find its account, and a bank row whose narration
    names another account's number ("TO A/C XXXXXX4321") become a transfer with it.
    See also: spendly balance ACCOUNT, spendly reconcile ACCOUNT AMOUNT.
    """
  static let examples = [
    "spendly accounts add \"HDFC Savings\" --type savings --opening 50000 --on 2026-11-01 --methods UPI",
    "spendly accounts",
  ]
  static let addOptions: [Option] = [
    .value(
      "type", "TYPE", .choice(AccountType.allCases.map(\.rawValue)), "savings, current, cash, wallet, card or loan"),
    .value("institution", "NAME", .text, "the bank or issuer (hdfc)"),
    .value("currency", "CODE", .currency, "its currency (default: the default currency)"),
    .value("opening", "AMOUNT", .amount, "the balance on --on (a card or loan: what was owed)"),
    .value("on", "DATE", .date, "the opening balance's day (default: today)"),
    .value("methods", "M,M", .list(.method), "payment methods whose entries are on it"),
    .value("alias", "WORD,WORD", .list(.text), "other names for it"),
    .value("last4", "1234", .text, "the number's last four digits, as statements show them"),
    .value("number", "ACCOUNT-NUMBER", .text, "the account's number, as statements show it"),
  ]
  static let subcommands = [
    Subcommand(
      "add", summary: "an asset (savings, current, cash, wallet) or liability (card, loan) account", options: addOptions
    ),
    Subcommand("list", summary: "each account's balance today, and per currency assets, liabilities and net worth"),
    Subcommand(
      "edit", summary: "change an account's type, institution, methods, aliases, numbers or name",
      options: addOptions + [.value("name", "NEW", .text, "a new name (the old one stays an alias)")]),
    Subcommand("rename", summary: "give an account a new name; the old one stays an alias"),
    Subcommand(
      "close", summary: "close an account: it keeps its history and takes no entry after its last day",
      options: [.value("on", "DATE", .date, "its last day (default: today)")]),
    Subcommand("reopen", summary: "take entries on a closed account again"),
  ]
  static let specs = Option.union(subcommands.map(\.options)).map {
    $0.name == "on" ? $0.helped("add: the opening balance's day; close: its last day (default: today)") : $0
  }
  static let defaultSubcommand: String? = "list"

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    var words = arguments.positional
    let action = words.first?.lowercased() ?? "list"
    if !words.isEmpty { words.removeFirst() }
    switch action {
    case "list":
      guard words.isEmpty else {
        throw .usage("accounts: \(Render.quoted(words.joined(separator: " "))) is not understood")
      }
      return try AccountView.list(context)
    case "add": return try add(words, arguments, context)
    default:
      guard actions.contains(action) else {
        throw .usage("accounts: unknown action \(Render.quoted(action)) (\(actions.joined(separator: ", ")))")
      }
      let (account, rest) = try context.account(words, command: "accounts \(action)")
      switch action {
      case "rename":
        guard !rest.isEmpty else { throw .usage("accounts rename: give the new name after the old one") }
        let renamed = try reporting {
          try AccountKeeping(session: context.session).rename(account, to: rest.joined(separator: " "))
        }
        return .lines(["renamed account \(Render.safe(account.name)) to \(Render.safe(renamed.name))"])
      case "close", "reopen":
        try AccountWords.noRest(rest, "accounts \(action)")
        let day = action == "close" ? try arguments.date("on", context: context) ?? context.today : nil
        let summary: String
        do {
          summary = ChangeWords.text(try AccountKeeping(session: context.session).close(account, on: day))
        } catch {
          switch error {
          case .entriesAfter(let count, let closing):
            throw .data(
              "accounts close: \(Render.safe(account.name)) has \(count) entr\(count == 1 ? "y" : "ies") after \(closing.readable); "
                + "close it on a later day, or move them (edit ID --account NAME)")
          case .beforeOpening(let opened):
            throw .data(
              "--on: \(Render.safe(account.name)) opened on \(opened.readable); it cannot close before that")
          case .store(let error): throw error.cli
          }
        }
        return .lines([Render.safe(summary)])
      default:
        try AccountWords.noRest(rest, "accounts \(action)")
        return try edit(account, arguments, context)
      }
    }
  }

  // MARK: Add and edit

  static func add(_ words: [String], _ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    guard !words.isEmpty else {
      throw .usage("accounts add: give a name, like: accounts add \"HDFC Savings\" --type savings")
    }
    guard let typeText = arguments["type"] else {
      throw .usage("accounts add: --type is needed (savings, current, cash, wallet, card or loan)")
    }
    let currency = try MoneyOptions.currency(arguments, context)
    var account = Account(name: words.joined(separator: " "), type: try type(typeText), currency: currency)
    try apply(arguments, to: &account, context)
    let saved = try reporting { try AccountKeeping(session: context.session).add(account) }
    return .lines(["added \(AccountView.describe(saved))"])
  }

  static func edit(_ account: Account, _ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    var changed = account
    if let name = arguments["name"] { changed.name = name }
    if let text = arguments["type"] {
      changed.type = try type(text)
      if changed.type.accountClass != account.type.accountClass {
        throw .data("type '\(text)': an account stays an asset or a liability; close it and add another")
      }
    }
    if let code = arguments["currency"], Currency.named(code) != account.currency {
      throw .usage("accounts edit: the currency stays (its entries are in it); close it and add another")
    }
    try apply(arguments, to: &changed, context)
    guard let saved = try reporting({ try AccountKeeping(session: context.session).edit(account, to: changed) }) else {
      return .lines(["\(Render.safe(account.name)) unchanged: it already has those values"])
    }
    return .lines(["edited \(AccountView.describe(saved))"])
  }

  /// The options shared by add and edit, onto `account`.
  static func apply(_ arguments: Arguments, to account: inout Account, _ context: Context) throws(CLIError) {
    if let text = arguments["institution"] { account.institution = text.isEmpty ? nil : text }
    if let text = arguments["last4"] { account.last4 = text.isEmpty ? nil : text }
    if let text = arguments["number"] {
      let number = text.filter { !$0.isWhitespace }
      guard number.isEmpty || number.count >= 6 && number.allSatisfy({ $0.isLetter || $0.isNumber }) else {
        throw .usage("--number \(Render.quoted(text)): expected the account's number, letters and digits")
      }
      account.number = number.isEmpty ? nil : number
      if !number.isEmpty && account.last4 == nil && number.suffix(4).allSatisfy(\.isNumber) {
        account.last4 = String(number.suffix(4))
      }
    }
    if let text = arguments["opening"] {
      let negative = text.hasPrefix("-")
      let money = try MoneyOptions.amount(
        negative ? String(text.dropFirst()) : text, "opening", account.currency, context)
      guard money.currency == account.currency else {
        throw .data("opening \(Render.quoted(text)): the account keeps \(account.currency.code)")
      }
      account.opening = negative ? -money.minorUnits : money.minorUnits
      account.openingDate = try arguments.date("on", context: context) ?? context.today
    } else if arguments["on"] != nil {
      account.openingDate = try arguments.date("on", context: context)
    }
    // An account opens before it closes.
    if let opened = account.openingDate, let closed = account.closedOn, opened > closed {
      throw .data("--on: \(Render.safe(account.name)) closed on \(closed.readable); it cannot open after that")
    }
    if let text = arguments["methods"] { account.methods = CommaList.items(text) }
    if let text = arguments["alias"] {
      account.aliases += CommaList.items(text).filter { alias in !account.aliases.contains { NameKey.same($0, alias) } }
    }
  }

  static func type(_ text: String) throws(CLIError) -> AccountType {
    guard let type = AccountType.named(text) else {
      throw .data("type \(Render.quoted(text)): expected savings, current, cash, wallet, card or loan")
    }
    return type
  }
}
