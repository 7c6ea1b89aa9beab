import Testing

@testable import SpendlyCLI

/// The option declarations: the table they make, the values their types read, and how the
/// words of a line find the action.
@Suite("Options: declarations, tables and value types")
struct OptionDeclarationTests {
  static let count = Option.value("n", "N", .number(1...5), "how many\n(at most 5)")
  static let colour = Option.value("colour", "NAME", .choice(["red", "green", "blue"]), "a colour")
  static let colours = Option.value("colours", "A,B", .list(.choice(["red", "green"])), "colours")
  static let quiet = Option.flag("quiet", "say less", short: "q")

  @Test func theTablePutsHelpInAColumnAndContinuesUnderIt() {
    let table = OptionTable.text([Self.count, Self.quiet])
    #expect(table == "  --n N         how many\n                (at most 5)\n  -q, --quiet   say less")
    #expect(OptionTable.text([Self.quiet], indent: 4, column: 20) == "    -q, --quiet     say less")
  }

  @Test func theGlobalOptionsReadAsTheyAlwaysHave() {
    #expect(
      CLI.globalHelp == """
            --db PATH       the database (default: $SPENDLY_DB, else $XDG_DATA_HOME/spendly/spendly.db)
            --now WHEN      the clock, for scripts and tests: 2026-11-29T13:05
            --json          machine-readable output
            -y, --yes       save complete drafts without asking (one-shot add, piped sessions)
            --no-color      no colour even on a terminal (NO_COLOR works too)
            -h, --help      help for spendly or a command
            --version       the version
        """)
  }

  @Test func valuesAreReadByTheirDeclaredTypes() throws {
    let specs = [Self.count, Self.colour, Self.colours, Self.quiet]
    let good = try Arguments(["--n=3", "--colour", "Red", "--colours", "red, green", "-q"], specs: specs, command: "x")
    #expect(try good.int("n", default: 1) == 3)
    #expect(try good.choice("colour") == "red")
    #expect(try good.choices("colours") == ["red", "green"])
    #expect(good.has("quiet"))
    let bad = try Arguments(["--n", "9", "--colour", "pink", "--colours", "red,blue"], specs: specs, command: "x")
    #expect(throws: CLIError.self) { try bad.int("n", default: 1) }
    do {
      _ = try bad.int("n", default: 1)
    } catch {
      #expect(error.message == "--n '9': expected a whole number from 1 to 5")
    }
    do {
      _ = try bad.choice("colour")
      Issue.record("pink is no colour")
    } catch {
      #expect(error.message == "--colour 'pink': expected red, green or blue")
    }
    do {
      _ = try bad.choices("colours")
      Issue.record("blue is not among the colours")
    } catch {
      #expect(error.message == "--colours 'blue': expected red or green")
    }
  }

  @Test func theActionIsTheFirstWordThatIsNoOptionOrValue() {
    let specs = ExportCommand.specs
    #expect(Arguments.firstPositional(["--from", "2026-01-01", "csv", "x.csv"], specs: specs) == "csv")
    #expect(Arguments.firstPositional(["--excel", "ledger"], specs: specs) == "ledger")
    #expect(Arguments.firstPositional(["--from=2026-01-01", "json"], specs: specs) == "json")
    #expect(Arguments.firstPositional(["--", "--csv"], specs: specs) == "--csv")
    #expect(Arguments.firstPositional(["--unknown", "csv"], specs: specs) == "csv")
    #expect(ExportCommand.action(["--from", "2026-01-01", "xlsx", "f.xlsx"])?.name == "xlsx")
    #expect(DebtsCommand.action([])?.name == "list")
    #expect(BudgetCommand.action(["food", "8000"]) == nil)
    #expect(BudgetCommand.action(["remove", "food"])?.name == "clear")
  }

  @Test func theUnionKeepsEachNameOnce() {
    let union = Option.union([[Self.count, Self.quiet], [Self.quiet.helped("other"), Self.colour]])
    #expect(union.map(\.name) == ["n", "quiet", "colour"])
    #expect(union[1].help == "say less")
    #expect([Self.quiet].named("-q")?.name == "quiet" && [Self.quiet].named("--quiet")?.name == "quiet")
    #expect([Self.quiet].named("-x") == nil)
  }
}
