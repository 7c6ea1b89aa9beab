import SpendlyCore

/// An account's balance on a day, as people read it: what an asset holds, what a liability owes.
public struct AccountBalance: Sendable {
  public let account: Account
  public let balance: Int64
}

/// One day's movement on an account: money in (credits) and out (debits), in minor units.
public struct AccountDay: Sendable, Equatable {
  public let date: LocalDate
  public let credits: Int64
  public let debits: Int64

  /// Credits less debits: what the day added to the account (an asset's reading).
  public var net: Int64 { credits - debits }
}

extension [AccountDay] {
  /// The days as `BalanceHistory` reads them.
  public var movements: [(date: LocalDate, net: Int64)] { map { ($0.date, $0.net) } }
}

extension AccountRecords {
  /// Rows that move money on each account: its own rows with their entry, and transfers that
  /// end on it, the other way round. Only counted statuses (see `TransactionStatus.counts`).
  private func movements(_ statuses: [TransactionStatus], account: Bool) -> String {
    let list = statuses.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    let only = account ? " AND account_id = (SELECT id FROM accounts WHERE name_key = spendly_name_key(?1))" : ""
    let onlyCounter =
      account ? " AND counter_account_id = (SELECT id FROM accounts WHERE name_key = spendly_name_key(?1))" : ""
    return """
      SELECT account_id AS account, date, amount, entry = 'credit' AS inflow FROM transactions
        WHERE account_id IS NOT NULL AND status IN (\(list))\(only)
      UNION ALL
      SELECT counter_account_id, date, amount, entry = 'debit' FROM transactions
        WHERE kind = 'transfer' AND counter_account_id IS NOT NULL AND status IN (\(list))\(onlyCounter)
      """
  }

  private func statuses() throws(StoreError) -> [TransactionStatus] {
    TransactionStatus.counted(pendingExcluded: try store.settings.pendingExcluded())
  }

  /// Every account's balance at the end of `date`.
  public func balances(asOf date: LocalDate) throws(StoreError) -> [AccountBalance] {
    let accounts = try all()
    let statuses = try statuses()
    let rows: [Row]
    do {
      rows = try reading {
        try database.rows(
          """
          SELECT a.name, spendly_sum(m.amount) FILTER (WHERE m.inflow), spendly_sum(m.amount) FILTER (WHERE NOT m.inflow)
          FROM (\(movements(statuses, account: false))) m JOIN accounts a ON a.id = m.account
          WHERE m.date <= ? AND (a.opening_date IS NULL OR m.date >= a.opening_date) GROUP BY a.id
          """, [.text(date.description)])
      }
    } catch .tooLarge {
      // An account's credits or debits add up past Int64: each account a day at a time, which
      // gives its balance exactly or names the figure that does not fit.
      return try accounts.map { (account) throws(StoreError) in
        AccountBalance(account: account, balance: try balance(account, on: date))
      }
    }
    var flows: [NameKey: Int64] = [:]
    for row in rows {
      guard let name = row.text(0) else { continue }
      let credits = try row.values[1].checkedTotal(field: "balance", value: name)
      let debits = try row.values[2].checkedTotal(field: "balance", value: name)
      flows[NameKey(name)] = credits - debits
    }
    return try accounts.map { (account) throws(StoreError) in
      AccountBalance(
        account: account,
        balance: try StoreError.exact { () throws(FigureTooLarge) in
          try account.balance(flows: flows[NameKey(account.name)] ?? 0, on: date)
        })
    }
  }

  /// The account's balance at the end of `date` (with `bookedOnly`, as a bank's ledger balance counts).
  public func balance(_ account: Account, on date: LocalDate, bookedOnly: Bool = false) throws(StoreError) -> Int64 {
    let movements = try days(account, through: date, bookedOnly: bookedOnly).movements
    return try StoreError.exact { () throws(FigureTooLarge) in
      try BalanceHistory.balance(account, movements: movements, on: date)
    }
  }

  /// The account's movements a day at a time through `date`, oldest first (days without any left out).
  /// With `bookedOnly`, as a bank's ledger balance counts: booked rows alone.
  public func days(_ account: Account, through date: LocalDate, bookedOnly: Bool = false) throws(StoreError)
    -> [AccountDay]
  {
    let statuses = bookedOnly ? [.booked] : try statuses()
    let rows: [Row]
    do {
      rows = try reading {
        try database.rows(
          """
          SELECT m.date, spendly_sum(m.amount) FILTER (WHERE m.inflow), spendly_sum(m.amount) FILTER (WHERE NOT m.inflow)
          FROM (\(movements(statuses, account: true))) m WHERE m.date <= ?2 GROUP BY m.date ORDER BY m.date
          """, [.text(account.name), .text(date.description)])
      }
    } catch .tooLarge {
      throw .tooLarge(FigureTooLarge(name: account.name, figure: "movements of one day up to \(date)"))
    }
    var days: [AccountDay] = []
    for row in rows {
      guard let day = row.text(0).flatMap(LocalDate.init(iso:)) else {
        throw .damaged(
          DamagedRow(
            row: "a transaction on \(account.name)", field: "date", value: row.text(0) ?? "", expected: "a date"))
      }
      days.append(
        AccountDay(
          date: day, credits: try row.values[1].checkedTotal(field: "balance", value: account.name),
          debits: try row.values[2].checkedTotal(field: "balance", value: account.name)))
    }
    return days
  }
}
