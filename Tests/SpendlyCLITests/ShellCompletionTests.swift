import Foundation
import SpendlyCore
import SpendlyTestSupport
import Testing

@testable import SpendlyCLI

/// The shell's own Tab offers what bash offers for the same words after a command's option.
@Suite("Shell: Tab after a command's option")
struct ShellCompletionTests {
  static func completion(_ sandbox: Sandbox) throws -> ShellCompletion {
    try sandbox.addLunch()
    let context = Context(
      databasePath: sandbox.database, fixedNow: LocalDateTime(iso: "2026-11-29T13:05")!, json: false,
      output: Output(colour: false), interactive: false)
    return ShellCompletion(context: context)
  }

  @Test func valuesAndOptionsAfterACommand() throws {
    let sandbox = try Sandbox()
    let completion = try Self.completion(sandbox)
    let prompt = completion.mainPrompt
    #expect(prompt("list --category F").candidates == ["Food", "Freelance"])
    #expect(prompt("list --category F").word == "F")
    #expect(prompt("list --method u").candidates == ["UPI"])
    #expect(prompt("list --category=Gro").candidates == ["--category=Groceries"])
    #expect(prompt("list --cat").candidates.contains("--category"))
    // bash offers the same for the same words.
    let bash = try sandbox.run(["__complete", "--", "list", "--category", "F"])
    #expect(bash.stdout == "Food\nFreelance\n")
    // An entry after its amount still offers methods and categories.
    #expect(prompt("420 fo").candidates.contains("Food"))
  }

  /// The words a command declares complete at the prompt as in bash: `config method`,
  /// `budget set`, `report`; a phrase after `add` keeps the shell's own pool (currencies too).
  @Test func declaredWordsAfterACommand() throws {
    let sandbox = try Sandbox()
    let completion = try Self.completion(sandbox)
    let prompt = completion.mainPrompt
    #expect(prompt("config method U").candidates == ["UPI"])
    #expect(prompt("config we").candidates == ["week"])
    #expect(prompt("budget set Gr").candidates == ["Groceries"])
    #expect(prompt("report last m").candidates == ["month"])
    #expect(prompt("add 420 IN").candidates.contains("INR"))
    #expect(prompt("add 420 So").candidates.contains("Social"))
  }

  @Test func filesAfterHTML() throws {
    let sandbox = try Sandbox()
    let completion = try Self.completion(sandbox)
    let folder = sandbox.directory + "/reports"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: folder + "/november.html", contents: Data())
    let got = completion.mainPrompt("report last month --html \(folder)/nov").candidates
    #expect(got == ["\(folder)/november.html"])
  }
}

extension ShellCompletionTests {
  /// A name with a space is offered quoted, and a quoted name so far is one word.
  @Test func namesWithSpacesAreQuoted() throws {
    let sandbox = try Sandbox()
    let completion = try Self.completion(sandbox)
    let prompt = completion.mainPrompt
    #expect(prompt("list --method Cre").candidates == ["\"Credit Card\""])
    #expect(prompt("list --method Cre").word == "Cre")
    #expect(prompt("list --method \"Credit C").candidates == ["\"Credit Card\""])
    #expect(prompt("list --method \"Credit C").word == "\"Credit C")
    #expect(prompt("list --category \"Other i").candidates == ["\"Other income\""])
    // What the shell then reads is the one name.
    #expect(try splitWords("list --method \"Credit Card\"") == ["list", "--method", "Credit Card"])
    #expect(!prompt("list --").candidates.contains("--db"))
  }
}
