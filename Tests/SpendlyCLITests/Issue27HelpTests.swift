import Foundation
import SpendlyTestSupport
import Testing

@testable import SpendlyCLI

/// Issue 27, "Help that teaches": the shell's help fits one screen, the three helps teach the
/// shell's words and keys, `clear` is understood, and Tab completes what each place takes.
@Suite("help that teaches")
struct Issue27HelpTests {
  /// The shell's `help`: at most 24 lines of at most 80 columns, every command in a group.
  @Test func shellHelpFitsOneScreen() throws {
    let lines = ShellHelp.lines
    #expect(lines.count <= 24, "\(lines.count) lines")
    for line in lines { #expect(line.count <= 80, "\(line.count) columns: \(line)") }
    for group in ["record", "ask", "plan", "accounts", "files", "settings"] {
      #expect(lines.contains { $0.hasPrefix("  " + group + " ") }, "no '\(group)' line")
    }
    #expect(!lines.contains { $0.hasPrefix("  other ") }, "a command is in no group")
    let listed = ShellHelp.groupLines.flatMap {
      $0.dropFirst(12).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    #expect(Set(listed) == Set(commands.map { $0.name }))
    #expect(listed.count == commands.count, "a command is listed twice")
    let files = try #require(lines.first { $0.hasPrefix("  files ") })
    #expect(files.hasSuffix("import, export, sync, backup, restore, report"))
    #expect(lines.last?.hasPrefix("help WORD") == true)
    // Three examples each of entries and questions.
    for kind in ["entries", "questions"] {
      let line = try #require(lines.first { $0.hasPrefix("  " + kind + " ") })
      #expect(line.split(separator: ",").count == 3, "\(line)")
    }
  }

  /// The shell prints that screen for `help`, and `clear` is understood (not an error) when piped.
  @Test func shellHelpAndClear() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run([], input: Data("help\nclear\nquit\n".utf8))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.stdout.contains(ShellHelp.lines.joined(separator: "\n")))
    #expect(!result.stdout.contains("\u{1B}["), "no escape off a terminal")
  }

  /// `--help`, the shell's help and the man page teach the same: questions at the prompt,
  /// `?` and `+`, the review keys, ↑ recall.
  @Test func everyHelpTeachesTheShell() throws {
    let help = try Sandbox().ok("--help")
    let page = ManPage.lines().joined(separator: "\n")
    let words = [
      "type an entry or a question", "? LINE", "+ LINE", "save? [Y/e/n]", "a field's name", "< goes", ">NAME", "↑",
      "clear",
    ]
    for text in [help, ShellHelp.lines.joined(separator: "\n")] {
      for word in words { #expect(text.contains(word), "lacks '\(word)'") }
    }
    for word in words.filter({ $0 != "↑" }) {
      #expect(page.contains(ManPage.escaped(word)), "the man page lacks '\(word)'")
    }
    #expect(page.contains("Up Down"))
  }

  func stocked() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.addLunch()
    try sandbox.ok("add", "--amount", "250", "--category", "Food", "--merchant", "Blue Tokai", "--yes")
    return sandbox
  }

  func complete(_ sandbox: Sandbox, _ words: String...) throws -> [String] {
    let result = try sandbox.run(["__complete", "--"] + words)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    return result.stdout.split(separator: "\n").map(String.init)
  }

  /// `spendly add 420 ⇥⇥`: the phrase's words (methods, categories, merchants), not files.
  @Test func phraseWordsComplete() throws {
    let sandbox = try stocked()
    let all = try complete(sandbox, "add", "420", "")
    for name in ["UPI", "Cash", "Food", "Groceries", "Social", "Blue Tokai"] { #expect(all.contains(name), "\(name)") }
    #expect(try complete(sandbox, "add", "420", "upi", "So") == ["Social"])
    #expect(try complete(sandbox, "add", "420", "B") == ["Bank Transfer", "Bills", "Blue Tokai"])
    #expect(try complete(sandbox, "query", "food", "at", "Blu") == ["Blue Tokai"])
    // A merchant named as a category or method is offered once.
    #expect(Set(all).count == all.count)
  }

  /// `log-payment --category` offers expense categories only; `--kind income` the income side.
  @Test func categoriesOfTheKindsSide() throws {
    let sandbox = try stocked()
    let payment = try complete(sandbox, "log-payment", "--category", "")
    #expect(payment.contains("Food") && payment.contains("Rent"))
    #expect(!payment.contains("Salary") && !payment.contains("Freelance"))
    #expect(try complete(sandbox, "log-payment", "--category", "F") == ["Food"])
    #expect(try complete(sandbox, "add", "--kind", "income", "--category", "") .contains("Salary"))
    #expect(!(try complete(sandbox, "add", "--kind=income", "--category", "")).contains("Food"))
    #expect(try complete(sandbox, "add", "--category", "F") == ["Food", "Freelance"])
  }

  /// `config method`, `budget set`, `report` and `open` complete their values.
  @Test func commandValuesComplete() throws {
    let sandbox = try stocked()
    #expect(try complete(sandbox, "config", "method", "U") == ["UPI"])
    #expect(try complete(sandbox, "config", "card", "") .contains("Credit Card"))
    #expect(try complete(sandbox, "config", "week", "") == ["monday", "sunday"])
    #expect(try complete(sandbox, "config", "pending", "ex") == ["exclude"])
    #expect(try complete(sandbox, "config", "currency", "US").contains("USD"))
    #expect(try complete(sandbox, "config", "me") == ["method"])
    #expect(try complete(sandbox, "budget", "set", "Gr") == ["Groceries"])
    #expect(!(try complete(sandbox, "budget", "set", "")).contains("Salary"))
    #expect(try complete(sandbox, "budget", "clear", "fo") == ["Food"])
    #expect(try complete(sandbox, "budget", "s") == ["set"])
    #expect(try complete(sandbox, "report", "") == ["this", "last", "since"])
    #expect(try complete(sandbox, "report", "last", "") == ["month", "week", "year"])
    #expect(try complete(sandbox, "report", "last", "month", "").isEmpty)
    #expect(try complete(sandbox, "open", "sp") == ["spendly://quickadd?"])
    #expect(try complete(sandbox, "open", "spendly://quickadd?amount=420&me") == [
      "spendly://quickadd?amount=420&method=", "spendly://quickadd?amount=420&merchant=",
    ])
    #expect(try complete(sandbox, "open", "spendly://quickadd?method=Cr") == ["spendly://quickadd?method=Credit%20Card"])
    #expect(try complete(sandbox, "open", "spendly://quickadd?merchant=Blue") == ["spendly://quickadd?merchant=Blue%20Tokai"])
    let income = try complete(sandbox, "open", "spendly://quickadd?kind=income&category=")
    #expect(income.contains("spendly://quickadd?kind=income&category=Other%20income"))
    #expect(!income.contains("spendly://quickadd?kind=income&category=Food"))
    // A key already given is not offered again.
    #expect(!(try complete(sandbox, "open", "spendly://quickadd?amount=1&")).contains("spendly://quickadd?amount=1&amount="))
  }

  /// The shell's first word offers its own words too: help, quit, exit, clear.
  @Test func shellWordsAreCommandsToo() {
    #expect(Shell.leaveWords.contains("exit") && Shell.leaveWords.contains("quit"))
    #expect(Shell.clearWords.contains("clear"))
  }
}
