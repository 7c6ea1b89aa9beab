import Foundation
import SpendlyCore
import SpendlyInterchange

/// `import --guess FILE`: a bank CSV's mapping guessed from its header and rows, each choice with
/// its reason and a warning where it is weak, for the person to check and save. Only a bank's
/// CSV needs one: a file of another kind is refused, saying what it is.
public struct MappingGuessing {
  /// Why there is no guess; the words are the caller's.
  public enum Refusal: Error, Equatable {
    case cannotRead(path: String)
    /// A statement that says what it is (OFX, QIF, CAMT, Spendly's own): imported as it is.
    case notBankCSV(file: String, format: StatementFormat)
    /// Nothing but white space.
    case empty(file: String)
    /// Text that is no CSV of any kind.
    case notCSV(file: String)
  }

  /// The file, as given.
  public let path: String

  public init(path: String) { self.path = path }

  /// The guess: the mapping, and why each column was chosen (`text` is the file to save).
  public func run() throws(Refusal) -> BankCSVGuess {
    guard let bytes = StatementImporting.bytes(path) else { throw .cannotRead(path: path) }
    let text = TextDecoding.text(bytes)
    let file = (path as NSString).lastPathComponent
    switch StatementFormat.detect(text) {
    case .csv?: return BankCSVFormat.guessed(text)
    case let format?: throw .notBankCSV(file: file, format: format)
    case nil: throw text.trimmingSpaces().isEmpty ? .empty(file: file) : .notCSV(file: file)
    }
  }
}
