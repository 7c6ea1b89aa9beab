/// A set of lexicon words kept sorted and found by binary search: the standard lexicon's sets
/// are array literals compiled into the binary (`LexiconTables`), so putting the standard
/// lexicon together reads no text and hashes no word.
public struct WordSet: Sendable, Equatable, Sequence, SortedWords {
  /// The words, in `String`'s order, each once.
  public private(set) var sorted: [String]

  public init() { sorted = [] }

  /// Words already in order, each once (the generated tables; `LexiconTablesTests` checks them).
  init(sorted: [String]) { self.sorted = sorted }

  var sortedWords: [String] { sorted }
  public var count: Int { sorted.count }
  public var isEmpty: Bool { sorted.isEmpty }
  public func makeIterator() -> IndexingIterator<[String]> { sorted.makeIterator() }

  public func contains(_ word: String) -> Bool { WordSearch.find(word, in: sorted).found }

  mutating func insert(_ word: String) {
    let (index, found) = WordSearch.find(word, in: sorted)
    if !found { sorted.insert(word, at: index) }
  }

  mutating func formUnion(_ words: some Sequence<String>) {
    for word in words { insert(word) }
  }
}

/// A table from lexicon words to what they mean, kept sorted by word and found by binary search
/// (see `WordSet`). Setting a word again replaces its meaning, as a dictionary does.
public struct WordMap<Value: Sendable>: Sendable, Sequence, SortedWords {
  /// The words, in `String`'s order, each once; `values[i]` is what `keys[i]` means.
  public private(set) var keys: [String]
  public private(set) var values: [Value]

  public init() {
    keys = []
    values = []
  }

  /// Words already in order, each once, with their meanings (the generated tables).
  init(sortedKeys: [String], values: [Value]) {
    precondition(sortedKeys.count == values.count, "a word table needs one meaning a word")
    keys = sortedKeys
    self.values = values
  }

  var sortedWords: [String] { keys }
  public var count: Int { keys.count }
  public var isEmpty: Bool { keys.isEmpty }

  public subscript(word: String) -> Value? {
    get {
      let (index, found) = WordSearch.find(word, in: keys)
      return found ? values[index] : nil
    }
    set {
      let (index, found) = WordSearch.find(word, in: keys)
      switch (found, newValue) {
      case (true, let value?): values[index] = value
      case (false, let value?):
        keys.insert(word, at: index)
        values.insert(value, at: index)
      case (true, nil):
        keys.remove(at: index)
        values.remove(at: index)
      case (false, nil): break
      }
    }
  }

  public struct Iterator: IteratorProtocol {
    fileprivate let map: WordMap
    fileprivate var index = 0
    public mutating func next() -> (key: String, value: Value)? {
      guard index < map.keys.count else { return nil }
      defer { index += 1 }
      return (map.keys[index], map.values[index])
    }
  }

  public func makeIterator() -> Iterator { Iterator(map: self) }
}

extension WordMap: Equatable where Value: Equatable {}

/// A table whose lookups need its words in `String`'s order, each once (checked by a test).
protocol SortedWords { var sortedWords: [String] { get } }

/// The binary search both tables share.
enum WordSearch {
  /// Where `word` is in `sorted`, or where it would go.
  @inline(__always)
  static func find(_ word: String, in sorted: [String]) -> (index: Int, found: Bool) {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] < word { low = middle + 1 } else { high = middle }
    }
    return (low, low < sorted.count && sorted[low] == word)
  }
}
