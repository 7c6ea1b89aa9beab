/// A figure (a total, a balance, a difference) that no longer fits an amount's Int64 minor
/// units. The one overflow rule: such a figure is this error, naming it; it is never capped,
/// never left out of a total and never wrapped.
public struct FigureTooLarge: Error, Equatable, Sendable, CustomStringConvertible {
  /// Whose figure it is (a debt, an account), or nil for a total of its own.
  public let name: String?
  /// "balance on 2038-11-29", "total of Food in INR".
  public let figure: String

  public init(name: String? = nil, figure: String) {
    self.name = name
    self.figure = figure
  }

  /// "H2: its balance on 2038-11-29 is too large to keep", "the total of Food in INR is too large to keep".
  public var message: String {
    (name.map { "\($0): its " } ?? "the ") + figure + " is too large to keep (past 92,233,720,368,547,758 units)"
  }

  public var description: String { message }
}
