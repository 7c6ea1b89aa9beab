import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The entry dialogue: phrase → draft line → `save? [Y/e/n]`, with a field-by-field review.
/// ^C anywhere abandons the draft with nothing saved.
extension Shell {
  /// The review order of fields.
  static let reviewFields: [DraftField] = [
    .amount, .kind, .currency, .category, .method, .merchant, .note, .date, .time,
  ]

  /// Runs the dialogue for one phrase; false when it ended in an error.
  ///
  /// Off a terminal, a line that does not answer `save?` and input that ends before it is
  /// answered are errors naming the line (nothing is dropped silently); `--yes` saves every
  /// complete draft without asking.
  func entry(_ phrase: String) -> Bool {
    let entryLine = input.lineNumber
    let parser: PhraseParser
    var draft: TransactionDraft
    do {
      parser = try self.parser()
      draft = try context.draft(phrase, parser: parser)
    } catch {
      output.error(scripted(error.message))
      return false
    }
    while true {
      // Ask for what is missing: the amount is never invented.
      for field in draft.missing {
        if let why = draft.warnings.first(where: { $0.contains("amount") }), field == .amount {
          output.line("  " + Render.safe(why))
        }
        if context.assumeYes && !input.isTerminal {
          output.error("line \(entryLine): \(field.rawValue) missing: nothing saved")
          return false
        }
        guard ask(field, in: &draft, parser: parser) else { return abandon(entryLine) }
      }
      output.line(DraftView.line(draft, today: context.today, output: output))
      for line in DraftView.notes(draft, output: output) where !line.contains("missing:") { output.line(line) }
      if context.assumeYes { return save(draft) }
      switch readLine(prompt: "  save? [Y/e/n] ", prefill: "", completer: nil) {
      case .interrupted, .end:
        return abandon(entryLine)
      case .line(let answer):
        switch answer.trimmingSpaces().lowercased() {
        case "", "y", "yes":
          return save(draft)
        case "n", "no":
          output.line("  discarded")
          return true
        case "e", "edit":
          guard review(&draft, parser: parser) else { return abandon(entryLine) }
        default:
          guard input.isTerminal else {
            output.line("  discarded (nothing saved)")
            output.error(
              "line \(input.lineNumber): '\(Render.safe(answer))' does not answer save? [Y/e/n] "
                + "for line \(entryLine): nothing saved (answer with an empty line, y, e or n; or run spendly --yes)")
            return false
          }
          output.line("  answer y (or Enter) to save, e to review each field, n to discard")
        }
      }
    }
  }

  /// Nothing saved. Off a terminal, input that ended before the draft was answered is an error.
  func abandon(_ entryLine: Int) -> Bool {
    output.line("  discarded (nothing saved)")
    if inputEnded && !input.isTerminal {
      output.error("line \(entryLine): the input ended before the draft was answered: nothing saved")
      return false
    }
    return true
  }

  /// An error message with the line it came from, in a scripted session.
  func scripted(_ message: String) -> String {
    input.isTerminal || input.lineNumber == 0 ? message : "line \(input.lineNumber): \(message)"
  }

  /// One prompt per field, pre-filled and editable; false when abandoned.
  func review(_ draft: inout TransactionDraft, parser: PhraseParser) -> Bool {
    for field in Shell.reviewFields {
      guard ask(field, in: &draft, parser: parser, prefill: DraftEdit.value(field, of: draft)) else { return false }
    }
    return true
  }

  /// Prompts for one field until a valid value (Enter keeps the pre-filled one); false on ^C.
  func ask(_ field: DraftField, in draft: inout TransactionDraft, parser: PhraseParser, prefill: String = "") -> Bool {
    let label = "  " + field.rawValue + String(repeating: " ", count: max(1, 9 - field.rawValue.count)) + ": "
    var prefill = prefill
    while true {
      let result = readLine(
        prompt: label, prefill: input.isTerminal ? prefill : "", completer: completion.field(field, draft: draft))
      guard case .line(let typed) = result else { return false }
      // Not on a terminal there is no pre-fill: an empty answer keeps the value.
      let text = !input.isTerminal && typed.isEmpty ? prefill : typed
      if text.isEmpty && field == .amount {
        output.line("  amount is needed (example: \(DraftEdit.example(.amount)))")
        continue
      }
      do {
        let wasMissing = draft.missing.contains(field)
        try DraftEdit.set(field, to: text, in: &draft, parser: parser, today: context.today)
        if wasMissing, field == .amount, var words = draft.note?.split(separator: " ").map(String.init),
          let index = words.firstIndex(of: text.trimmingSpaces())
        {
          // "2 coffees 360", answered 360: that number was the amount, not part of the note.
          words.remove(at: index)
          draft.note = words.isEmpty ? nil : words.joined(separator: " ")
        }
        return true
      } catch {
        output.line(
          "  " + error.message + (error.message.contains("(example:") ? "" : " (example: \(DraftEdit.example(field)))"))
        if input.isTerminal { prefill = text }  // off a terminal an empty answer keeps the field's value
      }
    }
  }

  /// Saves through the store and reports the category's month so far.
  func save(_ draft: TransactionDraft) -> Bool {
    guard let fields = draft.fields else {
      output.error("\(draft.missing.map(\.rawValue).joined(separator: ", ")): missing")
      return false
    }
    let saved: Transaction
    do {
      saved = try AddCommand.save(fields, context: context)
    } catch {
      output.error(error.message)
      return false
    }
    var line = "  saved #\(saved.id)"
    if let month = try? monthTotal(saved.fields) {
      let date = saved.fields.date
      let when =
        date.year == context.today.year && date.month == context.today.month
        ? "this month" : "in \(LocalDate.monthAbbreviations[date.month - 1]) \(date.year)"
      line += " · \(saved.fields.category) \(when) \(MoneyFormat.string(month))"
    }
    output.line(line)
    cachedParser = nil
    completion.forget()
    return true
  }

  /// The category's total in the saved transaction's month and currency (an indexed query).
  func monthTotal(_ fields: TransactionFields) throws -> Money {
    let store = try context.store()
    let filter = TransactionFilter(
      kind: fields.kind, category: fields.category, currency: fields.amount.currency,
      from: fields.date.startOfMonth, to: fields.date.endOfMonth)
    let total = try store.total(filter)
    return Money(minorUnits: total, currency: fields.amount.currency)
  }

  /// `edit ID` at the prompt: the review of a stored transaction, then one edit through the store.
  func reviewExisting(_ id: Int64) -> Bool {
    let parser: PhraseParser
    let old: TransactionFields
    do {
      parser = try self.parser()
      old = try existing(id, try context.store()).fields
    } catch {
      output.error(error.message)
      return false
    }
    var draft = TransactionDraft(old)
    output.line(DraftView.line(draft, today: context.today, output: output))
    guard review(&draft, parser: parser), let fields = draft.fields else { return abandon(input.lineNumber) }
    guard fields != old else {
      output.line("  #\(id) unchanged")
      return true
    }
    do {
      _ = try reporting { try context.store().edit(id: id, fields) }
    } catch {
      output.error(error.message)
      return false
    }
    output.line("  updated #\(id)")
    cachedParser = nil
    completion.forget()
    return true
  }
}
