import SpendlyApp
import SpendlyCore
import SpendlyStore

/// How an import of Spendly's own file reads: a line of counts, what it created, what it skipped.
enum SpendlyFileView {
  static func rendered(_ outcome: SpendlyFileImporting.Outcome) -> Rendered {
    let name = outcome.file
    switch outcome.effect {
    case .added(let result):
      let rendered = rows(
        file: name, format: "Spendly CSV", result, dryRun: outcome.dryRun, created: outcome.createdAccounts,
        intoEmpty: outcome.intoEmpty, warnings: outcome.warnings)
      guard !outcome.warnings.isEmpty else { return rendered }
      // On stderr after the summary, and in the JSON.
      return Rendered(
        text: rendered.text, json: rendered.json, warnings: { outcome.warnings.map { "\(name): \($0)" } })
    case .merged(let result, let unreadable):
      let rendered = rows(file: name, format: "Spendly JSON, merged", result, dryRun: outcome.dryRun)
      return Rendered(
        text: {
          var lines = rendered.text()
          lines.insert(
            "  this database has data, so only the file's transactions were merged (its history, budgets, schedules, debts and settings were not; --replace replaces this database with the file, keeping it beside it)",
            at: 1)
          if !unreadable.isEmpty {
            lines.append(
              "  skipped \(unreadable.count) transactions that do not read: \(unreadable.prefix(5).joined(separator: ", "))"
            )
          }
          return lines
        }, json: rendered.json)
    case .restored(let restored, let empty, let kept):
      let dryRun = outcome.dryRun
      let summary =
        "\(Render.safe(name)) (Spendly JSON): "
        + (dryRun
          ? "would restore \(MoneyFormat.count(restored)) rows, replacing \(empty ? "this empty database" : "this database's data")"
          : "restored \(MoneyFormat.count(restored)) rows")
      if dryRun { return .lines([summary]) }
      return Rendered(
        text: {
          [summary, "  this database is now the export's: its history and undo came with it"]
            + (kept.map {
              ["  the database it replaced is kept at \(Render.safe($0)) (spendly restore that file to go back)"]
            }
              ?? [])
        },
        json: {
          JSON(RestoredFileJSON(file: name, rows: restored))
        })
    }
  }

  /// A file's rows added (or merged): the counts, then what the import created.
  static func rows(
    file: String, format: String, _ r: ImportStreamResult, dryRun: Bool,
    created: [SpendlyFileImporting.CreatedAccount] = [], intoEmpty: Bool = false, warnings: [String] = []
  ) -> Rendered {
    Rendered(
      text: {
        // `3 updated · 1 added · 549 unchanged · 1 conflict`: added always, the rest when not zero.
        var parts = r.updated > 0 ? ["\(MoneyFormat.count(r.updated)) updated"] : []
        parts.append("\(MoneyFormat.count(r.added)) added")
        if r.unchanged > 0 { parts.append("\(MoneyFormat.count(r.unchanged)) unchanged") }
        if !r.conflicts.isEmpty {
          parts.append("\(MoneyFormat.count(r.conflicts.count)) conflict\(r.conflicts.count == 1 ? "" : "s")")
        }
        if r.deleted > 0 { parts.append("\(MoneyFormat.count(r.deleted)) deleted") }
        if r.duplicates > 0 { parts.append("\(MoneyFormat.count(r.duplicates)) duplicates skipped") }
        var lines = [
          "\(Render.safe(file)) (\(format)): " + (dryRun ? "would be " : "")
            + parts.joined(separator: " · ")
        ]
        for conflict in r.conflicts.prefix(20) {
          let what = conflict.changed.isEmpty ? "" : " (\(conflict.changed.joined(separator: ", ")))"
          lines.append(
            "  conflict: #\(conflict.id)\(conflict.line > 0 ? " at line \(conflict.line)" : "")\(what): "
              + "\(conflict.reason); left as it is")
        }
        if r.conflicts.count > 20 {
          lines.append("  and \(r.conflicts.count - 20) more conflicts (--json lists them all)")
        }
        if r.missing > 0 {
          lines.append(
            "  \(MoneyFormat.count(r.missing)) row\(r.missing == 1 ? "" : "s") of the export \(r.missing == 1 ? "is" : "are") not in the file: kept (--sync-deletes deletes them)"
          )
        }
        for (what, names) in [("categories", r.createdCategories), ("methods", r.createdMethods)] where !names.isEmpty {
          lines.append("  new \(what): \(names.map(Render.safe).joined(separator: ", "))")
        }
        for account in r.createdAccounts {
          let name = account.name
          // A merged export carries each account's type.
          guard let made = created.first(where: { $0.name == name }) else {
            lines.append("  new \(account.type.rawValue) account \(Render.safe(name))")
            continue
          }
          let why =
            switch made.source {
            case .file: ""
            case .method(let method): " (told from its \(Render.safe(method)) rows; check it: spendly accounts edit)"
            case .name: " (told from its name; check it: spendly accounts edit)"
            case .unknown: " (nothing in the file says its type; check it: spendly accounts edit)"
            }
          lines.append("  new \(account.type.rawValue) account \(Render.safe(name))\(why)")
        }
        if intoEmpty && !r.createdAccounts.isEmpty {
          lines.append(
            "  a CSV holds no opening balances: give each account its own (spendly accounts edit NAME --opening AMOUNT --on DATE), or import the JSON export, which keeps them"
          )
        }
        if r.droppedRecurring > 0 {
          lines.append(
            "  \(r.droppedRecurring) row\(r.droppedRecurring == 1 ? "" : "s") named a schedule this database does not have: kept without it"
          )
        }
        if !dryRun && (r.added > 0 || r.updated > 0 || r.deleted > 0) {
          lines.append("  'undo' takes this import back")
        }
        return lines
      },
      json: {
        JSON(
          FileRowsJSON(
            file: file, format: format, dryRun: dryRun, added: r.added, duplicates: r.duplicates, updated: r.updated,
            unchanged: r.unchanged,
            conflicts: r.conflicts.map {
              FileRowsJSON.Conflict(
                id: $0.id, line: $0.line > 0 ? $0.line : nil, changed: $0.changed, reason: $0.reason)
            },
            deleted: r.deleted, missing: r.missing, createdCategories: r.createdCategories,
            createdMethods: r.createdMethods, createdAccounts: r.createdAccounts.map(\.name),
            createdAccountTypes: r.createdAccounts.map(CreatedAccountJSON.init),
            droppedRecurring: r.droppedRecurring,
            warnings: IfPresent(warnings.isEmpty ? nil : warnings)))
      })
  }
}

/// `import FILE --json` of Spendly's CSV or merged JSON: the counts, each conflict, what the
/// import created, and the file's warnings when it has some.
struct FileRowsJSON: Encodable {
  /// A row left as it is: the transaction, the file's line (null: no row), what it changes, why.
  struct Conflict: Encodable {
    let id: Int64
    let line: Int?
    let changed: [String]
    let reason: String
  }

  let file: String
  let format: String
  let dryRun: Bool
  let added: Int
  let duplicates: Int
  let updated: Int
  let unchanged: Int
  let conflicts: [Conflict]
  let deleted: Int
  let missing: Int
  let createdCategories: [String]
  let createdMethods: [String]
  /// The names of the accounts the import made, as before types were given.
  let createdAccounts: [String]
  let createdAccountTypes: [CreatedAccountJSON]
  let droppedRecurring: Int
  var errors: [String] = []
  let warnings: IfPresent<[String]>
}

/// An account an import made, as `import --json` lists it under `created_account_types` (beside
/// `created_accounts`, its names): its name and its type, in the words `accounts` uses
/// (`{"name": "HDFC Regalia", "type": "card"}`).
struct CreatedAccountJSON: Encodable {
  let name: String
  let type: String

  init(_ account: Account) {
    name = account.name
    type = account.type.rawValue
  }
}

/// `import FILE.json --json` that restored an empty database: every row of the file.
struct RestoredFileJSON: Encodable {
  let file: String
  var format = "Spendly JSON"
  var mode = "restore"
  var dryRun = false
  let rows: Int
  var errors: [String] = []
}
