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
    let created = outcome.created.map { " · new account \(Render.safe($0))" }
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
        for name in outcome.created {
          lines.append("  new account \(Render.safe(name)) (rename it: spendly accounts rename)")
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
    var pairs: [(String, JSON)] = [
      ("file", .string(outcome.file)), ("format", .string(outcome.format)), ("dry_run", .bool(dryRun)),
    ]
    for (key, count) in counts(outcome) { pairs.append((key, .int(Int64(count)))) }
    pairs.append(("skipped_footer_lines", .int(Int64(outcome.skippedFooterLines))))
    pairs.append(("settled_by_newer", .int(Int64(outcome.settledByNewer))))
    pairs.append(("errors", .array(outcome.errors.map { .string($0) })))
    var categories: [(String, JSON)] = []
    for source in CategorySource.allCases {
      let count = outcome.plans.reduce(0) { $0 + ($1.plan.categorySources[source] ?? 0) }
      categories.append((source.rawValue, .int(Int64(count))))
    }
    pairs.append(("categories", .object(categories)))
    pairs.append(("created_accounts", .array(outcome.created.map { .string($0) })))
    pairs.append(("rebuilt_accounts", .array(outcome.rebuilt.map { .string($0) })))
    var matches: [JSON] = []
    for (account, plan) in outcome.plans {
      for match in plan.matched {
        matches.append(
          .object([
            ("account", .string(account)), ("line", .int(Int64(match.line))), ("id", .int(match.id)),
            ("typed", .string(match.typed)), ("bank", .optional(match.bank)), ("certain", .bool(match.certain)),
          ]))
      }
    }
    pairs.append(("matches", .array(matches)))
    var accounts: [JSON] = []
    for (account, plan) in outcome.plans {
      let check = outcome.checks.first { $0.account == account }
      var entry: [(String, JSON)] = [("account", .string(account)), ("added", .int(Int64(plan.adds.count)))]
      entry.append(("statement_balance", check.map { AccountView.amount($0.statement, $0.currency) } ?? .null))
      entry.append(("computed_balance", check.map { AccountView.amount($0.computed, $0.currency) } ?? .null))
      entry.append(("as_of", .optional(check?.date.description)))
      entry.append(("agrees", check.map { .bool($0.statement == $0.computed) } ?? .null))
      accounts.append(.object(entry))
    }
    pairs.append(("accounts", .array(accounts)))
    return .object(pairs)
  }
}
