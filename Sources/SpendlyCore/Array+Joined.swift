extension Array where Element == String {
  /// The strings joined with `separator` between them, as the standard library's `joined` does.
  ///
  /// More specific than the standard library's, so every `[String].joined(separator:)` of the
  /// modules that import this one calls it: theirs is reached unspecialized from another
  /// module, and its first call in a process searched the binary's conformance records for
  /// `Element`, a quarter of a million instructions in every command that joins anything.
  public func joined(separator: String = "") -> String {
    guard let first else { return "" }
    var length = separator.utf8.count * (count - 1)
    for part in self { length += part.utf8.count }
    var text = first
    text.reserveCapacity(length)
    for part in dropFirst() {
      text += separator
      text += part
    }
    return text
  }
}
