import SpendlyCore
import SpendlyParse
import SpendlyStore

extension Context {
  /// The session's phrase parser (`Session.phraseParser`), after the CLI's own refusal of a
  /// database it cannot open.
  func phraseParser(caching: Bool = false) throws(CLIError) -> PhraseParser {
    _ = try store()
    do {
      return try session.phraseParser(caching: caching)
    } catch {
      throw error.cli
    }
  }

  /// Parses a phrase, turning a phrase error into a one-line data error with its position.
  /// The schedule a phrase with a cadence word makes ("netflix 649 monthly"), nil for an
  /// entry; a schedule phrase that does not read is a data error.
  func scheduleDraft(_ phrase: String, parser: PhraseParser) throws(CLIError) -> ScheduleDraft? {
    do {
      return try parser.schedule(phrase, now: now)
    } catch {
      throw .data(error.message)
    }
  }

  func draft(_ phrase: String, parser: PhraseParser) throws(CLIError) -> TransactionDraft {
    defer { reportLookupFailure() }
    do {
      return try parser.parse(phrase, now: now)
    } catch {
      throw .data(error.rendered(input: phrase, advice: error.seeAlso?.advice))
    }
  }
}

/// How a draft looks: one line, inferred fields marked with `?` (and dimmed on a terminal).
enum DraftView {
  /// The draft's cadence line: "monthly from Sat 31 Jan 2026 · next 28 Feb, 31 Mar, 30 Apr".
  static func cadenceLines(
    _ draft: TransactionDraft, _ cadence: Cadence, end: LocalDate? = nil, today: LocalDate, output: Output,
    stored: [LocalDate] = []
  ) -> [String] {
    let anchor = draft.date
    var next: [LocalDate] = [cadence.next(after: today.adding(days: -1), anchor: anchor)]
    while next.count < 3 { next.append(cadence.next(after: next.last!, anchor: anchor)) }
    if let end { next = next.filter { $0 <= end } }
    let until = end.map { " until \($0.readable)" } ?? ""
    var lines = [
      "  \(cadence.word) from \(anchor.readable)\(until)"
        + (next.isEmpty ? "" : " · next " + next.map { RecurringView.day($0, today: today) }.joined(separator: ", "))
    ]
    // Entries already stored that saving links to their periods (`storedCharges`): not due again.
    if !stored.isEmpty {
      lines.append("  links \(stored.count) \(stored.count == 1 ? "entry" : "entries") already stored")
    }
    let linked = Set(stored)
    // Today's date is due today, as `due` counts it; none after the end.
    let past = cadence.occurrences(from: anchor, to: min(today, end ?? today), anchor: anchor)
      .filter { !linked.contains($0) }.count
    if past > 0 {
      lines.append(
        output.style(
          "  \(past) date\(past == 1 ? "" : "s") up to today will be due ('due' lists them, 'recurring skip' skips one)",
          .dim))
    }
    return lines
  }

  static func line(_ draft: TransactionDraft, today: LocalDate, output: Output) -> String {
    func field(_ text: String, _ name: DraftField) -> String {
      draft.inferred.contains(name) ? output.style(text + "?", .dim) : text
    }
    var parts = [field(draft.kind.rawValue, .kind)]
    parts.append(
      (draft.amount.map { MoneyFormat.string($0) } ?? output.style("amount?", .yellow))
        + (draft.foreignAmount.map { " (originally \(MoneyFormat.string($0)))" } ?? ""))
    if draft.kind == .transfer {
      let source =
        draft.account.map { field(Render.safe($0), .account) } ?? field(Render.safe(draft.method ?? "—"), .method)
      let destination = (draft.counterAccount ?? draft.counterMethod).map { field(Render.safe($0), .to) } ?? "—"
      let (from, to) = Render.untracked(
        source, destination, account: draft.account, counterAccount: draft.counterAccount,
        counterMethod: draft.counterMethod)
      parts.append("\(from) → \(to)")
    } else {
      parts.append(field(Render.safe(draft.method ?? "—"), .method))
      if let account = draft.account { parts.append(field(Render.safe(account), .account)) }
      parts.append(field(Render.safe(draft.category ?? "—"), .category))
    }
    if let merchant = draft.merchant { parts.append(field(Render.safe(merchant), .merchant)) }
    if let note = draft.note { parts.append("\"\(Render.safe(note))\"") }
    parts.append(dayWord(draft.date, today: today) + (draft.time.map { " \($0)" } ?? ""))
    return "  " + parts.joined(separator: "  ")
  }

  /// The lines under the draft: what was inferred, what is missing, warnings.
  static func notes(_ draft: TransactionDraft, output: Output) -> [String] {
    var lines: [String] = []
    let remembered = draft.fromHistory.intersection(draft.inferred)
    let guessed = draft.inferred.subtracting(remembered)
    if !guessed.isEmpty {
      lines.append(output.style("  ? inferred: " + TransactionDraft.names(guessed).joined(separator: ", "), .dim))
    }
    if !remembered.isEmpty {
      lines.append(
        output.style("  ? from your history: " + TransactionDraft.names(remembered).joined(separator: ", "), .dim))
    }
    for field in draft.missing {
      lines.append("  missing: \(field.rawValue)")
    }
    for warning in draft.warnings { lines.append(output.style("  note: " + Render.safe(warning.shown), .yellow)) }
    if let label = draft.recurringLabel {
      lines.append(output.style("  ↻ \(Render.safe(label)): saving logs it as that period's charge", .cyan))
    }
    return lines
  }

  static func json(_ draft: TransactionDraft) -> JSON { JSON(DraftJSON(draft)) }

  /// "today", "yesterday", else the date.
  static func dayWord(_ date: LocalDate, today: LocalDate) -> String {
    if date == today { return "today" }
    if date == today.adding(days: -1) { return "yesterday" }
    return date.description
  }
}

/// A draft as `parse --json` gives it: the fields read so far, what was inferred and what is missing.
struct DraftJSON: Encodable {
  let kind: String
  let amount: String?
  let amountMinor: Int64?
  let currency: String
  let category: String?
  let method: String?
  let merchant: String?
  let note: String?
  let date: String
  let time: String?
  let account: String?
  let toAccount: String?
  let toMethod: String?
  let foreignAmount: String?
  let foreignAmountMinor: Int64?
  let foreignCurrency: String?
  let inferred: [String]
  let missing: [String]
  let warnings: [String]

  init(_ draft: TransactionDraft) {
    kind = draft.kind.rawValue
    amount = draft.amount?.decimalString
    amountMinor = draft.amount?.minorUnits
    currency = draft.currency.code
    category = draft.category
    method = draft.method
    merchant = draft.merchant
    note = draft.note
    date = draft.date.description
    time = draft.time?.description
    account = draft.account
    toAccount = draft.counterAccount
    toMethod = draft.counterMethod
    foreignAmount = draft.foreignAmount?.decimalString
    foreignAmountMinor = draft.foreignAmount?.minorUnits
    foreignCurrency = draft.foreignAmount?.currency.code
    inferred = TransactionDraft.names(draft.inferred)
    missing = draft.missing.map(\.rawValue)
    warnings = draft.warnings.map(\.shown)
  }
}

/// A schedule phrase as `parse --json` gives it: the entry's draft and, beside it, its cadence.
struct ScheduleDraftJSON: Encodable {
  /// How often, from when, until when.
  struct Cadence: Encodable {
    let cadence: String
    let anchor: String
    let end: String?
  }

  let draft: Inline<DraftJSON>
  let schedule: Cadence

  init(_ schedule: ScheduleDraft) {
    draft = Inline(DraftJSON(schedule.entry))
    self.schedule = Cadence(
      cadence: schedule.cadence.word, anchor: schedule.anchor.description, end: schedule.end?.description)
  }
}
