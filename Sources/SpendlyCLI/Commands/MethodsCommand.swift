import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly methods [add|rename|alias]`
struct MethodsCommand: Command {
  static let name = "methods"
  static let aliases = ["method"]
  static let summary = "list, add, rename or alias payment methods"
  static let help = """
    usage: spendly methods
           spendly methods add NAME [--alias A,B]
           spendly methods rename OLD NEW
           spendly methods alias NAME ALIAS
    """
  static let examples = [#"spendly methods add "HDFC Card" --alias hdfc"#, "spendly methods alias UPI bhim"]
  static let subcommands = CatalogActions.subcommands(
    noun: "payment method", adding: [.value("alias", "A,B", .list(.text), "other words for it, comma-separated")])
  static let defaultSubcommand: String? = "list"
  static let specs = Option.union(subcommands.map(\.options))
  /// Tab offers the methods after `rename` and `alias`.
  static let argumentValues: ArgumentValues? = .after([
    ArgumentWord("rename", .sequence([.method])), ArgumentWord("alias", .sequence([.method])),
  ])

  static let catalog = CatalogActions(
    command: name, kind: .method, headers: ["Method", "Aliases", "Also understood"],
    rows: { catalog in
      catalog.methods.map { method in
        [
          Render.safe(method.name), method.aliases.joined(separator: ", "),
          lexiconWords(
            Lexicon.standard.methodWords.filter { word, target in
              if case .named(let name) = target { return catalog.method(named: name) == method }
              return false
            }),
        ]
      }
    },
    json: { catalog in
      catalog.methods.map {
        CatalogEntryJSON(name: $0.name, side: IfPresent(nil), aliases: $0.aliases, builtin: $0.builtin)
      }
    },
    add: { store, name, arguments in
      try store.catalog.addMethod(name, aliases: splitList(arguments["alias"]))
      return "added payment method \(Render.safe(name))"
    })

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try catalog.run(arguments, context)
  }
}
