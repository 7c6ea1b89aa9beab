import SpendlyCore

/// Writes transactions as a plain-text-accounting journal (ledger, hledger or beancount), one
/// entry at a time: `header()`, then `entry(_:)` for each transaction, then `footer()`.
///
/// Nothing but names and a few sums is kept between entries, so any number of transactions
/// can be streamed to a file. Every entry balances exactly in the transaction's own currency;
/// a sum that no longer fits is a `FigureTooLarge` naming it, never a wrapped amount.
public struct JournalWriter: Sendable {
  public let flavor: JournalFlavor
  public let defaultCurrency: Currency
  public let pendingExcluded: Bool
  /// How many transactions were written, and how many were left out (memo and rejected rows,
  /// and pending or authorized ones when `pendingExcluded`).
  public private(set) var written = 0
  public private(set) var leftOut = 0

  private var accounts: JournalAccounts
  /// The journal accounts used so far (beancount opens each of them).
  private var used: Set<String> = []
  private var earliest: LocalDate?
  /// The currencies posted in, by commodity (hledger is told how to show each).
  private var currencies: [String: Currency] = [:]
  /// What was posted to a catalog account before its opening date, per account index: Spendly
  /// counts those rows as already in the opening balance, so the opening entry takes them out.
  private var beforeOpening: [Int: Money] = [:]
  /// The prices written on the latest day, so the same one is not repeated for every charge.
  private var pricesOfDay: (date: LocalDate, prices: Set<String>)?

  public init(flavor: JournalFlavor, catalog: Catalog, defaultCurrency: Currency, pendingExcluded: Bool) {
    self.flavor = flavor
    self.defaultCurrency = defaultCurrency
    self.pendingExcluded = pendingExcluded
    self.accounts = JournalAccounts(flavor: flavor, catalog: catalog)
  }

  /// Comments saying what the file is; beancount's options, hledger's decimal mark.
  public func header() -> String {
    let pending = pendingExcluded ? "left out" : "marked !"
    var lines = [
      "Spendly journal for \(flavor.rawValue): amounts in each transaction's own currency, foreign amounts",
      "as metadata with a price for their day; pending and authorized rows \(pending), memo and rejected left out.",
    ].map { comment($0) }
    switch flavor {
    case .ledger: break
    case .hledger: lines.append("decimal-mark .")
    case .beancount:
      lines.append("option \"title\" \"Spendly\"")
      lines.append("option \"operating_currency\" \"\(flavor.commodity(defaultCurrency))\"")
    }
    return lines.joined(separator: "\n") + "\n\n"
  }

  /// The transaction as a journal entry (with a price directive before it for a foreign amount),
  /// or "" for one whose status does not count.
  public mutating func entry(_ transaction: Transaction) throws(FigureTooLarge) -> String {
    let fields = transaction.fields
    guard fields.status.counts(pendingExcluded: pendingExcluded) else {
      leftOut += 1
      return ""
    }
    written += 1
    let currency = fields.amount.currency
    // Money goes to the first account from the second.
    let postings: (to: String, from: String)
    var metadata: [(String, String)] = [("id", String(transaction.id))]
    switch fields.kind {
    case .expense:
      postings = (
        accounts.category(fields),
        accounts.money(account: fields.account, method: fields.method, currency: fields.amount.currency)
      )
    case .income:
      postings = (
        accounts.money(account: fields.account, method: fields.method, currency: fields.amount.currency),
        accounts.category(fields)
      )
    case .transfer:
      let ends = accounts.transfer(fields)
      postings = (ends.to, ends.from)
    }
    if fields.kind != .transfer { metadata.append(("category", fields.category)) }
    metadata.append(("method", fields.method))
    if let counter = fields.counterMethod, fields.kind == .transfer { metadata.append(("to-method", counter)) }
    if fields.status != .booked { metadata.append(("status", fields.status.rawValue)) }
    if let posted = fields.postedDate, posted != fields.date { metadata.append(("posted", posted.description)) }
    if let reference = fields.externalReference { metadata.append(("reference", reference)) }

    var text = ""
    if let foreign = fields.foreignAmount, foreign.currency != currency {
      metadata.append(("foreign", flavor.amount(foreign.minorUnits, foreign.currency)))
      if let rate = JournalFlavor.rate(fields.rate?.text) {
        metadata.append(("rate", rate))
        text += price(on: fields.date, of: foreign.currency, rate: rate, in: currency)
      }
    }
    see(fields.date)
    let flag = fields.status == .booked ? "*" : "!"
    let merchant = JournalFlavor.singleLine(fields.merchant ?? "")
    let note = JournalFlavor.singleLine(fields.note ?? "")
    // Without a merchant, the line says what it is: its category, or "Transfer".
    let fallback = fields.kind == .transfer ? Transfer.category : fields.category
    if flavor == .beancount {
      let payee = merchant.isEmpty ? "" : flavor.payee(merchant) + " "
      let narration = flavor.payee(note.isEmpty && merchant.isEmpty ? fallback : note)
      text += "\(fields.date) \(flag) \(payee)\(narration)\n"
    } else {
      let payee = flavor.payee(merchant.isEmpty ? fallback : merchant)
      text += "\(fields.date) \(flag)\(payee.isEmpty ? "" : " " + payee)\n"
      if !note.isEmpty { metadata.insert(("note", note), at: 1) }
    }
    for (key, value) in metadata { text += metadataLine(key, value) }
    let tooLarge = FigureTooLarge(figure: "amount of transaction \(transaction.id)")
    text += try posting(postings.to, fields.amount, on: fields.date)
    text += try posting(postings.from, try .zero(currency).subtracting(fields.amount, or: tooLarge), on: fields.date)
    return text + "\n"
  }

  /// The opening balances (against `Equity:Opening-Balances`), a count of what was written and
  /// left out; for beancount an `open` for every account used, dated on the earliest day, and for
  /// hledger a `commodity` for every currency, so each shows with its own digits.
  public mutating func footer() throws(FigureTooLarge) -> String {
    var text = comment("\(written) transactions written, \(leftOut) left out.") + "\n\n"
    // An opening balance without a date holds from the start: the earliest day of all, dated
    // openings included.
    let catalogAccounts = accounts.catalog.accounts
    for account in catalogAccounts { account.openingDate.map { see($0) } }
    for (index, account) in catalogAccounts.enumerated() {
      text += try opening(account, index: index)
    }
    if flavor == .beancount, let earliest {
      for name in used.sorted() { text += "\(earliest) open \(name)\n" }
    } else if flavor != .beancount {
      // Declared, so `hledger check --strict` and `ledger --pedantic` accept the journal too.
      for name in used.sorted() { text += "account \(name)\n" }
    }
    // hledger would show a currency with the most digits any price of it has (USD 0.010769).
    if flavor == .hledger {
      for (_, currency) in currencies.sorted(by: { $0.key < $1.key }) {
        // A currency without decimals still needs its point: "1000. JPY".
        let number = MoneyFormat.plain(1000 * currency.minorPerMajor, exponent: currency.exponent)
        text += "commodity \(number)\(currency.exponent == 0 ? "." : "") \(flavor.commodity(currency))\n"
      }
    }
    return text
  }

  /// Writes the whole journal for `transactions` to `output`, an entry at a time.
  public mutating func write(_ transactions: some Sequence<Transaction>, to output: inout some TextOutputStream)
    throws(FigureTooLarge)
  {
    output.write(header())
    for transaction in transactions { output.write(try entry(transaction)) }
    output.write(try footer())
  }

  // MARK: Pieces

  /// An account's opening balance on its opening day (else the earliest day written), less what
  /// the journal posted to it before that day; nothing when that comes to zero.
  private mutating func opening(_ account: Account, index: Int) throws(FigureTooLarge) -> String {
    guard let date = account.openingDate ?? earliest else { return "" }
    let tooLarge = FigureTooLarge(name: account.name, figure: "opening balance")
    // A liability's opening balance is what is owed: a credit balance.
    let opening = Money(minorUnits: account.opening, currency: account.currency)
    let stated = account.isLiability ? try .zero(account.currency).subtracting(opening, or: tooLarge) : opening
    let amount = try stated.subtracting(beforeOpening[index] ?? .zero(account.currency), or: tooLarge)
    guard amount.minorUnits != 0 else { return "" }
    let name = accounts.accountNames[index]
    see(date)
    var text = "\(date) * " + flavor.payee("Opening balance") + "\n"
    if amount != stated {
      let shown = flavor.amount(account.opening, account.currency)
      text += metadataLine("note", "\(shown) as stated, less what rows before \(date) already moved")
    }
    text += try posting(name, amount, on: date)
    text += try posting(
      JournalAccounts.openingBalances, try .zero(account.currency).subtracting(amount, or: tooLarge), on: date)
    return text + "\n"
  }

  private mutating func posting(_ account: String, _ amount: Money, on date: LocalDate) throws(FigureTooLarge)
    -> String
  {
    let currency = amount.currency
    used.insert(account)
    if flavor == .hledger { currencies[currency.code] = currency }
    if let index = accounts.catalogAccounts[account], let opened = accounts.catalog.accounts[index].openingDate,
      date < opened, currency == accounts.catalog.accounts[index].currency
    {
      beforeOpening[index] = try (beforeOpening[index] ?? .zero(currency)).adding(
        amount, or: FigureTooLarge(name: accounts.catalog.accounts[index].name, figure: "movements before \(opened)"))
    }
    let indent = flavor == .beancount ? "  " : "    "
    return indent + account + "  " + flavor.amount(amount.minorUnits, currency) + "\n"
  }

  /// `P 2026-11-29 USD 83.72 INR` (ledger, hledger) or `2026-11-29 price USD 83.72 INR`, once a day.
  private mutating func price(on date: LocalDate, of foreign: Currency, rate: String, in currency: Currency)
    -> String
  {
    let line =
      flavor == .beancount
      ? "\(date) price \(flavor.commodity(foreign)) \(rate) \(flavor.commodity(currency))"
      : "P \(date) \(flavor.commodity(foreign)) \(rate) \(flavor.commodity(currency))"
    if pricesOfDay?.date != date { pricesOfDay = (date, []) }
    guard pricesOfDay!.prices.insert(line).inserted else { return "" }
    return line + "\n"
  }

  /// `    ; key: value` (ledger, hledger: a comment the tools read as metadata) or `  key: "value"`.
  private func metadataLine(_ key: String, _ value: String) -> String {
    // An amount stays an amount ("12.50 USD"), a rate a number (both made here); the rest is text.
    let value = key == "foreign" || key == "rate" ? value : flavor.metadataValue(value)
    if flavor == .beancount { return "  \(key): \(value)\n" }
    return value.isEmpty ? "" : "    ; \(key): \(value)\n"
  }

  private func comment(_ text: String) -> String { "; " + text }

  /// Keeps the earliest day written, for beancount's `open`s and undated opening balances.
  private mutating func see(_ date: LocalDate) {
    if earliest.map({ date < $0 }) ?? true { earliest = date }
  }
}
