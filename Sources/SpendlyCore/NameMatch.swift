/// How a name a person types finds one of a list of names (debts): the name itself in any
/// case, else each name that the text begins, or one of whose words the text begins. One
/// match is the name; several are listed for the person to say which.
public enum NameMatch {
  /// The names `text` may mean: the exact one (any case) alone, else every prefix match.
  public static func candidates(_ text: String, among names: [String]) -> [String] {
    let typed = NameKey(text)
    guard !typed.text.isEmpty else { return [] }
    if let exact = exact(text, among: names) { return [exact] }
    return names.filter { name in
      let key = NameKey(name)
      return key.hasPrefix(typed) || key.text.split(separator: " ").contains { NameKey(String($0)).hasPrefix(typed) }
    }
  }

  /// The name that `text` is, in any case or Unicode form, if one is.
  public static func exact(_ text: String, among names: [String]) -> String? {
    let typed = NameKey(text)
    return names.first { NameKey($0) == typed }
  }
}
