import SpendlyCore
import SpendlyInterchange

extension StatementImporting {
  /// The account a statement is for: the one with its number, or whose last four digits end it.
  public static func match(_ statement: Statement, in accounts: [Account]) -> Account? {
    guard let id = statement.accountID?.trimmingSpaces(), !id.isEmpty else { return nil }
    if let exact = accounts.first(where: { $0.number == id }) { return exact }
    // QIF names its accounts: "ICICI Current".
    if id.contains(where: \.isLetter),
      let named = accounts.first(where: {
        NameKey.same($0.name, id) || $0.aliases.contains { NameKey.same($0, id) }
      })
    {
      return named
    }
    let digits = String(id.filter(\.isNumber).suffix(4))
    guard digits.count == 4 else { return nil }
    let matches = accounts.filter { $0.last4 == digits && $0.number == nil }
    return matches.count == 1 ? matches[0] : nil
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
      return (try owned(opening.minorUnits).minorUnits, statement.start ?? opening.date ?? statement.rows.map(\.date).min())
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
