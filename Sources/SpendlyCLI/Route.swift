import SpendlyApp
import SpendlyCore
import SpendlyParse
import SpendlyStore

/// How the shell reads a line that starts with a command's word (`CommandWord.Reading`, in Parse).
typealias RouteReading = CommandWord.Reading

/// One row of the routing table: a command, the action words that may follow it, how the shell
/// reads a line starting with it, and what the command does with the store (reads never create one).
struct Route: Sendable {
  let command: any Command.Type
  /// The sub-action words (`categories add`, `config currency`), listed when asked: a command
  /// looked up by its name lists no other command's actions.
  var actions: [String] { listActions() }
  private let listActions: @Sendable () -> [String]
  let reading: RouteReading
  /// What these arguments do with the store (see `StoreUse`).
  let storeUse: @Sendable (Arguments) -> StoreUse

  init(
    _ command: any Command.Type, actions: @autoclosure @escaping @Sendable () -> [String] = [],
    reading: RouteReading = .command, store: StoreUse = .write
  ) {
    self.init(command, actions: actions(), reading: reading, storeUse: { _ in store })
  }

  init(
    _ command: any Command.Type, actions: @autoclosure @escaping @Sendable () -> [String] = [],
    reading: RouteReading = .command, storeUse: @escaping @Sendable (Arguments) -> StoreUse
  ) {
    self.command = command
    self.listActions = actions
    self.reading = reading
    self.storeUse = storeUse
  }

  /// The words that run the command: its name, then its aliases.
  var words: [String] { [command.name] + command.aliases }

  /// The command as the line classifier reads it.
  var commandWord: CommandWord {
    CommandWord(
      name: command.name, aliases: command.aliases, actions: actions, reading: reading,
      readsAmounts: command.readsAmounts)
  }

  /// Whether `word` names one of the command's actions, ignoring case.
  func isAction(_ word: String) -> Bool { commandWord.isAction(word) }

  /// Whether the words after this command's name, which it refused, may be an entry instead
  /// (`CommandWord.mayBeEntry`).
  func mayBeEntry(_ rest: some Collection<String>) -> Bool { commandWord.mayBeEntry(rest) }
}

/// Every command, in the order `help` lists them; the CLI and the shell both route through it.
let routes: [Route] = [
  Route(AddCommand.self),
  // Quick capture: a quick-add link, a payment from a script, the guided quick add (which, like
  // the shell, asks its first question before the checks of a first write: the save makes them).
  Route(OpenCommand.self), Route(LogPaymentCommand.self), Route(QuickCommand.self, store: .writeOrRead),
  Route(ParseCommand.self, store: .readOrDefaults), Route(QueryCommand.self, store: .read),
  Route(DashboardCommand.self, store: .read),
  Route(ListCommand.self, reading: .questionWhenItReads, store: .read),
  Route(ShowCommand.self, reading: .questionWhenItReads, store: .read),
  Route(EditCommand.self), Route(DeleteCommand.self), Route(UndoCommand.self), Route(RedoCommand.self),
  Route(LogCommand.self, store: .read), Route(HistoryCommand.self, store: .read),
  Route(
    CategoriesCommand.self, actions: CategoriesCommand.actions, reading: .questionUnlessAction,
    storeUse: StoreUse.catalog),
  Route(
    MethodsCommand.self, actions: MethodsCommand.actions, reading: .questionUnlessAction, storeUse: StoreUse.catalog),
  Route(BudgetCommand.self, actions: BudgetCommand.actions, storeUse: BudgetCommand.storeUse),
  Route(RecurringCommand.self, actions: RecurringCommand.actions, storeUse: StoreUse.recurring),
  Route(DueCommand.self, storeUse: { $0.has("log") ? .write : .read }),
  Route(SubscriptionsCommand.self, reading: .questionWhenItReads, store: .read),
  Route(IncomeCommand.self, actions: ["sources"], reading: .questionUnlessAction, store: .read),
  Route(UpcomingCommand.self, store: .read), Route(CalendarCommand.self, store: .read),
  Route(
    DebtsCommand.self, actions: DebtsCommand.actions, reading: .questionUnlessAction, storeUse: DebtsCommand.storeUse),
  Route(
    AccountsCommand.self, actions: AccountsCommand.actions, reading: .questionUnlessAction,
    storeUse: StoreUse.catalog),
  Route(BalanceCommand.self, store: .read), Route(ReconcileCommand.self),
  // A dry run (or a guess) never creates a database: it reads one, or an empty one in memory.
  Route(ImportCommand.self, storeUse: { $0.has("guess") || $0.has("dry-run") ? .readOrDefaults : .write }),
  Route(SyncCommand.self),
  Route(ExportCommand.self, store: .read), Route(BackupCommand.self, store: .read), Route(RestoreCommand.self),
  Route(ReportCommand.self, store: .read),
  Route(ConfigCommand.self, actions: SettingKey.allCases.map(\.word), storeUse: StoreUse.config),
  // Shell and desktop integration.
  Route(CompletionsCommand.self, store: .readOrDefaults),
]

/// Commands the completion scripts and `make install` run, missing from `help` and the
/// shell's command list: they open the database read-only, if at all.
let hiddenRoutes: [Route] = [
  Route(CompleteCommand.self, store: .read), Route(ManPageCommand.self, store: .readOrDefaults),
]

/// The command a budget setting typed as a phrase runs ("food budget 9000", "set food budget to 9000").
let budgetSettingCommand: any Command.Type = BudgetCommand.self

/// Every command word as the line classifier reads it (the hidden ones last), with the commands
/// it gives a line of their own: `add PHRASE`, `edit ID`, and a budget typed as a phrase.
let commandTable = CommandTable(
  (routes + hiddenRoutes).map(\.commandWord), entry: AddCommand.name, review: EditCommand.name,
  budget: budgetSettingCommand.name)

/// The commands alone, in the same order.
let commands: [any Command.Type] = routes.map(\.command)

/// The route whose name or alias is `word`, ignoring case.
func route(named word: String) -> Route? {
  let lowered = word.lowercased()
  return routes.first { $0.words.contains(lowered) } ?? hiddenRoutes.first { $0.words.contains(lowered) }
}

func command(named word: String) -> (any Command.Type)? { route(named: word)?.command }

/// ", nearest: list, last" for a word that names no command, or "" when none is near.
func nearestCommands(to word: String) -> String {
  // Aliases are near too ("ls"), shown by their command's name.
  let names = Dictionary(routes.flatMap { route in route.words.map { ($0, route.command.name) } }) { first, _ in first }
  var seen = Set<String>()
  let near = NearestNames.to(word, among: routes.flatMap(\.words), limit: 6).compactMap { names[$0] }
    .filter { seen.insert($0).inserted }.prefix(3)
  return near.isEmpty ? "" : "; nearest: " + near.joined(separator: ", ")
}
