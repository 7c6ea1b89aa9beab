/// `help` and `help WORD` at the shell prompt: one 24-line screen, at most 80 columns.
enum ShellHelp {
  /// The command groups, one line each, in this order; a command missing from them is listed
  /// under "other", so a new command is never left out of the screen.
  static let groups: [(name: String, commands: [String])] = [
    ("record", ["add", "quick", "open", "log-payment", "edit", "delete", "undo", "redo", "parse"]),
    ("ask", ["query", "dashboard", "list", "show", "log", "history", "income", "subscriptions"]),
    ("plan", ["budget", "recurring", "due", "upcoming", "calendar", "debts"]),
    ("accounts", ["accounts", "balance", "reconcile"]),
    ("files", ["import", "export", "sync", "backup", "restore", "report"]),
    ("settings", ["config", "categories", "methods", "completions"]),
  ]

  /// The group lines: `  record    add, quick, ...`, each command of `commands` once.
  static var groupLines: [String] {
    let known = Set(groups.flatMap(\.commands))
    let other = commands.map { $0.name }.filter { !known.contains($0) }
    let rows = groups.map { ($0.name, $0.commands.filter { name in commands.contains { $0.name == name } }) }
      + (other.isEmpty ? [] : [("other", other)])
    return rows.map { name, names in
      "  " + name + String(repeating: " ", count: 10 - name.count) + names.joined(separator: ", ")
    }
  }

  /// The whole screen `help` prints.
  static var lines: [String] {
    ShellGuide.lines + [""] + ["commands (each also runs as 'spendly COMMAND'):"] + groupLines + [
      "",
      "help WORD explains one: help add, help budget set, help report",
    ]
  }

  /// `rest`: the words after WORD (`help debts add` shows the action's help).
  static func show(_ word: String?, output: Output, rest: [String] = []) {
    if let word, let command = command(named: word) {
      CLI.printHelp(command, output, words: rest)
      return
    }
    if let word, !["entry", "phrase", "phrases"].contains(word.lowercased()) {
      output.line("no help for '\(Render.safe(word))'\(nearestCommands(to: word)); try 'help' for the list")
      return
    }
    for line in lines { output.line(line) }
  }
}

/// What the shell understands and its keys: the part of the shell's `help` that `--help` and
/// the man page print too, so all three teach the same thing.
enum ShellGuide {
  static let lines = [
    "At the prompt type an entry or a question (or a command):",
    "  entries   420 upi food lunch at Social, coffee 180 cash, +2500 freelance",
    "  questions food this month, how much do i owe, bills due this week",
    "  ? LINE    asks LINE as a question; + LINE (a space after +) records it as",
    "            an entry; +2500 is income and -300 an expense (no space after it)",
    "keys:",
    "  save? [Y/e/n]  Enter or y saves, e reviews each field, a field's name",
    "            (note, date) changes that one, n discards; in a review < goes",
    "            back a field and >NAME jumps to one (>category); Enter keeps",
    "            a value, typing replaces it, Backspace or ← edits it",
    "  ↑ ↓       recall earlier lines (in a review, the field's earlier values)",
    "  Tab       completes; ^C abandons a draft; ^D, exit or quit leaves",
    "  clear     clears the screen",
  ]
}
