import Foundation
import SpendlyCore
import SpendlyInterchange
import SpendlyStore

/// `spendly import FILE.csv` for Spendly's own CSV layout: read a row at a time, each row
/// checked by the store's validator, the whole file one undoable change or nothing.
enum CSVImport {
  /// What a file of rows did, for the summary line and the JSON.
  struct Outcome {
    var file: String
    var format: String
    var result: ImportStreamResult
    var dryRun: Bool
  }

  static func run(path: String, dryRun: Bool, context: Context) throws(CLIError) -> Rendered {
    let name = path
    let store = try context.store()
    // Names as phrases read them: an alias or word for one (gpay is UPI, chai is Food).
    let parser = try context.phraseParser()
    var categories: [String: String] = [:]
    var methods: [String: String] = [:]
    let (currency, method, incomeMethod) = try reporting {
      (
        try store.settings.defaultCurrency(), try store.settings.value(.method),
        try store.settings.value(.incomeMethod)
      )
    }
    var reader: SpendlyCSVReader
    do {
      reader = try SpendlyCSVReader(path: path, defaultCurrency: currency)
    } catch {
      throw .data(Render.safe(error.described(file: name)))
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let progress = Progress(total: size, enabled: System.isTerminal(2) && size > 4 << 20)
    let result: ImportStreamResult
    do {
      result = try store.transactions.importStream(
        file: ImportFact(file: name, format: .csv), dryRun: dryRun, large: size > 16 << 20
      ) { stream in
        while let (line, read) = try next(&reader, file: name) {
          var fields = read
          let catalog = stream.currentCatalog
          // A transfer without an Account column names each end by account or method.
          if fields.kind == .transfer, !reader.hasAccountColumn {
            for counter in [false, true] {
              guard let end = counter ? fields.counterMethod : Optional(fields.method), !end.isEmpty,
                catalog.method(named: end) == nil, parser.method(named: end) == nil
              else { continue }
              if catalog.account(named: end) == nil {
                try stream.createAccount(newAccount(end, method: nil, currency: fields.amount.currency))
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
          for (name, method) in [(fields.account, fields.method), (fields.counterAccount, fields.counterMethod)]
          where name != nil && stream.currentCatalog.account(named: name!) == nil {
            try stream.createAccount(newAccount(name!, method: method, currency: fields.amount.currency))
          }
          do {
            try stream.add(fields)
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
          if line % 20_000 == 0 { progress.show(reader.bytesRead, rows: stream.added + stream.duplicates) }
        }
      }
    } catch {
      progress.clear()
      throw Self.failure(error)
    }
    progress.clear()
    return rendered(Outcome(file: name, format: "Spendly CSV", result: result, dryRun: dryRun))
  }

  /// The next row, its error thrown as the store's kind (so the import's change rolls back).
  static func next(_ reader: inout SpendlyCSVReader, file: String) throws -> (Int, TransactionFields)? {
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
  static func newAccount(_ name: String, method: String?, currency: Currency) -> Account {
    let words = Set(name.lowercased().split { !$0.isLetter }.map(String.init))
    let type: AccountType =
      if words.contains("card") { .card } else if words.contains("loan") { .loan } else if words.contains("wallet") {
        .wallet
      } else if words.contains("cash") || NameKey.same(method, "cash") {
        .cash
      } else if NameKey.same(method, "credit card") { .card } else { .savings }
    return Account(name: name, type: type, currency: currency)
  }

  static func failure(_ error: Error) -> CLIError {
    switch error {
    case let error as CLIError: error
    case let error as StoreError: error.cli
    case let error as ValidationError: CLIError(.data, Render.safe(error.shown))
    default: CLIError(.software, "\(error)")
    }
  }

  static func rendered(_ outcome: Outcome) -> Rendered {
    let r = outcome.result
    return Rendered(
      text: {
        var parts = ["\(MoneyFormat.count(r.added)) added"]
        if r.duplicates > 0 { parts.append("\(MoneyFormat.count(r.duplicates)) duplicates skipped") }
        var lines = [
          "\(Render.safe(outcome.file)) (\(outcome.format)): " + (outcome.dryRun ? "would be " : "")
            + parts.joined(separator: " · ")
        ]
        for (what, names) in [("categories", r.createdCategories), ("methods", r.createdMethods)] where !names.isEmpty {
          lines.append("  new \(what): \(names.map(Render.safe).joined(separator: ", "))")
        }
        for name in r.createdAccounts {
          lines.append("  new account \(Render.safe(name)) (check its type: spendly accounts edit)")
        }
        if r.droppedRecurring > 0 {
          lines.append(
            "  \(r.droppedRecurring) row\(r.droppedRecurring == 1 ? "" : "s") named a schedule this database does not have: kept without it"
          )
        }
        if !outcome.dryRun && r.added > 0 { lines.append("  'undo' takes this import back") }
        return lines
      },
      json: {
        .object([
          ("file", .string(outcome.file)), ("format", .string(outcome.format)), ("dry_run", .bool(outcome.dryRun)),
          ("added", .int(Int64(r.added))), ("duplicates", .int(Int64(r.duplicates))),
          ("created_categories", .array(r.createdCategories.map { .string($0) })),
          ("created_methods", .array(r.createdMethods.map { .string($0) })),
          ("created_accounts", .array(r.createdAccounts.map { .string($0) })),
          ("dropped_recurring", .int(Int64(r.droppedRecurring))), ("errors", .array([])),
        ])
      })
  }
}

/// A line on stderr saying how far a big import is, rewritten in place; only on a terminal.
final class Progress {
  let total: Int
  let enabled: Bool
  private var shown = false

  init(total: Int, enabled: Bool) {
    self.total = total
    self.enabled = enabled
  }

  func show(_ bytes: Int, rows: Int) {
    guard enabled, total > 0 else { return }
    shown = true
    let percent = min(100, bytes * 100 / total)
    FileHandle.standardError.write(Data("\rimporting… \(percent)% · \(MoneyFormat.count(rows)) rows\u{1B}[K".utf8))
  }

  func clear() {
    guard shown else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    shown = false
  }
}

/// Spendly's own files, told from their first bytes: its CSV header, or its JSON export.
enum SpendlyFileKind {
  case csv
  case json

  static func of(_ path: String) throws(CLIError) -> SpendlyFileKind? {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CLIError(.noInput, "\(Render.safe(path)): cannot read the file")
    }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 4096)).map { [UInt8]($0) } ?? []
    // The statement importer's detection, which knows Spendly's own files too.
    switch StatementFormat.detect(String(decoding: head, as: UTF8.self)) {
    case .spendlyCSV?: return .csv
    case .spendlyJSON?: return .json
    default: return nil
    }
  }
}
