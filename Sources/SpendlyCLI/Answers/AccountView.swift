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

  /// Assets, liabilities and net worth of one currency.
  struct Totals {
    let currency: Currency
    let assets: Int64
    let liabilities: Int64
    let netWorth: Int64
  }

  /// Per currency, added up through `MoneyTotals`: a total that does not fit is an error naming
  /// it, never a capped figure.
  static func totals(_ balances: [AccountBalance]) throws(CLIError) -> [Totals] {
    try exact { () throws(FigureTooLarge) in
      var sums = MoneyTotals("assets", "liabilities")
      for item in balances {
        let balance = Money(minorUnits: item.balance, currency: item.account.currency)
        let zero = Money.zero(balance.currency)
        try item.account.isLiability ? sums.add(zero, balance) : sums.add(balance, zero)
      }
      return try sums.rows.sorted { $0.currency.code < $1.currency.code }.map { (row) throws(FigureTooLarge) in
        let net = try row.values[0].subtracting(
          row.values[1], or: FigureTooLarge(figure: "net worth in \(row.currency.code)"))
        return Totals(
          currency: row.currency, assets: row.values[0].minorUnits, liabilities: row.values[1].minorUnits,
          netWorth: net.minorUnits)
      }
    }
  }

  /// `spendly accounts`: each account's balance today, then per currency the totals.
  static func list(_ context: Context) throws(CLIError) -> Rendered {
    let balances = try reporting { try context.store().accounts.balances(asOf: context.today) }
    let totals = try totals(balances)
    let output = context.output
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
      json: {
        .object([
          ("as_of", .string(context.today.description)),
          ("accounts", .array(balances.map { json($0.account, balance: $0.balance) })),
          (
            "totals",
            .array(
              totals.map { total in
                .object([
                  ("currency", .string(total.currency.code)),
                  ("assets", amount(total.assets, total.currency)), ("assets_minor", .int(total.assets)),
                  ("liabilities", amount(total.liabilities, total.currency)),
                  ("liabilities_minor", .int(total.liabilities)),
                  ("net_worth", amount(total.netWorth, total.currency)), ("net_worth_minor", .int(total.netWorth)),
                ])
              })
          ),
        ])
      })
  }

  static func amount(_ minor: Int64, _ currency: Currency) -> JSON {
    .string(MoneyFormat.plain(minor, exponent: currency.exponent))
  }

  static func json(_ account: Account, balance: Int64?) -> JSON {
    var pairs: [(String, JSON)] = [
      ("name", .string(account.name)), ("type", .string(account.type.rawValue)),
      ("class", .string(account.accountClass.rawValue)), ("institution", .optional(account.institution)),
      ("currency", .string(account.currency.code)), ("last4", .optional(account.last4)),
    ]
    if let balance {
      pairs += [("balance", amount(balance, account.currency)), ("balance_minor", .int(balance))]
    }
    pairs += [
      ("opening", amount(account.opening, account.currency)), ("opening_minor", .int(account.opening)),
      ("opening_date", .optional(account.openingDate?.description)),
      ("methods", .array(account.methods.map { .string($0) })),
      ("aliases", .array(account.aliases.map { .string($0) })),
      ("closed_on", .optional(account.closedOn?.description)),
    ]
    return .object(pairs)
  }
}
