import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyParse
import SpendlyStore

/// One statement file imported: read, each statement given its account, planned against what
/// is stored and written as one change. `import` and `sync` both run this.
struct StatementImport {
  let context: Context
  var accountName: String?
  var mappingText: String?
  /// What errors in the mapping are called: its file's name.
  var mappingName = "mapping"
  var dayFirst = false
  var allowDuplicates = false
  var dryRun = false
  var createAccounts = false
  /// `sync`: keep each account's sync token, and rebuild an account a file contradicts.
  var sync = false
  /// Read again once already: another import created an account this one was creating.
  var readAgain = false
  /// Asks once whether to create the accounts a file's statements need (on a terminal).
  var confirm: (([String]) -> Bool)?

  /// What one file did, for the summary lines and the JSON.
  struct Outcome {
    var file: String
    var format: String
    var plans: [(account: String, plan: ImportPlan)] = []
    var checks: [(account: String, statement: Int64, computed: Int64, currency: Currency, date: LocalDate)] = []
    var created: [String] = []
    /// Accounts whose imported rows were rebuilt from all their files (sync).
    var rebuilt: [String] = []
    /// The file was imported before: its row count, and nothing was done.
    var seenBefore: Int?
    /// Why nothing was imported (a file that does not read): a line each.
    var errors: [String] = []

    func total(_ key: (ImportPlan) -> Int) -> Int { plans.reduce(0) { $0 + key($1.plan) } }
    var added: Int { total { $0.adds.count } }
  }

  /// Reads the file's bytes: a file that cannot be read is an error naming it.
  static func bytes(_ path: String) throws(CLIError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CLIError(.noInput, "\(Render.safe(path)): cannot read the file")
    }
    return [UInt8](data)
  }

  func run(path: String, bytes: [UInt8]) throws(CLIError) -> Outcome {
    let name = (path as NSString).lastPathComponent
    let store = try context.store()
    let defaultCurrency = try reporting { try store.settings.defaultCurrency() }
    let named = try accountName.map { text throws(CLIError) -> Account in
      let (account, rest) = try AccountsCommand.named(
        text.split(separator: " ").map(String.init), context, command: "import")
      try AccountsCommand.noRest(rest, "import")
      return account
    }
    var options = StatementFile.Options(currency: named?.currency ?? defaultCurrency)
    options.dayFirst = dayFirst
    var savedMapping: String?
    if let mappingText {
      options.mapping = try Self.mapping(mappingText, file: Render.safe(mappingName))
    } else if let named, let saved = try reporting({ try store.imports.mapping(for: named.name) }) {
      options.mapping = try Self.mapping(saved, file: "saved mapping of \(named.name)")
      savedMapping = saved
    }
    let format: StatementFormat
    let statements: [Statement]
    do {
      (format, statements) = try StatementFile.read(bytes, options: options)
    } catch {
      throw .data(error.described(file: Render.safe(name)))
    }
    var outcome = Outcome(file: name, format: statements.first?.format ?? format.rawValue)
    let catalog = try reporting { try store.catalog.current() }
    var creating: [Account] = []
    var unmatched: [String] = []
    var targets: [Account] = []
    for (index, statement) in statements.enumerated() {
      let account: Account
      if let found = Self.match(statement, in: catalog.accounts + creating) {
        account = found
      } else if let named, statements.count == 1 || statement.accountID == nil {
        account = named
      } else {
        let fresh = try exact { () throws(FigureTooLarge) in
          try Self.newAccount(for: statement, index: index, catalog: catalog, creating: creating)
        }
        unmatched.append(statement.accountID ?? "(unnamed)")
        creating.append(fresh)
        outcome.created.append(fresh.name)
        account = fresh
      }
      guard account.currency == statement.currency else {
        throw .data(
          "\(Render.safe(name)): the statement is in \(statement.currency.code) but \(Render.safe(account.name)) keeps \(account.currency.code)"
        )
      }
      targets.append(account)
    }
    // One confirmation for every account the file's statements need.
    if !creating.isEmpty, !createAccounts, confirm?(creating.map(\.name)) != true {
      throw .data(
        "\(Render.safe(name)): the statement for account \(Render.safe(unmatched.joined(separator: ", "))) matches none of "
          + "your accounts: give --account NAME, or --yes to create "
          + creating.map { "'\(Render.safe($0.name))'" }.joined(separator: ", "))
    }
    let parser = try context.phraseParser(caching: true)
    let categories = ImportCategories(parser: parser, history: CachingHistory(store.merchants))
    let remembered = CategoryMemo()
    var steps: [ImportStep] = []
    var checks: [(String, StatementBalance)] = []
    for (statement, account) in zip(statements, targets) {
      let rows = Self.bankRows(statement, key: statement.accountID ?? account.name) { parser.account(named: $0) }
      let dates = rows.map(\.date)
      let start = statement.start ?? dates.min()
      let end = statement.end ?? dates.max()
      let coverage = start.flatMap { start in end.map { start <= $0 ? start...$0 : $0...start } }
      // Sync: a statement for dates already imported that lacks rows stored for them replaces
      // what was imported: the account is rebuilt from all its files, the newest winning.
      var rebuild = false
      if sync, let coverage, let token = try reporting({ try store.imports.syncToken(account.name) }),
        let tokenEnd = token.end, coverage.lowerBound <= tokenEnd
      {
        let overlap = coverage.lowerBound...min(coverage.upperBound, tokenEnd)
        // A reference seen twice in one file is stored with its ordinal: compared by its file form.
        let stored = Set(
          try reporting { try store.imports.references(account.name, in: overlap) }.map {
            ExternalReference(stored: $0).reference
          })
        let here = Set(rows.filter { !$0.pending && overlap.contains($0.date) }.map(\.reference))
        if !stored.isSubset(of: here) {
          rebuild = true
          outcome.rebuilt.append(account.name)
        }
      }
      var balances: [StatementBalance] = []
      for (kind, amount) in [
        (StatementBalance.Kind.booked, statement.ledgerBalance), (.available, statement.availableBalance),
      ] {
        guard let amount else { continue }
        // A card's ledger balance is negative while money is owed; Spendly reads it as owed.
        let people = account.isLiability ? -amount.minorUnits : amount.minorUnits
        let day = amount.date ?? end ?? context.today
        let balance = StatementBalance(kind: kind, amount: people, asOf: day, source: name)
        balances.append(balance)
        if kind == .booked { checks.append((account.name, balance)) }
      }
      let method =
        AccountRules.method(
          for: account, catalog: catalog, card: parser.catalog.method(named: "Credit Card")?.name ?? "Credit Card")
        ?? "Other"
      let source = "\(name) · \(statement.format)" + (statement.accountID.map { " · \($0)" } ?? "")
      let allow = allowDuplicates
      let planned = rows
      steps.append(
        ImportStep(account: account.name, balances: balances, coverage: coverage) { account, existing in
          ImportPlanner(
            account: account, existing: existing, allowDuplicates: allow, source: source, method: method,
            categorize: { row, kind in
              let key = CategoryMemo.Key(
                kind: kind, mcc: row.mcc, category: row.category, payee: row.payee, memo: row.memo)
              if let known = remembered.answers[key] { return known }
              let answer = categories.category(row, kind: kind)
              remembered.answers[key] = answer
              return answer
            }
          ).plan(planned, covering: coverage)
        })
      steps[steps.count - 1].rebuild = rebuild
      if sync { steps[steps.count - 1].tokenEnd = end }
    }
    let file = ImportedFile(
      hash: ContentHash.file(bytes), name: name, path: (path as NSString).standardizingPath, format: outcome.format,
      accounts: targets.map(\.name), rows: statements.reduce(0) { $0 + $1.rows.count },
      firstDate: statements.compactMap { $0.start ?? $0.rows.map(\.date).min() }.min(),
      lastDate: statements.compactMap { $0.end ?? $0.rows.map(\.date).max() }.max())
    let mapping =
      mappingText != nil && savedMapping == nil && targets.count == 1 ? (targets[0].name, mappingText!) : nil
    let rowCount = statements.reduce(0) { $0 + $1.rows.count }
    if rowCount > 5000, System.isTerminal(2) {
      FileHandle.standardError.write(
        Data("\(name): \(MoneyFormat.count(rowCount)) rows read; matching and saving…\n".utf8))
    }
    let plans: [ImportPlan]
    do {
      plans = try store.imports.commit(
        steps, file: file, creating: creating, mapping: mapping,
        summary: "imported \(name) (\(rowCount) row\(rowCount == 1 ? "" : "s"))", dryRun: dryRun)
    } catch .duplicateName(let what, _) where (what == "imported file" || !creating.isEmpty) && !readAgain {
      // Another import (the same file, at the same moment) created the account first: read
      // again, and meet its account, and the file imported before, as any later import would.
      store.forgetCatalog()
      if let known = try reporting({ try store.imports.file(hash: ContentHash.file(bytes)) }) {
        var seen = Outcome(file: name, format: known.format)
        seen.seenBefore = known.rows
        return seen
      }
      var again = self
      again.readAgain = true
      return try again.run(path: path, bytes: bytes)
    } catch {
      throw error.cli
    }
    outcome.plans = zip(targets.map(\.name), plans).map { ($0, $1) }
    if !dryRun {
      for (account, balance) in checks {
        guard let stored = try reporting({ try store.accounts.account(named: account) }) else { continue }
        let computed = try reporting { try store.accounts.balance(stored, on: balance.asOf, bookedOnly: true) }
        outcome.checks.append((account, balance.amount, computed, stored.currency, balance.asOf))
      }
    }
    return outcome
  }

  /// A statement's rows as the domain reads them: payees cleaned (once per distinct text), and a
  /// stable reference for each row the file gives none (the same payee, day and amount counted).
  static func bankRows(_ statement: Statement, key: String, account: (String) -> String? = { _ in nil }) -> [BankRow] {
    /// Rows without a reference of their own, counted by what their made-up reference is made of.
    struct Unreferenced: Hashable {
      let date: LocalDate
      let amount: Int64
      let payee: String?
    }
    var ordinals: [Unreferenced: Int] = [:]
    var cleaned: [String: String?] = [:]  // a bank writes the same payee on many rows
    func clean(_ text: String?) -> String? {
      guard let text else { return nil }
      if let known = cleaned[text] { return known }
      let result = PayeeCleaner.clean(text, lexicon: .standard)
      cleaned[text] = result
      return result
    }
    return statement.rows.map { row -> BankRow in
      let payee = clean(row.payee) ?? clean(row.memo)
      var reference = row.reference
      if reference == nil {
        let base = Unreferenced(date: row.date, amount: row.amount, payee: payee)
        ordinals[base, default: 0] += 1
        reference = StatementValues.hashReference(
          account: key, date: row.date, amount: row.amount, payee: payee, ordinal: ordinals[base]!)
      }
      var bank = BankRow(
        date: row.date, amount: Money(minorUnits: row.amount, currency: statement.currency), reference: reference!,
        hasOwnReference: row.reference != nil, line: row.line
      )
      bank.postedDate = row.postedDate
      bank.payee = payee
      // A line break inside a quoted field is a space between words, not nothing.
      bank.memo = row.memo.map {
        TextSanitizer.printable($0.replacingOccurrences(of: "\n", with: " ")).trimmingSpaces()
      }.flatMap { $0.isEmpty ? nil : $0 }
      if bank.memo == row.payee { bank.memo = nil }
      // A row with only a memo: its cleaned form is the merchant, and the memo is no second copy.
      if row.payee == nil, let payee, NameKey.same(payee, bank.memo) { bank.memo = nil }
      if let cheque = row.cheque {
        bank.memo = [bank.memo, "cheque \(cheque)"].compactMap { $0 }.joined(separator: " · ")
      }
      bank.mcc = row.mcc
      bank.pending = row.pending
      bank.foreign = row.foreign
      bank.rate = row.rate
      bank.type = row.type
      bank.category = row.category
      // A QIF transfer to an account of the person's; to one Spendly does not know, it is said in the note.
      if let other = row.transferAccount {
        if let known = account(other) {
          bank.transferAccount = known
        } else {
          bank.memo = [bank.memo, "[\(other)]"].compactMap { $0 }.joined(separator: " ")
        }
      }
      return bank
    }
  }

  static func mapping(_ text: String, file: String) throws(CLIError) -> BankCSVMapping {
    do {
      return try BankCSVMapping(text: text)
    } catch {
      throw .data(error.described(file: file))
    }
  }

  /// The account a statement is for: the one with its number, or whose last four digits end it.
  static func match(_ statement: Statement, in accounts: [Account]) -> Account? {
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
  static func newAccount(for statement: Statement, index: Int, catalog: Catalog, creating: [Account])
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
      + (digits.isEmpty ? "" : " ····\(digits)")
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
    // Opened where the statement says it stood: its opening balance (CAMT's OPBD), else its
    // closing balance less its booked rows.
    let currency = statement.currency
    let tooLarge = FigureTooLarge(name: name, figure: "opening balance")
    // A liability keeps what is owed: the bank's balance turned round.
    func owned(_ minorUnits: Int64) throws(FigureTooLarge) -> Money {
      let balance = Money(minorUnits: minorUnits, currency: currency)
      return account.isLiability ? try .zero(currency).subtracting(balance, or: tooLarge) : balance
    }
    if let opening = statement.openingBalance {
      account.opening = try owned(opening.minorUnits).minorUnits
      account.openingDate = statement.start ?? opening.date ?? statement.rows.map(\.date).min()
    } else if let ledger = statement.ledgerBalance {
      let booked = statement.rows.filter { row in !row.pending && (ledger.date.map { row.date <= $0 } ?? true) }
      let flows = try Money.total(
        booked.map { Money(minorUnits: $0.amount, currency: currency) }, in: currency,
        or: FigureTooLarge(name: name, figure: "movements in the statement"))
      let closing = try owned(ledger.minorUnits)
      account.opening =
        try (account.isLiability ? closing.adding(flows, or: tooLarge) : closing.subtracting(flows, or: tooLarge))
        .minorUnits
      account.openingDate = statement.start ?? statement.rows.map(\.date).min()
    }
    return account
  }
}

/// Category answers already worked out in one import, by what decides them.
final class CategoryMemo {
  /// What decides a row's category.
  struct Key: Hashable {
    let kind: Kind
    let mcc: Int?
    let category: String?
    let payee: String?
    let memo: String?
  }
  var answers: [Key: (String, CategorySource)] = [:]
}
