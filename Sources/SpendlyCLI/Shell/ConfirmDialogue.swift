import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The one confirmation dialogue: the draft line, `save? [Y/e/n]`, and the field-by-field
/// review with `<` back and `>NAME` jumps (as hledger add's stages). The shell, the one-shot
/// commands (add, open, log-payment, recurring add), quick and `due --log` use it; it is built
/// on the terminal input and the context, never on a `Shell`. ^C anywhere abandons the draft.
final class ConfirmDialogue {
  let context: Context
  let input: LineInput
  var output: Output { context.output }
  /// True once the input has ended (^D, or the end of a script).
  var inputEnded = false
  /// Set when a scripted line was refused as no answer (already reported).
  var inputRefused = false
  lazy var completion = ShellCompletion(context: context)
  private var cachedParser: PhraseParser?

  init(context: Context, input: LineInput) {
    self.context = context
    self.input = input
  }

  /// Reads a line after flushing what was printed, so the prompt follows it.
  func readLine(prompt: String, prefill: String, completer: Completer?, history: HistoryKind = .answer) -> LineResult {
    output.flush()
    let result = input.read(prompt: prompt, prefill: prefill, completer: completer, history: history)
    if result == .end {
      inputEnded = true
      // ^D leaves the cursor after the prompt: what follows (discarded, the shell's exit) starts a line.
      if input.isTerminal { output.line() }
    }
    return result
  }

  /// The phrase parser, made once and kept until `forget` (after a write).
  func parser() throws(CLIError) -> PhraseParser {
    if let cachedParser { return cachedParser }
    let parser = try context.phraseParser(caching: true)
    cachedParser = parser
    return parser
  }

  /// `QUESTION [Y/n] ` until it is answered: Enter or y is yes, n is no, and so are ^C and the
  /// end of input; any other answer is explained and asked again, as `save?` is.
  func yes(_ question: String, explain: String) -> Bool {
    while true {
      guard case .line(let typed) = readLine(prompt: "  \(question) [Y/n] ", prefill: "", completer: nil) else {
        return false
      }
      let answer = typed.trimmingSpaces().lowercased()
      if ["", "y", "yes"].contains(answer) { return true }
      if ["n", "no"].contains(answer) { return false }
      output.line("  '\(Render.safe(String(answer.prefix(60))))' does not answer: \(explain)")
    }
  }

  /// Drops the cached parser and completion candidates after a change.
  func forget() {
    cachedParser = nil
    completion.forget()
  }

  /// The review order of fields.
  static let reviewFields: [DraftField] = [
    .amount, .kind, .currency, .category, .method, .account, .to, .merchant, .note, .date, .time,
  ]

  /// Whether the review asks for `field` of this draft: a transfer has a destination and no
  /// category; the account is asked only of a person who keeps accounts.
  static func reviews(_ field: DraftField, of draft: TransactionDraft, parser: PhraseParser) -> Bool {
    switch field {
    case .category: draft.kind != .transfer
    case .to: draft.kind == .transfer
    case .account: !parser.catalog.accounts.isEmpty || draft.account != nil
    default: true
    }
  }

  /// How a confirmation ended.
  enum Decision {
    case save
    /// `o` at a schedule's draft: save it once, as an ordinary entry.
    case once
    case discard
    /// ^C, the end of input, or (off a terminal) a line that is no answer: nothing saved.
    case abandon
  }

  /// For a one-shot command (add, open, recurring add) that asked `save?`: nil to save, else
  /// what it prints instead.
  func unsaved(_ decision: Decision) -> Rendered? {
    switch decision {
    case .save, .once: return nil
    case .discard: return .lines(["  discarded"])
    case .abandon:
      _ = abandon(0)
      return .nothing
    }
  }

  /// Asks for what is missing, after showing what was understood (the amount is never
  /// invented); nil when the draft is complete, else how the dialogue ended.
  func askMissing(
    _ draft: inout TransactionDraft, parser: PhraseParser, entryLine: Int,
    extra: (TransactionDraft) -> [String] = { _ in [] }
  ) -> Bool? {
    if !draft.missing.isEmpty {
      output.line(DraftView.line(draft, today: context.today, output: output))
      for line in extra(draft) { output.line(line) }
      for line in DraftView.notes(draft, output: output) { output.line(line) }
    }
    for field in draft.missing {
      if context.assumeYes && !input.isTerminal {
        output.error("line \(entryLine): \(field.rawValue) missing: nothing saved")
        return false
      }
      guard case .value = ask(field, in: &draft, parser: parser, entryLine: entryLine) else {
        return abandon(entryLine)
      }
    }
    return nil
  }

  /// The draft and `save? [Y/e/n]` until it is answered: Enter or y saves, e reviews every
  /// field, a field's name (`note`, `e date`) edits that one, n discards. Every review ends
  /// back here on the complete draft; nothing is saved straight after a field.
  func confirm(
    _ draft: inout TransactionDraft, parser: PhraseParser, entryLine: Int,
    extra: (TransactionDraft) -> [String] = { _ in [] }, offersOnce: Bool = false
  ) -> Decision {
    let choices = offersOnce ? "[Y/e/o/n]" : "[Y/e/n]"
    while true {
      output.line(DraftView.line(draft, today: context.today, output: output))
      for line in extra(draft) { output.line(line) }
      for line in DraftView.notes(draft, output: output) where !line.contains("missing:") { output.line(line) }
      switch readLine(prompt: "  save? \(choices) ", prefill: "", completer: nil) {
      case .interrupted, .end:
        return .abandon
      case .line(let answer):
        let words = answer.trimmingSpaces().lowercased().split(separator: " ").map(String.init)
        let field = words.last.flatMap(ConfirmDialogue.reviewField(named:))
        switch words.first ?? "" {
        case "", "y", "yes":
          return .save
        case "n", "no":
          return .discard
        case _ where offersOnce && ["o", "once"].contains(words[0]) && words.count == 1:
          return .once
        case _ where ["e", "edit"].contains(words[0]) && words.count == 1:
          guard review(&draft, parser: parser, entryLine: entryLine) else { return .abandon }
        case _ where field != nil && words.count <= 2:
          guard review(&draft, parser: parser, from: field!, only: true, entryLine: entryLine) else { return .abandon }
        default:
          guard input.isTerminal else {
            output.line("  discarded (nothing saved)")
            output.error(
              "line \(input.lineNumber): '\(answer)' does not answer save? \(choices) "
                + "for line \(entryLine): nothing saved "
                + "(answer with an empty line, y, e\(offersOnce ? ", o" : "") or n; "
                + "or run spendly --yes)")
            inputRefused = true
            return .abandon
          }
          output.line(
            "  answer y (or Enter) to save, e to review each field, a field's name to change it, "
              + (offersOnce ? "o to save it once as an entry (no schedule), " : "") + "n to discard")
        }
      }
    }
  }

  /// Nothing saved. Off a terminal, input that ended before the draft was answered, or a line
  /// that was no answer, is an error.
  func abandon(_ entryLine: Int) -> Bool {
    if inputRefused {
      inputRefused = false
      return false
    }
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

  /// The review field a word names (`note`, `merchant`), or nil.
  static func reviewField(named word: String) -> DraftField? {
    reviewFields.first { $0.rawValue == word }
  }

  /// One prompt per field, pre-filled and editable, from `start` (only that one with `only`):
  /// `<` goes back a field, `>NAME` jumps to a field (as hledger add's stages). False on ^C.
  func review(
    _ draft: inout TransactionDraft, parser: PhraseParser, from start: DraftField = .amount, only: Bool = false,
    entryLine: Int? = nil
  ) -> Bool {
    var index = ConfirmDialogue.reviewFields.firstIndex(of: start) ?? 0
    var forward = true
    while index < ConfirmDialogue.reviewFields.count {
      let field = ConfirmDialogue.reviewFields[index]
      if !ConfirmDialogue.reviews(field, of: draft, parser: parser) && !(only && field == start) {
        index = forward ? index + 1 : max(0, index - 1)
        if only { break }
        continue
      }
      forward = true
      switch ask(field, in: &draft, parser: parser, prefill: DraftEdit.value(field, of: draft), entryLine: entryLine) {
      case .abandoned: return false
      case .value: index = only ? ConfirmDialogue.reviewFields.count : index + 1
      case .back:
        index = max(0, index - 1)
        forward = index == 0
      case .jump(let target): index = ConfirmDialogue.reviewFields.firstIndex(of: target) ?? index
      }
    }
    return true
  }

  /// What a field prompt gave.
  enum FieldAnswer {
    case value
    case back
    case jump(DraftField)
    case abandoned
  }

  /// Prompts for one field until a valid value: on a terminal the line is pre-filled with the
  /// value, Enter keeps it and the first printable key typed replaces it (the line editor's
  /// rule, `sp_editor_prefill`, so every review of every command behaves alike), while
  /// Backspace or the arrows first edit it. Up recalls earlier values of this field only. `<` and `>NAME` move in a review.
  /// Off a terminal, a refused value is an error naming its line: the draft is not saved and the
  /// line is not read again as anything else.
  func ask(
    _ field: DraftField, in draft: inout TransactionDraft, parser: PhraseParser, prefill: String = "",
    entryLine: Int? = nil
  ) -> FieldAnswer {
    let label = "  " + field.rawValue + String(repeating: " ", count: max(1, 9 - field.rawValue.count)) + ": "
    let reviewing = !prefill.isEmpty || !draft.missing.contains(field)
    var prefill = prefill
    while true {
      let result = readLine(
        prompt: label, prefill: input.isTerminal ? prefill : "", completer: completion.field(field, draft: draft),
        history: .field(field))
      guard case .line(let typed) = result else { return .abandoned }
      let trimmed = typed.trimmingSpaces()
      // `<` or `>NAME` typed alone, or after the pre-filled value (which need not be erased).
      let shown = input.isTerminal ? prefill : ""
      let move =
        !shown.isEmpty && typed.hasPrefix(shown) && typed != shown
        ? String(typed.dropFirst(shown.count)).trimmingSpaces() : trimmed
      if reviewing && move == "<" { return .back }
      if reviewing, move.hasPrefix(">") {
        if let target = ConfirmDialogue.reviewField(named: move.dropFirst().trimmingSpaces().lowercased()) {
          return .jump(target)
        }
        output.line(
          "  fields: " + ConfirmDialogue.reviewFields.map { ">" + $0.rawValue }.joined(separator: " ") + ", < goes back"
        )
        continue
      }
      // Not on a terminal there is no pre-fill: an empty answer keeps the value.
      let text = !input.isTerminal && typed.isEmpty ? prefill : typed
      if text.isEmpty && field == .amount {
        guard input.isTerminal else {
          output.line("  discarded (nothing saved)")
          output.error(
            "line \(input.lineNumber): an empty line gives no amount, for the draft from line "
              + "\(entryLine ?? input.lineNumber): nothing saved")
          inputRefused = true
          return .abandoned
        }
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
        if !trimmed.isEmpty && trimmed != prefill { input.remember(trimmed, in: .field(field)) }
        return .value
      } catch {
        // The message quotes what was typed: `output.line` sanitizes it like everything printed.
        let advice = error.givesExample ? "" : " (example: \(DraftEdit.example(field)))"
        guard input.isTerminal else {
          output.line("  discarded (nothing saved)")
          output.error(
            "line \(input.lineNumber): \(error.message)\(advice), for the draft from line \(entryLine ?? input.lineNumber): "
              + "nothing saved")
          inputRefused = true
          return .abandoned
        }
        output.line("  " + error.message + advice)
        prefill = text
      }
    }
  }
}
