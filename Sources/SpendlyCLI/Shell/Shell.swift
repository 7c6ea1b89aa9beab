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
  /// Why the parsers could not be had for the line being read, if they could not.
  var parserError: CLIError?

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
        output.flush()
        return failures > 0 ? 65 : 0
      case .interrupted:
        continue
      case .line(let raw):
        let line = raw.trimmingSpaces()
        if line.isEmpty { continue }
        input.remember(line, in: .main)
        if Shell.leaveWords.contains(line.lowercased()) {
          output.flush()
          return failures > 0 ? 65 : 0
        }
        if Shell.clearWords.contains(line.lowercased()) {
          clearScreen()
          continue
        }
        if !handle(line) && !input.isTerminal { failures += 1 }
      }
    }
  }

  /// The words that leave the shell, as ^D does.
  static let leaveWords = ["quit", "exit", "q"]
  /// The words that clear the screen (on a terminal; a scripted session ignores them).
  static let clearWords = ["clear", "cls"]

  /// Clears the terminal and puts the cursor at its top, as clear(1) does; nothing off a terminal.
  func clearScreen() {
    output.flush()
    guard input.isTerminal, System.isTerminal(1) else { return }
    writeAll(1, "\u{1B}[H\u{1B}[2J\u{1B}[3J")
  }

  /// Handles one main-prompt line; false when it ended in an error.
  ///
  /// The line is read once (`LineClassifier`, on the routes' `commandTable`); what it is runs:
  /// a command, a question answered, an entry or schedule confirmed, a budget set, a review.
  func handle(_ line: String) -> Bool {
    // Words for routing; an entry phrase keeps its own quoting rules (an apostrophe is text).
    parserError = nil
    let classifier = LineClassifier(commands: commandTable, now: context.now) { [self] in
      do throws(CLIError) {
        return try queryParser()
      } catch {
        parserError = error
        return nil
      }
    }
    return run(classifier.classify(line, words: try? splitWords(line)), line)
  }

  /// Runs what `line` was read as; false when it ended in an error.
  func run(_ reading: LineClass, _ line: String) -> Bool {
    switch reading {
    case .help(let topic):
      // "help debts add": the action's own help.
      let rest = topic == nil ? [] : Array(((try? splitWords(line)) ?? []).dropFirst(2))
      ShellHelp.show(topic, output: output, rest: rest)
      return true
    case .command(let call):
      guard let command = command(named: call.name) else { return false }
      return runCommand(command, line, call: call)
    case .question(let query): return answer(query)
    case .notAQuestion(let error, let asked): return notUnderstood(asked, error)
    case .notUnderstood(let error): return notUnderstood(line, error)
    case .ambiguous(let query, let draft, let entry): return choose(line, query: query, draft: draft, entry: entry)
    case .entry(let draft): return entry(draft)
    case .schedule(let schedule): return scheduleEntry(schedule)
    case .unreadable(let error, let phrase, let schedule):
      output.error(dialogue.scripted(context.refusal(error, phrase: phrase, schedule: schedule).message))
      return false
    case .budget(let setting): return setBudget(setting, line)
    case .review(let id): return reviewExisting(id)
    case .unavailable(let question):
      let message = parserError?.message ?? "the database could not be read"
      output.error(question ? message : dialogue.scripted(message))
      return false
    }
  }

  /// "food budget 9000": the setting's words go to the budget command as its arguments (no line is built).
  func setBudget(_ setting: [String], _ line: String) -> Bool {
    let budget = budgetSettingCommand
    do {
      context.show(try budget.run(try Arguments(setting, specs: budget.specs, command: budget.name), context))
      dialogue.forget()
      return true
    } catch {
      output.error("\(error.message)\(Shell.recordHint(line))")
      return false
    }
  }

  func answer(_ query: Query) -> Bool {
    // "when will i be debt free" with no plan made yet: ask for the monthly budget; without
    // one, the plan on the debts as they are (the one-shot question's answer).
    if case .debts(free: true) = query.action, (try? DebtPlanning.remembered(context)) ?? nil == nil {
      let prompt = "  how much a month for your debts? (Enter: the minimums) "
      guard case .line(let answer) = readLine(prompt: prompt, prefill: "", completer: nil) else {
        output.line("  no plan: 'debts plan --budget 40000' makes one")
        return true
      }
      guard !answer.trimmingSpaces().isEmpty else {
        do {
          context.show(try DebtPlanning.assumed(context: context))
          return true
        } catch {
          output.error(error.message)
          return false
        }
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
    // A question almost understood ("spent this mnth by categroy"): the nearest one it could be.
    if let nearest = error.suggestion, near.isEmpty || line.contains(" ") {
      output.error("\(error.message)\(context); did you mean: \(Render.safe(nearest))?")
      return false
    }
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
  func choose(_ line: String, query: Query, draft: TransactionDraft, entry: LineClass) -> Bool {
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
        case "e", "entry", "record": return run(entry, line)
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

  /// Runs the command that `line` starts with, on the line's other words; when it refuses them,
  /// what the line reads as instead (`call.whenRefused()`), if anything.
  func runCommand(_ command: any Command.Type, _ line: String, call: CommandCall) -> Bool {
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
      let arguments = try command.arguments(words)
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
      // A near miss of a question ("query top 10 merchnts") ends with the nearest one ("did you
      // mean: …?") alone: no draft, no way to record it.
      if error.suggestsQuestion {
        output.error(error.message)
        return false
      }
      if let entry = call.whenRefused() { return run(entry, line) }
      output.error("\(error.message)\(Shell.recordHint(line))")
      return false
    }
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
