/// Where money is kept (an asset) or owed (a liability): the two classes FinanceKit reads
/// every account as.
public enum AccountClass: String, Sendable, Hashable {
  case asset, liability
}

/// What an account is: savings, current, cash and wallet hold money; a card or a loan is owed.
public enum AccountType: String, Sendable, Hashable, CaseIterable {
  case savings, current, cash, wallet, card, loan

  public var accountClass: AccountClass { self == .card || self == .loan ? .liability : .asset }

  /// A bank account: where salaries land and card bills are paid from.
  public var isBank: Bool { self == .savings || self == .current }

  /// The words for the type: "card" also reads "credit card", "cash" also "wallet".
  public static func named(_ word: String) -> AccountType? {
    switch word.lowercased() {
    case "credit card", "credit", "cc": .card
    case "bank", "saving": .savings
    case let other: AccountType(rawValue: other)
    }
  }
}

/// One of the person's accounts: its names, institution, type, currency, opening balance and
/// the payment methods that draw on it. A closed account keeps its history and takes nothing new.
public struct Account: Hashable, Sendable {
  /// The stored row's id; nil for an account not stored yet.
  public var id: AccountID?
  public var name: String
  public var aliases: [String]
  public var type: AccountType
  public var institution: String?
  public var currency: Currency
  /// The card's or account number's last four digits, to match statements by.
  public var last4: String?
  /// The balance on `openingDate`, in minor units: what it held (asset) or what was owed (liability).
  public var opening: Int64
  public var openingDate: LocalDate?
  /// The methods (names as in the catalog) whose entries are on this account unless a phrase says otherwise.
  public var methods: [String]
  public var closedOn: LocalDate?
  /// The bank's number for it (a statement's ACCTID or IBAN), to match statements by.
  public var number: String?

  public init(
    name: String, aliases: [String] = [], type: AccountType, institution: String? = nil, currency: Currency,
    last4: String? = nil, opening: Int64 = 0, openingDate: LocalDate? = nil, methods: [String] = [],
    closedOn: LocalDate? = nil, number: String? = nil, id: AccountID? = nil
  ) {
    self.id = id
    self.name = name
    self.aliases = aliases
    self.type = type
    self.institution = institution
    self.currency = currency
    self.last4 = last4
    self.opening = opening
    self.openingDate = openingDate
    self.methods = methods
    self.closedOn = closedOn
    self.number = number
  }

  public var accountClass: AccountClass { type.accountClass }
  public var isLiability: Bool { accountClass == .liability }

  /// Whether it takes an entry on `date`: an account closed on a day takes nothing after it.
  public func isOpen(on date: LocalDate) -> Bool { closedOn.map { date <= $0 } ?? true }

  /// What `fields` does to this account's balance, in minor units of its currency: plus is money
  /// in for an asset and a payment for a liability. Zero for a row that is not on it or does not count.
  /// A row dated before the opening date is already in the opening balance, so it moves nothing.
  public func flow(_ fields: TransactionFields, pendingExcluded: Bool = false) -> Int64 {
    guard fields.status.counts(pendingExcluded: pendingExcluded), openingDate.map({ fields.date >= $0 }) ?? true else {
      return 0
    }
    var entry: Entry?
    if NameKey.same(fields.account, name) {
      entry = fields.entry
    } else if fields.kind == .transfer, NameKey.same(fields.counterAccount, name) {
      entry = fields.entry.opposite
    }
    guard let entry else { return 0 }
    return entry == .credit ? fields.amount.minorUnits : -fields.amount.minorUnits
  }

  /// The balance at the end of `date` as people read it, from the opening balance (once its
  /// day has come) and the sum of `flow`s to that day: what an asset holds, or what is owed on
  /// a liability. A balance that does not fit is an error naming it, never a capped figure.
  public func balance(flows: Int64, on date: LocalDate) throws(FigureTooLarge) -> Int64 {
    let opening = Money(minorUnits: openingDate.map { $0 <= date } ?? true ? self.opening : 0, currency: currency)
    let flows = Money(minorUnits: flows, currency: currency)
    let tooLarge = FigureTooLarge(name: name, figure: "balance on \(date)")
    return try (isLiability ? opening.subtracting(flows, or: tooLarge) : opening.adding(flows, or: tooLarge)).minorUnits
  }
}
