/// How a name a person types finds one of a list of names (debts): the name itself in any
/// case, else each name that the text begins, or one of whose words the text begins. One
/// match is the name; several are listed for the person to say which.
public enum NameMatch {
  /// The names `text` may mean: the exact one (any case) alone, else every prefix match.
  public static func candidates(_ text: String, among names: [String]) -> [String] {
    let typed = text.lowercased()
    guard !typed.isEmpty else { return [] }
    if let exact = names.first(where: { $0.lowercased() == typed }) { return [exact] }
    return names.filter { name in
      let lowered = name.lowercased()
      return lowered.hasPrefix(typed) || lowered.split(separator: " ").contains { $0.hasPrefix(typed) }
    }
  }
}
