/// A file that could not be written, naming the file and what failed ("cannot create …: No such
/// file or directory", "cannot write …: No space left on device"), for export formats to report.
public struct WriteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file the caller asked for (not a temporary file beside it).
  public let path: String
  /// What failed, e.g. "cannot write: No space left on device".
  public let message: String

  public init(path: String, _ message: String) {
    self.path = path
    self.message = message
  }

  public var description: String { "\(path): \(message)" }
}
