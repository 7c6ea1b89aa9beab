/// A statement row as the domain reads it for one account: signed from the account's side
/// (negative is money out, or a charge on a card), with its payee already cleaned.
public struct BankRow: Sendable, Equatable {
  public var date: LocalDate
  public var postedDate: LocalDate?
  /// Signed: negative is money out (or a charge on a card); in the statement's currency.
  public var amount: Money
  public var payee: String?
  public var memo: String?
  /// The file's own reference (FITID, entry reference), or a stable hash where it gives none.
  public var reference: String
  public var hasOwnReference: Bool
  public var mcc: Int?
  public var pending: Bool
  public var foreign: Money?
  public var rate: ExchangeRate?
  /// OFX's TRNTYPE, a CSV's DR/CR: ATM, XFER, PAYMENT tell transfers.
  public var type: String?
  /// The category the file names (QIF's L), used when the catalog has it.
  public var category: String?
  /// The account a file says the money went to or came from (QIF's L[Savings]).
  public var transferAccount: String?
  /// What the narration says the row is (an ATM withdrawal, a self transfer, a card bill, salary).
  public var narration: NarrationKind?
  /// The row's description as the file writes it, for the summary of what it met.
  public var text: String?
  public var line: Int

  public init(date: LocalDate, amount: Money, reference: String, hasOwnReference: Bool, line: Int) {
    self.date = date
    self.amount = amount
    self.reference = reference
    self.hasOwnReference = hasOwnReference
    self.pending = false
    self.line = line
  }

  /// The amount without its sign: what a transaction of the row keeps. (A statement's amount
  /// has at most 17 digits, so its sign always turns.)
  public var magnitude: Money { Money(minorUnits: abs(amount.minorUnits), currency: amount.currency) }

  /// Whether the money went out (or was charged to a card).
  public var isOut: Bool { amount.minorUnits < 0 }

  /// Words a bank writes on a payment between two accounts.
  public var looksLikeTransfer: Bool {
    if let type = type?.uppercased(), ["XFER", "PAYMENT", "ATM", "DIRECTDEP"].contains(type) {
      return type != "DIRECTDEP"
    }
    if let narration, narration != .salary { return true }
    return Self.mentions(payee, Self.transferWords) || Self.mentions(memo, Self.transferWords)
  }

  static let transferWords = [
    "payment received", "card payment", "cc payment", "autopay", "transfer", "bill payment", "thank you",
  ]
  .map { Array($0.utf8) }

  /// Whether `text` contains any of `words` (lowercase ASCII), ignoring ASCII case: a byte
  /// scan, as this runs once or twice on every imported row.
  static func mentions(_ text: String?, _ words: [[UInt8]]) -> Bool {
    guard let text else { return false }
    let bytes = text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    for word in words where bytes.count >= word.count {
      var i = 0
      while i + word.count <= bytes.count {
        if bytes[i] == word[0] && bytes[i..<(i + word.count)].elementsEqual(word) { return true }
        i += 1
      }
    }
    return false
  }
}

/// Where an imported row's category came from, for the import summary.
public enum CategorySource: String, Sendable, CaseIterable {
  case file, history, mcc, lexicon, other
}

/// Decides the category of a new imported row of a kind, and where it came from.
public protocol RowCategorizing {
  func category(_ row: BankRow, kind: Kind) -> (String, CategorySource)
}

/// A typed entry a bank row confirmed: the row's line, the entry's id, what each calls it, and
/// whether the names agree (an uncertain match met on amount and date alone).
public struct ImportMatch: Sendable, Equatable {
  public let line: Int
  public let id: Int64
  public let typed: String
  public let bank: String?
  public let certain: Bool
}

/// What one import will do to one account, decided before anything is written.
public struct ImportPlan: Sendable {
  public var adds: [TransactionFields] = []
  /// The file line of each add, for an error that names it.
  public var addLines: [Int] = []
  /// Existing transactions to rewrite: typed entries linked to their bank row, pending rows now
  /// booked, and the other side of a transfer seen on two statements.
  public var updates: [(id: Int64, fields: TransactionFields)] = []
  public var removals: [Int64] = []
  public var duplicates = 0
  public var possibleDuplicates: [(line: Int, id: Int64)] = []
  /// Typed entries a bank row confirmed.
  public var matched: [ImportMatch] = []
  /// Pending rows the statement now books.
  public var updated: [(line: Int, id: Int64)] = []
  public var transfers = 0
  public var categorySources: [CategorySource: Int] = [:]
  public var warnings: [String] = []

  public init() {}
}

/// Decides what each statement row is, for one account: a duplicate of what is stored, the bank's
/// side of a typed entry, a pending row now booked, or new; and which stored pending rows the
/// statement no longer has. Each stored transaction matches at most one row.
public struct ImportPlanner {
  public let account: Account
  /// The stored transactions the rows may meet: on this account, typed ones without an account,
  /// and imported rows of other accounts (for transfers seen on both statements).
  public let existing: [Transaction]
  public let allowDuplicates: Bool
  public let source: String
  /// The category of a new row of this kind, and where it came from.
  public let categorize: (BankRow, Kind) -> (String, CategorySource)
  /// The method of a new row that its narration does not name (for a bank account, one of money
  /// leaving it): the account's first, or one for its type.
  public let method: String
  /// A bank account's row whose narration names no method: `method` when money leaves it, this
  /// (Bank Transfer) when money reaches it; nil for `method` either way.
  public var incomingMethod: String?
  /// Merchants' abbreviations, for telling which of several entries a row is; and the methods
  /// narrations name (only those the person has, in their names: "UPI/SWIGGY" is UPI).
  public var words = NarrationWords()
  /// Lines whose match with a typed entry the person refused (`import --review`).
  public var refused: Set<Int> = []
  /// The institution of each of the person's accounts, by name key: a row that names the
  /// other account's bank ("NEFT … HDFC BANK …") is one side of a transfer with it.
  public var institutions: [String: String] = [:]
  /// The fallback categories (Other, Other income): a stored row in one was told by nothing.
  public var uncategorized: Set<String> = []

  public init(
    account: Account, existing: [Transaction], allowDuplicates: Bool, source: String, method: String,
    categorize: @escaping (BankRow, Kind) -> (String, CategorySource)
  ) {
    self.account = account
    self.existing = existing
    self.allowDuplicates = allowDuplicates
    self.source = source
    self.method = method
    self.categorize = categorize
  }

  /// Days apart a typed entry and its bank row may be, and a possible duplicate.
  public static let linkDays = 3

  public func plan(_ rows: [BankRow], covering coverage: ClosedRange<LocalDate>?) -> ImportPlan {
    var plan = ImportPlan()
    let name = NameKey(account.name)
    func onAccount(_ t: Transaction) -> Bool {
      t.fields.account.map(NameKey.init) == name || t.fields.counterAccount.map(NameKey.init) == name
    }
    var byReference: [String: Int] = [:]
    /// Stored rows by their reference without its ordinal ("X" of "X#2").
    var byBase: [String: [Int]] = [:]
    for (index, t) in existing.enumerated() where onAccount(t) {
      if let reference = t.fields.externalReference, t.fields.account.map(NameKey.init) == name {
        byReference[reference] = index
        byBase[ExternalReference(stored: reference).reference, default: []].append(index)
      }
      if let reference = t.fields.counterReference, t.fields.counterAccount.map(NameKey.init) == name {
        byReference[reference] = index
        byBase[ExternalReference(stored: reference).reference, default: []].append(index)
      }
    }
    var byAmount: [Int64: [Int]] = [:]
    for (index, t) in existing.enumerated() where t.fields.amount.currency == account.currency {
      byAmount[t.fields.amount.minorUnits, default: []].append(index)
    }
    var used = Set<Int>()
    var seenInFile: [String: Int] = [:]
    var rowsByAmount: [Int64: [BankRow]] = [:]
    for row in rows { rowsByAmount[row.magnitude.minorUnits, default: []].append(row) }
    for var row in rows.sorted(by: { ($0.date, $0.line) < ($1.date, $1.line) }) {
      guard row.amount.minorUnits != 0 else {
        plan.warnings.append("line \(row.line): an amount of zero moves nothing; skipped")
        continue
      }
      if let count = seenInFile[row.reference] {
        plan.warnings.append("line \(row.line): reference \(row.reference) appears twice in the file; both are kept")
        seenInFile[row.reference] = count + 1
        row.reference = ExternalReference(row.reference, ordinal: count + 1).stored
      } else {
        seenInFile[row.reference] = 1
      }
      // A bank that writes the same text in its reference column month after month ("TRANSFER
      // FROM 3199"): a booked row of another amount or day is another payment, known by its
      // reference with its day and amount.
      if let index = byReference[row.reference], !existing[index].fields.status.isUnsettled,
        !Self.same(existing[index].fields, row)
      {
        // The same payment stored under another ordinal of the reference (an earlier file that
        // began sooner counted more rows of it), else another payment.
        let base = ExternalReference(stored: row.reference).reference
        if let other = (byBase[base] ?? []).first(where: { !used.contains($0) && Self.same(existing[$0].fields, row) })
        {
          row.reference =
            existing[other].fields.account.map(NameKey.init) == name
            ? existing[other].fields.externalReference ?? row.reference
            : existing[other].fields.counterReference ?? row.reference
        } else {
          row.reference = "\(row.reference)@\(row.date):\(row.amount.minorUnits)"
        }
      }
      if let index = byReference[row.reference] {
        used.insert(index)
        let stored = existing[index]
        if stored.fields.status.isUnsettled && !row.pending {
          plan.updates.append((stored.id, booked(stored.fields, by: row)))
          plan.updated.append((row.line, stored.id))
        } else {
          plan.duplicates += 1
        }
        continue
      }
      let near = (byAmount[row.magnitude.minorUnits] ?? []).filter { index in
        let t = existing[index].fields
        return !used.contains(index)
          && abs(t.date.daysSinceEpoch - row.date.daysSinceEpoch) <= Self.linkDays + (t.status.isUnsettled ? 4 : 0)
      }
      let rowEntry: Entry = row.isOut ? .debit : .credit
      let candidates = near.filter { direction(existing[$0].fields) == rowEntry }
      func best(_ pool: [Int]) -> Int? {
        pool.min { a, b in
          let (x, y) = (existing[a].fields, existing[b].fields)
          let scoreX = (similar(row.payee, x) ? 0 : 100) + abs(x.date.daysSinceEpoch - row.date.daysSinceEpoch)
          let scoreY = (similar(row.payee, y) ? 0 : 100) + abs(y.date.daysSinceEpoch - row.date.daysSinceEpoch)
          return scoreX < scoreY
        }
      }
      // A transfer stored from the other account's statement (or inferred there) that ends here:
      // this row is its other side, and gains nothing but its reference.
      if let index = near.first(where: { index in
        let t = existing[index].fields
        return t.kind == .transfer && t.importSource != nil && t.counterAccount.map(NameKey.init) == name
          && t.counterReference == nil && direction(t) == rowEntry
      }) {
        used.insert(index)
        var fields = existing[index].fields
        fields.counterReference = row.reference
        plan.updates.append((existing[index].id, fields))
        plan.transfers += 1
        continue
      }
      // A pending row booked under a new reference: the same amount and payee within days.
      if let index = best(
        candidates.filter {
          let t = existing[$0].fields
          return onAccount(existing[$0]) && t.importSource != nil && t.status.isUnsettled && !row.pending
            && similar(row.payee, t)
        })
      {
        used.insert(index)
        var fields = booked(existing[index].fields, by: row)
        fields.externalReference = row.reference
        plan.updates.append((existing[index].id, fields))
        plan.updated.append((row.line, existing[index].id))
        continue
      }
      // The bank's side of a typed entry or transfer: met on amount, direction and days; its
      // name only chooses between several, and an unrelated name waits for a row it fits.
      let typed = candidates.filter { typedSide(existing[$0].fields) != nil }
      if !refused.contains(row.line), let index = bestTyped(typed, for: row, rows: rowsByAmount) {
        used.insert(index)
        let stored = existing[index].fields
        var fields = stored
        if typedSide(stored) == .counter {
          fields.counterReference = row.reference
        } else {
          fields.externalReference = row.reference
          fields.account = account.name
        }
        fields.status = row.pending ? .pending : .booked
        fields.postedDate = row.postedDate ?? row.date
        fields.mcc = fields.mcc ?? row.mcc
        if fields.foreignAmount == nil, let foreign = row.foreign {
          fields.foreignAmount = foreign
          fields.rate = row.rate
        }
        plan.updates.append((existing[index].id, fields))
        let likeness = words.likeness(row.payee, stored.merchant ?? stored.note)
        let rivals = typed.filter { other in
          other != index
            && words.likeness(row.payee, existing[other].fields.merchant ?? existing[other].fields.note) >= likeness
        }
        plan.matched.append(
          ImportMatch(
            line: row.line, id: existing[index].id, typed: label(stored), bank: row.text ?? row.payee,
            certain: likeness > 0 && rivals.isEmpty))
        continue
      }
      // A row with no reference of its own that looks like one already imported.
      if !row.hasOwnReference, !allowDuplicates,
        let index = best(
          candidates.filter {
            let t = existing[$0].fields
            return onAccount(existing[$0]) && t.importSource != nil && similar(row.payee, t)
          })
      {
        used.insert(index)
        plan.possibleDuplicates.append((row.line, existing[index].id))
        continue
      }
      // The other side of a transfer already stored from another account's statement (the
      // nearest in days).
      if let index = near.sorted(by: {
        abs(existing[$0].fields.date.daysSinceEpoch - row.date.daysSinceEpoch)
          < abs(existing[$1].fields.date.daysSinceEpoch - row.date.daysSinceEpoch)
      }).first(where: { index in
        let t = existing[index]
        return t.fields.importSource != nil && t.fields.account != nil && !onAccount(t)
          && t.fields.counterAccount == nil
          && t.fields.entry == rowEntry.opposite
          && (row.looksLikeTransfer || t.fields.kind == .transfer || sharesReference(row, t.fields)
            || mentions(row, bankOf: t.fields.account) || bothBetweenBanks(row, t.fields))
          && t.fields.status.counts(pendingExcluded: false)
      }) {
        used.insert(index)
        plan.updates.append((existing[index].id, joined(existing[index].fields, with: row)))
        plan.transfers += 1
        continue
      }
      plan.adds.append(fields(row, plan: &plan))
      plan.addLines.append(row.line)
    }
    if let coverage {
      for (index, t) in existing.enumerated()
      where !used.contains(index) && onAccount(t) && t.fields.importSource != nil && t.fields.status.isUnsettled
        && coverage.contains(t.fields.date) && t.fields.account.map(NameKey.init) == name
      {
        plan.removals.append(t.id)
      }
    }
    return plan
  }

  /// Whether a booked stored row and a statement row under one reference are the same payment:
  /// the same amount on the same day (a booked row's day does not move; a typed entry the bank
  /// confirmed keeps its own day, and the bank's as its posted day).
  static func same(_ t: TransactionFields, _ row: BankRow) -> Bool {
    t.amount.minorUnits == row.magnitude.minorUnits
      && (t.date == row.date || t.postedDate != nil && t.postedDate == (row.postedDate ?? row.date))
  }

  /// Which side of a typed entry a row of this account would confirm: its own (an entry on this
  /// account or on none, or a transfer leaving it) or the counter side (a transfer arriving),
  /// nil when that side is confirmed already or the entry was imported.
  func typedSide(_ t: TransactionFields) -> TypedSide? {
    guard t.importSource == nil else { return nil }
    let name = NameKey(account.name)
    if t.kind == .transfer {
      if t.account.map(NameKey.init) == name && t.externalReference == nil { return .own }
      if t.counterAccount.map(NameKey.init) == name && t.counterReference == nil { return .counter }
      return nil
    }
    return t.externalReference == nil && (t.account == nil || t.account.map(NameKey.init) == name) ? .own : nil
  }

  enum TypedSide { case own, counter }

  /// The typed entry a row confirms: the closest name, then the closest day. An entry whose name
  /// is unrelated to the row's is left for another row of the file that fits it better.
  func bestTyped(_ pool: [Int], for row: BankRow, rows: [Int64: [BankRow]]) -> Int? {
    let scored = pool.map { index -> (index: Int, score: Int) in
      let t = existing[index].fields
      let likeness = words.likeness(row.payee, t.merchant ?? t.note)
      return (index, (3 - likeness) * 100 + abs(t.date.daysSinceEpoch - row.date.daysSinceEpoch))
    }
    let sorted = scored.sorted { $0.score < $1.score }
    for (index, score) in sorted {
      let t = existing[index].fields
      guard score >= 300, let name = t.merchant ?? t.note else { return index }
      // Unrelated: another row of the file, as near, that this entry's name fits.
      let better = (rows[row.magnitude.minorUnits] ?? []).contains { other in
        other.line != row.line && other.isOut == row.isOut
          && abs(t.date.daysSinceEpoch - other.date.daysSinceEpoch) <= Self.linkDays
          && words.likeness(other.payee, name) > 0
      }
      if !better { return index }
    }
    return nil
  }

  /// Whether a row and a stored row of another account carry the same bank reference (a UTR
  /// in both narrations, or one's reference in the other's): two sides of one transfer.
  func sharesReference(_ row: BankRow, _ t: TransactionFields) -> Bool {
    guard let stored = t.externalReference.map({ ExternalReference(stored: $0).reference.lowercased() }),
      stored.count >= 8, stored.contains(where: \.isNumber)
    else { return false }
    if row.hasOwnReference && row.reference.lowercased() == stored { return true }
    return NarrationWords.words(row.text ?? "").contains(stored)
  }

  /// Whether the row's narration names the bank of `account` (another of the person's accounts):
  /// its institution, or the first four letters of its IFSC ("ICIC0000123").
  func mentions(_ row: BankRow, bankOf account: String?) -> Bool {
    guard let account, let institution = institutions[NameKey(account).text] else { return false }
    let bank = NarrationWords.words(institution)
    guard bank.joined().count >= 3 else { return false }
    let words = NarrationWords.words(row.text ?? "")
    let ifsc = bank.joined().prefix(4)
    return NarrationWords.contains(words, bank)
      || words.contains { $0.count == 11 && ifsc.count == 4 && $0.hasPrefix(ifsc) && $0.dropFirst(4).first == "0" }
  }

  /// Whether the row names a payment between banks and the stored row is one nothing told
  /// (its category the fallback, no salary): the two ends of one transfer.
  func bothBetweenBanks(_ row: BankRow, _ t: TransactionFields) -> Bool {
    row.narration != .salary && uncategorized.contains(t.category) && words.namesChannel(row.text)
  }

  /// What a typed entry is called in the summary: its merchant, its note, else its category.
  func label(_ t: TransactionFields) -> String {
    if let merchant = t.merchant { return merchant }
    if t.kind == .transfer {
      return "Transfer " + [t.account, t.counterAccount].map { $0 ?? "?" }.joined(separator: " → ")
    }
    return t.note ?? t.category
  }

  /// Money out of the account (debit) or into it (credit), as a stored transaction moves it.
  func direction(_ fields: TransactionFields) -> Entry {
    if fields.kind == .transfer, NameKey.same(fields.counterAccount, account.name) {
      return fields.entry.opposite
    }
    return fields.entry
  }

  /// Whether a row's payee and a stored transaction name the same party: either has none, or
  /// one's name key starts the other's, or they share a word of four letters or more.
  func similar(_ payee: String?, _ fields: TransactionFields) -> Bool {
    words.likeness(payee, fields.merchant ?? fields.note) > 0
  }

  func booked(_ stored: TransactionFields, by row: BankRow) -> TransactionFields {
    var fields = stored
    fields.status = row.pending ? .pending : .booked
    fields.postedDate = row.postedDate ?? row.date
    fields.amount = row.magnitude
    if stored.importSource != nil {
      fields.date = row.date
      fields.importSource = source  // booked by this statement
    }
    return fields
  }

  /// A stored row of another account made one transfer with this row: money leaves the debit side.
  func joined(_ stored: TransactionFields, with row: BankRow) -> TransactionFields {
    var fields = stored
    fields.kind = .transfer
    fields.category = Transfer.category
    fields.merchant = stored.merchant
    if row.isOut {
      // This account paid: it becomes the source, the stored row's account the destination.
      fields.counterAccount = stored.account
      fields.counterReference = stored.externalReference
      fields.account = account.name
      fields.externalReference = row.reference
    } else {
      fields.counterAccount = account.name
      fields.counterReference = row.reference
    }
    fields.entry = .debit
    fields.counterMethod = nil
    return fields
  }

  /// A new row's fields: its kind by the account's reading of debit and credit.
  func fields(_ row: BankRow, plan: inout ImportPlan) -> TransactionFields {
    let money = row.magnitude
    var kind: Kind = row.isOut ? .expense : .income
    let atm = row.type?.uppercased() == "ATM" || row.narration == .atm
    if atm && row.isOut && !account.isLiability { kind = .transfer }
    // Money onto a card that says it is a payment ("NETBANKING TRANSFER", "PAYMENT RECEIVED").
    if account.isLiability && !row.isOut
      && (row.looksLikeTransfer || BankRow.mentions(row.text, BankRow.transferWords))
    {
      kind = .transfer
    }
    // A card bill paid from the bank: a transfer to the card (its account comes from the card's method).
    let text = ((row.payee ?? "") + " " + (row.memo ?? "")).lowercased()
    let cardBill =
      !account.isLiability && row.isOut
      && (row.narration == .cardBill
        || row.looksLikeTransfer && ["cc ", "card", "credit"].contains { text.contains($0) })
    if cardBill || row.transferAccount != nil { kind = .transfer }
    // Money sent to the person's own account elsewhere: a transfer out of this one.
    let toSelf = row.narration == .selfTransfer && row.isOut && !account.isLiability
    if toSelf { kind = .transfer }
    // A bank account's row is paid by the method its narration names ("NEFT CR-EMPLOYER" by
    // bank transfer, "UPI/SWIGGY" by UPI); a card's, a wallet's or cash rows are its own method's.
    let rowMethod =
      !account.type.isBank
      ? method
      : words.method(of: row.text) ?? words.method(of: row.memo) ?? words.method(of: row.type)
        ?? (row.isOut ? method : incomingMethod ?? method)
    var fields = TransactionFields(
      kind: kind, amount: money, category: Transfer.category, method: rowMethod, merchant: row.payee, note: row.memo,
      date: row.date, importSource: source, externalReference: row.reference,
      status: row.pending ? .pending : .booked, foreignAmount: row.foreign, rate: row.rate, account: account.name,
      entry: row.isOut ? .debit : .credit, postedDate: row.postedDate)
    fields.mcc = row.mcc
    if kind == .transfer {
      if let other = row.transferAccount {
        fields.counterAccount = other
        fields.entry = .debit
        if !row.isOut {  // money came from the other account: this row is the receiving side
          fields.account = other
          fields.counterAccount = account.name
          fields.counterReference = row.reference
          fields.externalReference = nil
        }
      } else if row.isOut && !toSelf {  // a self transfer's other end comes with its statement
        fields.counterMethod = cardBill ? "Credit Card" : "Cash"
      }
      plan.transfers += 1
    } else {
      let (category, source) = categorize(row, kind)
      fields.category = category
      plan.categorySources[source, default: 0] += 1
    }
    if fields.note == fields.merchant { fields.note = nil }
    return fields
  }
}
