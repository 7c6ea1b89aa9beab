/// One step of the schema: a short name that identifies it for good (a database records the
/// names it has had, see `Schema.migrate`), what it does, and SQL or Swift (for backfills that
/// SQL alone cannot write).
struct Migration: Sendable {
  let name: String
  let purpose: String
  let run: @Sendable (Database) throws -> Void

  static func sql(_ name: String, _ purpose: String, _ sql: String) -> Migration {
    Migration(name: name, purpose: purpose) { db in try db.execute(sql) }
  }
}

/// The schema as an ordered list of named migrations. A database records the names it has had
/// in `applied_migrations` (one made before that table has had the first `user_version` of
/// them), and `PRAGMA user_version` still counts them, which an older Spendly reads to refuse a
/// newer file.
///
/// Never edit or rename a migration that has shipped, and never insert one: append a new one.
/// (The name columns' and merchant index's old ASCII-only collation went from the early steps'
/// text once `NameKeyMigration` made every name compare by key instead: a database made before
/// keeps it, unused, and its unique names stay as unique; the steps' names did not change.)
enum Schema {
  static let migrations: [Migration] = [
    .sql(
      "core",
      "categories, methods, settings, the change log, revisions and the current view",
      """
      CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE categories(
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        side TEXT NOT NULL CHECK (side IN ('expense', 'income')),
        builtin INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE category_aliases(
        alias TEXT PRIMARY KEY,
        category_id INTEGER NOT NULL REFERENCES categories(id));
      CREATE TABLE methods(
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        builtin INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE method_aliases(
        alias TEXT PRIMARY KEY,
        method_id INTEGER NOT NULL REFERENCES methods(id));
      CREATE TABLE changes(
        id INTEGER PRIMARY KEY,
        action TEXT NOT NULL,
        recorded_at TEXT NOT NULL,
        undoes INTEGER REFERENCES changes(id),
        undone_by INTEGER REFERENCES changes(id));
      CREATE TABLE revisions(
        id INTEGER PRIMARY KEY,
        txn_id INTEGER NOT NULL,
        change_id INTEGER NOT NULL REFERENCES changes(id),
        live INTEGER NOT NULL,
        kind TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL,
        category_id INTEGER NOT NULL, method_id INTEGER NOT NULL,
        merchant TEXT, note TEXT, date TEXT NOT NULL, time TEXT,
        recurring_id INTEGER, import_source TEXT, external_ref TEXT, status TEXT NOT NULL,
        foreign_amount INTEGER, foreign_currency TEXT, rate TEXT,
        recorded_at TEXT NOT NULL);
      CREATE INDEX revisions_by_txn ON revisions(txn_id, id);
      CREATE INDEX revisions_by_change ON revisions(change_id);
      CREATE TABLE transactions(
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        revision_id INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('expense', 'income')),
        amount INTEGER NOT NULL CHECK (amount > 0),
        currency TEXT NOT NULL,
        category_id INTEGER NOT NULL REFERENCES categories(id),
        method_id INTEGER NOT NULL REFERENCES methods(id),
        merchant TEXT, note TEXT,
        date TEXT NOT NULL, time TEXT,
        recurring_id INTEGER, import_source TEXT, external_ref TEXT,
        status TEXT NOT NULL DEFAULT 'booked',
        foreign_amount INTEGER, foreign_currency TEXT, rate TEXT,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE INDEX transactions_by_date ON transactions(date, time, id);
      INSERT INTO settings(key, value) VALUES ('default_currency', 'INR'), ('default_method', 'Cash'),
        ('default_card', 'Credit Card'), ('week_start', 'monday');
      INSERT INTO categories(name, side, builtin) VALUES
        ('Food', 'expense', 1), ('Groceries', 'expense', 1), ('Shopping', 'expense', 1),
        ('Travel', 'expense', 1), ('Transport', 'expense', 1), ('Bills', 'expense', 1),
        ('Rent', 'expense', 1), ('Health', 'expense', 1), ('Entertainment', 'expense', 1),
        ('Education', 'expense', 1), ('Other', 'expense', 1),
        ('Salary', 'income', 1), ('Freelance', 'income', 1), ('Interest', 'income', 1),
        ('Refund', 'income', 1), ('Gift', 'income', 1), ('Other income', 'income', 1);
      INSERT INTO methods(name, builtin) VALUES ('Cash', 1), ('UPI', 1), ('Credit Card', 1),
        ('Debit Card', 1), ('Bank Transfer', 1), ('Other', 1);
      """),
    .sql(
      "history-indexes",
      "indexes for the phrase parser's history lookups and for filters and imports",
      """
      CREATE INDEX transactions_by_merchant ON transactions(merchant, date, id)
        WHERE merchant IS NOT NULL;
      CREATE INDEX transactions_by_category ON transactions(category_id, date);
      CREATE INDEX transactions_by_external_ref ON transactions(external_ref) WHERE external_ref IS NOT NULL;
      """),
    .sql(
      "report-index",
      "a covering index for reports over a period (totals, breakdowns, trends)",
      "CREATE INDEX transactions_report ON transactions(date, kind, currency, category_id, method_id, amount);"),
    .sql(
      "default-income-method",
      "income that names no method is taken as a bank transfer (a setting, so it can change)",
      "INSERT OR IGNORE INTO settings(key, value) VALUES ('default_income_method', 'Bank Transfer');"),
    .sql(
      "change-rows",
      "one change log for every record: plain words, redo, and the catalog and settings rows each change touched",
      """
      ALTER TABLE changes ADD COLUMN summary TEXT;
      ALTER TABLE changes ADD COLUMN redoes INTEGER REFERENCES changes(id);
      CREATE TABLE change_rows(
        id INTEGER PRIMARY KEY,
        change_id INTEGER NOT NULL REFERENCES changes(id),
        tbl TEXT NOT NULL,
        row_key TEXT NOT NULL,
        before TEXT,
        after TEXT);
      CREATE INDEX change_rows_by_change ON change_rows(change_id, id);
      """),
    Migration(
      name: "summary-backfill", purpose: "plain words for the changes made before the log had them",
      run: backfillSummaries),
    Migration(
      name: "budgets-and-month-totals",
      purpose: "budgets, and each month's totals kept by triggers so a budget never scans transactions"
    ) { db in
      // The backfill adds up with spendly_month_total, which keeps a sum past Int64 as 1e19 (as the triggers do).
      try db.defineCheckedSum()
      try db.execute(budgetsAndMonthTotals)
    },
    .sql(
      "month-totals-by-target",
      "month totals by budget target, so a carry-over chain reads only its own rows",
      "CREATE INDEX month_totals_by_target ON month_totals(currency, kind, category_id, month);"),
    .sql(
      "schedules",
      "schedules (subscriptions and income sources) with their price changes and skipped occurrences",
      """
      CREATE TABLE schedules(
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('expense', 'income')),
        amount INTEGER NOT NULL CHECK (amount > 0),
        currency TEXT NOT NULL,
        category_id INTEGER NOT NULL REFERENCES categories(id),
        method_id INTEGER NOT NULL REFERENCES methods(id),
        name TEXT NOT NULL, note TEXT,
        cadence TEXT NOT NULL, anchor TEXT NOT NULL, end_date TEXT, paused_since TEXT);
      CREATE TABLE schedule_prices(
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        schedule_id INTEGER NOT NULL REFERENCES schedules(id),
        from_date TEXT NOT NULL, amount INTEGER NOT NULL CHECK (amount > 0));
      CREATE TABLE schedule_skips(
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        schedule_id INTEGER NOT NULL REFERENCES schedules(id),
        date TEXT NOT NULL, UNIQUE (schedule_id, date));
      CREATE INDEX transactions_by_recurring ON transactions(recurring_id, date) WHERE recurring_id IS NOT NULL;
      """),
    .sql(
      "debts",
      "debts, a Debt category for their payments, and the debt a transaction pays",
      """
      CREATE TABLE debts(
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('loan', 'card', 'other')),
        balance INTEGER NOT NULL CHECK (balance >= 0), currency TEXT NOT NULL, start_date TEXT NOT NULL,
        apr TEXT NOT NULL, min_amount INTEGER, min_percent TEXT, min_floor INTEGER,
        due_day INTEGER NOT NULL CHECK (due_day BETWEEN 1 AND 31), term INTEGER);
      ALTER TABLE transactions ADD COLUMN debt_id INTEGER;
      ALTER TABLE revisions ADD COLUMN debt_id INTEGER;
      CREATE INDEX transactions_by_debt ON transactions(debt_id, date) WHERE debt_id IS NOT NULL;
      INSERT INTO categories(id, name, side, builtin)
        SELECT (SELECT coalesce(max(m), 0) + 1 FROM (SELECT max(id) AS m FROM categories UNION ALL
            SELECT max(CAST(row_key AS INTEGER)) FROM change_rows WHERE tbl = 'categories')),
          'Debt', 'expense', 1
        WHERE NOT EXISTS (SELECT 1 FROM categories WHERE spendly_name_key(name) = 'debt')
          AND NOT EXISTS (SELECT 1 FROM category_aliases WHERE spendly_name_key(alias) = 'debt');
      """),
    .sql(
      "accounts-and-transfers",
      "accounts with their aliases, methods and statement balances; transfers, statuses and posted dates on transactions",
      accountsAndTransfers),
    .sql(
      "statement-imports",
      "statement imports: the bank's number of an account, MCCs and a transfer's second reference, imported files, CSV mappings and sync tokens",
      """
      ALTER TABLE accounts ADD COLUMN number TEXT;
      ALTER TABLE transactions ADD COLUMN mcc INTEGER;
      ALTER TABLE transactions ADD COLUMN counter_ref TEXT;
      ALTER TABLE revisions ADD COLUMN mcc INTEGER;
      ALTER TABLE revisions ADD COLUMN counter_ref TEXT;
      CREATE INDEX transactions_by_counter_ref ON transactions(counter_ref) WHERE counter_ref IS NOT NULL;
      CREATE TABLE imported_files(
        id INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL, path TEXT, format TEXT NOT NULL, accounts TEXT NOT NULL,
        rows INTEGER NOT NULL, first_date TEXT, last_date TEXT, imported_at TEXT NOT NULL);
      CREATE TABLE csv_mappings(
        account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
        mapping TEXT NOT NULL);
      CREATE TABLE sync_tokens(
        account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
        statement_end TEXT, refs INTEGER NOT NULL DEFAULT 0, valid INTEGER NOT NULL DEFAULT 1);
      """),
    Migration(
      name: "migration-names",
      purpose: "the migrations a database has had, recorded by name (those before this one: its user_version)",
      run: recordMigrationNames),
    NameKeyMigration.migration,
    ImportedFileAccountsMigration.migration,
    ChangeFactsMigration.migration,
    .sql(
      "merchant-corrections",
      "the category or method a person corrected in review for a merchant, which later drafts for it take",
      """
      CREATE TABLE merchant_corrections(
        key TEXT PRIMARY KEY,
        merchant_key TEXT NOT NULL,
        field TEXT NOT NULL CHECK (field IN ('category', 'method')),
        value TEXT NOT NULL,
        corrected_at TEXT NOT NULL,
        UNIQUE (merchant_key, field));
      """),
    Lineage.migration,
    Rollups.migration,
    Rollups.compactTriggers,
    Rollups.merchantYears,
    Rollups.kindDays,
    Rollups.merchantRanks,
    KindCheckMigration.migration,
    ThinRevisionsMigration.migration,
    Rollups.shortTriggers,
  ]

  /// Transfers have no category, so `transactions` and `revisions` are rebuilt (SQLite cannot
  /// loosen a CHECK or NOT NULL in place), keeping every row, id, index and the id sequence;
  /// the month-totals triggers come back without transfers, which no budget counts.
  static let accountsAndTransfers = """
    CREATE TABLE accounts(
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL CHECK (type IN ('savings', 'current', 'cash', 'wallet', 'card', 'loan')),
      institution TEXT, currency TEXT NOT NULL, last4 TEXT,
      opening INTEGER NOT NULL DEFAULT 0, opening_date TEXT, closed_on TEXT);
    CREATE TABLE account_aliases(
      alias TEXT PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id));
    CREATE TABLE account_methods(
      method_id INTEGER PRIMARY KEY REFERENCES methods(id),
      account_id INTEGER NOT NULL REFERENCES accounts(id));
    CREATE TABLE statement_balances(
      id INTEGER PRIMARY KEY,
      account_id INTEGER NOT NULL REFERENCES accounts(id),
      kind TEXT NOT NULL CHECK (kind IN ('booked', 'available')),
      amount INTEGER NOT NULL, as_of TEXT NOT NULL, source TEXT);
    CREATE INDEX statement_balances_by_account ON statement_balances(account_id, as_of);

    CREATE TABLE transactions_rebuilt(
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      revision_id INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('expense', 'income', 'transfer')),
      amount INTEGER NOT NULL CHECK (amount > 0),
      currency TEXT NOT NULL,
      category_id INTEGER REFERENCES categories(id),
      method_id INTEGER NOT NULL REFERENCES methods(id),
      merchant TEXT, note TEXT,
      date TEXT NOT NULL, time TEXT,
      recurring_id INTEGER, import_source TEXT, external_ref TEXT,
      status TEXT NOT NULL DEFAULT 'booked',
      foreign_amount INTEGER, foreign_currency TEXT, rate TEXT,
      debt_id INTEGER,
      account_id INTEGER REFERENCES accounts(id),
      counter_account_id INTEGER REFERENCES accounts(id),
      counter_method_id INTEGER REFERENCES methods(id),
      entry TEXT NOT NULL,
      posted_date TEXT,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
    INSERT INTO transactions_rebuilt(id, revision_id, kind, amount, currency, category_id, method_id, merchant,
        note, date, time, recurring_id, import_source, external_ref, status, foreign_amount, foreign_currency, rate,
        debt_id, entry, created_at, updated_at)
      SELECT id, revision_id, kind, amount, currency, category_id, method_id, merchant, note, date, time,
        recurring_id, import_source, external_ref, status, foreign_amount, foreign_currency, rate, debt_id,
        CASE kind WHEN 'income' THEN 'credit' ELSE 'debit' END, created_at, updated_at
      FROM transactions;
    CREATE TEMP TABLE kept_sequence AS SELECT seq FROM sqlite_sequence WHERE name = 'transactions';
    DROP TABLE transactions;
    ALTER TABLE transactions_rebuilt RENAME TO transactions;
    DELETE FROM sqlite_sequence WHERE name = 'transactions';
    INSERT INTO sqlite_sequence(name, seq)
      SELECT 'transactions', max(coalesce((SELECT seq FROM kept_sequence), 0),
        coalesce((SELECT max(id) FROM transactions), 0));
    DROP TABLE kept_sequence;
    CREATE INDEX transactions_by_date ON transactions(date, time, id);
    CREATE INDEX transactions_by_merchant ON transactions(merchant, date, id)
      WHERE merchant IS NOT NULL;
    CREATE INDEX transactions_by_category ON transactions(category_id, date);
    CREATE INDEX transactions_by_external_ref ON transactions(external_ref) WHERE external_ref IS NOT NULL;
    CREATE INDEX transactions_report ON transactions(date, kind, currency, category_id, method_id, amount, status);
    CREATE INDEX transactions_by_recurring ON transactions(recurring_id, date) WHERE recurring_id IS NOT NULL;
    CREATE INDEX transactions_by_debt ON transactions(debt_id, date) WHERE debt_id IS NOT NULL;
    CREATE INDEX transactions_by_account ON transactions(account_id, date) WHERE account_id IS NOT NULL;
    CREATE INDEX transactions_by_counter_account ON transactions(counter_account_id, date)
      WHERE counter_account_id IS NOT NULL;

    CREATE TABLE revisions_rebuilt(
      id INTEGER PRIMARY KEY,
      txn_id INTEGER NOT NULL,
      change_id INTEGER NOT NULL REFERENCES changes(id),
      live INTEGER NOT NULL,
      kind TEXT NOT NULL, amount INTEGER NOT NULL, currency TEXT NOT NULL,
      category_id INTEGER, method_id INTEGER NOT NULL,
      merchant TEXT, note TEXT, date TEXT NOT NULL, time TEXT,
      recurring_id INTEGER, import_source TEXT, external_ref TEXT, status TEXT NOT NULL,
      foreign_amount INTEGER, foreign_currency TEXT, rate TEXT, debt_id INTEGER,
      account_id INTEGER, counter_account_id INTEGER, counter_method_id INTEGER, entry TEXT NOT NULL,
      posted_date TEXT,
      recorded_at TEXT NOT NULL);
    INSERT INTO revisions_rebuilt(id, txn_id, change_id, live, kind, amount, currency, category_id, method_id,
        merchant, note, date, time, recurring_id, import_source, external_ref, status, foreign_amount,
        foreign_currency, rate, debt_id, entry, recorded_at)
      SELECT id, txn_id, change_id, live, kind, amount, currency, category_id, method_id, merchant, note, date, time,
        recurring_id, import_source, external_ref, status, foreign_amount, foreign_currency, rate, debt_id,
        CASE kind WHEN 'income' THEN 'credit' ELSE 'debit' END, recorded_at
      FROM revisions;
    DROP TABLE revisions;
    ALTER TABLE revisions_rebuilt RENAME TO revisions;
    CREATE INDEX revisions_by_txn ON revisions(txn_id, id);
    CREATE INDEX revisions_by_change ON revisions(change_id);

    \(monthTotalsInsertTrigger)
    CREATE TRIGGER month_totals_delete AFTER DELETE ON transactions WHEN OLD.kind != 'transfer' BEGIN
      UPDATE month_totals
        SET total = CASE WHEN typeof(total) = 'integer' THEN total - OLD.amount ELSE total END, count = count - 1
      WHERE month = substr(OLD.date, 1, 7) AND category_id = OLD.category_id AND currency = OLD.currency
        AND kind = OLD.kind AND status = OLD.status;
      DELETE FROM month_totals WHERE count <= 0 AND month = substr(OLD.date, 1, 7)
        AND category_id = OLD.category_id AND currency = OLD.currency AND kind = OLD.kind AND status = OLD.status;
    END;
    CREATE TRIGGER month_totals_update
    AFTER UPDATE OF date, category_id, currency, kind, status, amount ON transactions BEGIN
      UPDATE month_totals
        SET total = CASE WHEN typeof(total) = 'integer' THEN total - OLD.amount ELSE total END, count = count - 1
      WHERE OLD.kind != 'transfer' AND month = substr(OLD.date, 1, 7) AND category_id = OLD.category_id
        AND currency = OLD.currency AND kind = OLD.kind AND status = OLD.status;
      DELETE FROM month_totals WHERE OLD.kind != 'transfer' AND count <= 0 AND month = substr(OLD.date, 1, 7)
        AND category_id = OLD.category_id AND currency = OLD.currency AND kind = OLD.kind AND status = OLD.status;
      INSERT INTO month_totals
        SELECT substr(NEW.date, 1, 7), NEW.category_id, NEW.currency, NEW.kind, NEW.status, NEW.amount, 1
        WHERE NEW.kind != 'transfer'
      ON CONFLICT DO UPDATE SET
        total = CASE WHEN typeof(total) = 'integer' THEN total + excluded.total ELSE total END, count = count + 1;
    END;
    """

  /// The month totals' insert trigger as the migrations from 11 to `rollups` made it (which
  /// replaced it with `Rollups.insertTrigger`): shipped migrations' text, never changed.
  static let monthTotalsInsertTrigger = """
    CREATE TRIGGER month_totals_insert AFTER INSERT ON transactions WHEN NEW.kind != 'transfer' BEGIN
      INSERT INTO month_totals VALUES
        (substr(NEW.date, 1, 7), NEW.category_id, NEW.currency, NEW.kind, NEW.status, NEW.amount, 1)
      ON CONFLICT DO UPDATE SET
        total = CASE WHEN typeof(total) = 'integer' THEN total + excluded.total ELSE total END, count = count + 1;
    END;
    """

  static let budgetsAndMonthTotals = """
    CREATE TABLE budgets(
      id INTEGER PRIMARY KEY,
      category_id INTEGER REFERENCES categories(id),
      currency TEXT NOT NULL,
      scope TEXT NOT NULL CHECK (scope IN ('from', 'month')),
      month TEXT NOT NULL,
      amount INTEGER CHECK (amount >= 0),
      rollover INTEGER NOT NULL DEFAULT 0);
    CREATE UNIQUE INDEX budgets_by_target ON budgets(ifnull(category_id, 0), currency, scope, month);
    CREATE TABLE month_totals(
      month TEXT NOT NULL, category_id INTEGER NOT NULL, currency TEXT NOT NULL, kind TEXT NOT NULL,
      status TEXT NOT NULL, total INTEGER NOT NULL, count INTEGER NOT NULL,
      PRIMARY KEY (month, category_id, currency, kind, status)) WITHOUT ROWID;
    INSERT INTO month_totals
      SELECT substr(date, 1, 7), category_id, currency, kind, status,
        spendly_month_total(amount), count(*)
      FROM transactions GROUP BY 1, 2, 3, 4, 5;
    CREATE TRIGGER month_totals_insert AFTER INSERT ON transactions BEGIN
      INSERT INTO month_totals VALUES
        (substr(NEW.date, 1, 7), NEW.category_id, NEW.currency, NEW.kind, NEW.status, NEW.amount, 1)
      ON CONFLICT DO UPDATE SET
        total = CASE WHEN typeof(total) = 'integer' THEN total + excluded.total ELSE total END, count = count + 1;
    END;
    CREATE TRIGGER month_totals_delete AFTER DELETE ON transactions BEGIN
      UPDATE month_totals
        SET total = CASE WHEN typeof(total) = 'integer' THEN total - OLD.amount ELSE total END, count = count - 1
      WHERE month = substr(OLD.date, 1, 7) AND category_id = OLD.category_id AND currency = OLD.currency
        AND kind = OLD.kind AND status = OLD.status;
      DELETE FROM month_totals WHERE count <= 0 AND month = substr(OLD.date, 1, 7)
        AND category_id = OLD.category_id AND currency = OLD.currency AND kind = OLD.kind AND status = OLD.status;
    END;
    CREATE TRIGGER month_totals_update
    AFTER UPDATE OF date, category_id, currency, kind, status, amount ON transactions BEGIN
      UPDATE month_totals
        SET total = CASE WHEN typeof(total) = 'integer' THEN total - OLD.amount ELSE total END, count = count - 1
      WHERE month = substr(OLD.date, 1, 7) AND category_id = OLD.category_id AND currency = OLD.currency
        AND kind = OLD.kind AND status = OLD.status;
      DELETE FROM month_totals WHERE count <= 0 AND month = substr(OLD.date, 1, 7)
        AND category_id = OLD.category_id AND currency = OLD.currency AND kind = OLD.kind AND status = OLD.status;
      INSERT INTO month_totals VALUES
        (substr(NEW.date, 1, 7), NEW.category_id, NEW.currency, NEW.kind, NEW.status, NEW.amount, 1)
      ON CONFLICT DO UPDATE SET
        total = CASE WHEN typeof(total) = 'integer' THEN total + excluded.total ELSE total END, count = count + 1;
    END;
    """

  /// Changes recorded before summaries existed say what they did from their revisions:
  /// "added #3", "edited #2", "imported 214 transactions", "undid: added #3".
  static func backfillSummaries(_ db: Database) throws {
    let verbs = ["add": "added", "edit": "edited", "delete": "deleted", "import": "imported"]
    for row in try db.rows("SELECT id, action, undoes FROM changes WHERE summary IS NULL ORDER BY id") {
      guard let id = row.int(0), let action = row.text(1) else { continue }
      let ids = try db.rows("SELECT DISTINCT txn_id FROM revisions WHERE change_id = ? ORDER BY txn_id", [.integer(id)])
        .compactMap { $0.int(0) }
      let what = ids.count == 1 ? "#\(ids[0])" : "\(ids.count) transactions"
      let summary: String
      if action == "undo", let undone = row.int(2) {
        let earlier = try db.row("SELECT summary FROM changes WHERE id = ?", [.integer(undone)])?.text(0)
        summary = "undid: " + (earlier ?? what)
      } else {
        summary = "\(verbs[action] ?? action) \(what)"
      }
      try db.run("UPDATE changes SET summary = ? WHERE id = ?", [.text(summary), .integer(id)])
    }
  }
}
