import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// The interactive shell: `spendly` with no command. Entry phrases become drafts to confirm;
/// command words run the one-shot commands; questions go to the query engine.
final class Shell {
  let context: Context
  let input: LineInput
  var output: Output { context.output }
  /// The confirmation dialogue every entry goes through, on the same input.
  let dialogue: ConfirmDialogue
  var completion: ShellCompletion { dialogue.completion }

  init(context: Context, input: LineInput) {
    self.context = context
    self.input = input
    dialogue = ConfirmDialogue(context: context, input: input)
  }

  /// Runs a shell session on `input` until it ends; returns the exit code (see `run()`).
  static func session(context: Context, input: LineInput) -> Int32 {
    Shell(context: context, input: input).run()
  }

  static let prompt = "spendly> "

  /// Runs until ^D or end of input; returns the exit code: 65 when a scripted (non-terminal)
  /// line failed, so scripts notice; 0 on a terminal, where the person saw each error.
  func run() -> Int32 {
    var failures = 0
    if input.isTerminal {
      output.line("spendly \(CLI.version) · type an expense like '420 upi food lunch at Social', 'help', or ^D to quit")
      // Something recurring not yet logged: one line, so it is never a surprise.
      if let due = try? context.store().schedules.due(today: context.today),
        let notice = RecurringView.dueNotice(due, today: context.today)
      {
        output.line(output.style(notice, .cyan))
      }
    }
    defer { input.close() }
    while true {
      switch readLine(prompt: Shell.prompt, prefill: "", completer: completion.mainPrompt, history: .main) {
      case .end:
        if input.isTerminal { output.line() }
        output.flush()
        return failures > 0 ? 65 : 0
      case .interrupted:
        continue
      case .line(let raw):
        let line = raw.trimmingSpaces()
        if line.isEmpty { continue }
        input.remember(line, in: .main)
        if ["quit", "exit", "q"].contains(line.lowercased()) {
          output.flush()
          return failures > 0 ? 65 : 0
        }
        if !handle(line) && !input.isTerminal { failures += 1 }
      }
    }
  }

  /// Handles one main-prompt line; false when it ended in an error.
  ///
  /// A leading `?` forces a question; a leading `+`, `-` or `add` an entry. Command words run
  /// commands; any other line goes to both parsers (`QueryParser.read`), and a line both read
  /// completely ("food 2025") is put to the person, with no default.
  func handle(_ line: String) -> Bool {
    // Words for routing; an entry phrase keeps its own quoting rules (an apostrophe is text).
    let words = (try? splitWords(line)) ?? line.split(separator: " ").map(String.init)
    let first = words.first?.lowercased() ?? ""
    if first == "help" || line == "?" {
      ShellHelp.show(words.dropFirst().first, output: output, rest: Array(words.dropFirst(2)))
      return true
    }
    if line.hasPrefix("?") { return question(String(line.dropFirst()).trimmingSpaces(), forced: true) }
    if first == "add" && words.count > 1 && !words.dropFirst().contains(where: { $0.hasPrefix("--") }) {
      // The text as typed after "add", quotes and all (note:"lunch at Social").
      return entry(String(line.drop { $0 != " " }).trimmingSpaces())
    }
    // "+ LINE": LINE is an entry, its kind read from its own words ("+2500 freelance", with
    // no space, is income, as the phrase grammar says); "-" forces an entry and marks an expense.
    if line.hasPrefix("+"), line.dropFirst().first?.isWhitespace ?? true {
      let rest = String(line.dropFirst()).trimmingSpaces()
      if rest.isEmpty {
        ShellHelp.show(nil, output: output)
        return true
      }
      return entry(rest)
    }
    if (line.hasPrefix("+") || line.hasPrefix("-")) && !line.hasPrefix("--") { return entry(line) }
    // "food budget 9000", "set food budget to 9000": a budget setting, as "budget food 9000" is
    // (a line starting with another command's word is that command's).
    let budget = budgetSettingCommand
    if route(named: first) == nil || route(named: first)?.command == budget,
      let setting = (try? parser())?.budgetSetting(words)
    {
      // The setting's words go to the budget command as its arguments: no line is built.
      do {
        context.show(try budget.run(try Arguments(setting, specs: budget.specs, command: budget.name), context))
        dialogue.forget()
        return true
      } catch {
        output.error("\(error.message)\(Shell.recordHint(line))")
        return false
      }
    }
    // "edit 12" alone opens the field-by-field review of that transaction.
    if first == "edit", words.count == 2, let id = try? TransactionReference.id(words[1]) {
      return reviewExisting(id)
    }
    if let route = route(named: first) {
      let next = words.dropFirst().first
      switch route.reading {
      case .command:
        return runCommand(route.command, line)
      case .questionUnlessAction:
        // "categories this month" is a question; "categories add Pets" a command.
        guard let next, !route.isAction(next), !next.hasPrefix("-") else { return runCommand(route.command, line) }
      case .questionWhenItReads:
        // "show me food last month", "list expenses over 1000": a question after a command word
        // that takes no such words.
        if let next, !next.hasPrefix("-"), (try? TransactionReference.id(next)) == nil,
          let questions = try? queryParser(), case .question(let query) = questions.read(line, now: context.now)
        {
          return answer(query)
        }
        return runCommand(route.command, line)
      }
    }
    guard let questions = try? queryParser() else { return entry(line) }
    let reading = questions.read(line, now: context.now)
    switch reading {
    case .question(let query):
      return answer(query)
    case .notUnderstood(let error):
      return notUnderstood(line, error)
    case .ambiguous(let query, let draft):
      return choose(line, query: query, draft: draft)
    case .entry:
      return entry(line)
    case .schedule(let schedule):
      return scheduleEntry(schedule)
    }
  }

  /// `?…`: the line is a question, whatever it looks like.
  func question(_ text: String, forced: Bool) -> Bool {
    guard !text.isEmpty else {
      ShellHelp.show(nil, output: output)
      return true
    }
    let questions: QueryParser
    do {
      questions = try queryParser()
    } catch {
      output.error(error.message)
      return false
    }
    do {
      return answer(try questions.parse(text, now: context.now))
    } catch {
      return notUnderstood(text, error)
    }
  }

  func answer(_ query: Query) -> Bool {
    // "when will i be debt free" with no plan made yet: ask for the monthly budget.
    if case .debts(free: true) = query.action, (try? DebtPlanning.remembered(context)) ?? nil == nil {
      guard
        case .line(let answer) = readLine(prompt: "  how much a month for your debts? ", prefill: "", completer: nil),
        !answer.trimmingSpaces().isEmpty
      else {
        output.line("  no plan: 'debts plan --budget 40000' makes one")
        return true
      }
      // The plan on that budget, remembered, as `debts plan --budget` makes it.
      do {
        let budget = try DebtPlanning.budget(answer.trimmingSpaces(), currency: nil, context: context)
        context.show(try DebtPlanning.rendered(budget: budget, remember: true, context: context))
        dialogue.forget()
        return true
      } catch {
        output.error(error.message)
        return false
      }
    }
    do {
      context.show(try Answers(context: context).answer(query))
      return true
    } catch {
      output.error(error.message)
      return false
    }
  }

  func notUnderstood(_ line: String, _ error: QueryError) -> Bool {
    let context = error.words.joined(separator: " ") == line ? "" : " in '\(Render.safe(line))'"
    // A first word near a command's ("lsit"): say which, as the command line does.
    let first = line.split(separator: " ").first.map(String.init) ?? ""
    let near = nearestCommands(to: first)
    if !near.isEmpty, !line.contains(where: \.isNumber) {
      output.error("not understood: '\(Render.safe(first))' is no command\(near)")
      return false
    }
    output.error(
      "\(error.message)\(context). Try a question like \(QueryParser.examples.prefix(4).joined(separator: " · ")), "
        + "an entry like '420 upi food', or 'help'\(Shell.recordHint(line))")
    return false
  }

  /// A line that is both a complete entry and a complete question: the person says which.
  /// There is no default, so Enter alone never saves it.
  func choose(_ line: String, query: Query, draft: TransactionDraft) -> Bool {
    let record = ["record", draft.amount.map { MoneyFormat.string($0) } ?? "", draft.category ?? ""]
      .filter { !$0.isEmpty }.joined(separator: " ")
    let asked =
      "  \(Render.safe(line)) → \(record), or answer \"\(Render.safe(Answers(context: context).question(query)))\"? [e/q] "
    let entryLine = input.lineNumber
    if context.assumeYes && !input.isTerminal {
      // Nobody to ask: refused on its own, the next line is read as a line of its own.
      output.error(
        "line \(entryLine): '\(line)' is both an entry and a question: start it with 'add' to record it, "
          + "'?' to ask it")
      return false
    }
    while true {
      switch readLine(prompt: asked, prefill: "", completer: nil) {
      case .interrupted, .end:
        return dialogue.abandon(entryLine)
      case .line(let answer):
        switch answer.trimmingSpaces().lowercased() {
        case "e", "entry", "record": return entry(line)
        case "q", "question", "answer": return self.answer(query)
        default:
          if !input.isTerminal {
            output.error(
              "line \(input.lineNumber): '\(Render.safe(answer))' does not answer [e/q] for line \(entryLine): "
                + "nothing saved")
            return false
          }
          output.line("  type e to record it as an entry, q to answer the question")
        }
      }
    }
  }

  /// Runs the command that `line` starts with, on the line's other words.
  func runCommand(_ command: any Command.Type, _ line: String) -> Bool {
    do {
      var words = Array(try splitWords(line).dropFirst())
      if words.contains("--help") || words.contains("-h") {
        CLI.printHelp(command, output, words: words)
        return true
      }
      if command.shellPassesYes && !words.contains("--yes") && !words.contains("-y") {
        words.append("--yes")  // the shell asks its own question; field options go straight in
      }
      // `--json` works after a command at the prompt too, for that command only.
      let wantsJSON = words.contains("--json")
      words.removeAll { $0 == "--json" }
      let arguments = try Arguments(words, specs: command.specs, command: command.name)
      try command.checkOptions(arguments)
      let shown = context.json
      context.json = shown || wantsJSON
      defer { context.json = shown }
      context.show(try command.run(arguments, context))
      dialogue.forget()
      return true
    } catch {
      guard error.kind == .usage || error.kind == .data else {
        output.error(error.message)
        return false
      }
      // "upcoming concert tickets 2500 card", "due 500 library fine cash": the words after the
      // command's name are no arguments of it, but the whole line is an entry: show its draft.
      if mayBeEntry(command, line) { return entry(line) }
      output.error("\(error.message)\(Shell.recordHint(line))")
      return false
    }
  }

  /// Whether a line the command refused may be an entry: it names none of the command's
  /// actions and no option (then the person meant the command), and it reads as an entry.
  func mayBeEntry(_ command: any Command.Type, _ line: String) -> Bool {
    let words = ((try? splitWords(line)) ?? []).dropFirst()
    guard let route = routes.first(where: { $0.command == command }), route.mayBeEntry(words) else { return false }
    return readsAsEntry(line)
  }

  /// Whether `line` reads as an entry phrase with an amount.
  func readsAsEntry(_ line: String) -> Bool {
    guard let entries = try? self.parser(), let draft = try? entries.parse(line, now: context.now) else { return false }
    return draft.amount != nil
  }

  /// A word as `splitWords` reads it back.
  static func quoted(_ word: String) -> String {
    word.contains(" ") || word.contains("'") ? "\"" + word + "\"" : word
  }

  /// What ends every refusal of a line: the way to record it anyway.
  static func recordHint(_ line: String) -> String {
    "; to record it: add \(Render.safe(line))"
  }

  func readLine(prompt: String, prefill: String, completer: Completer?, history: HistoryKind = .answer) -> LineResult {
    dialogue.readLine(prompt: prompt, prefill: prefill, completer: completer, history: history)
  }

  func parser() throws(CLIError) -> PhraseParser { try dialogue.parser() }

  /// The question parser on top of the cached phrase parser (dropped with it after a write).
  func queryParser() throws(CLIError) -> QueryParser {
    QueryParser(entry: try parser(), weekStart: context.weekStart)
  }
}

/// Splits a line into words at spaces, keeping quoted text together (quotes removed).
/// `"` quotes anywhere; `'` only at the start of a word, closing before a space or the end,
/// so an apostrophe inside or at the end of a word is text (Joe's, McDonald's, students').
func splitWords(_ line: String) throws(CLIError) -> [String] {
  let scanned = ShellCompletion.openWords(line)
  if scanned.openQuote { throw .usage("unclosed quote") }
  return scanned.typed.isEmpty ? scanned.words : scanned.words + [scanned.partial]
}
