import SpendlyCore

/// The journal accounts a transaction posts to, and their names: each Spendly name made valid
/// for the tool once, and kept unique (two names that read alike after that take "-2", "-3").
struct JournalAccounts {
  /// The top of the tree a Spendly name goes under (Equity holds only the two names below).
  enum Root: String {
    case assets = "Assets", liabilities = "Liabilities", income = "Income", expenses = "Expenses"
  }

  static let openingBalances = "Equity:Opening-Balances"
  /// The other end of a transfer whose other end Spendly does not know (a statement gave one side).
  static let unmatchedTransfers = "Equity:Transfers"

  let flavor: JournalFlavor
  let catalog: Catalog
  /// Full journal name by its root (a method's marked apart from an account's) and the Spendly
  /// name in lower case.
  private var names: [String: String] = [:]
  /// The key that took each full name (in lower case), so that another one takes a suffix.
  private var owners: [String: String] = [:]
  /// The catalog account (its index) behind each full journal name, and each one's name.
  private(set) var catalogAccounts: [String: Int] = [:]
  private(set) var accountNames: [String] = []
  /// What each text a transaction gives (a category, an account and method) was found to be:
  /// catalog look-ups and cleaning are done once per distinct text, not once a row.
  private var lookups: [Lookup: String] = [:]

  private enum Lookup: Hashable {
    case category(income: Bool, String)
    case money(account: String?, method: String)
  }

  init(flavor: JournalFlavor, catalog: Catalog) {
    self.flavor = flavor
    self.catalog = catalog
    for fixed in [Self.openingBalances, Self.unmatchedTransfers] { owners[NameKey(fixed).text] = "\u{0}" + fixed }
    // The catalog's names first, in its order, so they never depend on which transaction comes first.
    for (index, account) in catalog.accounts.enumerated() {
      let name = name(root(of: account), account.name)
      accountNames.append(name)
      if catalogAccounts[name] == nil { catalogAccounts[name] = index }
    }
    for method in catalog.methods {
      _ = name(Self.isCreditCard(method) ? .liabilities : .assets, method.name, method: true)
    }
    for category in catalog.categories {
      _ = name(category.side == .income ? .income : .expenses, category.name)
    }
  }

  /// The category's account: `Expenses:<Category>` or `Income:<Category>`.
  mutating func category(_ fields: TransactionFields) -> String {
    let cacheKey = Lookup.category(income: fields.kind == .income, fields.category)
    if let known = lookups[cacheKey] { return known }
    let known = catalog.category(named: fields.category)?.name ?? fields.category
    let name = known.trimmingSpaces().isEmpty ? Category.fallback(for: fields.kind) : known
    let found = self.name(fields.kind == .income ? .income : .expenses, name)
    lookups[cacheKey] = found
    return found
  }

  /// Where the money is: the entry's account, else its method (`Assets:Cash`,
  /// `Liabilities:Credit Card`). An entry on no account stays off the account its method now
  /// draws on (one saved before that account existed), as the account's balance leaves it out.
  mutating func money(account: String?, method: String) -> String {
    let cacheKey = Lookup.money(account: account, method: method)
    if let known = lookups[cacheKey] { return known }
    let found = lookUpMoney(account: account, method: method)
    lookups[cacheKey] = found
    return found
  }

  private mutating func lookUpMoney(account: String?, method: String) -> String {
    if let account, !account.trimmingSpaces().isEmpty {
      if let known = catalog.account(named: account) { return name(root(of: known), known.name) }
      return name(.assets, account)
    }
    let known = catalog.method(named: method)
    let isCard = known.map(Self.isCreditCard) ?? NameKey.same(method.trimmingSpaces(), "credit card")
    return name(isCard ? .liabilities : .assets, known?.name ?? method, method: true)
  }

  /// A transfer's two ends, in the order money moves: from `account` (or `method`) to
  /// `counterAccount` (or `counterMethod`) for a debit, the other way for a credit.
  mutating func transfer(_ fields: TransactionFields) -> (from: String, to: String) {
    let own = money(account: fields.account, method: fields.method)
    let other: String
    if let counter = fields.counterAccount, !counter.trimmingSpaces().isEmpty {
      other = money(account: counter, method: "")
    } else if let counter = fields.counterMethod, !counter.trimmingSpaces().isEmpty {
      other = money(account: nil, method: counter)
    } else {
      other = Self.unmatchedTransfers
    }
    return fields.entry == .debit ? (own, other) : (other, own)
  }

  /// The full journal name for a Spendly name under `root`, the same each time it is asked. A
  /// method's name is another name than an account's of the same words (the method "Cash" and
  /// a cash account "Cash"): what is spent on no account never adds to an account's balance.
  mutating func name(_ root: Root, _ source: String, method: Bool = false) -> String {
    let key = root.rawValue + (method ? "\u{1}" : ":") + NameKey(source.trimmingSpaces()).text
    if let known = names[key] { return known }
    let base = root.rawValue + ":" + flavor.accountComponent(source)
    var candidate = base
    var suffix = 2
    while let owner = owners[NameKey(candidate).text], owner != key {
      candidate = base + "-\(suffix)"
      suffix += 1
    }
    owners[NameKey(candidate).text] = key
    names[key] = candidate
    return candidate
  }

  func root(of account: Account) -> Root { account.isLiability ? .liabilities : .assets }

  /// The credit card method, by its built-in name even after a rename (the old name stays an alias).
  static func isCreditCard(_ method: PaymentMethod) -> Bool {
    ([method.name] + method.aliases).contains { NameKey.same($0.trimmingSpaces(), "credit card") }
  }
}
