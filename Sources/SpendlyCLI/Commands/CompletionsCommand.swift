import SpendlyCore
import SpendlyStore

/// `spendly completions bash|zsh|fish`: a completion script for the shell, which asks
/// `spendly __complete` for every candidate, so commands, options and names come from here.
struct CompletionsCommand: Command {
  static let name = "completions"
  static let summary = "print a bash, zsh or fish completion script"
  static let help = """
    usage: spendly completions bash|zsh|fish

    Prints a script that completes commands, options and their values: categories, methods,
    accounts and merchants from the database (--db or $SPENDLY_DB on the line is used), kinds,
    statuses, currencies and export formats, a phrase's words after add and query (methods,
    categories, merchants), and the values of config, budget set, report and open. The
    aliases s='spendly add' and sq='spendly query' complete as what they stand for. The script
    asks 'spendly __complete', which only reads the database and never creates one.

    examples:
      source <(spendly completions bash)                 # in ~/.bashrc
      spendly completions zsh > ~/.zfunc/_spendly        # a folder on $fpath, before compinit
      spendly completions fish > ~/.config/fish/completions/spendly.fish
    """
  static let specs: [Arguments.Spec] = []

  static let shells = ["bash", "zsh", "fish"]
  static let firstWords: [String]? = shells

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try arguments.expectPositional(1, 1, command: name, what: "a shell: bash, zsh or fish")
    switch arguments.positional[0].lowercased() {
    case "bash": return .lines(CompletionScripts.lines(CompletionScripts.bash))
    case "zsh": return .lines(CompletionScripts.lines(CompletionScripts.zsh))
    case "fish": return .lines(CompletionScripts.lines(CompletionScripts.fish))
    case let other:
      throw .usage("completions: unknown shell \(Render.quoted(other)): expected bash, zsh or fish")
    }
  }
}
