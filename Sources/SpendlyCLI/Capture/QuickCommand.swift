import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly quick`: the guided quick add, one question a line: amount, method, category,
/// merchant, note, each suggested from history; the last Enter saves and the command exits,
/// so a hotkey can open a terminal on it. A usual expense is `420⏎⏎⏎⏎⏎`.
struct QuickCommand: Command {
  static let readsAmounts = true
  static let name = "quick"
  static let summary = "guided quick add: amount, method, category, merchant, note (420⏎ and four Enters)"
  static let help = """
    usage: spendly quick

    Asks one question a line, then saves and exits:
      amount     420, 1,250.50, 1.5k, $45; +2500 records income
      method     a numbered list of your methods: a number, a name (Tab completes),
                 or Enter for the suggested one in [brackets]; ? lists them all
      category   the same
      merchant   Enter for the suggested one in [brackets], - for none, or a name
                 (Tab completes)
      note       optional: Enter for none; this Enter saves
    The method, category and merchant are suggested from your entries of the same
    amount, then within 10%, then half to double (the recent ones weigh more); only
    then from the time of day and how often each was used.
    The answer to the note is the confirmation: there is no save? question, so a usual
    expense is its amount and four Enters after a hotkey: 420⏎ ⏎ ⏎ ⏎ ⏎.
    The saved line is printed. < goes back a question.
    ^C or ^D at any question abandons it: nothing is saved and the exit status is 1.
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
    (input as? EditLineInput)?.endsWithText = true
    defer { input.close() }
    let output = context.output
    output.line(
      "spendly quick · Enter takes the [suggestion] · a number picks · < goes back · ^C or ^D abandons")

    var state = QuickState()
    var step = QuickStep.amount
    while step != .done {
      let answer: Answer
      switch step {
      case .amount: answer = try askAmount(&state, dialogue: dialogue)
      case .method, .category: answer = try askChoice(step, &state, dialogue: dialogue)
      case .merchant, .note: answer = try askText(step, &state, dialogue: dialogue)
      case .done: answer = .next
      }
      switch answer {
      case .next: step = step.next
      case .back: step = step.previous
      case .abandon: return try abandoned(output)
      }
    }

    // Save through the one write path, and say so.
    guard let draft = state.draft, let fields = draft.fields else {
      throw .data("\(state.draft?.missing.map(\.rawValue).joined(separator: ", ") ?? "amount"): missing; nothing saved")
    }
    // A suggested method or category chosen otherwise is kept for the merchant, in the entry's change.
    let saved = try EntrySaving.save(fields, corrections: draft.corrections(of: state.suggested), context: context)
    return EntrySaving.report(
      saved.transaction, draft: draft, today: context.today,
      budgets: BudgetNotice.words(saved.budgets, context: context))
  }

  /// How a question ended: answered, `<` (back a question), or abandoned.
  enum Answer { case next, back, abandon }

  /// The amount: asked until one is read; a draft is made from it (the parser is made while
  /// the person types it), with the history ranked for it.
  static func askAmount(_ state: inout QuickState, dialogue: ConfirmDialogue) throws(CLIError) -> Answer {
    let context = dialogue.context
    let output = dialogue.output
    while true {
      guard case .line(let typed) = dialogue.readLine(prompt: label("amount"), prefill: "", completer: nil) else {
        return .abandon
      }
      var text = typed.trimmingSpaces()
      if text.isEmpty || text == "<" {
        output.line("  an amount is needed (example: \(DraftEdit.example(.amount)))")
        continue
      }
      let parser: PhraseParser
      if let made = state.parser { parser = made } else { parser = try dialogue.parser() }
      state.parser = parser
      var candidate = try context.draft("", parser: parser)
      candidate.time = context.now.time
      do {
        if text.hasPrefix("+") {
          text.removeFirst()
          try DraftEdit.set(.kind, to: Kind.income.rawValue, in: &candidate, parser: parser, today: context.today)
        }
        try DraftEdit.set(.amount, to: text, in: &candidate, parser: parser, today: context.today)
      } catch {
        let hint = error.givesExample ? "" : " (example: \(DraftEdit.example(.amount)))"
        output.line("  " + error.message + hint)
        continue
      }
      if state.entries == nil || state.draft?.kind != candidate.kind {
        state.entries = try context.store().merchants.recentEntries(kind: candidate.kind)
        context.reportLookupFailure()
      }
      state.draft = candidate
      return .next
    }
  }

  /// The method or the category: a numbered list, the suggestion first.
  static func askChoice(_ step: QuickStep, _ state: inout QuickState, dialogue: ConfirmDialogue)
    throws(CLIError) -> Answer
  {
    guard var draft = state.draft, let parser = state.parser, let amount = draft.amount else { return .back }
    let context = dialogue.context
    let entries = state.entries ?? []
    let hour = context.now.time.hour
    let picked: Choice
    if step == .method {
      let methods = QuickSuggestions.methods(
        entries, catalog: parser.catalog.methods.map(\.name), amount: amount, hour: hour,
        preferred: draft.method)
      state.suggested[.method] = methods.first
      picked = choose("method", from: methods, dialogue: dialogue) { parser.method(named: $0) }
      guard case .picked(let method) = picked else { return picked.answer }
      try DraftEdit.set(.method, to: method, in: &draft, parser: parser, today: context.today)
    } else {
      let side = draft.kind.side
      let categories = QuickSuggestions.categories(
        entries, catalog: parser.catalog.categories(on: side).map(\.name), amount: amount, hour: hour,
        fallback: draft.category)
      state.suggested[.category] = categories.first
      picked = choose("category", from: categories, dialogue: dialogue) { typed in
        guard let category = parser.category(named: typed) else { return nil }
        return category.side == side ? category.name : nil
      }
      guard case .picked(let category) = picked else { return picked.answer }
      try DraftEdit.set(.category, to: category, in: &draft, parser: parser, today: context.today)
    }
    state.draft = draft
    return .next
  }

  /// The merchant (suggested from the history: Enter takes it, `-` leaves it blank) or the
  /// note (this Enter saves).
  static func askText(_ step: QuickStep, _ state: inout QuickState, dialogue: ConfirmDialogue)
    throws(CLIError) -> Answer
  {
    guard var draft = state.draft, let parser = state.parser else { return .back }
    let context = dialogue.context
    let field = step == .merchant ? DraftField.merchant : .note
    var suggested: String?
    if field == .merchant, let amount = draft.amount, let category = draft.category {
      suggested = QuickSuggestions.merchant(
        state.entries ?? [], category: category, amount: amount, hour: context.now.time.hour)
    }
    let completer = field == .merchant ? dialogue.completion.field(.merchant, draft: draft) : nil
    let prompt =
      label(field.rawValue)
      + (field == .note
        ? "(optional, Enter saves) "
        : suggested.map { "(optional, - for none) [\(Render.safe($0))] " } ?? "(optional) ")
    guard case .line(let typed) = dialogue.readLine(prompt: prompt, prefill: "", completer: completer) else {
      return .abandon
    }
    var text = typed.trimmingSpaces()
    if text == "<" { return .back }
    if field == .merchant {
      if text.isEmpty { text = suggested ?? "" } else if text == "-" { text = "" }
    }
    do {
      try DraftEdit.set(field, to: text, in: &draft, parser: parser, today: context.today)
    } catch {
      // Refused (a hidden character): said, and asked again.
      dialogue.output.line("  " + error.message)
      return try askText(step, &state, dialogue: dialogue)
    }
    state.draft = draft
    return .next
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

  /// What a list question gave: a choice, `<`, or abandoned.
  enum Choice {
    case picked(String)
    case back
    case abandon

    var answer: Answer {
      switch self {
      case .picked: return .next
      case .back: return .back
      case .abandon: return .abandon
      }
    }
  }

  /// Asks for one of `choices` (the first is the suggestion): Enter takes it, a number picks
  /// any of them (the list shows the first few), a name (Tab completes) is read by `resolve`.
  static func choose(
    _ name: String, from choices: [String], dialogue: ConfirmDialogue, resolve: (String) -> String?
  ) -> Choice {
    guard let suggested = choices.first else { return .abandon }
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
        return .abandon
      }
      let text = typed.trimmingSpaces()
      if text.isEmpty { return .picked(suggested) }
      if text == "<" { return .back }
      if text == "?" {
        let all = choices.enumerated().map { "\($0.offset + 1) \(Render.safe($0.element))" }
        dialogue.output.line("  " + all.joined(separator: ", "))
        continue
      }
      if let number = Int(text) {
        if (1...choices.count).contains(number) { return .picked(choices[number - 1]) }
      } else if let chosen = resolve(text), choices.contains(chosen) {
        return .picked(chosen)
      }
      dialogue.output.line(
        "  '\(Render.safe(text))' is not a \(name) here: a number 1–\(choices.count) (? lists them), a name, "
          + "or Enter for \(Render.safe(suggested))")
    }
  }

  /// Says nothing was saved, and ends with status 1.
  static func abandoned(_ output: Output) throws(CLIError) -> Rendered {
    output.line("  discarded (nothing saved)")
    throw CLIError(.abandoned, "")
  }
}
