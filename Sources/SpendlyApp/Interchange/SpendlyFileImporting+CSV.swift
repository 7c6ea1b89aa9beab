import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyParse
import SpendlyStore

extension SpendlyFileImporting {
  /// Spendly's CSV: read a row at a time, each row checked by the store's validator.
  func csv() throws(Refusal) -> Outcome {
    let name = request.path
    let store: Store
    let parser: PhraseParser
    let currency: Currency
    let method: String
    let incomeMethod: String
    let wasEmpty: Bool
    let lineage: String
    do {
      store = try session.store()
      let rows = try store.transactions.count()
      let accounts = try store.accounts.all()
      wasEmpty = rows == 0 && accounts.isEmpty
      lineage = try store.settings.lineage()
      // Names as phrases read them: an alias or word for one (gpay is UPI, chai is Food).
      parser = try session.phraseParser()
      (currency, method, incomeMethod) = (
        try store.settings.defaultCurrency(), try store.settings.value(.method),
        try store.settings.value(.incomeMethod)
      )
    } catch {
      throw .store(error)
    }
    var categories: [String: String] = [:]
    var methods: [String: String] = [:]
    let reader: SpendlyCSVReader
    do {
      reader = try SpendlyCSVReader(path: name, defaultCurrency: currency)
    } catch {
      throw .unreadableCSV(error, file: name)
    }
    let size = Self.size(name)
    let progress = self.progress
    var schedules: [NameKey: Int64] = [:]
    var unknownSchedules: [String: Int] = [:]
    /// The accounts this import made, each with its type and where that came from.
    var createdTypes: [CreatedAccount] = []
    do {
      for schedule in try store.schedules.all() where schedules[NameKey(schedule.name)] == nil {
        schedules[NameKey(schedule.name)] = schedule.id
      }
    } catch {
      throw .store(error)
    }
    // The rows are read and parsed on a thread of their own (advancing a copy of the reader)
    // while this one stores them; `reader` stays as the header left it, to answer what it says.
    let source = ReaderBox(reader)
    let rows = ReadAhead<(row: SpendlyCSVRow, bytesRead: Int)> {
      guard let row = try Self.next(&source.reader, file: name) else { return nil }
      return (row, source.reader.bytesRead)
    }
    defer { rows.stop() }
    let result: ImportStreamResult
    do {
      result = try store.transactions.importStream(
        file: ImportFact(file: name, format: .csv), dryRun: request.dryRun, large: size > 16 << 20
      ) { stream in
        while let (row, bytesRead) = try rows.next() {
          let (line, recurring) = (row.line, row.recurring)
          var fields = row.fields
          // A schedule is linked by its name; one this database lacks is said (for rows added,
          // not duplicates skipped), and left unlinked.
          let unlinked = recurring.flatMap { schedules[NameKey($0)] == nil ? $0 : nil }
          if let recurring, let id = schedules[NameKey(recurring)] { fields.recurringID = id }
          let catalog = stream.currentCatalog
          // A transfer without an Account column names each end by account or method.
          if fields.kind == .transfer, !reader.hasAccountColumn {
            for counter in [false, true] {
              guard let end = counter ? fields.counterMethod : Optional(fields.method), !end.isEmpty,
                catalog.method(named: end) == nil, parser.method(named: end) == nil
              else { continue }
              if catalog.account(named: end) == nil {
                let account = Self.newAccount(end, method: nil, currency: fields.amount.currency)
                try stream.createAccount(account)
                createdTypes.append(
                  .init(name: account.name, type: account.type, source: Self.accountType(end, method: nil).source))
              }
              guard let account = stream.currentCatalog.account(named: end) else { continue }
              if counter {
                fields.counterAccount = account.name
                fields.counterMethod = nil
              } else {
                fields.account = account.name
                fields.method =
                  AccountRules.method(
                    for: account, catalog: stream.currentCatalog, card: "Credit Card", kind: .transfer)
                  ?? method
              }
            }
          }
          if fields.method.isEmpty { fields.method = fields.kind == .income ? incomeMethod : method }
          if fields.kind != .transfer {
            if fields.category.isEmpty { fields.category = Category.fallback(for: fields.kind) }
            if catalog.category(named: fields.category) == nil {
              let word = fields.category
              if categories[word] == nil {
                categories[word] =
                  parser.category(named: word).flatMap { $0.side == fields.kind.side ? $0.name : nil } ?? word
              }
              fields.category = categories[word]!
              if stream.currentCatalog.category(named: fields.category) == nil {
                try stream.createCategory(fields.category, side: fields.kind.side)
              }
            }
          }
          for counter in [false, true] {
            guard let word = counter ? fields.counterMethod : fields.method, catalog.method(named: word) == nil else {
              continue
            }
            if methods[word] == nil { methods[word] = parser.method(named: word) ?? word }
            if counter { fields.counterMethod = methods[word] } else { fields.method = methods[word]! }
            if stream.currentCatalog.method(named: methods[word]!) == nil { try stream.createMethod(methods[word]!) }
          }
          for (name, method, type) in [
            (fields.account, fields.method, row.accountTypes.0),
            (fields.counterAccount, fields.counterMethod, row.accountTypes.1),
          ] {
            guard let name else { continue }
            if let known = stream.currentCatalog.account(named: name) {
              // An account this import made: a later row may tell its type better (a Credit Card
              // row makes a card), so its type comes from the whole file, not from its first row.
              try Self.retell(known.name, method: method, given: type, in: &createdTypes, stream)
              continue
            }
            let account = Self.newAccount(name, method: method, currency: fields.amount.currency, type: type)
            try stream.createAccount(account)
            let told = type != nil ? .file : Self.accountType(name, method: method).source
            createdTypes.append(.init(name: account.name, type: account.type, source: told))
          }
          do {
            // A row exported from a transaction of this database (its lineage): that
            // transaction updated, or left as it is, or a conflict. Any other row is new.
            if let origin = row.origin, origin.database == lineage {
              let reconciled = try stream.reconcile(
                id: origin.id, revision: origin.revision, extent: origin.extent, fields, line: line)
              if reconciled == .updated, let unlinked { unknownSchedules[unlinked, default: 0] += 1 }
            } else if try stream.add(fields, inferringAccounts: !reader.hasAccountColumn), let unlinked {
              unknownSchedules[unlinked, default: 0] += 1
            }
          } catch let error as ValidationError {
            let column = reader.column(forField: error.field.lowercased())
            // A transfer's other end is in the columns --all-fields adds.
            let reason =
              error.field == "to"
              ? error.reason
                + "; a transfer's row names both ends: Payment Method 'Bank Transfer → Cash' or Account 'HDFC → Wallet'"
              : error.reason
            throw StoreError.invalid(
              ValidationError(
                field: "\(name):\(line):\(column): \(error.field)", value: error.value, reason: reason,
                seeAlso: error.seeAlso))
          }
          if line % 20_000 == 0 { progress?(bytesRead, stream.added + stream.duplicates) }
        }
        // The rows of the export the file no longer has: deleted only when asked.
        try stream.missingRows(delete: request.syncDeletes)
      }
    } catch {
      throw .store(error)
    }
    // Every row was read: the reader's warnings are all there.
    rows.stop()
    let unlinked = unknownSchedules.sorted { $0.key < $1.key }.map { name, count in
      "\(count) row\(count == 1 ? "" : "s") name\(count == 1 ? "s" : "") the schedule \(TextSanitizer.quoted(name)), which this database does not have: left unlinked"
    }
    var outcome = Outcome(
      file: name, kind: .csv, dryRun: request.dryRun, effect: .added(result),
      warnings: source.reader.warnings + unlinked)
    outcome.createdAccounts = createdTypes
    outcome.intoEmpty = wasEmpty
    return outcome
  }

  /// The next row, its error thrown as the store's kind (so the import's change rolls back).
  static func next(_ reader: inout SpendlyCSVReader, file: String) throws -> SpendlyCSVRow? {
    do {
      return try reader.next()
    } catch {
      // Thrown as the store's own kind of error, so the import's change rolls back and the
      // person reads "FILE:LINE:COLUMN: …" with exit 65.
      throw StoreError.invalid(
        ValidationError(field: "\(file):\(error.line):\(error.column)", value: "", reason: error.message))
    }
  }

  /// An account a file names that is not here yet: its type from its name's words (card,
  /// loan, cash, wallet), else its method (a card for the credit card, cash for cash), else a
  /// savings account, in the row's currency. The summary asks the person to check it.
  public static func newAccount(_ name: String, method: String?, currency: Currency, type given: AccountType? = nil)
    -> Account
  {
    Account(name: name, type: given ?? accountType(name, method: method).type, currency: currency)
  }

  /// An account this import made (`created`), met again in a row with `method` (and the file's
  /// Account Type, when `given`): retyped when that tells its type better than what made it. What
  /// tells best: the file's Account Type, then a Credit Card method, then the name's words, then
  /// a Cash method. An account stored before the import is not in `created`, and stays.
  static func retell(
    _ name: String, method: String?, given: AccountType?, in created: inout [CreatedAccount], _ stream: ImportStream
  ) throws {
    guard let index = created.firstIndex(where: { NameKey.same($0.name, name) }) else { return }
    let made = created[index]
    let told =
      given.map { (type: $0, source: CreatedAccount.TypeSource.file) } ?? accountType(made.name, method: method)
    guard told.source.rank > made.source.rank else { return }
    if told.type != made.type { try stream.retypeCreatedAccount(made.name, to: told.type) }
    created[index] = .init(name: made.name, type: told.type, source: told.source)
  }

  /// The type of an account a file names but does not type, and what told it: a Credit Card
  /// method makes a card, then the name's words (card, loan, wallet, cash), then a Cash method;
  /// savings otherwise.
  static func accountType(_ name: String, method: String?) -> (type: AccountType, source: CreatedAccount.TypeSource) {
    if NameKey.same(method, "credit card") { return (.card, .method(method ?? "")) }
    let words = Set(name.lowercased().split { !$0.isLetter }.map(String.init))
    for (word, type) in [("card", AccountType.card), ("loan", .loan), ("wallet", .wallet), ("cash", .cash)]
    where words.contains(word) {
      return (type, .name)
    }
    if NameKey.same(method, "cash") { return (.cash, .method(method ?? "")) }
    return (.savings, .unknown)
  }
}

extension SpendlyFileImporting.CreatedAccount.TypeSource {
  /// How well this tells an account's type (higher tells better), in the order of `accountType`:
  /// a Credit Card method before the name's words, and those before a Cash method.
  var rank: Int {
    switch self {
    case .file: 4
    case .method(let method): NameKey.same(method, "credit card") ? 3 : 1
    case .name: 2
    case .unknown: 0
    }
  }
}

/// The CSV reader the reading thread advances (`ReadAhead`); this thread looks at it again only
/// once that thread has ended.
private final class ReaderBox: @unchecked Sendable {
  var reader: SpendlyCSVReader
  init(_ reader: SpendlyCSVReader) { self.reader = reader }
}
