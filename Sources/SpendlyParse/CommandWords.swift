/// A command as the line classifier knows it: the words that run it, the action words that may
/// follow it, and how a line starting with it reads. The CLI gives these as data (its routes).
public struct CommandWord: Sendable {
  /// How a line starting with a command's word is read.
  public enum Reading: Sendable {
    /// The line runs the command.
    case command
    /// A question (or entry) unless the next word is one of the command's actions or an option:
    /// "categories this month" is asked, "categories add Pets" runs.
    case questionUnlessAction
    /// A question when the whole line reads as one and the next word is no option or id:
    /// "list last 3 transactions" is asked, "show 12" runs.
    case questionWhenItReads
  }

  public let name: String
  /// The words that run it, lowercased: its name, then its aliases.
  public let words: [String]
  /// The sub-action words (`categories add`, `config currency`), lowercased.
  public let actions: [String]
  public let reading: Reading
  /// Whether the command reads amounts of its own (then its refused words are never an entry).
  public let readsAmounts: Bool

  public init(name: String, aliases: [String] = [], actions: [String] = [], reading: Reading, readsAmounts: Bool) {
    self.name = name
    words = ([name] + aliases).map { $0.lowercased() }
    self.actions = actions.map { $0.lowercased() }
    self.reading = reading
    self.readsAmounts = readsAmounts
  }

  /// Whether `word` names one of the command's actions, ignoring case.
  public func isAction(_ word: String) -> Bool { actions.contains(word.lowercased()) }

  /// Whether the words after this command's name, which it refused, may be an entry instead:
  /// no action of it and no option first, and a word of letters beside the numbers ("show 3"
  /// is a missing id; "due 500 library fine cash" may be an entry).
  public func mayBeEntry(_ rest: some Collection<String>) -> Bool {
    guard !readsAmounts, let first = rest.first, !isAction(first) else { return false }
    if rest.contains(where: { $0.hasPrefix("-") && !$0.hasPrefix("-₹") && Int($0) == nil }) { return false }
    return rest.contains { word in word.contains { $0.isLetter } }
  }
}

/// The commands a line may start with, and the ones the classifier gives a line of its own to:
/// the entry command (`add PHRASE`), the review (`edit 12`) and the budget a phrase sets.
public struct CommandTable: Sendable {
  public let commands: [CommandWord]
  /// The command whose words before a phrase force an entry ("add 420 food").
  public let entry: String?
  /// The command that, with an id alone, opens the review of that transaction ("edit 12").
  public let review: String?
  /// The command a budget setting typed as a phrase runs ("food budget 9000").
  public let budget: String?

  public init(_ commands: [CommandWord], entry: String? = nil, review: String? = nil, budget: String? = nil) {
    self.commands = commands
    self.entry = entry
    self.review = review
    self.budget = budget
  }

  /// No commands at all: every line is a question, an entry or neither.
  public static let none = CommandTable([])

  /// The command whose name or alias is `word`, ignoring case.
  public func command(named word: String) -> CommandWord? {
    let lowered = word.lowercased()
    return commands.first { $0.words.contains(lowered) }
  }
}
