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

  /// `spendly accounts`: each account's balance today, then the debts, then per currency the totals.
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

  /// The listing as a table, the debts owed, then a line of totals per currency; JSON with every
  /// account and debt.
  static func rendered(_ listing: AccountListing.Outcome, output: Output) -> Rendered {
    let (balances, worth) = (listing.balances, listing.worth)
    let totals = worth.totals
    return Rendered(
      text: {
        let none = [
          "no accounts yet: add one with",
          "  spendly accounts add \"HDFC Savings\" --type savings --opening 50000 --methods UPI,\"Debit Card\"",
        ]
        guard !balances.isEmpty || !worth.debts.isEmpty else { return none }
        var lines = balances.isEmpty ? none : []
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
        if !balances.isEmpty { lines += table.render(header: { output.style($0, .bold) }) }
        lines += debtLines(worth.debts, output: output)
        lines.append("")
        for total in totals {
          let debts = total.debts != 0 ? " (debts \(money(total.debts, total.currency)))" : ""
          lines.append(
            "\(total.currency.code)  assets \(money(total.assets, total.currency)) · liabilities \(money(total.liabilities, total.currency))\(debts) · "
              + output.style("net worth \(money(total.netWorth, total.currency))", .bold))
        }
        return lines
      },
      json: { JSON(AccountsJSON(asOf: listing.asOf, balances: balances, worth: worth)) })
  }

  /// The debts owed, as their own lines under the accounts: liabilities that are no account.
  static func debtLines(_ debts: [NetWorth.Owed], output: Output) -> [String] {
    guard !debts.isEmpty else { return [] }
    var table = Table(headers: ["Debt", "Kind", "Currency", "Owed"], alignments: [.left, .left, .left, .right])
    for debt in debts {
      table.add([
        Render.safe(debt.name), debt.kind.rawValue + " · owed", debt.balance.currency.code,
        MoneyFormat.string(debt.balance),
      ])
    }
    return [""] + table.render(header: { output.style($0, .bold) })
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
    /// Debts included.
    let liabilities: MoneyFigure
    /// The part of the liabilities that is debts.
    let debts: MoneyFigure
    let netWorth: MoneyFigure
  }

  /// A debt owed, a liability that is no account.
  struct Debt: Encodable {
    let name: String
    let kind: String
    let currency: String
    let balance: MoneyFigure
  }

  let asOf: String
  let accounts: [AccountJSON]
  let debts: [Debt]
  let totals: [Total]

  init(asOf: LocalDate, balances: [AccountBalance], worth: NetWorth) {
    self.asOf = asOf.description
    accounts = balances.map { AccountJSON($0.account, balance: $0.balance) }
    debts = worth.debts.map {
      Debt(
        name: $0.name, kind: $0.kind.rawValue, currency: $0.balance.currency.code,
        balance: MoneyFigure($0.balance.minorUnits, $0.balance.currency))
    }
    totals = worth.totals.map {
      Total(
        currency: $0.currency.code, assets: MoneyFigure($0.assets, $0.currency),
        liabilities: MoneyFigure($0.liabilities, $0.currency), debts: MoneyFigure($0.debts, $0.currency),
        netWorth: MoneyFigure($0.netWorth, $0.currency))
    }
  }
}
