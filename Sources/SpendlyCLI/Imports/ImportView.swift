import SpendlyApp
import SpendlyCore

/// How an import's outcome reads: a line of counts, the matches, the balance check.
enum ImportView {
  static func counts(_ outcome: StatementImporting.Outcome) -> [(String, Int)] {
    [
      ("added", outcome.added), ("duplicates", outcome.seenBefore ?? outcome.total { $0.duplicates }),
      ("possible_duplicates", outcome.total { $0.possibleDuplicates.count }),
      ("matched", outcome.total { $0.matched.count }), ("updated", outcome.total { $0.updated.count }),
      ("removed", outcome.total { $0.removals.count }), ("transfers", outcome.total { $0.transfers }),
    ]
  }

  static func line(_ outcome: StatementImporting.Outcome, dryRun: Bool) -> String {
    if let rows = outcome.seenBefore {
      return
        "\(Render.safe(outcome.file)) (\(outcome.format)): imported before (\(MoneyFormat.count(rows)) row\(rows == 1 ? "" : "s")); nothing changed"
    }
    let parts = counts(outcome).filter { $0.1 > 0 || $0.0 == "added" }.map { key, count in
      let words = key.replacingOccurrences(of: "_", with: " ")
      return "\(count) " + (count == 1 && words.hasSuffix("s") ? String(words.dropLast()) : words)
    }
    let rebuilt = outcome.rebuilt.map { " · rebuilt \(Render.safe($0)) (this file replaces rows imported before)" }
    let created = outcome.created.map { " · new \($0.type.rawValue) account \(Render.safe($0.name))" }
    let footer = outcome.skippedFooterLines
    let settled = outcome.settledByNewer
    let skipped =
      (footer > 0 ? " · skipped \(footer) footer line\(footer == 1 ? "" : "s")" : "")
      + (settled > 0
        ? " · \(settled) pending row\(settled == 1 ? "" : "s") left out (a newer statement settled \(settled == 1 ? "it" : "them"))"
        : "")
    return "\(Render.safe(outcome.file)) (\(outcome.format)): " + (dryRun ? "would be " : "")
      + parts.joined(separator: " · ") + skipped + created.joined() + rebuilt.joined()
  }

  static func rendered(_ outcome: StatementImporting.Outcome, dryRun: Bool, output: Output) -> Rendered {
    Rendered(
      text: {
        var lines = [line(outcome, dryRun: dryRun)]
        for account in outcome.created {
          lines.append(
            "  new \(account.type.rawValue) account \(Render.safe(account.name)) (rename it: spendly accounts rename)")
        }
        for name in outcome.rebuilt {
          lines.append(
            output.style(
              "  \(Render.safe(name)): this file replaces rows imported before; its imported rows were rebuilt from all its files",
              .yellow))
        }
        var sources: [CategorySource: Int] = [:]
        for (_, plan) in outcome.plans {
          for (source, count) in plan.categorySources { sources[source, default: 0] += count }
        }
        if !sources.isEmpty {
          lines.append(
            "  categories: "
              + CategorySource.allCases.compactMap { source in sources[source].map { "\($0) from \(source.rawValue)" } }
              .joined(separator: " · "))
        }
        for (account, plan) in outcome.plans {
          for match in plan.matched {
            let bank = match.bank.map { " ↔ " + Render.safe($0) } ?? ""
            let line =
              "  matched: \(Render.safe(match.typed))\(bank) (line \(match.line) is #\(match.id), \(Render.safe(account)))"
            lines.append(match.certain ? line : output.style(line + " · names differ", .yellow))
          }
          for (line, id) in plan.possibleDuplicates {
            lines.append(
              output.style("  line \(line) looks like #\(id): skipped (--allow-duplicates keeps it)", .yellow))
          }
          for warning in plan.warnings { lines.append(output.style("  " + Render.safe(warning), .yellow)) }
        }
        lines += checks(outcome, output: output)
        if !dryRun && outcome.added + outcome.total({ $0.updates.count + $0.removals.count }) > 0 {
          lines.append(output.style("  'undo' takes this import back", .dim))
        }
        return lines
      },
      json: { json(outcome, dryRun: dryRun) })
  }

  /// Each statement's closing balance beside the computed one: "  HDFC Savings 30 Nov: statement … · agrees".
  static func checks(_ outcome: StatementImporting.Outcome, output: Output) -> [String] {
    outcome.checks.map { check in
      let statement = AccountView.money(check.statement, check.currency)
      let computed = AccountView.money(check.computed, check.currency)
      let head =
        "  \(Render.safe(check.account)) \(check.date.readable): statement \(statement) · computed \(computed) · "
      guard check.statement != check.computed else { return head + output.style("agrees", .green) }
      let difference = Money(minorUnits: check.statement - check.computed, currency: check.currency)
      return head + output.style("differs by \(MoneyFormat.string(difference, signed: true))", .yellow)
    }
  }

  static func json(_ outcome: StatementImporting.Outcome, dryRun: Bool) -> JSON {
    JSON(StatementImportJSON(outcome, dryRun: dryRun))
  }
}

/// A statement import as `import --json` gives it: the counts, the categories' sources, the
/// matches to typed entries and each account's closing balance beside the computed one.
struct StatementImportJSON: Encodable {
  /// A typed entry the file's row was matched to.
  struct Match: Encodable {
    let account: String
    let line: Int
    let id: Int64
    let typed: String
    let bank: String?
    let certain: Bool
  }

  /// What one account gained, and its statement's closing balance beside the computed one
  /// (null when the file gives none).
  struct Account: Encodable {
    let account: String
    let added: Int
    let currency: String?
    let statementBalance: MoneyFigure?
    let computedBalance: MoneyFigure?
    let asOf: String?
    let agrees: Bool?
  }

  let file: String
  let format: String
  let dryRun: Bool
  let counts: Inline<JSONPairs<Int>>
  let skippedFooterLines: Int
  let settledByNewer: Int
  let errors: [String]
  let categories: JSONPairs<Int>
  /// The names of the accounts the import made, as before types were given.
  let createdAccounts: [String]
  let createdAccountTypes: [CreatedAccountJSON]
  let rebuiltAccounts: [String]
  let matches: [Match]
  let accounts: [Account]

  init(_ outcome: StatementImporting.Outcome, dryRun: Bool) {
    file = outcome.file
    format = outcome.format
    self.dryRun = dryRun
    counts = Inline(JSONPairs(ImportView.counts(outcome)))
    skippedFooterLines = outcome.skippedFooterLines
    settledByNewer = outcome.settledByNewer
    errors = outcome.errors
    categories = JSONPairs(
      CategorySource.allCases.map { source in
        (source.rawValue, outcome.plans.reduce(0) { $0 + ($1.plan.categorySources[source] ?? 0) })
      })
    createdAccounts = outcome.created.map(\.name)
    createdAccountTypes = outcome.created.map(CreatedAccountJSON.init)
    rebuiltAccounts = outcome.rebuilt
    matches = outcome.plans.flatMap { account, plan in
      plan.matched.map {
        Match(account: account, line: $0.line, id: $0.id, typed: $0.typed, bank: $0.bank, certain: $0.certain)
      }
    }
    accounts = outcome.plans.map { account, plan in
      let check = outcome.checks.first { $0.account == account }
      return Account(
        account: account, added: plan.adds.count, currency: check?.currency.code,
        statementBalance: check.map { MoneyFigure($0.statement, $0.currency) },
        computedBalance: check.map { MoneyFigure($0.computed, $0.currency) }, asOf: check?.date.description,
        agrees: check.map { $0.statement == $0.computed })
    }
  }
}
