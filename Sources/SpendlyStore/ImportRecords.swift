import Foundation
import SpendlyCore

/// Statement imports: each file one change (its new accounts, transactions, links, updates,
/// removals, statement balances and the file's record), so `undo` takes a whole import back.
public struct ImportRecords: RecordFamily {
  let store: Store
}

extension Store {
  /// Imported statement files, bank CSV mappings and sync tokens.
  public var imports: ImportRecords { ImportRecords(store: self) }
}

/// A statement file already imported, known by its content hash.
public struct ImportedFile: Sendable, Equatable {
  public var hash: String
  public var name: String
  public var path: String?
  public var format: String
  /// The accounts its statements went to.
  public var accounts: [String]
  public var rows: Int
  public var firstDate: LocalDate?
  public var lastDate: LocalDate?

  public init(
    hash: String, name: String, path: String?, format: String, accounts: [String], rows: Int, firstDate: LocalDate?,
    lastDate: LocalDate?
  ) {
    self.hash = hash
    self.name = name
    self.path = path
    self.format = format
    self.accounts = accounts
    self.rows = rows
    self.firstDate = firstDate
    self.lastDate = lastDate
  }
}

/// One statement of a file, for one account: its rows and how they are read (data the store
/// plans with `ImportPlanner` once the stored transactions they may meet are read, inside the
/// import's transaction, so a second statement of the file sees what the first one wrote).
public struct ImportStep {
  public let account: String
  public let balances: [StatementBalance]
  public let coverage: ClosedRange<LocalDate>?
  public let rows: [BankRow]
  /// What the new rows' import source says: "file.ofx · OFX · 1234".
  public let source: String
  /// The method of a new row its narration does not name (see `ImportPlanner.method`).
  public let method: String
  /// The method of money reaching a bank account when its narration names none (see `ImportPlanner`).
  public var incomingMethod: String?
  public let allowDuplicates: Bool
  /// The category of a new row.
  public let categories: any RowCategorizing
  /// Merchants' abbreviations, for choosing between typed entries.
  public var words = NarrationWords()
  /// Lines whose typed match the person refused (`import --review`).
  public var refused: Set<Int> = []
  /// The institution of each of the person's accounts, by name key (see `ImportPlanner`).
  public var institutions: [String: String] = [:]
  /// The fallback categories (see `ImportPlanner`).
  public var uncategorized: Set<String> = []
  /// Whether stored pending rows the statement lacks are removed (not by an older statement).
  public var removesUnsettled = true
  /// Where the account now opens (amount and day): an older statement began before its opening.
  public var opening: (minorUnits: Int64, date: LocalDate)?
  /// Sync: the account's imported rows of the statement's dates are removed first, and the
  /// statement's rows take their place (typed entries and their links stay).
  public var rebuild = false
  /// Sync: the statement end the account's sync token moves to.
  public var tokenEnd: LocalDate?
  /// The statement's account number, recorded on an account that had none (one the person chose
  /// with `--account`, or that holds the rows): the next statement for it finds it by number.
  public var linksNumber: String?

  public init(
    account: String, balances: [StatementBalance], coverage: ClosedRange<LocalDate>?, rows: [BankRow],
    source: String, method: String, allowDuplicates: Bool, categories: any RowCategorizing
  ) {
    self.account = account
    self.balances = balances
    self.coverage = coverage
    self.rows = rows
    self.source = source
    self.method = method
    self.allowDuplicates = allowDuplicates
    self.categories = categories
  }

  /// What the step does to `account`, given the transactions it may meet.
  func plan(_ account: Account, _ existing: [Transaction]) -> ImportPlan {
    let categories = self.categories
    var planner = ImportPlanner(
      account: account, existing: existing, allowDuplicates: allowDuplicates, source: source, method: method,
      categorize: { categories.category($0, kind: $1) })
    planner.words = words
    planner.incomingMethod = incomingMethod
    planner.refused = refused
    planner.institutions = institutions
    planner.uncategorized = uncategorized
    return planner.plan(rows, covering: removesUnsettled ? coverage : nil)
  }
}

/// Why nothing was written: a dry run asked for the plans only.
struct DryRun: Error {}

extension ImportRecords {
  /// The file with this content hash, if it was imported.
  public func file(hash: String) throws(StoreError) -> ImportedFile? { try files(hash: hash).first }

  /// Every imported file, oldest first (or the one with `hash`).
  public func files(hash: String? = nil) throws(StoreError) -> [ImportedFile] {
    try reading {
      try database.rows(
        "SELECT hash, name, path, format, id, rows, first_date, last_date FROM imported_files"
          + (hash == nil ? "" : " WHERE hash = ?") + " ORDER BY id", hash.map { [.text($0)] } ?? []
      ).map { row in
        let reader = RowReader(row: row, name: "imported file")
        let accounts = try database.rows(
          "SELECT account FROM imported_file_accounts WHERE file_id = ? ORDER BY ordinal",
          [.integer(try reader.integer(4, "id"))]
        ).compactMap { $0.text(0) }
        return ImportedFile(
          hash: try reader.text(0, "hash"), name: try reader.text(1, "name"), path: row.text(2),
          format: try reader.text(3, "format"), accounts: accounts,
          rows: Int(try reader.integer(5, "rows")), firstDate: try reader.optionalDate(6, "first_date"),
          lastDate: try reader.optionalDate(7, "last_date"))
      }
    }
  }

  /// Plans every step and, unless `dryRun`, writes it all as one change: accounts to create,
  /// transactions, statement balances and the file's record. Returns each step's plan.
  public func commit(
    _ steps: [ImportStep], file: ImportedFile, creating accounts: [Account], mapping: (account: String, text: String)?,
    fact: ImportFact, dryRun: Bool
  ) throws(StoreError) -> [ImportPlan] {
    // A dry run plans inside the transaction and rolls it back, so it sees what a real import would.
    var rolledBack: [ImportPlan]?
    // A large import touches every index page: keep them in memory for its transaction.
    try? database.execute("PRAGMA cache_size = -262144")
    // Every id an import writes is read from the catalog inside its own transaction (which holds
    // the write lock), so SQLite's foreign-key look-ups, five a row, check nothing more: they
    // are off for the import's transaction only (the pragma cannot change inside one).
    let bulk = steps.count > 0 && !dryRun
    if bulk { try? database.execute("PRAGMA foreign_keys = OFF") }
    defer {
      try? database.execute("PRAGMA cache_size = -2000")
      if bulk { try? database.execute("PRAGMA foreign_keys = ON") }
    }
    do {
      return try change(.import, fact: .imported(file: fact)) { log in
        // The same file imported by another process since this one looked: nothing to do.
        if !dryRun, try log.db.row("SELECT 1 FROM imported_files WHERE hash = ?", [.text(file.hash)]) != nil {
          throw StoreError.duplicateName("imported file", file.name)
        }
        for account in accounts { try store.accounts.insert(log, account) }
        if !accounts.isEmpty { store.forgetCatalog() }
        var plans: [ImportPlan] = []
        for step in steps {
          let catalog = try store.catalog.current()
          guard let account = catalog.account(named: step.account) else {
            throw StoreError.unknown("account", step.account)
          }
          if let number = step.linksNumber, account.number == nil, let id = account.id {
            try log.track(.accounts, key: .integer(id.rawValue)) {
              try log.db.run(
                "UPDATE accounts SET number = ? WHERE id = ? AND number IS NULL",
                [.text(number), .integer(id.rawValue)])
            }
          }
          if step.rebuild && !dryRun, let coverage = step.coverage {
            // The statement replaces what was imported for its dates (the newest file wins);
            // rows of other dates, and typed entries with their links, stay. A stored row the
            // statement still has as it was stays too, with what the person changed in it (a
            // category, a note): the same reference as the planner will give the new row (its
            // ordinal counted as the planner counts it), day, amount and direction, one for one.
            // The planner then meets it as a duplicate.
            var kept: [String: Int] = [:]
            var seen: [String: Int] = [:]
            for row in step.rows.sorted(by: { ($0.date, $0.line) < ($1.date, $1.line) })
            where row.amount.minorUnits != 0 {
              let ordinal = (seen[row.reference] ?? 0) + 1
              seen[row.reference] = ordinal
              let reference = ExternalReference(row.reference, ordinal: ordinal).stored
              let entry = row.isOut ? Entry.debit : .credit
              kept[
                "\(reference)\u{1F}\(row.date)\u{1F}\(row.magnitude.minorUnits)\u{1F}\(entry.rawValue)", default: 0] +=
                1
            }
            let imported = try log.db.rows(
              """
              SELECT id, external_ref, date, amount, entry FROM transactions WHERE import_source IS NOT NULL
                AND date BETWEEN ? AND ?
                AND account_id = (SELECT id FROM accounts WHERE name_key = spendly_name_key(?))
              ORDER BY date, id
              """,
              [.text(coverage.lowerBound.description), .text(coverage.upperBound.description), .text(account.name)]
            ).compactMap { row -> Int64? in
              guard let id = row.int(0) else { return nil }
              guard let reference = row.text(1), let date = row.text(2), let amount = row.int(3),
                let entry = row.text(4)
              else { return id }
              let key = "\(reference)\u{1F}\(date)\u{1F}\(amount)\u{1F}\(entry)"
              guard let left = kept[key], left > 0 else { return id }
              kept[key] = left - 1
              return nil
            }
            _ = try store.transactions.record(log, imported.map { .delete(id: $0) })
            // Typed entries confirmed by the replaced rows are free to meet the new ones.
            let linked = try log.db.rows(
              """
              SELECT id FROM transactions WHERE import_source IS NULL AND external_ref IS NOT NULL
                AND date BETWEEN ? AND ? AND account_id = (SELECT id FROM accounts WHERE name_key = spendly_name_key(?))
              """,
              [.text(coverage.lowerBound.description), .text(coverage.upperBound.description), .text(account.name)]
            ).compactMap { $0.int(0) }
            var unlinked: [ResolvedWrite] = []
            for id in linked {
              guard var fields = try store.transactions.transaction(id: id)?.fields else { continue }
              fields.externalReference = nil
              fields.postedDate = nil
              do throws(ValidationError) {
                unlinked.append(.update(id: id, try Validator.resolve(fields, catalog: catalog)))
              } catch {
                throw StoreError.invalid(error)
              }
            }
            _ = try store.transactions.record(log, unlinked)
          }
          if let opening = step.opening, !dryRun,
            let id = try log.db.row(
              "SELECT id FROM accounts WHERE name_key = spendly_name_key(?)", [.text(account.name)])?.int(0)
          {
            try log.track(.accounts, key: .integer(id)) {
              try log.db.run(
                "UPDATE accounts SET opening = ?, opening_date = ? WHERE id = ?",
                [.integer(opening.minorUnits), .text(opening.date.description), .integer(id)])
            }
            store.forgetCatalog()
          }
          let existing = try existingTransactions(
            log.db, account: account, coverage: step.coverage)
          let plan = step.plan(account, existing)
          plans.append(plan)
          var writes: [ResolvedWrite] = []
          var line = 0
          do throws(ValidationError) {
            for (index, fields) in plan.adds.enumerated() {
              line = index < plan.addLines.count ? plan.addLines[index] : 0
              writes.append(.add(try Validator.resolve(fields, catalog: catalog)))
            }
            line = 0
            for (id, fields) in plan.updates {
              writes.append(.update(id: id, try Validator.resolve(fields, catalog: catalog)))
            }
          } catch {
            // The row's place in the file leads: "statement.ofx:120: amount '0.00': …".
            let place = line > 0 ? "\(file.name):\(line): " : "\(file.name): "
            throw StoreError.invalid(
              ValidationError(
                field: place + error.field, value: error.value, reason: error.reason, seeAlso: error.seeAlso))
          }
          writes += plan.removals.map { .delete(id: $0) }
          if !dryRun {
            let adds = plan.adds.count
            // Thousands of new rows: the rollups are tallied in memory, not a trigger a row.
            if adds >= 2000 && adds == writes.count {
              _ = try Rollups.withBulkLoad(log) { try store.transactions.record(log, writes) }
            } else {
              _ = try store.transactions.record(log, writes)
            }
          }
          for balance in step.balances where !dryRun {
            try log.db.run(
              """
              INSERT INTO statement_balances(id, account_id, kind, amount, as_of, source)
              SELECT \(Store.freshID("statement_balances")), a.id, ?1, ?2, ?3, ?4 FROM accounts a
              WHERE a.name_key = spendly_name_key(?5) AND NOT EXISTS (SELECT 1 FROM statement_balances s
                WHERE s.account_id = a.id AND s.kind = ?1 AND s.amount = ?2 AND s.as_of = ?3)
              """,
              [
                .text(balance.kind.rawValue), .integer(balance.amount), .text(balance.asOf.description),
                SQLValue(balance.source), .text(account.name),
              ])
            if log.db.changes > 0 { try log.inserted(.statementBalances, key: .integer(log.db.lastInsertRowID)) }
          }
        }
        for step in steps where !dryRun {
          guard let end = step.tokenEnd,
            let id = try log.db.row(
              "SELECT id FROM accounts WHERE name_key = spendly_name_key(?)", [.text(step.account)])?
              .int(0)
          else { continue }
          try log.track(.syncTokens, key: .integer(id)) {
            try log.db.run(
              """
              INSERT INTO sync_tokens(account_id, statement_end, refs, valid) VALUES (?1, ?2, 0, 1)
              ON CONFLICT DO UPDATE SET statement_end = max(coalesce(statement_end, ''), ?2), valid = 1
              """, [.integer(id), .text(end.description)])
          }
        }
        if dryRun {
          rolledBack = plans
          throw DryRun()
        }
        try log.db.run(
          """
          INSERT INTO imported_files(id, hash, name, path, format, accounts, rows, first_date, last_date, imported_at)
          VALUES (\(Store.freshID("imported_files")), ?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT(hash) DO UPDATE SET name = excluded.name, path = excluded.path
          """,
          [
            .text(file.hash), .text(file.name), SQLValue(file.path), .text(file.format),
            .text(""), .integer(Int64(file.rows)),  // accounts: no longer used, see imported_file_accounts
            SQLValue(file.firstDate?.description), SQLValue(file.lastDate?.description), .text(log.stamp),
          ])
        if let id = try log.db.row("SELECT id FROM imported_files WHERE hash = ?", [.text(file.hash)])?.int(0) {
          try log.inserted(.importedFiles, key: .integer(id))
          // Its accounts, in order, after the file they point at (undo takes them first).
          for (index, account) in file.accounts.enumerated() {
            try log.db.run(
              """
              INSERT INTO imported_file_accounts(id, file_id, ordinal, account)
              VALUES (\(Store.freshID("imported_file_accounts")), ?, ?, ?)
              """, [.integer(id), .integer(Int64(index + 1)), .text(account)])
            try log.inserted(.importedFileAccounts, key: .integer(log.db.lastInsertRowID))
          }
        }
        if let mapping { try saveMapping(log, mapping.text, for: mapping.account) }
        // SQLite's own checks were off for the import: every row it wrote must point somewhere.
        if bulk { try ForeignKeys.check(log.db, what: "import of \(file.name)") }
        return plans
      }
    } catch {
      if let rolledBack { return rolledBack }
      throw error
    }
  }

  /// The stored transactions a statement for `account` may meet: its own rows, typed rows with
  /// no account near its dates, and other accounts' imported rows near them (transfers).
  func existingTransactions(_ db: Database, account: Account, coverage: ClosedRange<LocalDate>?) throws -> [Transaction]
  {
    let from = (coverage?.lowerBound ?? LocalDate(year: 1970, month: 1, day: 1)!).adding(days: -10).description
    let to = (coverage?.upperBound ?? LocalDate(year: 2200, month: 12, day: 31)!).adding(days: 10).description
    let rows = try db.rows(
      TransactionRecords.selectColumns + """
         WHERE t.account_id = (SELECT id FROM accounts WHERE name_key = spendly_name_key(?1))
          OR t.counter_account_id = (SELECT id FROM accounts WHERE name_key = spendly_name_key(?1))
          OR (t.date BETWEEN ?2 AND ?3 AND (t.account_id IS NULL OR t.import_source IS NOT NULL))
        ORDER BY t.date, t.id
        """, [.text(account.name), .text(from), .text(to)])
    return try rows.map { row throws -> Transaction in try TransactionRecords.transaction(from: row) }
  }

  /// The latest day an imported statement of the account reached (nil before its first), from
  /// the files of that account alone (a file's last day is its whole file's).
  public func latestEnd(of account: String) throws(StoreError) -> LocalDate? {
    try reading {
      try database.row(
        """
        SELECT max(f.last_date) FROM imported_files f JOIN imported_file_accounts a ON a.file_id = f.id
        WHERE spendly_name_key(a.account) = spendly_name_key(?)
          AND NOT EXISTS (SELECT 1 FROM imported_file_accounts b WHERE b.file_id = f.id AND b.ordinal > 1)
        """, [.text(account)]
      )?.text(0).flatMap { LocalDate(iso: $0) }
    }
  }

  /// An account's sync token: the latest statement end imported, and whether it still holds.
  public func syncToken(_ account: String) throws(StoreError) -> (end: LocalDate?, valid: Bool)? {
    try reading {
      try database.row(
        """
        SELECT t.statement_end, t.valid FROM sync_tokens t JOIN accounts a ON a.id = t.account_id
        WHERE a.name_key = spendly_name_key(?)
        """, [.text(account)]
      ).map { row in (row.text(0).flatMap { LocalDate(iso: $0) }, row.int(1) == 1) }
    }
  }

  /// The booked bank references stored on an account from imports, dated in `range`.
  public func references(_ account: String, in range: ClosedRange<LocalDate>) throws(StoreError) -> Set<String> {
    try reading {
      Set(
        try database.rows(
          """
          SELECT CASE WHEN t.account_id = a.id THEN t.external_ref ELSE t.counter_ref END FROM transactions t
          JOIN accounts a ON a.name_key = spendly_name_key(?1)
          WHERE (t.account_id = a.id OR t.counter_account_id = a.id) AND t.status = 'booked'
            AND t.import_source IS NOT NULL AND t.date BETWEEN ?2 AND ?3
          """, [.text(account), .text(range.lowerBound.description), .text(range.upperBound.description)]
        ).compactMap { $0.text(0) })
    }
  }

  /// The accounts that hold these references, most first: for each, how many of the `own`
  /// references (a bank's own, the same on any account) it holds, and how many in all, with the
  /// `made` ones (made for one account, counted only on it). One statement over both lists.
  public func holders(own: [String], made: [(account: String, reference: String)]) throws(StoreError)
    -> [(account: String, own: Int, all: Int)]
  {
    func json(_ value: some Encodable) -> String {
      (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
    return try reading {
      try database.rows(
        """
        WITH wanted(account, ref) AS (
          SELECT NULL, value FROM json_each(?1)
          UNION SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?2)),
        held(account_id, account, ref) AS (
          SELECT t.account_id, w.account, w.ref FROM wanted w JOIN transactions t ON t.external_ref = w.ref
          UNION ALL
          SELECT t.counter_account_id, w.account, w.ref FROM wanted w JOIN transactions t ON t.counter_ref = w.ref)
        SELECT a.name, count(DISTINCT CASE WHEN h.account IS NULL THEN h.ref END), count(DISTINCT h.ref)
        FROM held h JOIN accounts a ON a.id = h.account_id
        WHERE h.account IS NULL OR a.name_key = spendly_name_key(h.account)
        GROUP BY a.id ORDER BY 3 DESC, 2 DESC, a.name
        """, [.text(json(own)), .text(json(made.map { [$0.account, $0.reference] }))]
      ).compactMap { row in
        guard let name = row.text(0), let own = row.int(1), let all = row.int(2) else { return nil }
        return (name, Int(own), Int(all))
      }
    }
  }

  // MARK: CSV mappings

  /// The bank CSV mapping saved for the account, as text.
  public func mapping(for account: String) throws(StoreError) -> String? {
    try reading {
      try database.row(
        "SELECT m.mapping FROM csv_mappings m JOIN accounts a ON a.id = m.account_id WHERE a.name_key = spendly_name_key(?)",
        [.text(account)])?.text(0)
    }
  }

  /// Saves the mapping for the account (one change, undoable).
  public func saveMapping(_ text: String, for account: String) throws(StoreError) {
    guard try mapping(for: account) != text else { return }
    try change(.mapping, fact: .mappingSaved(account: account)) { log in
      try saveMapping(log, text, for: account)
    }
  }

  func saveMapping(_ log: ChangeRecorder, _ text: String, for account: String) throws {
    guard
      let id = try log.db.row("SELECT id FROM accounts WHERE name_key = spendly_name_key(?)", [.text(account)])?.int(0)
    else { throw StoreError.unknown("account", account) }
    try log.track(.csvMappings, key: .integer(id)) {
      try log.db.run(
        "INSERT INTO csv_mappings(account_id, mapping) VALUES (?, ?) ON CONFLICT DO UPDATE SET mapping = excluded.mapping",
        [.integer(id), .text(text)])
    }
  }

}

extension AccountRecords {
  /// Adds an account as part of the change `log` records (an import that creates one).
  /// Another process that created the same account first makes this a duplicate name, so the
  /// importer can read again and meet the account (and the file) as already there.
  func insert(_ log: ChangeRecorder, _ account: Account) throws {
    if try log.db.row("SELECT 1 FROM accounts WHERE name_key = spendly_name_key(?)", [.text(account.name)]) != nil {
      throw StoreError.duplicateName("account", account.name)
    }
    try log.db.run(
      """
      INSERT INTO accounts(id, name, type, institution, currency, last4, opening, opening_date, closed_on, number)
      VALUES (\(Store.freshID("accounts")), ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(account.name), .text(account.type.rawValue), SQLValue(account.institution), .text(account.currency.code),
        SQLValue(account.last4), .integer(account.opening), SQLValue(account.openingDate?.description),
        SQLValue(account.closedOn?.description), SQLValue(account.number),
      ])
    try log.inserted(.accounts, key: .integer(log.db.lastInsertRowID))
  }

  /// Gives the account `name` names another type, in the change `log` records (undone with it).
  func retype(_ log: ChangeRecorder, _ name: String, to type: AccountType) throws {
    guard let id = try log.db.row("SELECT id FROM accounts WHERE name_key = spendly_name_key(?)", [.text(name)])?.int(0)
    else { throw StoreError.unknown("account", name) }
    try log.track(.accounts, key: .integer(id)) {
      try log.db.run("UPDATE accounts SET type = ? WHERE id = ?", [.text(type.rawValue), .integer(id)])
    }
  }
}
