import SpendlyCore
import SpendlyInterchange
import SpendlyParse
import SpendlyStore

extension StatementImporting {
  /// The account a statement is for: the one with its number, or whose last four digits end it.
  public static func match(_ statement: Statement, in accounts: [Account]) -> Account? {
    guard let id = statement.accountID?.trimmingSpaces(), !id.isEmpty else { return nil }
    if let exact = accounts.first(where: { $0.number == id }) { return exact }
    // QIF names its accounts: "ICICI Current", or a word of one ("Amex" of Amex Gold).
    if id.contains(where: \.isLetter),
      case .account(let named) = AccountLookup.find(id, accounts: accounts, parser: nil)
    {
      return named
    }
    let digits = String(id.filter(\.isNumber).suffix(4))
    guard digits.count == 4 else { return nil }
    // A masked number ("XXXXXXXX5678") ends like an account's last four, or its recorded number:
    // one such account is the one; two leave the person to say which.
    let matches = accounts.filter { account in
      guard let number = account.number?.filter(\.isNumber) else { return account.last4 == digits }
      // A full number that is not this one is another account's, whatever its last four.
      return number.hasSuffix(digits) && id.filter(\.isNumber).count < number.count
    }
    return matches.count == 1 ? matches[0] : nil
  }

  /// The stored account (or one this file is creating) a statement goes to, nil when it needs a
  /// new one: the account it names; else, for a statement that names none (or the file's only
  /// one), `--account`; a statement that names none also goes where its rows are already, by
  /// their contents. `sync`'s `--account` is for a file its contents do not place; `import`'s
  /// is what the person said, and a bank CSV read by an account's mapping is that account's.
  func existing(for statement: Statement, alone: Bool, named: Account?, _ catalog: Catalog, _ creating: [Account])
    throws -> Account?
  {
    if let found = Self.match(statement, in: catalog.accounts + creating) { return found }
    let unnamed = statement.accountID?.trimmingSpaces().isEmpty ?? true
    let contentsFirst = request.sync && request.mappingText == nil
    if let named, !contentsFirst, alone || unnamed { return named }
    if unnamed, let found = try Self.holder(of: statement, in: catalog.accounts, store: try session.store()) {
      return found
    }
    if let named, alone || unnamed { return named }
    return nil
  }

  /// Whether the account can take the statement's rows: its currency, or one of the same
  /// exponent when the file named none (a QIF's rows are then in the account's currency).
  static func takes(_ account: Account, _ statement: Statement) -> Bool {
    account.currency == statement.currency
      || !statement.currencyGiven && account.currency.exponent == statement.currency.exponent
  }

  /// The account that already holds a statement's rows: the one holding more of its own
  /// references than every other together, else the one holding most of its rows (by the
  /// references an import there gives them, made from day, amount and payee).
  static func holder(of statement: Statement, in accounts: [Account], store: Store) throws -> Account? {
    let candidates = accounts.filter { $0.closedOn == nil && Self.takes($0, statement) }
    guard !statement.rows.isEmpty, !candidates.isEmpty else { return nil }
    // As `bankRows` makes a row's reference when the file gives none.
    let own = statement.rows.compactMap(\.reference)
    let seeds = payees(statement).compactMap(\.made)
    var made: [(account: String, reference: String)] = []
    for account in candidates {
      for seed in seeds { made.append((account.name, seed.reference(account: account.name))) }
    }
    let held = try store.imports.holders(own: Array(Set(own)), made: made)
    func account(_ name: String) -> Account? { candidates.first { NameKey.same($0.name, name) } }
    let ownHeld = held.reduce(0) { $0 + $1.own }
    if let top = held.max(by: { $0.own < $1.own }), top.own * 2 > ownHeld { return account(top.account) }
    let rows = Set(own).count + seeds.count
    if let top = held.first, top.all * 2 > rows, held.dropFirst().first.map({ $0.all < top.all }) ?? true {
      return account(top.account)
    }
    return nil
  }

  /// An account for a statement that matches none: "Card ····4242", "Bank ····1234"; its opening
  /// balance, worked out from the statement's, is `FigureTooLarge` when it does not fit.
  /// With `namingCurrency` (a file of several currencies) the name says its currency: "Bank EUR".
  public static func newAccount(
    for statement: Statement, index: Int, catalog: Catalog, creating: [Account], namingCurrency: Bool = false
  )
    throws(FigureTooLarge) -> Account
  {
    let type: AccountType =
      switch statement.accountKind {
      case .card: .card
      case .cash: .cash
      case .bank: .savings
      }
    let digits = String((statement.accountID ?? "").filter(\.isNumber).suffix(4))
    let base =
      (statement.accountKind == .card ? "Card" : statement.accountKind == .cash ? "Cash" : "Bank")
      + (digits.isEmpty ? "" : " ····\(digits)") + (namingCurrency ? " \(statement.currency.code)" : "")
    let titled = statement.accountID.flatMap { id in
      id.filter { $0.isLetter && $0 != "X" && $0 != "x" }.count >= 3 ? id : nil
    }
    var name = titled ?? base
    var n = 2
    while catalog.account(named: name) != nil || creating.contains(where: { NameKey.same($0.name, name) }) {
      name = "\(base) \(n)"
      n += 1
    }
    let lower = name.lowercased()
    let named: AccountType =
      type == .savings && lower.contains("current")
      ? .current : type == .cash && lower.contains("wallet") ? .wallet : type
    var account = Account(
      name: name, type: named, currency: statement.currency, last4: digits.count == 4 ? digits : nil,
      number: titled == nil ? statement.accountID : nil)
    if let (opening, date) = try Self.opening(of: statement, for: account) {
      account.opening = opening
      account.openingDate = date
    }
    return account
  }

  /// Where the account stood when the statement began, as the account keeps it: the statement's
  /// opening balance (CAMT's OPBD), else its closing balance less its booked rows; nil when it
  /// gives neither. `FigureTooLarge` when that does not fit.
  static func opening(of statement: Statement, for account: Account) throws(FigureTooLarge)
    -> (Int64, LocalDate?)?
  {
    let currency = statement.currency
    let tooLarge = FigureTooLarge(name: account.name, figure: "opening balance")
    // A liability keeps what is owed: the bank's balance turned round.
    func owned(_ minorUnits: Int64) throws(FigureTooLarge) -> Money {
      let balance = Money(minorUnits: minorUnits, currency: currency)
      return account.isLiability ? try .zero(currency).subtracting(balance, or: tooLarge) : balance
    }
    if let opening = statement.openingBalance {
      return (
        try owned(opening.minorUnits).minorUnits, statement.start ?? opening.date ?? statement.rows.map(\.date).min()
      )
    }
    guard let ledger = statement.ledgerBalance else { return nil }
    let booked = statement.rows.filter { row in !row.pending && (ledger.date.map { row.date <= $0 } ?? true) }
    let flows = try Money.total(
      booked.map { Money(minorUnits: $0.amount, currency: currency) }, in: currency,
      or: FigureTooLarge(name: account.name, figure: "movements in the statement"))
    let closing = try owned(ledger.minorUnits)
    let opening =
      try account.isLiability ? closing.adding(flows, or: tooLarge) : closing.subtracting(flows, or: tooLarge)
    return (opening.minorUnits, statement.start ?? statement.rows.map(\.date).min())
  }
}
