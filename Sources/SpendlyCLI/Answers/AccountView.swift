import SpendlyApp
import SpendlyCore
import SpendlyStore

/// How accounts and their balances look, as text and JSON.
enum AccountView {
  static func money(_ minor: Int64, _ currency: Currency) -> String {
    MoneyFormat.string(Money(minorUnits: minor, currency: currency))
  }

  /// "savings account HDFC Savings (HDFC, INR) · UPI, Debit Card · opening ₹50,000.00 on 1 Nov 2026".
  static func describe(_ account: Account) -> String {
    var text = "\(account.type.rawValue) account \(Render.safe(account.name))"
    let details = [account.institution.map(Render.safe), account.currency.code, account.last4.map { "····\($0)" }]
      .compactMap { $0 }
    text += " (\(details.joined(separator: ", ")))"
    if !account.methods.isEmpty { text += " · " + account.methods.map(Render.safe).joined(separator: ", ") }
    if account.opening != 0 || account.openingDate != nil {
      text +=
        " · opening \(money(account.opening, account.currency))"
        + (account.openingDate.map { " on \($0.readable)" } ?? "")
    }
    if !account.aliases.isEmpty { text += " · also " + account.aliases.map(Render.safe).joined(separator: ", ") }
    return text
  }

  /// `spendly accounts`: each account's balance today, then per currency the totals.
  static func list(_ context: Context) throws(CLIError) -> Rendered {
    let listing: AccountListing.Outcome
    do {
      listing = try AccountListing(session: context.session).run()
    } catch {
      switch error {
      case .store(let error): throw error.cli
      case .tooLarge(let error): throw .data(Render.safe(error.message))
      }
    }
    return rendered(listing, output: context.output)
  }

  /// The listing as a table, then a line of totals per currency; JSON with every account.
  static func rendered(_ listing: AccountListing.Outcome, output: Output) -> Rendered {
    let (balances, totals) = (listing.balances, listing.totals)
    return Rendered(
      text: {
        guard !balances.isEmpty else {
          return [
            "no accounts yet: add one with",
            "  spendly accounts add \"HDFC Savings\" --type savings --opening 50000 --methods UPI,\"Debit Card\"",
          ]
        }
        var table = Table(
          headers: ["Account", "Type", "Institution", "Currency", "Balance", "Methods"],
          alignments: [.left, .left, .left, .left, .right, .left])
        for item in balances {
          let account = item.account
          let closed = account.closedOn.map { " (closed \($0))" } ?? ""
          table.add([
            Render.safe(account.name) + closed,
            account.type.rawValue + (account.isLiability ? " · owed" : ""),
            Render.safe(account.institution ?? ""), account.currency.code, money(item.balance, account.currency),
            account.methods.map(Render.safe).joined(separator: ", "),
          ])
        }
        var lines = table.render(header: { output.style($0, .bold) })
        lines.append("")
        for total in totals {
          lines.append(
            "\(total.currency.code)  assets \(money(total.assets, total.currency)) · liabilities \(money(total.liabilities, total.currency)) · "
              + output.style("net worth \(money(total.netWorth, total.currency))", .bold))
        }
        return lines
      },
      json: { JSON(AccountsJSON(asOf: listing.asOf, balances: balances, totals: totals)) })
  }

  static func json(_ account: Account, balance: Int64?) -> JSON { JSON(AccountJSON(account, balance: balance)) }
}

/// An account as JSON: its details, its balance when one is asked for, its opening.
struct AccountJSON: Encodable {
  let account: Account
  let balance: Int64?

  init(_ account: Account, balance: Int64?) {
    self.account = account
    self.balance = balance
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    let currency = account.currency
    try container.encode(account.name, forKey: "name")
    try container.encode(account.type.rawValue, forKey: "type")
    try container.encode(account.accountClass.rawValue, forKey: "class")
    try container.encodeIfPresent(account.institution, forKey: "institution")
    try container.encode(currency.code, forKey: "currency")
    try container.encodeIfPresent(account.last4, forKey: "last4")
    // Only `accounts` gives a balance; the key is left out elsewhere, as it always was.
    if let balance { try container.encode(MoneyFigure(balance, currency), forKey: "balance") }
    try container.encode(MoneyFigure(account.opening, currency), forKey: "opening")
    try container.encodeIfPresent(account.openingDate?.description, forKey: "opening_date")
    try container.encode(account.methods, forKey: "methods")
    try container.encode(account.aliases, forKey: "aliases")
    try container.encodeIfPresent(account.closedOn?.description, forKey: "closed_on")
  }
}

/// `accounts --json`: every account with its balance today, and the totals per currency.
struct AccountsJSON: Encodable {
  /// Assets, liabilities and net worth of one currency.
  struct Total: Encodable {
    let currency: String
    let assets: MoneyFigure
    let liabilities: MoneyFigure
    let netWorth: MoneyFigure
  }

  let asOf: String
  let accounts: [AccountJSON]
  let totals: [Total]

  init(asOf: LocalDate, balances: [AccountBalance], totals: [AccountListing.Totals]) {
    self.asOf = asOf.description
    accounts = balances.map { AccountJSON($0.account, balance: $0.balance) }
    self.totals = totals.map {
      Total(
        currency: $0.currency.code, assets: MoneyFigure($0.assets, $0.currency),
        liabilities: MoneyFigure($0.liabilities, $0.currency), netWorth: MoneyFigure($0.netWorth, $0.currency))
    }
  }
}
