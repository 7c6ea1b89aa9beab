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
    var assets: Int64 = 0
    var liabilities: Int64 = 0
    var netWorth: Int64 { Budgeting.saturating(assets, liabilities == .min ? .max : -liabilities) }
  }

  static func totals(_ balances: [AccountBalance]) -> [Totals] {
    var table: [String: Totals] = [:]
    for item in balances {
      let currency = item.account.currency
      var totals = table[currency.code] ?? Totals(currency: currency)
      if item.account.isLiability {
        totals.liabilities = Budgeting.saturating(totals.liabilities, item.balance)
      } else {
        totals.assets = Budgeting.saturating(totals.assets, item.balance)
      }
      table[currency.code] = totals
    }
    return table.values.sorted { $0.currency.code < $1.currency.code }
  }

  /// `spendly accounts`: each account's balance today, then per currency the totals.
  static func list(_ context: Context) throws(CLIError) -> Rendered {
    let balances = try reporting { try context.store().accounts.balances(asOf: context.today) }
    let totals = totals(balances)
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
