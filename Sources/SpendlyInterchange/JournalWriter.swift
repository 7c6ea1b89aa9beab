import SpendlyCore

/// Writes transactions as a plain-text-accounting journal (ledger, hledger or beancount), in two
/// passes over the same rows, oldest first (as the store gives them): `prepare(_:)` for each
/// transaction (it learns the accounts, payees, currencies and days), then `header()`, `entry(_:)`
/// for each again, and `footer()`.
///
/// The header declares every account, payee and commodity first and the entries follow in date
/// order, opening balances among them on their days, so the tools' strict checks pass (`ledger
/// --pedantic`, `hledger check --strict ordereddates payees accounts commodities`, `bean-check`).
/// Nothing but names and a few sums is kept, so any number of transactions can be streamed. Every
/// entry balances exactly in its own currency; a sum that no longer fits is a `FigureTooLarge`.
public struct JournalWriter: Sendable {
  public let flavor: JournalFlavor
  public let defaultCurrency: Currency
  public let pendingExcluded: Bool
  /// How many transactions were written, and how many were left out (memo and rejected rows,
  /// and pending or authorized ones when `pendingExcluded`).
  public private(set) var written = 0
  public private(set) var leftOut = 0

  /// A journal that starts on a later day than the data (`export --from`): every account open by
  /// `day` starts at its balance at the end of that day (`balances`, by catalog account index,
  /// as people read them: what an asset holds, what a liability owes).
  public struct Start: Sendable {
    public let day: LocalDate
    public let balances: [Int64]
    public init(day: LocalDate, balances: [Int64]) {
      self.day = day
      self.balances = balances
    }
  }

  private var accounts: JournalAccounts
  private let start: Start?
  /// The journal accounts, payees and currencies the entries use, learnt by `prepare`.
  private var used: Set<String> = []
  private var payees: Set<String> = []
  private var earliest: LocalDate?
  /// The currencies posted in, by commodity (hledger is told how to show each).
  private var currencies: [String: Currency] = [:]
  /// What was posted to a catalog account before its opening date, per account index: Spendly
  /// counts those rows as already in the opening balance, so the opening entry takes them out.
  private var beforeOpening: [Int: Money] = [:]
  /// The catalog accounts whose opening entry is still to come, by index, in date order.
  private var openings: [(date: LocalDate, index: Int)]?
  /// The prices written on the latest day, so the same one is not repeated for every charge.
  private var pricesOfDay: (date: LocalDate, prices: Set<String>)?

  /// The journal's last day (`export --to`): an account opened after it has no opening entry.
  private let through: LocalDate?

  public init(
    flavor: JournalFlavor, catalog: Catalog, defaultCurrency: Currency, pendingExcluded: Bool, start: Start? = nil,
    through: LocalDate? = nil
  ) {
    self.through = through
    self.flavor = flavor
    self.defaultCurrency = defaultCurrency
    self.pendingExcluded = pendingExcluded
    self.accounts = JournalAccounts(flavor: flavor, catalog: catalog)
    self.start = start
  }

  /// Every metadata key an entry may carry.
  static let metadataKeys = [
    "id", "note", "category", "method", "to-method", "status", "posted", "reference", "foreign", "rate",
  ]

  /// The first pass: learns what `transaction`'s entry will use, for the declarations.
  public mutating func prepare(_ transaction: Transaction) {
    let fields = transaction.fields
    guard fields.status.counts(pendingExcluded: pendingExcluded) else { return }
    let postings = postingAccounts(fields)
    used.insert(postings.to)
    used.insert(postings.from)
    if let payee = payeeText(fields).payee { payees.insert(payee) }
    currencies[fields.amount.currency.code] = fields.amount.currency
    if let foreign = fields.foreignAmount, foreign.currency != fields.amount.currency,
      JournalFlavor.rate(fields.rate?.text) != nil
    {
      currencies[foreign.currency.code] = foreign.currency
    }
    see(fields.date)
  }

  /// Comments saying what the file is; beancount's options, hledger's decimal mark; then the
  /// declarations: every account (beancount: an `open` on the earliest day), payee and commodity.
  public mutating func header() -> String {
    let pending = pendingExcluded ? "left out" : "marked !"
    var lines = [
      "Spendly journal for \(flavor.rawValue): amounts in each transaction's own currency, foreign amounts",
      "as metadata with a price for their day; pending and authorized rows \(pending), memo and rejected left out.",
    ].map { comment($0) }
    if let start {
      lines.append(comment("From \(start.day.adding(days: 1)) on; each account opens at its balance on \(start.day)."))
    }
    switch flavor {
    case .ledger: break
    case .hledger: lines.append("decimal-mark .")
    case .beancount:
      lines.append("option \"title\" \"Spendly\"")
      lines.append("option \"operating_currency\" \"\(flavor.commodity(defaultCurrency))\"")
    }
    let due = plannedOpenings()
    var declared = used
    if !due.isEmpty {
      declared.insert(JournalAccounts.openingBalances)
      payees.insert(flavor.payee("Opening balance"))
    }
    for opening in due {
      declared.insert(accounts.accountNames[opening.index])
      let currency = accounts.catalog.accounts[opening.index].currency
      currencies[currency.code] = currency
    }
    var text = lines.joined(separator: "\n") + "\n\n"
    if flavor == .beancount {
      if let earliest { for name in declared.sorted() { text += "\(earliest) open \(name)\n" } }
    } else {
      for name in declared.sorted() { text += "account \(name)\n" }
      for payee in payees.sorted() { text += "payee \(payee)\n" }
      // ledger --pedantic knows a metadata key only once it is declared.
      if flavor == .ledger { for key in Self.metadataKeys { text += "tag \(key)\n" } }
      for (_, currency) in currencies.sorted(by: { $0.key < $1.key }) {
        if flavor == .hledger {
          // hledger shows a currency with the most digits any price of it has (USD 0.010769) unless
          // told; one without decimals still needs its point: "1000. JPY".
          let number = MoneyFormat.plain(1000 * currency.minorPerMajor, exponent: currency.exponent)
          text += "commodity \(number)\(currency.exponent == 0 ? "." : "") \(flavor.commodity(currency))\n"
        } else {
          text += "commodity \(flavor.commodity(currency))\n"
        }
      }
    }
    openings = due
    return text + "\n"
  }

  /// The catalog accounts with an opening entry, each on its day, in date order: an account open
  /// by a `start` day opens on it, another on its opening date, an undated one on the earliest day.
  private mutating func plannedOpenings() -> [(date: LocalDate, index: Int)] {
    if let start { see(start.day) }
    for account in accounts.catalog.accounts {
      if let date = account.openingDate, start.map({ date > $0.day }) ?? true, through.map({ date <= $0 }) ?? true {
        see(date)
      }
    }
    var due: [(date: LocalDate, index: Int)] = []
    for (index, account) in accounts.catalog.accounts.enumerated() {
      if let start, account.openingDate.map({ $0 <= start.day }) ?? true {
        if index < start.balances.count, start.balances[index] != 0 { due.append((start.day, index)) }
        continue
      }
      guard account.opening != 0, let date = account.openingDate ?? earliest, through.map({ date <= $0 }) ?? true
      else { continue }
      due.append((date, index))
    }
    return due.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
  }

  /// The opening entries due on or before `date` (all of them when nil).
  private mutating func openings(through date: LocalDate?) throws(FigureTooLarge) -> String {
    if openings == nil { openings = plannedOpenings() }
    var text = ""
    while let next = openings?.first, date.map({ next.date <= $0 }) ?? true {
      openings?.removeFirst()
      text += try opening(accounts.catalog.accounts[next.index], index: next.index, on: next.date)
    }
    return text
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
    see(fields.date)
    var text = try openings(through: fields.date)
    let currency = fields.amount.currency
    let postings = postingAccounts(fields)
    var metadata: [(String, String)] = [("id", String(transaction.id))]
    if fields.kind != .transfer { metadata.append(("category", fields.category)) }
    metadata.append(("method", fields.method))
    if let counter = fields.counterMethod, fields.kind == .transfer { metadata.append(("to-method", counter)) }
    if fields.status != .booked { metadata.append(("status", fields.status.rawValue)) }
    if let posted = fields.postedDate, posted != fields.date { metadata.append(("posted", posted.description)) }
    if let reference = fields.externalReference { metadata.append(("reference", reference)) }

    if let foreign = fields.foreignAmount, foreign.currency != currency {
      metadata.append(("foreign", flavor.amount(foreign.minorUnits, foreign.currency)))
      if let rate = JournalFlavor.rate(fields.rate?.text) {
        metadata.append(("rate", rate))
        text += price(on: fields.date, of: foreign.currency, rate: rate, in: currency)
      }
    }
    let flag = fields.status == .booked ? "*" : "!"
    let line = payeeText(fields)
    if flavor == .beancount {
      text += "\(fields.date) \(flag) \(line.payee.map { $0 + " " } ?? "")\(line.narration ?? "")\n"
    } else {
      text += "\(fields.date) \(flag)\(line.payee.map { " " + flavor.descriptionLine($0) } ?? "")\n"
      if let note = line.narration { metadata.insert(("note", note), at: 1) }
    }
    for (key, value) in metadata { text += metadataLine(key, value) }
    let tooLarge = FigureTooLarge(figure: "amount of transaction \(transaction.id)")
    text += try posting(postings.to, fields.amount, on: fields.date)
    text += try posting(postings.from, try .zero(currency).subtracting(fields.amount, or: tooLarge), on: fields.date)
    return text + "\n"
  }

  /// The openings dated after the last entry, and a count of what was written and left out.
  public mutating func footer() throws(FigureTooLarge) -> String {
    try openings(through: nil) + "\n" + comment("\(written) transactions written, \(leftOut) left out.") + "\n"
  }

  /// Writes the whole journal for `transactions` to `output`, an entry at a time (after a first
  /// pass over them).
  public mutating func write(_ transactions: some Collection<Transaction>, to output: inout some TextOutputStream)
    throws(FigureTooLarge)
  {
    for transaction in transactions { prepare(transaction) }
    output.write(header())
    for transaction in transactions { output.write(try entry(transaction)) }
    output.write(try footer())
  }

  // MARK: Pieces

  /// An account's opening balance on `date`, less what the journal posted to it before that day
  /// (or, from a `start` day, its balance then); nothing when that comes to zero.
  private mutating func opening(_ account: Account, index: Int, on date: LocalDate) throws(FigureTooLarge) -> String {
    let tooLarge = FigureTooLarge(name: account.name, figure: "opening balance")
    let fromStart = start.map { date == $0.day && index < $0.balances.count } ?? false
    // A liability's opening balance is what is owed: a credit balance.
    let opening = Money(minorUnits: fromStart ? start!.balances[index] : account.opening, currency: account.currency)
    let stated = account.isLiability ? try .zero(account.currency).subtracting(opening, or: tooLarge) : opening
    let amount = try stated.subtracting(beforeOpening[index] ?? .zero(account.currency), or: tooLarge)
    guard amount.minorUnits != 0 else { return "" }
    let name = accounts.accountNames[index]
    see(date)
    var text = "\(date) * " + flavor.payee("Opening balance") + "\n"
    if fromStart {
      text += metadataLine("note", "the balance at the end of \(date)")
    } else if amount != stated {
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

  /// The two accounts of an entry: money goes to the first from the second.
  private mutating func postingAccounts(_ fields: TransactionFields) -> (to: String, from: String) {
    switch fields.kind {
    case .expense:
      return (
        accounts.category(fields), accounts.money(account: fields.account, method: fields.method)
      )
    case .income:
      return (
        accounts.money(account: fields.account, method: fields.method), accounts.category(fields)
      )
    case .transfer:
      let ends = accounts.transfer(fields)
      return (ends.to, ends.from)
    }
  }

  /// The entry's payee and narration as the tool writes them. Beancount: the merchant (if any)
  /// and the note (else what the row is: its category, or "Transfer"), both quoted. Ledger and
  /// hledger: the merchant (else what the row is) as the payee, the note as metadata.
  private func payeeText(_ fields: TransactionFields) -> (payee: String?, narration: String?) {
    let merchant = JournalFlavor.singleLine(fields.merchant ?? "")
    let note = JournalFlavor.singleLine(fields.note ?? "")
    let fallback = fields.kind == .transfer ? Transfer.category : fields.category
    if flavor == .beancount {
      return (
        merchant.isEmpty ? nil : flavor.payee(merchant),
        flavor.payee(note.isEmpty && merchant.isEmpty ? fallback : note)
      )
    }
    let payee = flavor.payee(merchant.isEmpty ? fallback : merchant)
    return (payee.isEmpty ? nil : payee, note.isEmpty ? nil : note)
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
