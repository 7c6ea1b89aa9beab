import SpendlyCore
import SpendlyParse
import SpendlyStore

/// `spendly categories [add|rename|alias]`
struct CategoriesCommand: Command {
  static let name = "categories"
  static let aliases = ["category"]
  static let summary = "list, add, rename or alias categories"
  static let help = """
    usage: spendly categories
           spendly categories add NAME [--income] [--alias A,B]
           spendly categories rename OLD NEW
           spendly categories alias NAME ALIAS
    """
  static let examples = [
    "spendly categories add Pets --alias vet,petfood", "spendly categories add Dividends --income",
    "spendly categories rename Bills Utilities",
  ]
  static let subcommands = CatalogActions.subcommands(
    noun: "category",
    adding: [
      .flag("income", "add an income category (default: an expense one)"),
      .value("alias", "A,B", .list(.text), "other words for it, comma-separated"),
    ])
  static let defaultSubcommand: String? = "list"
  static let specs = Option.union(subcommands.map(\.options))
  /// Tab offers the categories after `rename` and `alias`.
  static let argumentValues: ArgumentValues? = .after([
    ArgumentWord("rename", .sequence([.category])), ArgumentWord("alias", .sequence([.category])),
  ])

  static let catalog = CatalogActions(
    command: name, kind: .category, headers: ["Category", "Side", "Aliases", "Suggested by"],
    rows: { catalog in
      catalog.categories.map { category in
        [
          Render.safe(category.name), category.side.rawValue, category.aliases.joined(separator: ", "),
          lexiconWords(
            Lexicon.standard.categorySuggestions.filter { catalog.category(named: $0.value.name) == category }),
        ]
      }
    },
    json: { catalog in
      catalog.categories.map {
        CatalogEntryJSON(
          name: $0.name, side: IfPresent($0.side.rawValue), aliases: $0.aliases, builtin: $0.builtin)
      }
    },
    add: { store, name, arguments in
      let side: Category.Side = arguments.has("income") ? .income : .expense
      try store.catalog.addCategory(name, side: side, aliases: splitList(arguments["alias"]))
      return "added \(side.rawValue) category \(Render.safe(name))"
    })

  static func run(_ arguments: Arguments, _ context: Context) throws(CLIError) -> Rendered {
    try catalog.run(arguments, context)
  }
}
