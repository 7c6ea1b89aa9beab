/// Which accounts a transaction is on, decided in one place for every adapter (phrases, options,
/// imports): a named account is checked, a missing one comes from the method, and a transfer
/// gets both its ends; except where the accounts are given as they are (a stored entry kept, a
/// file with an Account column), which are checked, never filled. A person with no accounts
/// keeps method-only entries exactly as before.
public enum AccountRules {
  /// The method of an entry on `account` that named none: the account's first method, else
  /// the default card for a card, Cash for cash and wallets, Bank Transfer for the rest.
  public static func method(for account: Account, catalog: Catalog, card: String, kind: Kind = .expense) -> String? {
    // Money reaching a bank comes by transfer, whatever the account's card or UPI id.
    if kind != .expense, account.type.isBank, let method = catalog.method(named: "Bank Transfer") { return method.name }
    if let first = account.methods.first, let method = catalog.method(named: first) { return method.name }
    let fallback =
      switch account.type {
      case .card: card
      case .cash, .wallet: "Cash"
      case .savings, .current, .loan: "Bank Transfer"
      }
    return catalog.method(named: fallback)?.name
  }

  /// The account money comes from or goes to when a transfer's end has no account of its own:
  /// one of the types its method suggests (Cash: cash or a wallet; the credit card: a card;
  /// others: a bank account, current before savings, then cash or a wallet), open, in
  /// `currency`, and never `other`.
  public static func fallback(
    catalog: Catalog, method: String?, currency: Currency, date: LocalDate, other: String?, transfer: Bool = false
  ) -> Account? {
    let candidates = catalog.accounts.filter {
      $0.currency == currency && $0.isOpen(on: date) && !NameKey.same($0.name, other)
    }
    guard var order = fallbackTypes(method) else { return nil }
    // Money moved "to savings" from an unnamed account: a bank, else the cash at hand.
    if transfer, order == [[.current, .savings]] { order.append([.cash, .wallet]) }
    for types in order {
      if let found = candidates.first(where: { types.contains($0.type) }) { return found }
    }
    return nil
  }

  /// The account types a built-in method draws on when no account names it: Cash a cash
  /// account or wallet, the credit card a card, the bank's methods a bank account (current,
  /// then savings); nil for any other method.
  public static func fallbackTypes(_ method: String?) -> [[AccountType]]? {
    switch method.map({ NameKey($0).text }) {
    case "cash": [[.cash, .wallet]]
    case "credit card": [[.card]]
    case "bank transfer", "upi", "debit card": [[.current, .savings]]
    default: nil
    }
  }

  /// The accounts of an entry's ends, as named or else inferred: an entry's from its method (when
  /// that account keeps its currency); a transfer's from its methods, or the fallback for an end
  /// with a method but no account. Unknown names are the validator's to refuse; here they are nil.
  public static func inferred(
    kind: Kind, account: String?, counterAccount: String?, method: String?, counterMethod: String?,
    currency: Currency, date: LocalDate, catalog: Catalog
  ) -> (account: Account?, counter: Account?) {
    guard !catalog.accounts.isEmpty else { return (nil, nil) }
    func drawn(_ method: String?) -> Account? {
      method.flatMap(catalog.account(forMethod:)).flatMap { $0.currency == currency ? $0 : nil }
    }
    var first = account.flatMap(catalog.account(named:)) ?? (account == nil ? drawn(method) : nil)
    if first == nil, account == nil, kind != .transfer {
      first = fallback(catalog: catalog, method: method, currency: currency, date: date, other: nil)
    }
    guard kind == .transfer else { return (first, nil) }
    var counter =
      counterAccount.flatMap(catalog.account(named:)) ?? (counterAccount == nil ? drawn(counterMethod) : nil)
    if first == nil, account == nil, counter != nil || counterMethod != nil {
      first = fallback(
        catalog: catalog, method: method, currency: currency, date: date, other: counter?.name, transfer: true)
    }
    if counter == nil, counterAccount == nil, counterMethod != nil {
      counter = fallback(
        catalog: catalog, method: counterMethod, currency: currency, date: date, other: first?.name, transfer: true)
    }
    return (first, counter)
  }

  /// Whether `new` leaves the inputs of `old`'s accounts as they were (its kind, currency,
  /// methods and named accounts): then its accounts are kept as stored, none inferred, so an
  /// entry saved before its method's account existed stays off that account (as balances count
  /// it) when only its note, amount or date changes. (`edit` puts the stored accounts back
  /// before asking, when no account is named: its draft re-infers them on a new date.)
  public static func keepsAccounts(_ new: TransactionFields, of old: TransactionFields) -> Bool {
    new.kind == old.kind && new.amount.currency == old.amount.currency && NameKey.same(new.method, old.method)
      && NameKey.same(new.counterMethod, old.counterMethod) && NameKey.same(new.account, old.account)
      && NameKey.same(new.counterAccount, old.counterAccount)
  }

  /// The fields with their accounts named as in the catalog and, when `inferring`, filled from
  /// their methods. Without it the accounts are the ones given (none stays none): a stored
  /// entry kept as it was, or a file whose Account column says which account each row is on.
  public static func resolve(_ fields: TransactionFields, catalog: Catalog, inferring: Bool = true)
    throws(ValidationError) -> TransactionFields
  {
    var result = fields
    if fields.kind != .transfer {
      result.counterAccount = nil
      result.counterMethod = nil
    }
    if catalog.accounts.isEmpty {
      for case let name? in [fields.account, fields.counterAccount] {
        throw ValidationError(field: "account", value: name, reason: "unknown account", seeAlso: .addAccount)
      }
      return result
    }
    for case let name? in [fields.account, fields.counterAccount] where catalog.account(named: name) == nil {
      throw ValidationError(
        field: "account", value: name,
        reason: "unknown account (known: \(catalog.accounts.map(\.name).joined(separator: ", ")))")
    }
    let (account, counter) =
      inferring
      ? inferred(
        kind: fields.kind, account: fields.account, counterAccount: fields.counterAccount, method: fields.method,
        counterMethod: fields.counterMethod, currency: fields.amount.currency, date: fields.date, catalog: catalog)
      : (
        fields.account.flatMap(catalog.account(named:)),
        fields.kind == .transfer ? fields.counterAccount.flatMap(catalog.account(named:)) : nil
      )
    if fields.kind == .transfer {
      if let account, let counter, account.name == counter.name {
        throw ValidationError(field: "account", value: account.name, reason: "a transfer needs two different accounts")
      }
      result.counterAccount = try checked(counter, fields, field: "to account")
      // A typed transfer names both ends; an imported one may know only its own account's. One
      // end may be money no account keeps, named by its method (HDFC Savings → Cash, the cash
      // at hand, when no account takes Cash): the other is an account. Accounts given as they
      // are (a stored entry, a file with an Account column) are not asked for more.
      if !inferring, fields.importSource == nil {
        // Ends given as they are must still be two: a destination, and not one method twice.
        if counter == nil && fields.counterMethod == nil {
          throw ValidationError(
            field: "to", value: "", reason: "a transfer needs the account it reaches (to ACCOUNT, --to)")
        }
        if account == nil && counter == nil && NameKey.same(fields.method, fields.counterMethod) {
          throw ValidationError(field: "to", value: fields.method, reason: "a transfer needs two different ends")
        }
      }
      if inferring, fields.importSource == nil {
        if account == nil && counter == nil {
          throw ValidationError(
            field: "account", value: "", reason: "a transfer needs the account it leaves (from ACCOUNT, --account)")
        }
        if counter == nil && fields.counterMethod == nil {
          throw ValidationError(
            field: "to", value: "", reason: "a transfer needs the account it reaches (to ACCOUNT, --to)")
        }
      }
    } else if fields.entry != fields.kind.entry {
      throw ValidationError(
        field: "entry", value: fields.entry.rawValue,
        reason: "an \(fields.kind.rawValue) is a \(fields.kind.entry.rawValue) on its account")
    }
    result.account = try checked(account, fields, field: "account")
    return result
  }

  /// The account's name, once it is known to take this entry.
  private static func checked(_ account: Account?, _ fields: TransactionFields, field: String) throws(ValidationError)
    -> String?
  {
    guard let account else { return nil }
    guard account.currency == fields.amount.currency else {
      throw ValidationError(
        field: field, value: account.name,
        reason:
          "keeps \(account.currency.code), not \(fields.amount.currency.code) (give the \(account.currency.code) amount, "
          + "with the other as 'for': 1046.50 for $12.50)")
    }
    guard account.isOpen(on: fields.date) else {
      throw ValidationError(
        field: field, value: account.name,
        reason: "was closed on \(account.closedOn!.readable); it takes no new entries")
    }
    return account.name
  }
}
