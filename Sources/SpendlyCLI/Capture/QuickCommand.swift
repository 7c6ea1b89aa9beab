import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly quick`: the guided quick add, one question a line: amount, method, category,
/// merchant, note; the last Enter saves and the command exits, so a hotkey can open a
/// terminal on it. A usual expense is `420⏎⏎⏎⏎⏎`.
struct QuickCommand: Command {
  static let readsAmounts = true
  static let name = "quick"
  static let summary = "guided quick add: amount, method, category, merchant, note (420 and five Enters)"
  static let help = """
    usage: spendly quick

    Asks one question a line, then saves and exits:
      amount     420, 1,250.50, 1.5k, $45; +2500 records income
      method     a numbered list of your methods, most used first: a number, a name
                 (Tab completes), or Enter for the suggested one in [brackets]
      category   the same, suggested from the categories you used for similar amounts
                 and at this time of day
      merchant   optional: Enter for none (Tab completes merchants)
      note       optional: Enter for none; this Enter saves
    The answer to the note is the confirmation: there is no save? question, so a usual
    expense is five keystrokes after a hotkey: 420⏎ ⏎ ⏎ ⏎ ⏎. The saved line is printed.
    ^C or ^D at any question abandons it and nothing is saved.
    It needs a terminal; scripts use spendly log-payment --yes.

    examples:
      spendly quick
      spendly --db ~/work.db quick
    """
  static let specs: [Arguments.Spec] = []

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(0, 0, command: name, what: "")
    guard context.interactive else {
      throw .usage(
        "'quick' asks its questions on a terminal; a script records with: spendly log-payment --amount 420 --yes")
    }
    let store = try context.store()  // a database that cannot be opened is an error before any question
    if store.isReadOnly {
      throw CLIError(
        .cannotCreate, "database '\(context.databasePath)' is read-only for you: quick could save nothing")
    }
    let input = shellInput(interactive: true, databasePath: context.databasePath)
    guard input.isTerminal else {
      input.close()
      throw .usage("'quick' cannot edit lines on this terminal; use: spendly log-payment --amount 420")
    }
    let dialogue = ConfirmDialogue(context: context, input: input)
    defer { input.close() }
    let output = context.output
    output.line("spendly quick · Enter takes the [suggestion] · a number picks · Tab completes · ^C abandons")

    // 1. The amount (the parser is made while the person types it).
    var draft: TransactionDraft?
    var parser: PhraseParser?
    while draft == nil {
      guard case .line(let typed) = dialogue.readLine(prompt: label("amount"), prefill: "", completer: nil) else {
        return abandoned(output)
      }
      var text = typed.trimmingSpaces()
      if text.isEmpty {
        output.line("  an amount is needed (example: \(DraftEdit.example(.amount)))")
        continue
      }
      let reader: PhraseParser
      if let parser { reader = parser } else { reader = try dialogue.parser() }
      parser = reader
      var candidate = try context.draft("", parser: reader)
      candidate.time = context.now.time
      do {
        if text.hasPrefix("+") {
          text.removeFirst()
          try DraftEdit.set(.kind, to: Kind.income.rawValue, in: &candidate, parser: reader, today: context.today)
        }
        try DraftEdit.set(.amount, to: text, in: &candidate, parser: reader, today: context.today)
        draft = candidate
      } catch {
        output.line("  " + error.message + " (example: \(DraftEdit.example(.amount)))")
      }
    }
    guard var draft, let parser else { return abandoned(output) }

    // 2. and 3. Method and category, each a numbered list with a suggestion.
    let uses = store.merchants.recentUses(kind: draft.kind)
    context.reportLookupFailure()
    let methods = QuickSuggestions.methods(
      uses, catalog: parser.catalog.methods.map(\.name), preferred: draft.method)
    guard let method = choose("method", from: methods, dialogue: dialogue, resolve: { parser.method(named: $0) }) else {
      return abandoned(output)
    }
    try DraftEdit.set(.method, to: method, in: &draft, parser: parser, today: context.today)
    let side = draft.kind.side
    let categories = QuickSuggestions.categories(
      uses, catalog: parser.catalog.categories(on: side).map(\.name), amount: draft.amount!,
      hour: context.now.time.hour, fallback: draft.category)
    let category = choose("category", from: categories, dialogue: dialogue) { typed in
      guard let category = parser.category(named: typed) else { return nil }
      return category.side == side ? category.name : nil
    }
    guard let category else { return abandoned(output) }
    try DraftEdit.set(.category, to: category, in: &draft, parser: parser, today: context.today)

    // 4. Merchant and note, optional.
    for field in [DraftField.merchant, .note] {
      let completer = field == .merchant ? dialogue.completion.field(.merchant, draft: draft) : nil
      let prompt = label(field.rawValue) + (field == .note ? "(optional, Enter saves) " : "(optional) ")
      guard case .line(let typed) = dialogue.readLine(prompt: prompt, prefill: "", completer: completer) else {
        return abandoned(output)
      }
      try DraftEdit.set(field, to: typed, in: &draft, parser: parser, today: context.today)
    }

    // 5. Save through the one write path, and say so.
    guard let fields = draft.fields else {
      throw .data("\(draft.missing.map(\.rawValue).joined(separator: ", ")): missing; nothing saved")
    }
    let saved = try EntrySaving.save(fields, context: context)
    return EntrySaving.report(
      saved.transaction, draft: draft, budgets: BudgetNotice.words(saved.budgets, context: context))
  }

  /// `  amount   : `, as the shell labels its field prompts.
  static func label(_ name: String) -> String {
    "  " + name + String(repeating: " ", count: max(1, 9 - name.count)) + ": "
  }

  /// How many choices the prompt lists: at most nine (one digit each), within about 76 columns.
  static func shown(_ choices: [String], name: String) -> [String] {
    var width = label(name).count + 4 + (choices.first?.count ?? 0)
    var shown: [String] = []
    for (index, choice) in choices.prefix(9).enumerated() {
      width += choice.count + 5
      if width > 76 && !shown.isEmpty { break }
      shown.append("\(index + 1) \(choice)")
    }
    return shown
  }

  /// Asks for one of `choices` (the first is the suggestion): Enter takes it, a listed number
  /// picks one, a name (Tab completes) is read by `resolve`. Nil when abandoned.
  static func choose(
    _ name: String, from choices: [String], dialogue: ConfirmDialogue, resolve: (String) -> String?
  ) -> String? {
    guard let suggested = choices.first else { return nil }
    let listed = shown(choices, name: name)
    let prompt =
      label(name) + "(" + listed.joined(separator: ", ") + (listed.count < choices.count ? ", …" : "")
      + ") [\(Render.safe(suggested))] "
    let completer: Completer = { before in
      let word = before.trimmingSpaces()
      return (before, ShellCompletion.match(word, in: choices))
    }
    while true {
      guard case .line(let typed) = dialogue.readLine(prompt: prompt, prefill: "", completer: completer) else {
        return nil
      }
      let text = typed.trimmingSpaces()
      if text.isEmpty { return suggested }
      if let number = Int(text) {
        if (1...listed.count).contains(number) { return choices[number - 1] }
      } else if let chosen = resolve(text), choices.contains(chosen) {
        return chosen
      }
      dialogue.output.line(
        "  '\(Render.safe(text))' is not a \(name) here: a number 1–\(listed.count), a name (Tab completes), "
          + "or Enter for \(Render.safe(suggested))")
    }
  }

  static func abandoned(_ output: Output) -> Rendered {
    output.line("  discarded (nothing saved)")
    return .nothing
  }
}
