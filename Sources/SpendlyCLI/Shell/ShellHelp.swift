/// `help` and `help WORD` at the shell prompt.
enum ShellHelp {
  static let examples = [
    "420 upi food lunch at Social", "₹1,250.50 cc shopping shirt at Zara yesterday", "coffee 180 cash",
    "paid 600 for groceries at DMart via gpay", "uber 340 travel yesterday 9pm",
    "50 eur dinner at Chez Paul card on 14 aug", "salary 150000 credited", "+2500 freelance",
  ]

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
    output.line("Type an entry phrase, check the draft, press Enter to save (e reviews each field, n discards).")
    output.line()
    output.line("examples:")
    for example in examples { output.line("  " + example) }
    output.line()
    output.line("commands (the same as 'spendly COMMAND'):")
    let width = commands.map { $0.name.count }.max() ?? 0
    for command in commands {
      output.line("  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary)
    }
    output.line("  help WORD" + String(repeating: " ", count: max(2, width - 7)) + "explain a command")
    output.line()
    output.line("? LINE asks LINE as a question; + LINE (a space after +) or add LINE records it as an entry,")
    output.line("of the kind its words say; +2500 or -300 (no space) marks income or an expense.")
    output.line()
    output.line("keys: Tab completes, ↑/↓ history, ^C abandons a draft, ^D quits")
  }
}
