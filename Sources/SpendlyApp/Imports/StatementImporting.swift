import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyParse
import SpendlyStore

/// One statement file imported: read, each statement given its account, planned against what
/// is stored and written as one change. `import` and `sync` both run this.
public struct StatementImporting {
  /// What the person asked for.
  public struct Request: Sendable {
    /// `--account`: the account a statement that names none (or the file's one statement) goes to.
    public var accountName: String?
    /// A bank CSV's mapping, as text.
    public var mappingText: String?
    /// What errors in the mapping are called: its file's name.
    public var mappingName = "mapping"
    public var dayFirst = false
    public var allowDuplicates = false
    public var dryRun = false
    /// Create the accounts the statements need without asking.
    public var createAccounts = false
    /// `sync`: keep each account's sync token, and rebuild an account a file contradicts.
    public var sync = false
    /// File lines whose match with a typed entry the person refused (`--review`).
    public var refusedMatches: Set<Int> = []

    public init() {}
  }

  /// What one file did, for the summary lines and the JSON.
  public struct Outcome {
    public var file: String
    public var format: String
    public var plans: [(account: String, plan: ImportPlan)] = []
    public var checks: [BalanceCheck] = []
    /// The accounts made for statements that matched none, with their types.
    public var created: [Account] = []
    /// Accounts whose imported rows were rebuilt from all their files (sync).
    public var rebuilt: [String] = []
    /// The file was imported before: its row count, and nothing was done.
    public var seenBefore: Int?
    /// Why nothing was imported (a file that does not read): a line each.
    public var errors: [String] = []
    /// Lines after a bank CSV's last row that are no rows (a summary, a disclaimer): skipped.
    public var skippedFooterLines = 0
    /// Pending rows of an older statement left out: a newer one, imported before, settled them.
    public var settledByNewer = 0

    public init(file: String, format: String) {
      self.file = file
      self.format = format
    }

    public func total(_ key: (ImportPlan) -> Int) -> Int { plans.reduce(0) { $0 + key($1.plan) } }
    public var added: Int { total { $0.adds.count } }
  }

  /// A statement's closing balance beside the one Spendly computes for its day.
  public struct BalanceCheck: Sendable {
    public let account: String
    public let statement: Int64
    public let computed: Int64
    public let currency: Currency
    public let date: LocalDate
  }

  /// Why a file was not imported; the words are the caller's.
  public enum Refusal: Error {
    case store(StoreError)
    /// The file (or the mapping, named `file`) does not read.
    case unreadable(StatementError, file: String)
    /// `--account` names no account, or several.
    case account(String, AccountLookup.Found)
    case wrongCurrency(file: String, statement: Currency, account: String, keeps: Currency)
    /// Statements that match no account, and the accounts that would be created for them.
    case needsAccounts(file: String, unmatched: [String], creating: [String])
    case tooLarge(FigureTooLarge)
  }

  public let session: Session
  public var request: Request
  /// Asks once whether to create the accounts a file's statements need (on a terminal).
  public var confirm: (([String]) -> Bool)?
  /// Told the row count before a large file is matched and saved.
  public var willSave: ((_ rows: Int) -> Void)?
  /// Read again once already: another import created an account this one was creating.
  var readAgain = false
  /// The file read already (by `read`, for `sync` to order its files): not read again.
  public var reading: Reading?

  public init(session: Session, request: Request) {
    self.session = session
    self.request = request
  }

  /// The file's bytes, or nil when it cannot be read.
  public static func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }

  /// The file imported before with these bytes, if any.
  public static func seenBefore(_ bytes: [UInt8], in session: Session) throws(StoreError) -> ImportedFile? {
    try session.store().imports.file(hash: ContentHash.file(bytes))
  }

  public func run(path: String, bytes: [UInt8]) throws(Refusal) -> Outcome {
    try Self.refusing(path) { try importing(path: path, bytes: bytes) }
  }

  private func importing(path: String, bytes: [UInt8]) throws -> Outcome {
    let name = (path as NSString).lastPathComponent
    let store = try session.store()
    let catalog = try store.catalog.current()
    let parser = try session.phraseParser(caching: true)
    let named = try Self.named(request.accountName, catalog: catalog, parser: parser)
    let read = try reading ?? Self.read(bytes, file: name, request: request, named: named, store: store)
    var (format, statements, savedMapping) = (read.format, read.statements, read.savedMapping)
    // A bank CSV whose mapping reads no row imports nothing, and is not remembered as imported.
    if format == .csv, statements.allSatisfy({ $0.rows.isEmpty }) {
      throw Refusal.unreadable(
        StatementError(
          line: 1, "the mapping reads no row of the file (check its skip, skip-end, skip-matching and date-format)"),
        file: name)
    }
    var outcome = Outcome(file: name, format: statements.first?.format ?? format.rawValue)
    outcome.skippedFooterLines = statements.reduce(0) { $0 + $1.skippedFooterLines }
    var creating: [Account] = []
    var unmatched: [String] = []
    var targets: [Account] = []
    var numbers: [Int: String] = [:]
    for index in statements.indices {
      let statement = statements[index]
      let account: Account
      if let found = try existing(for: statement, alone: statements.count == 1, named: named, catalog, creating) {
        account = found
        // Placed by --account or by its rows, not by its number: the account takes the number
        // (when it has none and its last four digits, if any, agree), so the next statement finds it.
        // A sync's --account is for files their contents do not place: there the last four must
        // be known and agree, as a folder may hold other banks' files.
        if Self.match(statement, in: catalog.accounts + creating) == nil, found.number == nil,
          let id = statement.accountID?.trimmingSpaces(), id.filter(\.isNumber).count >= 4,
          found.last4.map({ id.filter(\.isNumber).hasSuffix($0) }) ?? !request.sync
        {
          numbers[index] = id
        }
        // A file that names no currency is in its account's.
        if Self.takes(found, statement) { statements[index].currency = found.currency }
      } else {
        let fresh: Account
        do {
          fresh = try Self.newAccount(
            for: statement, index: index, catalog: catalog, creating: creating,
            namingCurrency: Set(statements.map(\.currency)).count > 1)
        } catch {
          throw Refusal.tooLarge(error)
        }
        unmatched.append(statement.accountID ?? "(unnamed)")
        creating.append(fresh)
        outcome.created.append(fresh)
        account = fresh
      }
      guard account.currency == statements[index].currency else {
        throw Refusal.wrongCurrency(
          file: name, statement: statement.currency, account: account.name, keeps: account.currency)
      }
      targets.append(account)
    }
    // One confirmation for every account the file's statements need.
    if !creating.isEmpty, !request.createAccounts, confirm?(creating.map(\.name)) != true {
      throw Refusal.needsAccounts(file: name, unmatched: unmatched, creating: creating.map(\.name))
    }
    let categories = RememberedCategories(
      ImportCategories(parser: parser, history: CachingHistory(store.merchants)))
    var steps: [ImportStep] = []
    var institutions: [String: String] = [:]
    for account in catalog.accounts { institutions[NameKey(account.name).text] = account.institution }
    var checks: [(String, StatementBalance)] = []
    for (index, (statement, account)) in zip(statements, targets).enumerated() {
      var rows = Self.bankRows(statement, key: statement.accountID ?? account.name) { parser.account(named: $0) }
      Self.linkOwnAccounts(&rows, of: account, among: catalog.accounts)
      let dates = rows.map(\.date)
      let start = statement.start ?? dates.min()
      let end = statement.end ?? dates.max()
      let coverage = start.flatMap { start in end.map { start <= $0 ? start...$0 : $0...start } }
      let rebuild = try request.sync && Self.contradicts(rows, coverage: coverage, account: account, store: store)
      // An older statement than one already imported: what the newer one settled stays settled
      // (its pending rows are gone or booked there), and the account opens where this one began.
      let newer = try store.imports.latestEnd(of: account.name)
      let older = end.flatMap { end in newer.map { end < $0 } } ?? false
      if older {
        outcome.settledByNewer += rows.filter(\.pending).count
        rows = rows.filter { !$0.pending }
      }
      var opening: (Int64, LocalDate)?
      // An account with no opening of its own opens where its first statement began.
      let unopened = account.openingDate == nil && account.opening == 0 && newer == nil
      if let start = coverage?.lowerBound, unopened || account.openingDate.map({ start < $0 }) == true,
        !creating.contains(where: { $0.name == account.name })
      {
        do {
          if let (amount, date) = try Self.opening(of: statement, for: account) { opening = (amount, date ?? start) }
        } catch {
          throw Refusal.tooLarge(error)
        }
      }
      if rebuild { outcome.rebuilt.append(account.name) }
      var balances: [StatementBalance] = []
      for (kind, amount) in [
        (StatementBalance.Kind.booked, statement.ledgerBalance), (.available, statement.availableBalance),
      ] {
        guard let amount else { continue }
        // A card's ledger balance is negative while money is owed; Spendly reads it as owed.
        let people = account.isLiability ? -amount.minorUnits : amount.minorUnits
        let day = amount.date ?? end ?? session.today
        let balance = StatementBalance(kind: kind, amount: people, asOf: day, source: name)
        balances.append(balance)
        if kind == .booked { checks.append((account.name, balance)) }
      }
      let method =
        AccountRules.method(
          for: account, catalog: catalog, card: parser.catalog.method(named: "Credit Card")?.name ?? "Credit Card")
        ?? "Other"
      let source = "\(name) · \(statement.format)" + (statement.accountID.map { " · \($0)" } ?? "")
      var step = ImportStep(
        account: account.name, balances: balances, coverage: coverage, rows: rows, source: source, method: method,
        allowDuplicates: request.allowDuplicates, categories: categories)
      step.rebuild = rebuild
      step.removesUnsettled = !older
      step.opening = opening
      step.words = Lexicon.standard.narrationWords
      // The methods narrations name, as this person's catalog names them (one it lacks is not used).
      step.words.methods = step.words.methods.compactMapValues { catalog.method(named: $0)?.name }
      step.incomingMethod = AccountRules.method(
        for: account, catalog: catalog, card: parser.catalog.method(named: "Credit Card")?.name ?? "Credit Card",
        kind: .income)
      step.refused = request.refusedMatches
      step.institutions = institutions
      step.uncategorized = [catalog.fallbackCategory(for: .expense), catalog.fallbackCategory(for: .income)]
      if request.sync { step.tokenEnd = end }
      step.linksNumber = numbers[index]
      steps.append(step)
    }
    let rowCount = statements.reduce(0) { $0 + $1.rows.count }
    let file = ImportedFile(
      hash: ContentHash.file(bytes), name: name, path: (path as NSString).standardizingPath, format: outcome.format,
      accounts: targets.map(\.name), rows: rowCount,
      firstDate: statements.compactMap { $0.start ?? $0.rows.map(\.date).min() }.min(),
      lastDate: Self.lastDate(of: statements))
    let mapping: (String, String)? =
      request.mappingText.flatMap { text in savedMapping == nil && targets.count == 1 ? (targets[0].name, text) : nil }
    willSave?(rowCount)
    let committed = Result { () throws(StoreError) in
      try store.imports.commit(
        steps, file: file, creating: creating, mapping: mapping,
        fact: ImportFact(file: name, format: .statement, rows: rowCount), dryRun: request.dryRun)
    }
    if case .failure(.duplicateName(let what, _)) = committed, what == "imported file" || !creating.isEmpty,
      !readAgain
    {
      // Another import (the same file, at the same moment) created the account first: read
      // again, and meet its account, and the file imported before, as any later import would.
      store.forgetCatalog()
      if let known = try store.imports.file(hash: ContentHash.file(bytes)) {
        var seen = Outcome(file: name, format: known.format)
        seen.seenBefore = known.rows
        return seen
      }
      var again = self
      again.readAgain = true
      return try again.importing(path: path, bytes: bytes)
    }
    let plans = try committed.get()
    outcome.plans = zip(targets.map(\.name), plans).map { ($0, $1) }
    if !request.dryRun {
      for (account, balance) in checks {
        guard let stored = try store.accounts.account(named: account) else { continue }
        let computed = try store.accounts.balance(stored, on: balance.asOf, bookedOnly: true)
        outcome.checks.append(
          BalanceCheck(
            account: account, statement: balance.amount, computed: computed, currency: stored.currency,
            date: balance.asOf))
      }
    }
    return outcome
  }

  /// Sync: a statement for dates already imported that lacks rows stored for them replaces what
  /// was imported, so the account is rebuilt from all its files, the newest winning.
  static func contradicts(_ rows: [BankRow], coverage: ClosedRange<LocalDate>?, account: Account, store: Store) throws
    -> Bool
  {
    guard let coverage, let token = try store.imports.syncToken(account.name), let tokenEnd = token.end,
      coverage.lowerBound <= tokenEnd
    else { return false }
    let overlap = coverage.lowerBound...min(coverage.upperBound, tokenEnd)
    // A reference seen twice in one file is stored with its ordinal: compared by its file form.
    let stored = Set(
      try store.imports.references(account.name, in: overlap).map { Self.fileForm(of: $0) })
    let here = Set(rows.filter { !$0.pending && overlap.contains($0.date) }.map(\.reference))
    return !stored.isSubset(of: here)
  }

  /// A stored reference as the file wrote it: without its ordinal ("X#2") and without the day and
  /// amount a reference the bank repeats is kept with ("X@2026-12-01:6000000").
  static func fileForm(of stored: String) -> String {
    var reference = ExternalReference(stored: stored).reference
    if let at = reference.lastIndex(of: "@"),
      reference[reference.index(after: at)...].range(of: #"^\d{4}-\d{2}-\d{2}:-?\d+$"#, options: .regularExpression)
        != nil
    {
      reference = String(reference[..<at])
    }
    return reference
  }

  static func mapping(_ text: String, file: String) throws(Refusal) -> BankCSVMapping {
    do {
      return try BankCSVMapping(text: text)
    } catch {
      throw .unreadable(error, file: file)
    }
  }
}

/// Category answers already worked out in one import, by what decides them: a bank writes the
/// same payee on many rows.
final class RememberedCategories: RowCategorizing {
  struct Key: Hashable {
    let kind: Kind
    let mcc: Int?
    let category: String?
    let payee: String?
    let memo: String?
  }
  let categories: ImportCategories
  var answers: [Key: (String, CategorySource)] = [:]

  init(_ categories: ImportCategories) { self.categories = categories }

  func category(_ row: BankRow, kind: Kind) -> (String, CategorySource) {
    let key = Key(kind: kind, mcc: row.mcc, category: row.category, payee: row.payee, memo: row.memo)
    if let known = answers[key] { return known }
    let answer = categories.category(row, kind: kind)
    answers[key] = answer
    return answer
  }
}
