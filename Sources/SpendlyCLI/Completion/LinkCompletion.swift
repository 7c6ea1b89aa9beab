import SpendlyCore

/// Tab in a quick-add link (`spendly open 'spendly://quickadd?...`): the link's start, then the
/// keys not yet given (`QuickLink.keys`), then a key's values, percent-encoded as a link carries
/// them (`method=Credit%20Card`). Each candidate is the whole link so far with its completion.
enum LinkCompletion {
  static let start = "spendly://quickadd?"

  /// What each key's value is; a key not here (`note`, `amount`) has no candidates.
  static let values: [String: OptionValue] = [
    "kind": .choice(Kind.allCases.map(\.rawValue)), "currency": .currency, "category": .category,
    "method": .method, "merchant": .merchant, "date": .choice(["today", "yesterday"]),
    "to": .account, "from": .account,
  ]

  static func candidates(_ typed: String, _ source: inout some CandidateSource) -> [String] {
    guard typed.lowercased().hasPrefix(start) else { return LineCompletion.prefixed(typed, [start]) }
    let query = typed.dropFirst(start.count)
    let cut = query.lastIndex(of: "&").map { query.index(after: $0) } ?? query.startIndex
    let done = String(typed[..<cut])
    let pair = query[cut...]
    let given = query[..<cut].split(separator: "&").map { String($0.prefix { $0 != "=" }).lowercased() }
    guard let equals = pair.firstIndex(of: "=") else {
      let keys = QuickLink.keys.filter { !given.contains($0) }.map { $0 + "=" }
      return LineCompletion.prefixed(String(pair), keys).map { done + $0 }
    }
    let key = pair[..<equals].lowercased()
    guard let value = values[key] else { return [] }
    let typedValue = (try? QuickLink.decode(pair[pair.index(after: equals)...], key: key)) ?? ""
    var sided = SidedSource(source: source, side: kindSide(query))
    return value.candidates(typedValue, &sided).map { done + key + "=" + encoded($0) }
  }

  /// The side of the link's `kind=`, so `category=` offers that side's categories.
  static func kindSide(_ query: Substring) -> Category.Side? {
    for pair in query.split(separator: "&") where pair.lowercased().hasPrefix("kind=") {
      return Kind(rawValue: pair.dropFirst(5).lowercased()).map(\.side)
    }
    return nil
  }

  /// A value as a link carries it: letters, digits and `-._~` as they are, the rest `%XX`.
  static func encoded(_ value: String) -> String {
    var out = ""
    for byte in value.utf8 {
      let scalar = Unicode.Scalar(byte)
      if byte < 0x80, ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar)
        || ("A"..."Z").contains(scalar) || "-._~".unicodeScalars.contains(scalar)
      {
        out.unicodeScalars.append(scalar)
      } else {
        out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
      }
    }
    return out
  }
}

/// A candidate source whose kind is the link's, not the command line's.
private struct SidedSource<Source: CandidateSource>: CandidateSource {
  var source: Source
  let side: Category.Side?

  mutating func categories(on side: Category.Side?) -> [String] { source.categories(on: side) }
  mutating func methods() -> [String] { source.methods() }
  mutating func accounts() -> [String] { source.accounts() }
  mutating func merchants(startingWith typed: String) -> [String] { source.merchants(startingWith: typed) }
}
