/// A field that failed validation, with the value and the reason: one line for the person.
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
  public let field: String
  public let value: String
  public let reason: String
  /// Where the remedy lies, for the edge to word.
  public var seeAlso: SeeAlso?

  public init(field: String, value: String, reason: String, seeAlso: SeeAlso? = nil) {
    self.field = field
    self.value = value
    self.reason = reason
    self.seeAlso = seeAlso
  }

  public var description: String {
    value.isEmpty ? "\(field): \(reason)" : "\(field) \(TextSanitizer.quoted(value)): \(reason)"
  }
}
